/**
 * The customer's side of buying: saved addresses (Saudi national address),
 * the cart with its coupon and price lines, and checkout. Money is halalas.
 */
import { z } from 'zod';
import { CART_MAX_QUANTITY } from './constants.ts';
import { toLatinDigits } from './languages.ts';
import {
  blankToUndefined,
  boolish,
  formInt,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  V,
  DB_INT_MAX,
} from './fields.ts';
import { COUPON_CODE_MIN, PAYMENT_METHODS } from './store-domain.ts';

/** The header (mobile apps) and the site cookie that carry a visitor's or guest's cart key. */
export const CART_KEY_HEADER = 'x-cart-key';
export const CART_COOKIE = 'cart_key';
/** A cart key as issued: 43 base64url characters (256 random bits). */
export const isCartKey = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9_-]{43}$/.test(v);
// In the zod-free constants.ts, so the product page's quantity field does not load zod.
export { CART_MAX_QUANTITY };

/* --------------------------------------------------------------- addresses */

/** `n` digits, as typed on an Arabic keyboard too (stored as 0-9). */
const digits = (n: number) =>
  z
    .string({ error: V.required })
    .trim()
    .overwrite(toLatinDigits)
    .min(1, { error: V.required })
    .regex(/^\d+$/, { error: V.digitsOnly })
    .min(n, { error: V.minDigits })
    .max(n, { error: V.maxDigits });

const coordinate = (limit: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z.number({ error: V.invalid }).min(-limit, { error: V.invalid }).max(limit, { error: V.invalid }).optional(),
  );

/** The Saudi national address; a map pin (lat and lng together) is optional and must fall inside the kingdom. */
export const addressBody = z.object({
  label: optionalText(60),
  city_id: requiredId,
  district: requiredText(2, 100),
  street: requiredText(2, 150),
  building_number: digits(4),
  postal_code: digits(5),
  additional_number: z.preprocess(blankToUndefined, digits(4).optional()),
  details: optionalText(500),
  lat: coordinate(90),
  lng: coordinate(180),
});
export type AddressBody = z.output<typeof addressBody>;

/** The kingdom's bounding box (a pin outside it is refused). */
export const SAUDI_BOUNDS = { minLat: 16.3, maxLat: 32.2, minLng: 34.5, maxLng: 55.7 } as const;
export const insideSaudi = (lat: number, lng: number) =>
  lat >= SAUDI_BOUNDS.minLat && lat <= SAUDI_BOUNDS.maxLat && lng >= SAUDI_BOUNDS.minLng && lng <= SAUDI_BOUNDS.maxLng;

export const addressItem = z.object({
  id: z.number(),
  label: z.string(),
  city_id: z.number(),
  city: z.string(),
  district: z.string(),
  street: z.string(),
  building_number: z.string(),
  postal_code: z.string(),
  additional_number: z.string().nullable(),
  details: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type AddressItem = z.infer<typeof addressItem>;

/* -------------------------------------------------------------------- cart */

export const cartAddBody = z.object({
  variant_id: requiredId,
  quantity: formInt(1, CART_MAX_QUANTITY).default(1),
  with_installation: boolish.default(false),
});
export const cartLineBody = z.object({
  quantity: formInt(1, CART_MAX_QUANTITY).optional(),
  with_installation: boolish.optional(),
});
export const variantParam = z.object({
  variant_id: z.coerce.number({ error: V.invalid }).int().positive().max(DB_INT_MAX),
});
/** A coupon code as typed: at least 5 characters (spec section 5), letters, digits, `-` and `_`; upper-cased. */
export const couponCode = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .min(COUPON_CODE_MIN, { error: V.minChars })
  .max(32, { error: V.maxChars })
  .regex(/^[A-Za-z0-9_-]+$/, { error: V.invalid })
  .transform((v) => v.toUpperCase());
export const cartCouponBody = z.object({ code: couponCode });
/** Where the order goes, for the delivery price: a saved address (customers) or a city. */
export const cartQuery = z.object({ address_id: optionalId, city_id: optionalId });

export const CART_LINE_PROBLEMS = ['unavailable', 'out_of_stock', 'not_enough_stock'] as const;

export const cartLine = z.object({
  variant_id: z.number(),
  product_id: z.number(),
  slug: z
    .string()
    .describe(
      "the product's, of its English name and the same in both languages; its page is /online_store/{product_id}-{slug} ({product_id} alone when empty)",
    ),
  name: z.string(),
  /** The variant's options, e.g. "1.5 HP / Blue"; empty for a simple product. */
  options: z.string(),
  image: z.string().nullable(),
  /** Before and after the product's discount (halalas), before VAT; `_with_vat` as the store shows them (ADR 0023). */
  original_price: z.number(),
  unit_price: z.number(),
  original_price_with_vat: z.number(),
  unit_price_with_vat: z.number(),
  quantity: z.number(),
  /** At most this many can be ordered (the stock). */
  max_quantity: z.number(),
  installation_available: z.boolean(),
  /** Per unit; null when the product offers no installation. */
  installation_unit_price: z.number().nullable(),
  installation_unit_price_with_vat: z.number().nullable(),
  with_installation: z.boolean(),
  /** Products and installation of the line, before VAT and with it. */
  line_total: z.number(),
  line_total_with_vat: z.number(),
  /** Why the line cannot be ordered as it is; null when it can. */
  problem: z.enum(CART_LINE_PROBLEMS).nullable(),
  problem_message: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLine>;

/**
 * The price lines of spec section 3, computed by the server (ADR 0023): each before VAT and with it;
 * the lines with VAT add up to `total` (products + installation + delivery - discount), and so do the
 * lines before VAT with `tax`.
 */
export const priceLines = z.object({
  products: z.number(),
  installation: z.number(),
  /** Null while the city is unknown. */
  delivery: z.number().nullable(),
  discount: z.number(),
  products_with_vat: z.number(),
  installation_with_vat: z.number(),
  delivery_with_vat: z.number().nullable(),
  discount_with_vat: z.number(),
  /** Percent, e.g. 15. */
  tax_rate: z.number(),
  /** The VAT in the total. */
  tax: z.number(),
  total: z.number(),
});
export type PriceLines = z.infer<typeof priceLines>;

export const cartView = z.object({
  /** Set only when this request created a visitor's or guest's cart: keep it and send it back in `X-Cart-Key`. */
  cart_key: z.string().nullable(),
  lines: z.array(cartLine),
  /** Units in the cart (the header badge). */
  count: z.number(),
  coupon: z
    .object({
      code: z.string(),
      valid: z.boolean(),
      /** Why it does not apply (translated); null when it does. */
      message: z.string().nullable(),
      discount: z.number(),
    })
    .nullable(),
  delivery: z
    .object({
      city_id: z.number(),
      city: z.string(),
      available: z.boolean(),
      free_above: z.number().nullable(),
    })
    .nullable(),
  prices: priceLines,
  /** True when every line can be ordered and the cart is not empty. */
  can_checkout: z.boolean(),
});
export type CartView = z.infer<typeof cartView>;

/* ---------------------------------------------------------------- checkout */

export const checkoutBody = z.object({
  address_id: requiredId,
  payment_method: z.enum(PAYMENT_METHODS, { error: V.invalid }),
  /** Overrides the cart's coupon when given. */
  coupon_code: z.preprocess(blankToUndefined, couponCode.optional()),
});
export type CheckoutBody = z.output<typeof checkoutBody>;

export const checkoutResult = z.object({
  order_id: z.number(),
  number: z.string(),
  status: z.string(),
  total: z.number(),
  /** The card payment page (electronic); null for a wallet payment or when the payment could not start. */
  redirect_url: z.string().nullable(),
});
export type CheckoutResult = z.infer<typeof checkoutResult>;
