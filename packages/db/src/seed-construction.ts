/**
 * The demo pool designer (seed.ts): five design types with their pictures
 * (static illustrations drawn from each shape's outline, under
 * /img/demo/construction), six finish colours, the estimate's prices and an
 * engineer serving Riyadh, so `/construction` works on a fresh site and the
 * request can be assigned. Loaded once, into an empty table only; the prices
 * only when the setting is missing, so the dashboard's own are never touched.
 */
import { count, eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import * as f from './factories.ts';
import * as t from './schema/index.ts';
import {
  CONSTRUCTION_PRICES_KEY,
  type ConstructionPricesSetting,
  type ConstructionShape,
} from './schema/construction.ts';

/** An engineer serving Riyadh, to try the staff view (/staff) with the demo customer's construction request. */
export const DEMO_ENGINEER = { countryCode: '966', phone: '500000003', name: 'سلمان القحطاني' };

/** The prices a site starts with (halalas before VAT). */
export const DEFAULT_CONSTRUCTION_PRICES: ConstructionPricesSetting = {
  surface_m2: 45_000,
  volume_m3: 15_000,
  options: { steps: 350_000, lighting: 480_000, heating: 1_200_000, cover: 950_000 },
  low_percent: 10,
  high_percent: 15,
};

/** [shape, Arabic name, English name, price factor %]. */
const DESIGN_TYPES: [ConstructionShape, string, string, number][] = [
  ['rectangle', 'مستطيل', 'Rectangle', 100],
  ['rounded', 'مستطيل بزوايا دائرية', 'Rounded rectangle', 110],
  ['l_shape', 'على شكل حرف L', 'L-shape', 120],
  ['kidney', 'على شكل كلية', 'Kidney', 125],
  ['free_form', 'شكل حر', 'Free form', 135],
];

/** [Arabic name, English name, hex, extra per m² in halalas]. */
const COLOURS: [string, string, string, number][] = [
  ['أبيض', 'White', '#eef5f8', 0],
  ['أزرق فاتح', 'Light blue', '#7fd3f0', 0],
  ['أزرق محيطي', 'Ocean blue', '#1f8fc8', 2_000],
  ['فيروزي', 'Turquoise', '#2fbfb8', 2_500],
  ['رملي', 'Sand', '#d8c59a', 3_000],
  ['رمادي داكن', 'Graphite', '#4a5560', 4_000],
];

/** Sets the estimate's prices when the setting is missing; true when it did. */
export async function seedConstructionPrices(db: Db) {
  const rows = await db
    .insert(t.settings)
    .values({ key: CONSTRUCTION_PRICES_KEY, value: DEFAULT_CONSTRUCTION_PRICES })
    .onConflictDoNothing()
    .returning({ key: t.settings.key });
  return rows.length > 0;
}

/** Loads the demo design types, colours and engineer when there are no design types; false otherwise. */
export async function seedConstruction(db: Db) {
  await seedConstructionPrices(db);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(t.constructionDesignTypes);
  if (n > 0) return false;
  await db.insert(t.constructionDesignTypes).values(
    DESIGN_TYPES.map(([shape, nameAr, nameEn, priceFactor], i) => ({
      shape,
      nameAr,
      nameEn,
      priceFactor,
      image: `/img/demo/construction/${shape}.svg`,
      sort: i + 1,
    })),
  );
  await db
    .insert(t.constructionColours)
    .values(COLOURS.map(([nameAr, nameEn, hex, extraM2], i) => ({ nameAr, nameEn, hex, extraM2, sort: i + 1 })));
  const [taken] = await db.select({ id: t.staff.id }).from(t.staff).where(eq(t.staff.phone, DEMO_ENGINEER.phone));
  if (!taken) {
    const engineer = await f.makeStaff(db, { ...DEMO_ENGINEER, job: 'engineer' });
    const [riyadh] = await db.select({ id: t.cities.id }).from(t.cities).where(eq(t.cities.nameEn, 'Riyadh'));
    if (riyadh) await db.insert(t.staffCities).values({ staffId: engineer.id, cityId: riyadh.id });
  }
  return true;
}
