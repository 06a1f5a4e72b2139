/**
 * The store's catalogue (issue 4): Arabic-aware search, the dashboard's
 * brands, categories, features and products, and the public store API that the
 * site and the mobile apps share. Money is integer halalas everywhere.
 */
import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { boolish, optionalText, requiredText, V, DB_INT_MAX, MAX_PRICE } from './fields.ts';
import { cmsListQuery, formInt } from './cms.ts';
import { optionalId, requiredId } from './people.ts';
import { DISCOUNT_TYPES, PRODUCT_TYPES, STORE_SORTS } from './store-domain.ts';

/* ------------------------------------------------------------------ search */

/** Arabic marks: tashkeel (fatha, damma, kasra, tanween, shadda, sukun…), superscript alef, Quranic marks. */
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e8\u06ea-\u06ed]/g;
const TATWEEL = /\u0640/g;
const FOLD: Record<string, string> = {
  // alef with hamza above / below, with madda, wasla, wavy hamza: bare alef
  '\u0623': '\u0627',
  '\u0625': '\u0627',
  '\u0622': '\u0627',
  '\u0671': '\u0627',
  '\u0672': '\u0627',
  '\u0673': '\u0627',
  // taa marbuta: haa; alef maqsura and Persian yeh: yaa
  '\u0629': '\u0647',
  '\u0649': '\u064a',
  '\u06cc': '\u064a',
};
const FOLDED = /[\u0623\u0625\u0622\u0671\u0672\u0673\u0629\u0649\u06cc]/g;
/** Arabic-Indic and Eastern Arabic-Indic digits. */
const DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * The form of a text that search compares: Unicode compatibility forms folded
 * (NFKC: Arabic presentation forms, full-width Latin), Arabic diacritics and
 * tatweel removed, أ إ آ ٱ → ا, ة → ه, ى → ي, Arabic digits → 0-9, lower case,
 * runs of white space made one space. Used for `products.search_text` and for
 * the query, by the server and the site alike.
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKC')
    .replace(ARABIC_MARKS, '')
    .replace(TATWEEL, '')
    .replace(FOLDED, (c) => FOLD[c]!)
    .replace(DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a search query (at most `max`), normalised. */
export const searchTerms = (q: string, max = 5) => normalizeSearch(q).split(' ').filter(Boolean).slice(0, max);

/* ----------------------------------------------------------- shared fields */

export const MAX_STOCK = 1_000_000;
export const PRODUCT_MAX_IMAGES = 10;
export const PRODUCT_MAX_VARIANTS = 100;
export const PRODUCT_MAX_FEATURES = 3;
export const LOW_STOCK_DEFAULT = 5;
/** The site settings key of the low-stock threshold. */
export const LOW_STOCK_SETTING = 'low_stock_threshold';

const money = formInt(0, MAX_PRICE);
const stock = formInt(0, MAX_STOCK);
const flag = (fallback: boolean) => boolish.default(fallback);
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

const named = { id: z.number(), name_ar: z.string(), name_en: z.string() };

/* ------------------------------------------------------------------ brands */

export const brandBody = z.object({
  name_ar: requiredText(2, 100),
  name_en: requiredText(2, 100),
  active: flag(true),
});
export const adminBrand = z.object({ ...named, logo: z.string().nullable(), active: z.boolean() });

/* -------------------------------------------------------------- categories */

/** A category, or a sub-category when `parent_id` names a (top-level) category. */
export const categoryBody = z.object({
  name_ar: requiredText(2, 100),
  name_en: requiredText(2, 100),
  parent_id: optionalId,
  sort: formInt(-1_000_000, 1_000_000).default(0),
  active: flag(true),
});
export const adminCategory = z.object({
  ...named,
  parent_id: z.number().nullable(),
  image: z.string().nullable(),
  sort: z.number(),
  active: z.boolean(),
});
/** `parent_id=0`: the top-level categories; `parent_id=N`: the sub-categories of N. */
export const categoryListQuery = cmsListQuery.extend({
  parent_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).min(0).max(DB_INT_MAX).optional(),
  ),
});

/* ---------------------------------------------------------------- features */

export const featureOptionBody = z.object({
  /** An existing option of this feature (kept); none: a new option. */
  id: optionalId,
  name_ar: requiredText(1, 100),
  name_en: requiredText(1, 100),
});
/** A feature is saved with its options: options left out of `options` are removed (unless a product uses them). */
export const featureBody = z.object({
  name_ar: requiredText(2, 100),
  name_en: requiredText(2, 100),
  options: z
    .array(featureOptionBody, { error: V.required })
    .min(1, { error: 'catalogue.options_required' })
    .max(50, { error: V.invalid }),
});
export const featureOption = z.object({ ...named, sort: z.number() });
export const adminFeature = z.object({ ...named, options: z.array(featureOption) });

/* ---------------------------------------------------------------- products */

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
const priced = {
  price: z.number().describe('halalas'),
  discounted_price: z.number().describe('halalas, after the product discount now'),
};

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

/* ------------------------------------------------------------ public store */

const money01 = (name: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: V.invalid })
      .int({ error: V.invalid })
      .min(0, { error: V.invalid })
      .max(MAX_PRICE, { error: V.invalid })
      .optional()
      .describe(`${name}, halalas`),
  );
const onlyWhen = z.preprocess((v) => (v === '' ? undefined : v), boolish.optional());

/** The store's product list: search, filters, sort and page. */
export const storeProductsQuery = pageQuery.extend({
  q: optionalText(100),
  category_id: optionalId,
  sub_category_id: optionalId,
  brand_id: optionalId,
  price_min: money01('lowest price after discount'),
  price_max: money01('highest price after discount'),
  /** Only products in stock and available. */
  available: onlyWhen,
  /** Only products with a discount running now. */
  discounted: onlyWhen,
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(STORE_SORTS, { error: V.invalid }).default('newest')),
});
export type StoreProductsQuery = z.output<typeof storeProductsQuery>;

const localName = { id: z.number(), name: z.string() };
export const storeSubCategory = z.object({ ...localName, image: z.string().nullable() });
export const storeCategory = storeSubCategory.extend({ sub_categories: z.array(storeSubCategory) });
export const storeBrand = z.object({ ...localName, logo: z.string().nullable() });

const discount = {
  discount_type: z.enum(DISCOUNT_TYPES),
  discount_value: z.number().describe('percent for ratio, halalas for number'),
  discount_expires_at: z.string().nullable(),
  has_discount: z.boolean().describe('a discount runs now'),
};

export const storeProductCard = z.object({
  ...localName,
  slug: z
    .string()
    .describe(
      'of the English name, the same in both languages; the page is /online_store/{id}-{slug} ({id} alone when empty)',
    ),
  variant_id: z
    .number()
    .nullable()
    .describe('the variant the card shows (the main one); null when the product has none'),
  type: z.enum(PRODUCT_TYPES),
  image: z.string().nullable(),
  ...priced,
  ...discount,
  stock: z.number(),
  is_available: z.boolean().describe('available and in stock'),
  rating_avg: z.number(),
  rating_count: z.number(),
  category_id: z.number().nullable(),
  sub_category_id: z.number().nullable(),
  brand: z.object(localName).nullable(),
  is_favourite: z.boolean().describe('false for visitors'),
});
export type StoreProductCard = z.infer<typeof storeProductCard>;

export const storeVariant = z.object({
  id: z.number(),
  sku: z.string(),
  name: z.string(),
  ...priced,
  stock: z.number(),
  is_main: z.boolean(),
  options: z.array(z.object({ feature_id: z.number(), option_id: z.number(), name: z.string() })),
  images: z.array(z.string()),
});

export const storeProduct = storeProductCard.extend({
  description: z.string(),
  images: z.array(z.string()),
  category: z.object(localName).nullable(),
  sub_category: z.object(localName).nullable(),
  sizes: z.array(z.string()),
  installation_price: z.number().nullable(),
  features: z.array(z.object({ ...localName, options: z.array(z.object(localName)) })),
  variants: z.array(storeVariant),
  main_variant_id: z.number().nullable(),
  sold_count: z.number(),
  /** For the page head and link previews. */
  seo: z.object({ title: z.string(), description: z.string(), image: z.string().nullable() }),
});
export type StoreProduct = z.infer<typeof storeProduct>;

export const productRating = z.object({
  id: z.number(),
  rating: z.number(),
  comment: z.string().nullable(),
  user_name: z.string(),
  created_at: z.string(),
});

export const favouriteBody = z.object({ product_id: requiredId });
export const productIdParam = z.object({
  product_id: z.coerce.number({ error: V.invalid }).int().positive().max(DB_INT_MAX),
});
