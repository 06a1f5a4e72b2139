/**
 * The demo store (issue 4): pool brands, seven categories with sub-categories,
 * features with options, and 63 products in Arabic and English, some with
 * groups (power, weight, colour, size) and discounts. Built with the factories.
 * Images come from `image` (the server draws them and stores them through the
 * upload pipeline); without it the products have no pictures.
 * Idempotent on its own (`catalogue_seeded_at`), so an existing demo database gets it too.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import * as f from './factories.ts';
import * as t from './schema/index.ts';
import { EQUIPMENT } from './seed-catalogue-equipment.ts';
import { BRANDS, FEATURES, type DemoIcon, type FeatureKey } from './seed-catalogue-model.ts';
import { SUPPLIES } from './seed-catalogue-supplies.ts';

/** The drawing of a demo picture: what it shows, its category's colour, and a number that varies it. */
export type DemoImage = {
  kind: 'product' | 'category' | 'brand';
  icon: DemoIcon;
  /** 0-359 */
  hue: number;
  /** Makes pictures of one icon differ. */
  variant: number;
  /** Short Latin text on the picture (brand name, size). */
  label: string;
};
export type DemoImageMaker = (image: DemoImage) => Promise<string>;

export const CATALOGUE_SEEDED = 'catalogue_seeded_at';
/** The seven categories, in the store's order. */
const CATEGORIES = [...EQUIPMENT, ...SUPPLIES];

const sar = (v: number) => Math.round(v * 100);
/** Distinct dates, newest last in the list: the store's "newest" order follows it. */
const createdAt = (i: number) => new Date(Date.UTC(2026, 5, 1) + i * 7 * 3_600_000);

/** Runs `work` on every item, `limit` at a time, keeping the order of the results. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return out;
}

/** The pictures to draw, in a fixed order: brands, categories, then each product's gallery. */
function pictures() {
  const specs: DemoImage[] = BRANDS.map(([, nameEn], i) => ({
    kind: 'brand',
    icon: 'brand',
    hue: (i * 45) % 360,
    variant: i,
    label: nameEn,
  }));
  for (const c of CATEGORIES) specs.push({ kind: 'category', icon: c.icon, hue: c.hue, variant: 0, label: c.en });
  let i = 0;
  for (const c of CATEGORIES)
    for (const s of c.subs)
      for (const d of s.products) {
        const label = BRANDS[d.brand]![1];
        const icon = d.picture ?? s.picture;
        specs.push({ kind: 'product', icon, hue: c.hue, variant: i, label });
        if (i % 8 === 0) specs.push({ kind: 'product', icon, hue: c.hue + 20, variant: i + 101, label });
        i++;
      }
  return specs;
}

/** Whether the demo store is loaded. */
export async function catalogueSeeded(db: Db): Promise<boolean> {
  const done = await db.select().from(t.settings).where(eq(t.settings.key, CATALOGUE_SEEDED));
  return done.length > 0;
}

/**
 * The demo store's pictures, a few at a time (the image work runs on sharp's threads).
 * Drawn outside a transaction: with their AVIF copies they take longer than a
 * transaction may sit idle (idle_in_transaction_session_timeout).
 */
export const drawDemoPictures = (image: DemoImageMaker): Promise<string[]> => pool(pictures(), 4, image);

/**
 * Loads the demo store once. The pictures come drawn (`drawDemoPictures`) or are
 * drawn first, then every row is written.
 */
export async function seedCatalogue(db: Db, image?: DemoImageMaker | string[]) {
  if (await catalogueSeeded(db)) return false;
  const urls = !image ? [] : Array.isArray(image) ? image : await drawDemoPictures(image);
  let u = 0;
  const take = () => (urls.length ? urls[u++]! : null);

  const brands = [];
  for (const [nameAr, nameEn] of BRANDS) brands.push(await f.makeBrand(db, { nameAr, nameEn, logo: take() }));
  const features = {} as Record<FeatureKey, Awaited<ReturnType<typeof f.makeFeature>>>;
  for (const [key, [nameAr, nameEn, options]] of Object.entries(FEATURES) as [
    FeatureKey,
    (typeof FEATURES)[FeatureKey],
  ][]) {
    features[key] = await f.makeFeature(db, { nameAr, nameEn, options });
  }
  const categories = [];
  for (const [ci, c] of CATEGORIES.entries())
    categories.push(await f.makeCategory(db, { nameAr: c.ar, nameEn: c.en, sort: ci, image: take() }));

  let n = 0;
  for (const [ci, c] of CATEGORIES.entries()) {
    const category = categories[ci]!;
    for (const [si, s] of c.subs.entries()) {
      const sub = await f.makeCategory(db, { nameAr: s.ar, nameEn: s.en, parentId: category.id, sort: si });
      for (const d of s.products) {
        const i = n++;
        const brand = brands[d.brand]!;
        const feature = d.groups ? features[d.groups[0]] : undefined;
        const variants: f.VariantSpec[] = d.groups
          ? d.groups[1].map(([price, stock], k) => ({
              price: sar(price),
              stock,
              sku: `DEMO-${String(i + 1).padStart(3, '0')}-${k + 1}`,
              optionIds: [feature!.options[k]!.id],
            }))
          : [{ price: sar(d.price), stock: d.stock, sku: `DEMO-${String(i + 1).padStart(3, '0')}` }];
        // A multi-attribute product shows its second group (a middle size or power) first.
        if (variants.length > 2) variants.unshift(variants.splice(1, 1)[0]!);
        const images = [take(), i % 8 === 0 ? take() : null].filter((x): x is string => !!x);
        const [discountType = 'none', discount = 0] = d.discount ?? [];
        await f.makeProduct(db, {
          nameAr: d.ar,
          nameEn: d.en,
          descriptionAr: `${d.ar} من ${brand.nameAr}. ${c.about[0]}`,
          descriptionEn: `${d.en} by ${brand.nameEn}. ${c.about[1]}`,
          categoryId: category.id,
          subCategoryId: sub.id,
          brandId: brand.id,
          discountType,
          discountValue: discountType === 'number' ? sar(discount) : discount,
          // Every third discount ends in two weeks; the others have no end.
          discountExpiresAt: d.discount && i % 3 === 0 ? new Date(Date.now() + 14 * 86_400_000) : null,
          sizes: d.sizes ?? [],
          installationPrice: d.install ? sar(d.install) : null,
          soldCount: d.sold ?? 0,
          ratingAvg: d.rating?.[0] ?? 0,
          ratingCount: d.rating?.[1] ?? 0,
          createdAt: createdAt(i),
          variants,
          images,
          searchNames: [brand.nameAr, brand.nameEn, c.ar, c.en, s.ar, s.en],
        });
      }
    }
  }
  await f.makeSetting(db, CATALOGUE_SEEDED, new Date().toISOString());
  return true;
}

/** How many demo products there are (for tests). */
export const DEMO_PRODUCT_COUNT = CATEGORIES.flatMap((c) => c.subs.flatMap((s) => s.products)).length;
