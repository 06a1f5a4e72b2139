/**
 * The store's price rules, in one place for the server (which alone decides what
 * a customer pays) and the site (which shows the same figures). Integer halalas.
 */
import type { PriceLines } from './cart.ts';
import type { CouponType, DiscountType } from './store-domain.ts';

export type ProductDiscount = {
  discount_type: DiscountType;
  /** Percent for `ratio`, halalas for `number`. */
  discount_value: number;
  /** ISO time; the discount ends then. Null: no end. */
  discount_expires_at: string | Date | null;
};

/** Whether the product's discount applies at `now`. */
export function discountActive(d: ProductDiscount, now: Date = new Date()): boolean {
  if (d.discount_type === 'none' || d.discount_value <= 0) return false;
  return d.discount_expires_at === null || new Date(d.discount_expires_at).getTime() > now.getTime();
}

/** The unit price after the product's discount (never below 0). */
export function discountedPrice(price: number, d: ProductDiscount, now: Date = new Date()): number {
  if (!discountActive(d, now)) return price;
  const off = d.discount_type === 'ratio' ? Math.round((price * d.discount_value) / 100) : d.discount_value;
  return Math.max(0, price - off);
}

/** VAT on an amount; `rateBp` in basis points (1500 = 15 %), rounded to the halala. */
export const vatOf = (amount: number, rateBp: number) => Math.round((amount * rateBp) / 10_000);

/**
 * How the store's entered amounts (prices, installation, delivery, fixed discounts) relate to VAT
 * (ADR 0023): the site's rate, and whether the admins type them with VAT already in them.
 */
export type VatTerms = { rateBp: number; pricesIncludeVat: boolean };

/** The part before VAT of an amount that includes it, rounded to the halala. */
export const netOfGross = (gross: number, rateBp: number) => Math.round((gross * 10_000) / (10_000 + rateBp));

/** An entered amount as a consumer pays it: with VAT. */
export const withVat = (entered: number, vat: VatTerms) =>
  vat.pricesIncludeVat ? entered : entered + vatOf(entered, vat.rateBp);

/** An entered amount before VAT. */
export const beforeVat = (entered: number, vat: VatTerms) =>
  vat.pricesIncludeVat ? netOfGross(entered, vat.rateBp) : entered;

/** A store price as consumers get it: before VAT and with it, before and after the product's discount. */
export function consumerPrices(entered: number, d: ProductDiscount, vat: VatTerms, now: Date = new Date()) {
  const discounted = discountedPrice(entered, d, now);
  return {
    price: beforeVat(entered, vat),
    discounted_price: beforeVat(discounted, vat),
    price_with_vat: withVat(entered, vat),
    discounted_price_with_vat: withVat(discounted, vat),
  };
}

/** One cart line in entered amounts: the unit price after the product's discount, installation per unit (0: none). */
export type EnteredLine = { unit: number; installation: number; quantity: number };

/** A line's figures before and with VAT: each unit converted, then times the quantity. */
export function lineAmounts(l: EnteredLine, vat: VatTerms) {
  const unit = beforeVat(l.unit, vat);
  const unitWithVat = withVat(l.unit, vat);
  const installationWithVat = withVat(l.installation, vat);
  return {
    unit,
    unitWithVat,
    products: unit * l.quantity,
    productsWithVat: unitWithVat * l.quantity,
    installation: beforeVat(l.installation, vat) * l.quantity,
    installationWithVat: installationWithVat * l.quantity,
    totalWithVat: (unitWithVat + installationWithVat) * l.quantity,
  };
}

/** The price lines (spec section 3) before and with VAT; `total` is what the customer pays. */
export type VatBreakdown = Omit<PriceLines, 'tax_rate'>;

/**
 * The order's figures from its lines, in whole halalas so that nothing is lost to rounding:
 * every rule (product discount, coupon, free delivery) works on entered amounts, each amount is
 * then converted once, the total is the sum of the lines with VAT as shown, and the VAT is the
 * total less the amounts before VAT (so both columns add up exactly). `delivery` null: not known
 * yet (counted as 0); `discount` in entered amounts (the coupon on the entered products).
 */
export function vatBreakdown(
  lines: EnteredLine[],
  o: { delivery: number | null; discount: number; vat: VatTerms },
): VatBreakdown {
  const amounts = lines.map((l) => lineAmounts(l, o.vat));
  const sum = (pick: (a: (typeof amounts)[number]) => number) => amounts.reduce((s, a) => s + pick(a), 0);
  const products = sum((a) => a.products);
  const productsWithVat = sum((a) => a.productsWithVat);
  const installation = sum((a) => a.installation);
  const installationWithVat = sum((a) => a.installationWithVat);
  const delivery = o.delivery === null ? null : beforeVat(o.delivery, o.vat);
  const deliveryWithVat = o.delivery === null ? null : withVat(o.delivery, o.vat);
  // The discount never exceeds the products, and never takes more VAT off than the products carry.
  const discountWithVat = Math.min(withVat(o.discount, o.vat), productsWithVat);
  const discount = Math.max(
    Math.min(beforeVat(o.discount, o.vat), products),
    products - (productsWithVat - discountWithVat),
  );
  const total = productsWithVat + installationWithVat + (deliveryWithVat ?? 0) - discountWithVat;
  const net = products + installation + (delivery ?? 0) - discount;
  return {
    products,
    installation,
    delivery,
    discount,
    products_with_vat: productsWithVat,
    installation_with_vat: installationWithVat,
    delivery_with_vat: deliveryWithVat,
    discount_with_vat: discountWithVat,
    tax: total - net,
    total,
  };
}

export type CouponTerms = { discount_type: CouponType; value: number; max_discount: number | null };

/** A coupon's discount on `amount` halalas: capped by the maximum discount and by the amount itself. */
export function couponDiscount(amount: number, c: CouponTerms): number {
  const raw = c.discount_type === 'ratio' ? Math.round((amount * c.value) / 100) : c.value;
  const capped = c.max_discount === null ? raw : Math.min(raw, c.max_discount);
  return Math.max(0, Math.min(amount, capped));
}

/** SAR (decimal, as typed in a form) to halalas; NaN when not a money amount with at most 2 decimals. */
export function toHalalas(sar: string | number): number {
  const text = String(sar).trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return Number.NaN;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
