/**
 * The store's catalogue: brands, categories (two levels), features with options,
 * products with their variants ("groups"), images, favourites and ratings.
 *
 * Every product has at least one variant: a simple product has exactly one, a
 * multi-attribute product one per chosen option combination. Price and stock
 * live on the variant (what the cart and the order lines point at); the product
 * row keeps the main display variant's price and the summed stock, maintained
 * by the catalogue service, so listings filter and sort on one table.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, tz, updatedAt } from './columns.ts';
import { admins } from './admins.ts';
import { users } from './users.ts';

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  logo: text('logo'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A category (parentId null) or one of its sub-categories. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): never => categories.id as never, { onDelete: 'cascade' }),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    image: text('image'),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.sort)],
);

/** A product attribute such as size, colour or power. */
export const features = pgTable('features', {
  id: serial('id').primaryKey(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const featureOptions = pgTable(
  'feature_options',
  {
    id: serial('id').primaryKey(),
    featureId: integer('feature_id')
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('feature_options_feature_idx').on(t.featureId, t.sort)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 8 }).$type<'simple' | 'multi'>().notNull().default('simple'),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionAr: text('description_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    subCategoryId: integer('sub_category_id').references(() => categories.id, { onDelete: 'set null' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    /** The main display variant's price, halalas. */
    price: integer('price').notNull(),
    /** Sum of the variants' stock. */
    stock: integer('stock').notNull().default(0),
    discountType: varchar('discount_type', { length: 8 })
      .$type<'none' | 'ratio' | 'number'>()
      .notNull()
      .default('none'),
    /** Percent (1-99) for `ratio`, halalas for `number`. */
    discountValue: integer('discount_value').notNull().default(0),
    discountExpiresAt: tz('discount_expires_at'),
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Installation offered with the product, and its price (halalas). */
    installationPrice: integer('installation_price'),
    isAvailable: boolean('is_available').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    mainVariantId: integer('main_variant_id'),
    /** Normalised Arabic + English names, brand and category for search (see `normalizeSearch`). */
    searchText: text('search_text').notNull().default(''),
    /**
     * What search matches (issue 12), computed by the SQL function `search_norm` (contracts'
     * `searchKey`): the search text, the names alone (ranked first, typos), the descriptions.
     */
    searchKey: text('search_key').generatedAlwaysAs(sql`search_norm(search_text)`),
    searchName: text('search_name').generatedAlwaysAs(sql`search_norm(name_ar || ' ' || name_en)`),
    searchDesc: text('search_desc').generatedAlwaysAs(sql`search_norm(description_ar || ' ' || description_en)`),
    ratingAvg: integer('rating_avg_x100').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_nonnegative', sql`${t.price} >= 0`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    index('products_category_idx').on(t.categoryId),
    index('products_sub_category_idx').on(t.subCategoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_price_idx').on(t.price),
    index('products_created_idx').on(t.createdAt),
    /** The store's visible products, newest first: the default list and its count read only this index. */
    index('products_visible_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isActive} and ${t.deletedAt} is null`),
    index('products_sold_idx').on(t.soldCount),
    /** The home page's strip: products on offer, best sellers first (`storeStrip`), read backwards. */
    index('products_offers_sold_idx')
      .on(t.soldCount, t.id)
      .where(sql`${t.isActive} and ${t.deletedAt} is null and ${t.discountType} <> 'none' and ${t.discountValue} > 0`),
    index('products_search_key_trgm_idx').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    index('products_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('products_search_desc_trgm_idx').using('gin', sql`${t.searchDesc} gin_trgm_ops`),
  ],
);

/**
 * The distinct words of the products' names as search compares them (`search_name`, with
 * each word's stem), kept by triggers on `products` (migration 0019): a mistyped word is
 * looked for among these few words by trigram similarity, then products are matched by
 * the closest words themselves. Words of digits alone are left out (a number is meant as
 * typed); a word no product has any more stays, and then matches nothing.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/** A sellable form of a product: its own price, stock, SKU and images. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: varchar('sku', { length: 64 }).notNull(),
    price: integer('price').notNull(),
    stock: integer('stock').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('product_variants_price_nonnegative', sql`${t.price} >= 0`),
    check('product_variants_stock_nonnegative', sql`${t.stock} >= 0`),
    uniqueIndex('product_variants_sku_unique').on(t.sku),
    index('product_variants_product_idx').on(t.productId),
  ],
);

/** The options that make up a variant (one per chosen feature). */
export const variantOptions = pgTable(
  'variant_options',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => featureOptions.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.optionId] })],
);

/** Gallery images of a product; `variantId` set for a variant's own images. */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.sort)],
);

/** A request to change a product's main display variant, approved by an admin (spec section 4). */
export const mainVariantChanges = pgTable(
  'main_variant_changes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10 }).$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    requestedBy: integer('requested_by').references(() => admins.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => admins.id, { onDelete: 'set null' }),
    decidedAt: tz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [index('main_variant_changes_status_idx').on(t.status, t.createdAt)],
);

export const favourites = pgTable(
  'favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** A customer's rating of a product bought in a delivered order: once per order and product. */
export const productRatings = pgTable(
  'product_ratings',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    check('product_ratings_range', sql`${t.rating} between 1 and 5`),
    uniqueIndex('product_ratings_once').on(t.orderId, t.productId),
    index('product_ratings_product_idx').on(t.productId, t.createdAt),
  ],
);
