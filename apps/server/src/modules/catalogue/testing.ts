/** Helpers for the catalogue tests (not a test file itself). */
import { makeBrand, makeCategory, makeFeature } from '@pool/db';
import type { ProductInput } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminCall, adminToken, expectOk, multipart, png } from '../admin-content/testing.ts';

export * from '../admin-content/testing.ts';

/** A pool catalogue: pumps (with sub-categories), chemicals, a brand, and the features size and power. */
export async function catalogue(app: TestApp) {
  const pumps = await makeCategory(app.db, { nameAr: 'المضخات', nameEn: 'Pumps', sort: 1 });
  const poolPumps = await makeCategory(app.db, { nameAr: 'مضخات المسابح', nameEn: 'Pool pumps', parentId: pumps.id });
  const heatPumps = await makeCategory(app.db, { nameAr: 'مضخات حرارية', nameEn: 'Heat pumps', parentId: pumps.id });
  const chemicals = await makeCategory(app.db, { nameAr: 'الكيماويات', nameEn: 'Chemicals', sort: 2 });
  const chlorine = await makeCategory(app.db, { nameAr: 'الكلور', nameEn: 'Chlorine', parentId: chemicals.id });
  const brand = await makeBrand(app.db, { nameAr: 'أكوا', nameEn: 'Aqua' });
  const size = await makeFeature(app.db, {
    nameAr: 'المقاس',
    nameEn: 'Size',
    options: [
      ['صغير', 'Small'],
      ['وسط', 'Medium'],
      ['كبير', 'Large'],
    ],
  });
  const power = await makeFeature(app.db, {
    nameAr: 'القدرة',
    nameEn: 'Power',
    options: [
      ['1 حصان', '1 HP'],
      ['1.5 حصان', '1.5 HP'],
    ],
  });
  return { pumps, poolPumps, heatPumps, chemicals, chlorine, brand, size, power };
}

export type Catalogue = Awaited<ReturnType<typeof catalogue>>;

/** What the product tests start from: a test app, a super admin's token and `catalogue`. */
export async function productTestSetup() {
  const app = await buildTestApp();
  const token = await adminToken(app);
  return { app, token, c: await catalogue(app) };
}

export type ProductTest = Awaited<ReturnType<typeof productTestSetup>>;

/** A valid simple product body in `c`'s pump category. */
export const simpleBody = (c: Catalogue, o: Partial<ProductInput> = {}): ProductInput => ({
  type: 'simple',
  name_ar: 'مضخة مسبح أكوا',
  name_en: 'Aqua pool pump',
  description_ar: 'مضخة هادئة لمسابح المنازل',
  description_en: 'A quiet pump for home pools',
  category_id: c.pumps.id,
  sub_category_id: c.poolPumps.id,
  brand_id: c.brand.id,
  price: 150_000,
  stock: 8,
  ...o,
});

/** A multi-attribute body: size (small, large) × power (1, 1.5 HP), groups generated from `price`/`stock`. */
export const multiBody = (c: Catalogue, o: Partial<ProductInput> = {}): ProductInput =>
  simpleBody(c, {
    type: 'multi',
    name_ar: 'مضخة متعددة القدرات',
    name_en: 'Multi power pump',
    sku: undefined,
    features: [
      { feature_id: c.size.id, option_ids: [c.size.options[0]!.id, c.size.options[2]!.id] },
      { feature_id: c.power.id, option_ids: [c.power.options[0]!.id, c.power.options[1]!.id] },
    ],
    price: 200_000,
    stock: 3,
    ...o,
  });

/** Uploads a PNG through the product upload route and returns its URL. */
export async function uploadImage(app: TestApp, token: string, r = 40) {
  const form = multipart({}, { image: { filename: 'pump.png', type: 'image/png', data: await png(r, 64, 48) } });
  const res = await adminCall(app, 'POST', '/products/images', { token, form });
  return expectOk<{ url: string; thumbnail: string }>(res, 'catalogue.image_uploaded').url;
}
