/**
 * The store's price rules, in one place for the server (which alone decides what
 * a customer pays) and the site (which shows the same figures). Integer halalas.
 */
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
