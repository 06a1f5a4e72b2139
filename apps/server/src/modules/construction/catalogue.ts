/**
 * The designer's catalogue (issue 11): the active design types and colours in
 * the request's language, the prices the estimate uses (the
 * `construction_prices` setting, the seed's defaults while unset), and a
 * design checked against them: an unknown or inactive design type or colour
 * is a field error, never a 500.
 */
import { and, asc, eq } from 'drizzle-orm';
import { CONSTRUCTION_PRICES_KEY, DEFAULT_CONSTRUCTION_PRICES, tables, type Db } from '@pool/db';
import {
  CONSTRUCTION_LIMITS,
  CONSTRUCTION_OPTIONS,
  type ConstructionCatalogue,
  type ConstructionEstimateBody,
  type ConstructionPrices,
  type ConstructionPricesBody,
  type Lang,
} from '@pool/contracts';
import { translate } from '@pool/i18n';
import { fieldError } from '../../lib/errors.ts';
import { vatRateBp } from '../cart/index.ts';
import { pick } from '../orders/index.ts';
import { estimatePool, type EstimatePrices } from './estimate.ts';

const dt = tables.constructionDesignTypes;
const cc = tables.constructionColours;
const s = tables.settings;
const KEY = CONSTRUCTION_PRICES_KEY;

export const optionName = (lang: Lang, key: (typeof CONSTRUCTION_OPTIONS)[number]) =>
  translate(lang, `construction.option_${key}`);

export async function constructionCatalogue(db: Db, lang: Lang): Promise<ConstructionCatalogue> {
  const types = await db.select().from(dt).where(eq(dt.isActive, true)).orderBy(asc(dt.sort), asc(dt.id));
  const colours = await db.select().from(cc).where(eq(cc.isActive, true)).orderBy(asc(cc.sort), asc(cc.id));
  return {
    design_types: types.map((t) => ({
      id: t.id,
      shape: t.shape,
      name: pick(lang, t.nameAr, t.nameEn),
      image: t.image,
    })),
    colours: colours.map((c) => ({ id: c.id, name: pick(lang, c.nameAr, c.nameEn), hex: c.hex, image: c.image })),
    options: CONSTRUCTION_OPTIONS.map((key) => ({ key, name: optionName(lang, key) })),
    limits: CONSTRUCTION_LIMITS,
  };
}

/* ------------------------------------------------------------------ prices */

export async function readPrices(db: Db): Promise<EstimatePrices> {
  const [row] = await db.select().from(s).where(eq(s.key, KEY));
  return (row?.value as EstimatePrices | undefined) ?? DEFAULT_CONSTRUCTION_PRICES;
}

export async function pricesView(db: Db): Promise<ConstructionPrices> {
  return { ...(await readPrices(db)), vat_rate: (await vatRateBp(db)) / 100 };
}

export async function savePrices(db: Db, b: ConstructionPricesBody) {
  const value: EstimatePrices = {
    surface_m2: b.surface_m2_sar,
    volume_m3: b.volume_m3_sar,
    options: b.options,
    low_percent: b.low_percent,
    high_percent: b.high_percent,
  };
  await db
    .insert(s)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: s.key, set: { value, updatedAt: new Date() } });
}

/* ------------------------------------------------------------------ design */

/** The design's active design type and colour (field errors otherwise). */
export async function designOf(db: Db, b: Pick<ConstructionEstimateBody, 'design_type_id' | 'colour_id'>) {
  const [type] = await db
    .select()
    .from(dt)
    .where(and(eq(dt.id, b.design_type_id), eq(dt.isActive, true)));
  if (!type) throw fieldError('design_type_id', 'construction.design_type_unknown');
  const [colour] = await db
    .select()
    .from(cc)
    .where(and(eq(cc.id, b.colour_id), eq(cc.isActive, true)));
  if (!colour) throw fieldError('colour_id', 'construction.colour_unknown');
  return { type, colour };
}

/** The estimate of a design at today's prices and VAT rate. */
export async function estimateDesign(db: Db, b: ConstructionEstimateBody) {
  const { type, colour } = await designOf(db, b);
  const estimate = estimatePool({
    shape: type.shape,
    length: b.length,
    width: b.width,
    depth: b.depth,
    factor: type.priceFactor,
    colourExtraM2: colour.extraM2,
    options: b.options,
    prices: await readPrices(db),
    vatBp: await vatRateBp(db),
  });
  return { type, colour, estimate };
}
