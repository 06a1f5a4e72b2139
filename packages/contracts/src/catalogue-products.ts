/**
 * The dashboard's products (issue 4): the limits, the body sent to preview,
 * create and edit a product, the list and its filters, the product and its
 * preview, stock settings, and the approval of main display group changes.
 * Money is integer halalas.
 */
import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { boolish, formInt, optionalId, requiredId, requiredText, V, MAX_PRICE } from './fields.ts';
import { cmsListQuery } from './cms.ts';
import { DISCOUNT_TYPES, PRODUCT_TYPES } from './store-domain.ts';
import { flag, named, priced } from './catalogue-fields.ts';

export const MAX_STOCK = 1_000_000;
export const PRODUCT_MAX_IMAGES = 10;
export const PRODUCT_MAX_VARIANTS = 100;
export const PRODUCT_MAX_FEATURES = 3;
export const LOW_STOCK_DEFAULT = 5;
/** The site settings key of the low-stock threshold. */
export const LOW_STOCK_SETTING = 'low_stock_threshold';

const money = formInt(0, MAX_PRICE);
const stock = formInt(0, MAX_STOCK);
const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
const ids = (max: number) => z.array(requiredId, { error: V.invalid }).max(max, { error: V.invalid });

/** A stock keeping unit: letters, digits, `-`, `_`, `.`; kept upper case. */
export const skuText = z
  .string({ error: V.invalid })
  .trim()
  .max(64, { error: V.maxChars })
  .regex(/^[A-Za-z0-9._-]*$/, { error: 'catalogue.sku_format' })
  .transform((v) => v.toUpperCase());
const optionalSku = z.preprocess((v) => (v === '' || v === null ? undefined : v), skuText.optional());

/** The URL of an uploaded product image (returned by the upload route). */
const imageUrl = z.string({ error: V.invalid }).trim().min(1, { error: V.invalid }).max(500, { error: V.maxChars });
const imageList = z
  .array(imageUrl, { error: V.invalid })
  .max(PRODUCT_MAX_IMAGES, { error: 'catalogue.too_many_images' })
  .default([]);

/** An ISO date-time; `''` and null clear it. */
const optionalDateTime = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: V.invalid })
    .max(40, { error: V.invalid })
    .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
      error: V.invalid,
    })
    .optional(),
);

export const productFeatureBody = z.object({
  feature_id: requiredId,
  option_ids: ids(30).min(1, { error: 'catalogue.options_required' }),
});
/** One group (variant) of a multi-attribute product, named by its options (one per chosen feature). */
export const productVariantBody = z.object({
  option_ids: ids(PRODUCT_MAX_FEATURES),
  price: money,
  stock,
  sku: optionalSku,
  images: imageList,
});

/**
 * A product as the dashboard sends it to preview, create and edit. A simple
 * product has `price`, `stock` (and an optional `sku`). A multi-attribute
 * product chooses `features` with their options; its groups are every
 * combination of them, priced from `variants` where one is given for the
 * combination, else from `price`/`stock`. `main_option_ids` names the main
 * display group (the first one when left out).
 */
export const productBody = z.object({
  type: z.enum(PRODUCT_TYPES, { error: V.invalid }).default('simple'),
  name_ar: requiredText(2, 200),
  name_en: requiredText(2, 200),
  description_ar: requiredText(2, 5000),
  description_en: requiredText(2, 5000),
  category_id: requiredId,
  sub_category_id: optionalId,
  brand_id: optionalId,
  price: nullable(money),
  stock: nullable(stock),
  sku: optionalSku,
  discount_type: z.enum(DISCOUNT_TYPES, { error: V.invalid }).default('none'),
  discount_value: money.default(0),
  discount_expires_at: optionalDateTime,
  sizes: z.array(requiredText(1, 40), { error: V.invalid }).max(20, { error: V.invalid }).default([]),
  installation_price: nullable(money),
  is_available: flag(true),
  is_active: flag(true),
  images: imageList,
  features: z
    .array(productFeatureBody, { error: V.invalid })
    .max(PRODUCT_MAX_FEATURES, { error: 'catalogue.too_many_features' })
    .default([]),
  variants: z
    .array(productVariantBody, { error: V.invalid })
    .max(PRODUCT_MAX_VARIANTS, { error: 'catalogue.too_many_variants' })
    .default([]),
  main_option_ids: ids(PRODUCT_MAX_FEATURES).default([]),
});
export type ProductBody = z.output<typeof productBody>;
export type ProductInput = z.input<typeof productBody>;

export const PRODUCT_STATUSES = ['active', 'inactive'] as const;
export const PRODUCT_STOCK_FILTERS = ['sold_out', 'low_stock', 'in_stock'] as const;
const enumFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: V.invalid }).optional());

export const adminProductsQuery = cmsListQuery.extend({
  category_id: optionalId,
  sub_category_id: optionalId,
  brand_id: optionalId,
  status: enumFilter(PRODUCT_STATUSES),
  availability: enumFilter(['available', 'unavailable'] as const),
  stock: enumFilter(PRODUCT_STOCK_FILTERS),
});
export type AdminProductsQuery = z.output<typeof adminProductsQuery>;

const optionOf = z.object({ feature_id: z.number(), option_id: z.number(), name_ar: z.string(), name_en: z.string() });

export const adminVariant = z.object({
  /** null: a group the save would create. */
  id: z.number().nullable(),
  sku: z.string(),
  ...priced,
  stock: z.number(),
  is_active: z.boolean(),
  is_main: z.boolean(),
  name_ar: z.string(),
  name_en: z.string(),
  options: z.array(optionOf),
  images: z.array(z.string()),
});
export type AdminVariant = z.infer<typeof adminVariant>;

const ref = z.object(named).nullable();
export const adminProduct = z.object({
  /** null in a preview of a new product. */
  id: z.number().nullable(),
  type: z.enum(PRODUCT_TYPES),
  name_ar: z.string(),
  name_en: z.string(),
  description_ar: z.string(),
  description_en: z.string(),
  category_id: z.number().nullable(),
  sub_category_id: z.number().nullable(),
  brand_id: z.number().nullable(),
  category: ref,
  sub_category: ref,
  brand: ref,
  ...priced,
  stock: z.number(),
  discount_type: z.enum(DISCOUNT_TYPES),
  discount_value: z.number(),
  discount_expires_at: z.string().nullable(),
  discount_active: z.boolean(),
  sizes: z.array(z.string()),
  installation_price: z.number().nullable(),
  is_available: z.boolean(),
  is_active: z.boolean(),
  images: z.array(z.string()),
  features: z.array(z.object({ ...named, options: z.array(z.object(named)) })),
  variants: z.array(adminVariant),
  main_variant_id: z.number().nullable(),
  /** A change of the main display group waiting for approval. */
  pending_main_variant: z.object({ id: z.number(), variant_id: z.number(), sku: z.string() }).nullable(),
  rating_avg: z.number(),
  rating_count: z.number(),
  sold_count: z.number(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

/** What a save would do: the product as it would be stored, and what needs attention. */
export const productPreview = adminProduct.extend({
  /** The main display group would change: the save sends it for approval instead of applying it. */
  main_variant_review: z.boolean(),
  /** The requested main display group (by its SKU). */
  requested_main_sku: z.string(),
  /** Groups of the stored product that the save would deactivate (their combination is gone). */
  deactivated_variants: z.array(z.object({ id: z.number(), sku: z.string() })),
});
export type ProductPreview = z.infer<typeof productPreview>;

export const adminProductRow = z.object({
  id: z.number(),
  type: z.enum(PRODUCT_TYPES),
  name_ar: z.string(),
  name_en: z.string(),
  image: z.string().nullable(),
  category: z.string().nullable(),
  sub_category: z.string().nullable(),
  brand: z.string().nullable(),
  ...priced,
  stock: z.number(),
  low_stock: z.boolean(),
  variants_count: z.number(),
  is_active: z.boolean(),
  is_available: z.boolean(),
  created_at: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRow>;

export const productAvailabilityBody = z.object({ available: boolish });
export const productUploaded = z.object({ url: z.string(), thumbnail: z.string() });
export const stockSettings = z.object({ low_stock_threshold: z.number() });
export const stockSettingsBody = z.object({ low_stock_threshold: formInt(0, MAX_STOCK) });

export const MAIN_CHANGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const mainChangesQuery = pageQuery.extend({ status: enumFilter(MAIN_CHANGE_STATUSES) });
export const mainVariantChange = z.object({
  id: z.number(),
  status: z.enum(MAIN_CHANGE_STATUSES),
  product: z.object({ id: z.number(), name_ar: z.string(), name_en: z.string(), image: z.string().nullable() }),
  current: z.object({ id: z.number(), sku: z.string(), name_ar: z.string(), price: z.number() }).nullable(),
  requested: z.object({ id: z.number(), sku: z.string(), name_ar: z.string(), price: z.number() }),
  requested_by: z.string().nullable(),
  decided_by: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type MainVariantChange = z.infer<typeof mainVariantChange>;
