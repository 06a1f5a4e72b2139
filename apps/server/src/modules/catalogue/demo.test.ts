/**
 * The demo store: over 60 products across the pool categories with
 * sub-categories, brands, groups and discounts, in Arabic and English, with
 * pictures drawn and stored through the upload pipeline; loaded once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNull, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { DEMO_PRODUCT_COUNT, seed, tables, type DemoIcon, type DemoImage } from '@pool/db';
import type { StoreProduct, StoreProductCard } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { call } from '../account/testing.ts';
import { demoImageMaker, demoSvg } from './demo-images.ts';

let app: TestApp;
let seconds = 0;

/** What each stored picture was drawn as, by its path. */
const drawn = new Map<string, DemoImage>();
const options = (app: TestApp) => {
  const draw = demoImageMaker(app);
  return {
    adminEmail: 'owner@example.com',
    adminPasswordHash: async () => 'unused',
    demo: true,
    demoImage: async (image: DemoImage) => {
      const path = await draw(image);
      drawn.set(path, image);
      return path;
    },
  };
};

/** What each demo product's pictures show (issue 12: a ladder shows a ladder). */
const PICTURES: Record<string, DemoIcon> = {
  'MaxFlo pool pump': 'pump',
  'Super Pump 1 HP': 'pump',
  'WhisperFlo pump': 'pump',
  'Silence Plus pump': 'pump',
  'Victoria Plus pump': 'pump',
  'IntelliFlo variable-speed pump': 'pump',
  'EcoStar energy-saving pump': 'pump',
  'FloPro smart pump': 'pump',
  'Small fountain pump': 'fountain',
  'Waterfall pump': 'fountain',
  'Submersible drain pump': 'submersible',
  'Pro Series sand filter': 'filter',
  'Triton sand filter': 'filter',
  'Millennium sand filter': 'filter',
  'Compact sand filter': 'filter',
  'SwimClear cartridge filter': 'filter',
  'Clean & Clear cartridge filter': 'filter',
  'Replacement filter cartridge': 'cartridge',
  'Silica filter sand 25 kg': 'bag',
  'Recycled filter glass': 'bag',
  'Inverter heat pump 21 kW': 'heat-pump',
  'HeatPro heat pump': 'heat-pump',
  'UltraTemp heat pump': 'heat-pump',
  'Electric heater 6 kW': 'heater',
  'Electric heater 12 kW': 'heater',
  'Above-ground pool heater': 'heater',
  'Solar heating panel': 'solar-panel',
  'Solar thermal cover': 'cover',
  'Chlorine tablets 90%': 'tub',
  'Fast-dissolving granular chlorine': 'tub',
  'Liquid chlorine 20 L': 'jerrycan',
  'Shock chlorine treatment': 'tub',
  'pH Plus': 'bottle',
  'pH Minus': 'bottle',
  'Alkalinity increaser': 'tub',
  'Chlorine stabiliser': 'tub',
  'Concentrated algaecide': 'bottle',
  'Water clarifier': 'bottle',
  'Dolphin E30 robotic cleaner': 'robot',
  'Dolphin S300 robotic cleaner': 'robot',
  'Vortex robotic cleaner': 'robot',
  'Automatic floor cleaner': 'robot',
  'Pool wall brush': 'brush',
  'Leaf skimmer net': 'net',
  'Telescopic pole 5 m': 'pole',
  'Handheld pool vacuum': 'vacuum',
  'Floating vacuum hose': 'hose',
  'Pool LED spotlight': 'spotlight',
  'Slim flat LED light': 'spotlight',
  '12 V lighting transformer': 'transformer',
  'LED edge rope light': 'rope-light',
  'Colour fountain light': 'spotlight',
  'Floating light ball': 'light-ball',
  'Solar floating light': 'light-ball',
  'Stainless steel ladder': 'ladder',
  'Pool entry handrail': 'handrail',
  'Outdoor pool shower': 'shower',
  'Water test strips': 'test-strips',
  'Digital water tester': 'tester',
  'Floating thermometer': 'thermometer',
  'Floating chlorine dispenser': 'dispenser',
  'Pool safety cover': 'cover',
  'Dust-proof winter cover': 'cover',
};

beforeAll(async () => {
  app = await buildTestApp();
  const started = Date.now();
  await seed(app.db, options(app));
  seconds = (Date.now() - started) / 1000;
}, 120_000);
afterAll(() => app.close());

type Page = { data: StoreProductCard[]; pagination: { total_items: number } };
const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

describe('the demo store', () => {
  it('has over 60 products in seven categories with sub-categories, and eight brands', async () => {
    expect(DEMO_PRODUCT_COUNT).toBeGreaterThanOrEqual(60);
    const [products] = await app.db.select({ n: count() }).from(tables.products);
    expect(products!.n).toBe(DEMO_PRODUCT_COUNT);
    const categories = data<{ name: string; image: string; sub_categories: unknown[] }[]>(
      await call(app, 'GET', '/store/categories', undefined, { lang: 'en' }),
    );
    expect(categories.map((c) => c.name)).toEqual([
      'Pumps',
      'Filters',
      'Heaters',
      'Chemicals',
      'Cleaning',
      'Lighting',
      'Accessories',
    ]);
    for (const c of categories) expect(c.sub_categories.length).toBeGreaterThanOrEqual(2);
    expect(data<unknown[]>(await call(app, 'GET', '/store/brands'))).toHaveLength(8);
    const multi = await app.db.select({ n: count() }).from(tables.products).where(ne(tables.products.type, 'simple'));
    expect(multi[0]!.n).toBeGreaterThanOrEqual(4);
    const discounted = data<Page>(await call(app, 'GET', '/store/products?discounted=1'));
    expect(discounted.pagination.total_items).toBeGreaterThanOrEqual(10);
    console.info(`demo store seeded in ${seconds.toFixed(1)} s`);
  });

  it('gives every product a stored picture, description and groups in both languages', async () => {
    const page = data<Page>(
      await call(app, 'GET', '/store/products?q=مضخة&sort=best_selling', undefined, { lang: 'en' }),
    );
    expect(page.pagination.total_items).toBeGreaterThanOrEqual(8);
    const first = page.data[0]!;
    expect(first.name).toBe('MaxFlo pool pump');
    const detail = data<StoreProduct>(await call(app, 'GET', `/store/products/${first.id}`));
    expect(detail.name).toBe('مضخة مسبح ماكس فلو');
    expect(detail.description).toContain('هايوارد');
    expect(detail.variants.map((v) => v.name)).toEqual(['1 حصان', '0.75 حصان', '1.5 حصان', '2 حصان']);
    expect(detail.variants.find((v) => v.is_main)!.name).toBe('1 حصان');
    expect(detail.installation_price).toBe(25_000);

    const picture = await app.inject({ method: 'GET', url: detail.images[0]! });
    expect(picture.statusCode).toBe(200);
    const meta = await sharp(picture.rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['jpeg', 560]);
    const images = await app.db.select({ n: count() }).from(tables.productImages);
    expect(images[0]!.n).toBeGreaterThan(DEMO_PRODUCT_COUNT);
    const noPicture = await app.db
      .select({ id: tables.products.id })
      .from(tables.products)
      .where(isNull(tables.products.mainVariantId));
    expect(noPicture).toEqual([]);
  });

  it("shows in every product's pictures what the product is", async () => {
    const rows = await app.db
      .select({ name: tables.products.nameEn, path: tables.productImages.path })
      .from(tables.products)
      .innerJoin(tables.productImages, eq(tables.productImages.productId, tables.products.id));
    expect(new Set(rows.map((r) => r.name))).toEqual(new Set(Object.keys(PICTURES)));
    for (const { name, path } of rows) {
      const picture = drawn.get(path);
      expect([name, picture?.kind, picture?.icon]).toEqual([name, 'product', PICTURES[name]]);
    }
  });

  it('is loaded once', async () => {
    await seed(app.db, options(app));
    const [products] = await app.db.select({ n: count() }).from(tables.products);
    expect(products!.n).toBe(DEMO_PRODUCT_COUNT);
  });

  it('draws different pictures for different products', () => {
    const a = demoSvg({ kind: 'product', icon: 'pump', hue: 205, variant: 1, label: 'Hayward' });
    const b = demoSvg({ kind: 'product', icon: 'pump', hue: 205, variant: 2, label: 'Hayward' });
    expect(a).not.toBe(b);
    expect(demoSvg({ kind: 'brand', icon: 'brand', hue: 0, variant: 0, label: '<b>&' })).toContain('&lt;b&gt;&amp;');
  });
});
