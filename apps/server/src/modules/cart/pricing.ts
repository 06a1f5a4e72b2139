/**
 * Cart lines and price lines from stored prices, for the cart page and for
 * checkout (which calls the same functions inside its transaction). The rules
 * themselves (product discount, coupon, VAT) are the pure functions of
 * packages/contracts/src/pricing.ts. Prices are shown with VAT; the rules work on the
 * amounts as entered, which include VAT or not by the `prices_include_vat` setting (ADR 0023).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  couponDiscount,
  discountedPrice,
  lineAmounts,
  slugify,
  vatBreakdown,
  withVat,
  beforeVat,
  type CartLine,
  type CouponTerms,
  type Lang,
  type PriceLines,
  type VatTerms,
} from '@pool/contracts';
import { translate } from '@pool/i18n';
import { storedSettings } from '../content/index.ts';

const p = tables.products;
const v = tables.productVariants;

export type LineInput = { variantId: number; quantity: number; withInstallation: boolean };

/** A line with everything checkout snapshots into the order. */
export type PricedLine = CartLine & {
  nameAr: string;
  nameEn: string;
  optionsAr: string;
  optionsEn: string;
  /** As entered (ADR 0023): the unit price after the product's discount, installation per unit (0 without it). */
  enteredUnit: number;
  enteredInstallation: number;
};

/** The fields only the server uses, left out of the cart's lines. */
export const publicLine = ({
  nameAr: _a,
  nameEn: _b,
  optionsAr: _c,
  optionsEn: _d,
  enteredUnit: _e,
  enteredInstallation: _f,
  ...line
}: PricedLine): CartLine => line;

/** The variants' product, price, stock and state, keyed by variant id. */
export async function loadVariants(db: Db, variantIds: number[]) {
  if (!variantIds.length) return new Map<number, { variant: typeof v.$inferSelect; product: typeof p.$inferSelect }>();
  const rows = await db
    .select({ variant: v, product: p })
    .from(v)
    .innerJoin(p, eq(p.id, v.productId))
    .where(inArray(v.id, variantIds));
  return new Map(rows.map((r) => [r.variant.id, r]));
}

/** Whether a variant can be sold at all (active, available, not deleted). */
export const sellable = (r: { variant: typeof v.$inferSelect; product: typeof p.$inferSelect }) =>
  r.variant.isActive && r.product.isActive && r.product.isAvailable && r.product.deletedAt === null;

/** The variants' option names ("1.5 HP / Blue") in both languages. */
async function optionNames(db: Db, variantIds: number[]) {
  const out = new Map<number, { ar: string[]; en: string[] }>();
  if (!variantIds.length) return out;
  const vo = tables.variantOptions;
  const fo = tables.featureOptions;
  const rows = await db
    .select({ variantId: vo.variantId, ar: fo.nameAr, en: fo.nameEn })
    .from(vo)
    .innerJoin(fo, eq(fo.id, vo.optionId))
    .where(inArray(vo.variantId, variantIds))
    .orderBy(asc(fo.featureId), asc(fo.sort));
  for (const r of rows) {
    const names = out.get(r.variantId) ?? { ar: [], en: [] };
    names.ar.push(r.ar);
    names.en.push(r.en);
    out.set(r.variantId, names);
  }
  return out;
}

/** The first image of each variant: its own, else its product's. */
async function images(db: Db, productIds: number[]) {
  const i = tables.productImages;
  if (!productIds.length) return [];
  return db
    .select({ productId: i.productId, variantId: i.variantId, path: i.path })
    .from(i)
    .where(inArray(i.productId, productIds))
    .orderBy(asc(i.sort), asc(i.id));
}

/** Prices each line from the stored prices, in `lang`, with what prevents ordering it. */
export async function priceLinesOf(db: Db, inputs: LineInput[], lang: Lang, now = new Date()): Promise<PricedLine[]> {
  const ids = inputs.map((l) => l.variantId);
  const vat = await vatTerms(db);
  const variants = await loadVariants(db, ids);
  const options = await optionNames(db, ids);
  const pictures = await images(db, [...new Set([...variants.values()].map((r) => r.product.id))]);
  const out: PricedLine[] = [];
  for (const input of inputs) {
    const row = variants.get(input.variantId);
    if (!row) continue;
    const { variant, product } = row;
    const unit = discountedPrice(
      variant.price,
      {
        discount_type: product.discountType,
        discount_value: product.discountValue,
        discount_expires_at: product.discountExpiresAt,
      },
      now,
    );
    const installation = product.installationPrice;
    const withInstallation = input.withInstallation && installation !== null;
    const entered = { unit, installation: withInstallation ? installation : 0, quantity: input.quantity };
    const amounts = lineAmounts(entered, vat);
    const problem = !sellable(row)
      ? 'unavailable'
      : variant.stock <= 0
        ? 'out_of_stock'
        : input.quantity > variant.stock
          ? 'not_enough_stock'
          : null;
    const names = options.get(variant.id) ?? { ar: [], en: [] };
    const image =
      pictures.find((x) => x.variantId === variant.id)?.path ??
      pictures.find((x) => x.productId === product.id && x.variantId === null)?.path ??
      pictures.find((x) => x.productId === product.id)?.path ??
      null;
    out.push({
      variant_id: variant.id,
      product_id: product.id,
      slug: slugify(product.nameEn),
      name: lang === 'en' ? product.nameEn : product.nameAr,
      options: (lang === 'en' ? names.en : names.ar).join(' / '),
      image,
      original_price: beforeVat(variant.price, vat),
      unit_price: amounts.unit,
      original_price_with_vat: withVat(variant.price, vat),
      unit_price_with_vat: amounts.unitWithVat,
      quantity: input.quantity,
      max_quantity: Math.max(0, variant.stock),
      installation_available: installation !== null,
      installation_unit_price: installation === null ? null : beforeVat(installation, vat),
      installation_unit_price_with_vat: installation === null ? null : withVat(installation, vat),
      with_installation: withInstallation,
      line_total: amounts.products + amounts.installation,
      line_total_with_vat: amounts.totalWithVat,
      problem,
      problem_message: problem
        ? translate(lang, `cart.problem_${problem}`, { count: Math.max(0, variant.stock) })
        : null,
      nameAr: product.nameAr,
      nameEn: product.nameEn,
      optionsAr: names.ar.join(' / '),
      optionsEn: names.en.join(' / '),
      enteredUnit: unit,
      enteredInstallation: entered.installation,
    });
  }
  return out;
}

/** The VAT rate of the site settings, in basis points (15 % = 1500). */
export async function vatRateBp(db: Db) {
  return Math.round((await storedSettings(db)).vat_rate * 100);
}

/** The VAT rate and whether the store's entered prices include it (ADR 0023). */
export async function vatTerms(db: Db): Promise<VatTerms> {
  const s = await storedSettings(db);
  return { rateBp: Math.round(s.vat_rate * 100), pricesIncludeVat: s.prices_include_vat };
}

type TotalsLine = Pick<PricedLine, 'enteredUnit' | 'enteredInstallation' | 'quantity' | 'problem'>;
const counted = (lines: TotalsLine[]) => lines.filter((l) => l.problem !== 'unavailable');

/** The products as entered (after their discounts), which the coupon and the free-delivery threshold are on. */
export const enteredProducts = (lines: TotalsLine[]) =>
  counted(lines).reduce((sum, l) => sum + l.enteredUnit * l.quantity, 0);

/**
 * The price lines of spec section 3. The coupon discounts the products
 * (after their own discounts), on entered amounts; `delivery` (entered) null:
 * not known yet (counted as 0). Each line before VAT and with it (`vatBreakdown`).
 */
export function priceTotals(
  lines: TotalsLine[],
  o: { delivery: number | null; coupon: CouponTerms | null; vat: VatTerms },
): PriceLines {
  const discount = o.coupon ? couponDiscount(enteredProducts(lines), o.coupon) : 0;
  const entered = counted(lines).map((l) => ({
    unit: l.enteredUnit,
    installation: l.enteredInstallation,
    quantity: l.quantity,
  }));
  return { ...vatBreakdown(entered, { delivery: o.delivery, discount, vat: o.vat }), tax_rate: o.vat.rateBp / 100 };
}
