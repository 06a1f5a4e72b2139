/**
 * The demo store: over 60 products across the pool categories with
 * sub-categories, brands, groups and discounts, in Arabic and English, with
 * pictures drawn and stored through the upload pipeline; loaded once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, isNull, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { DEMO_PRODUCT_COUNT, seed, tables } from '@pool/db';
import type { StoreProduct, StoreProductCard } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { call } from '../account/testing.ts';
import { demoImageMaker, demoSvg } from './demo-images.ts';

let app: TestApp;
let seconds = 0;

const options = (app: TestApp) => ({
  adminEmail: 'owner@example.com',
  adminPasswordHash: 'unused',
  demo: true,
  demoImage: demoImageMaker(app),
});

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
