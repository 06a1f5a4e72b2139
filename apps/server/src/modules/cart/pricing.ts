/**
 * Cart lines and price lines from stored prices, for the cart page and for
 * checkout (which calls the same functions inside its transaction). The rules
 * themselves (product discount, coupon, VAT) are the pure functions of
 * packages/contracts/src/pricing.ts.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  couponDiscount,
  discountedPrice,
  slugify,
  vatOf,
  type CartLine,
  type CouponTerms,
  type Lang,
  type PriceLines,
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
  /** Installation for all units (0 without it). */
  installationTotal: number;
};

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
    const installationTotal = withInstallation ? installation * input.quantity : 0;
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
      original_price: variant.price,
      unit_price: unit,
      quantity: input.quantity,
      max_quantity: Math.max(0, variant.stock),
      installation_available: installation !== null,
      installation_unit_price: installation,
      with_installation: withInstallation,
      line_total: unit * input.quantity + installationTotal,
      problem,
      problem_message: problem
        ? translate(lang, `cart.problem_${problem}`, { count: Math.max(0, variant.stock) })
        : null,
      nameAr: product.nameAr,
      nameEn: product.nameEn,
      optionsAr: names.ar.join(' / '),
      optionsEn: names.en.join(' / '),
      installationTotal,
    });
  }
  return out;
}

/** The VAT rate of the site settings, in basis points (15 % = 1500). */
export async function vatRateBp(db: Db) {
  return Math.round((await storedSettings(db)).vat_rate * 100);
}

/**
 * The price lines of spec section 3. The coupon discounts the products
 * (after their own discounts); VAT is on products + installation + delivery
 * - discount. `delivery` null: not known yet (counted as 0).
 */
export function priceTotals(
  lines: Pick<PricedLine, 'unit_price' | 'quantity' | 'installationTotal' | 'problem'>[],
  o: { delivery: number | null; coupon: CouponTerms | null; taxRateBp: number },
): PriceLines {
  const counted = lines.filter((l) => l.problem !== 'unavailable');
  const products = counted.reduce((sum, l) => sum + l.unit_price * l.quantity, 0);
  const installation = counted.reduce((sum, l) => sum + l.installationTotal, 0);
  const discount = o.coupon ? couponDiscount(products, o.coupon) : 0;
  const taxable = products + installation + (o.delivery ?? 0) - discount;
  const tax = vatOf(taxable, o.taxRateBp);
  return {
    products,
    installation,
    delivery: o.delivery,
    discount,
    tax_rate: o.taxRateBp / 100,
    tax,
    total: taxable + tax,
  };
}
