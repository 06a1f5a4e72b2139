/**
 * The public store API of the catalogue (issue 4) that the site and the mobile
 * apps share: the product list query, categories, brands, product cards, a
 * product with its groups, ratings and favourites. Money is integer halalas.
 */
import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { boolish, optionalId, optionalText, requiredId, V, DB_INT_MAX, MAX_PRICE } from './fields.ts';
import { DISCOUNT_TYPES, PRODUCT_TYPES, STORE_SORTS } from './store-domain.ts';
import { pricedForConsumers } from './catalogue-fields.ts';

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
  price_min: money01('lowest price after discount, with VAT'),
  price_max: money01('highest price after discount, with VAT'),
  /** Only products in stock and available. */
  available: onlyWhen,
  /** Only products with a discount running now. */
  discounted: onlyWhen,
  sort: z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(STORE_SORTS, { error: V.invalid }).optional())
    .describe('relevance by default with a search (q), newest without; relevance without a search is newest'),
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
  ...pricedForConsumers,
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
  ...pricedForConsumers,
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
  installation_price: z.number().nullable().describe('per unit, before VAT'),
  installation_price_with_vat: z.number().nullable(),
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
  user_name: z.string().describe("the reviewer's first name and the next name's initial only (privacy)"),
  created_at: z.string(),
});

export const favouriteBody = z.object({ product_id: requiredId });
/** A product's address slug (`slugify` of its English name): lower-case words of a-z and 0-9 joined by `-`. */
export const PRODUCT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const productSlugParam = z.object({
  slug: z.string().max(80, { error: V.invalid }).regex(PRODUCT_SLUG, { error: V.invalid }),
});
export const productIdParam = z.object({
  product_id: z.coerce.number({ error: V.invalid }).int().positive().max(DB_INT_MAX),
});
