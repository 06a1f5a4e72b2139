/**
 * Coupons (spec sections 3-5) and delivery prices by city: the dashboard's
 * bodies and items. Money is integer halalas; a ratio coupon's value is a percent.
 */
import { z } from 'zod';
import { cmsListQuery } from './cms.ts';
import { couponCode } from './cart.ts';
import { blankToUndefined, formInt, requiredText, V, DB_INT_MAX, MAX_PRICE } from './fields.ts';
import { COUPON_STATUSES, COUPON_TYPES } from './store-domain.ts';

/** A money amount (halalas) sent as a number or as form text; `''` is missing. */
export const moneyField = formInt(0, MAX_PRICE);
const optionalMoney = z.preprocess(blankToUndefined, formInt(1, MAX_PRICE).optional());

/** An ISO date or date-time (`2025-01-31` or `2025-01-31T10:00:00Z`), as a Date. */
export const dateTimeField = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .max(40, { error: V.invalid })
  .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
    error: V.invalid,
  })
  .transform((v) => new Date(v));

/** Create and edit. Cross-field rules (ratio at most 100, expiry after start) are the server's. */
export const couponBody = z.object({
  title: requiredText(2, 200),
  code: couponCode,
  discount_type: z.enum(COUPON_TYPES, { error: V.invalid }),
  /** Percent (1-100) for `ratio`, halalas for `number`. */
  value: formInt(1, MAX_PRICE),
  max_discount: optionalMoney,
  max_uses: formInt(1, 10_000_000),
  max_uses_per_user: formInt(1, 10_000).default(1),
  starts_at: dateTimeField,
  expires_at: dateTimeField,
});
export type CouponBody = z.output<typeof couponBody>;

export const couponListQuery = cmsListQuery.extend({
  status: z.preprocess(blankToUndefined, z.enum(COUPON_STATUSES, { error: V.invalid }).optional()),
});

export const adminCoupon = z.object({
  id: z.number(),
  title: z.string(),
  code: z.string(),
  discount_type: z.enum(COUPON_TYPES),
  value: z.number(),
  max_discount: z.number().nullable(),
  max_uses: z.number(),
  max_uses_per_user: z.number(),
  used_count: z.number(),
  starts_at: z.string(),
  expires_at: z.string(),
  is_closed: z.boolean(),
  status: z.enum(COUPON_STATUSES),
  created_at: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCoupon>;

/* --------------------------------------------------------- delivery prices */

export const deliveryPriceBody = z.object({
  price: moneyField,
  /** Delivery is free when the products' total reaches this (halalas); empty: never free. */
  free_above: z.preprocess(blankToUndefined, moneyField.optional()),
});
export const cityParam = z.object({
  city_id: z.coerce.number({ error: V.invalid }).int().positive().max(DB_INT_MAX),
});
export const adminDeliveryPrice = z.object({
  city_id: z.number(),
  name_ar: z.string(),
  name_en: z.string(),
  active: z.boolean(),
  /** Null: no price set, so no delivery to this city yet. */
  price: z.number().nullable(),
  free_above: z.number().nullable(),
});
export type AdminDeliveryPrice = z.infer<typeof adminDeliveryPrice>;
