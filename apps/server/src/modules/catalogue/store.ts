/**
 * The public store (issue 4), in the request language: categories, brands,
 * the product list (search, filters, sort, pages), a product, related products,
 * ratings and favourites. Inactive and deleted products do not exist here.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tables, type Db } from '@pool/db';
import {
  STORE_PAGE_SIZE,
  beforeVat,
  consumerPrices,
  defaultStoreSort,
  discountActive,
  sizeText,
  slugify,
  withVat,
  type Lang,
  type StoreProduct,
  type StoreProductCard,
  type StoreProductsQuery,
  type StoreSort,
  type VatTerms,
} from '@pool/contracts';
import { vatTerms } from '../cart/index.ts';
import { coverImage, pageInfo } from './product-list.ts';
import { searchedList, type ProductSearch } from './search.ts';

const p = tables.products;
const pv = tables.productVariants;
const vo = tables.variantOptions;
const pi = tables.productImages;
const fo = tables.featureOptions;
const ft = tables.features;
const cat = tables.categories;
const br = tables.brands;
const fav = tables.favourites;
const pr = tables.productRatings;

type Named = { nameAr: string; nameEn: string };
const pick = (lang: Lang, r: Named) => (lang === 'en' ? r.nameEn : r.nameAr);

/** A product the store shows. */
export const visible = and(eq(p.isActive, true), isNull(p.deletedAt))!;

/** Whether the product's discount runs now (the SQL of `discountActive`). */
const discounted = sql`(${p.discountType} <> 'none' and ${p.discountValue} > 0 and (${p.discountExpiresAt} is null or ${p.discountExpiresAt} > now()))`;
/** A product that can be bought now: available and in stock. */
const inStock = and(eq(p.isAvailable, true), sql`${p.stock} > 0`)!;
/** The price after the discount now (the SQL of `discountedPrice`). */
const effectivePrice = sql<number>`(case when ${discounted} then greatest(0, ${p.price} - case when ${p.discountType} = 'ratio' then round(${p.price} * ${p.discountValue} / 100.0)::int else ${p.discountValue} end) else ${p.price} end)`;
/** That price with VAT, as the cards show it (the SQL of `withVat`; ADR 0023). */
const shownPrice = (vat: VatTerms) =>
  vat.pricesIncludeVat
    ? effectivePrice
    : sql<number>`(${effectivePrice} + round(${effectivePrice} * ${vat.rateBp} / 10000.0)::int)`;

const ORDER: Record<Exclude<StoreSort, 'relevance'>, SQL[]> = {
  newest: [desc(p.createdAt), desc(p.id)],
  price_asc: [asc(effectivePrice), desc(p.id)],
  price_desc: [desc(effectivePrice), desc(p.id)],
  rating: [desc(p.ratingAvg), desc(p.ratingCount), desc(p.id)],
  best_selling: [desc(p.soldCount), desc(p.id)],
};

/** The list's order: with a search by relevance (then those that can be bought, best sellers), else the sort's. */
function orderOf(sort: StoreSort, search: ProductSearch | undefined): SQL[] {
  if (sort !== 'relevance') return ORDER[sort];
  return search ? [asc(search.rank), desc(inStock), desc(p.soldCount), desc(p.id)] : ORDER.newest;
}

const page = (total: number, current: number, perPage = STORE_PAGE_SIZE) => pageInfo(total, current, perPage);

/**
 * The product whose address slug is `slug` (an address without its id, `/online_store/{slug}`):
 * the slug is made from the English name, so the names holding its words in order are
 * candidates, and the one whose own slug matches wins (the newest when two do). Null when none.
 */
export async function productBySlug(db: Db, slug: string) {
  const words = slug.split('-').filter(Boolean);
  if (!words.length) return null;
  const rows = await db
    .select({ id: p.id, nameEn: p.nameEn })
    .from(p)
    .where(and(visible, ilike(p.nameEn, `%${words.join('%')}%`)))
    .orderBy(desc(p.id))
    .limit(50);
  const found = rows.find((r) => slugify(r.nameEn) === slug);
  return found ? { id: found.id, slug } : null;
}

async function shown(db: Db, id: number) {
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.id, id), visible));
  return !!row;
}

/** Product cards of the rows `where` selects, in `order`. */
async function cards(
  db: Db,
  lang: Lang,
  userId: number | null,
  o: { where: SQL; order: SQL[]; limit: number; offset?: number; from?: 'favourites' },
): Promise<StoreProductCard[]> {
  const favourite = userId
    ? sql<boolean>`exists (select 1 from ${fav} where ${fav.userId} = ${userId} and ${fav.productId} = ${p.id})`
    : sql<boolean>`false`;
  const base = db
    .select({
      row: p,
      image: coverImage,
      brandAr: br.nameAr,
      brandEn: br.nameEn,
      favourite,
    })
    .from(p);
  const joined =
    o.from === 'favourites' && userId
      ? base.innerJoin(fav, and(eq(fav.productId, p.id), eq(fav.userId, userId)))
      : base;
  const [rows, vat] = await Promise.all([
    joined
      .leftJoin(br, eq(br.id, p.brandId))
      .where(o.where)
      .orderBy(...o.order)
      .limit(o.limit)
      .offset(o.offset ?? 0),
    vatTerms(db),
  ]);
  return rows.map(({ row: r, ...x }) => cardOf(lang, vat, r, x));
}

function cardOf(
  lang: Lang,
  vat: VatTerms,
  r: typeof p.$inferSelect,
  x: { image: string | null; brandAr: string | null; brandEn: string | null; favourite: boolean },
): StoreProductCard {
  const discount = {
    discount_type: r.discountType,
    discount_value: r.discountValue,
    discount_expires_at: r.discountExpiresAt,
  };
  return {
    id: r.id,
    name: lang === 'en' ? r.nameEn : r.nameAr,
    slug: slugify(r.nameEn),
    variant_id: r.mainVariantId,
    type: r.type,
    image: x.image,
    ...consumerPrices(r.price, discount, vat),
    discount_type: r.discountType,
    discount_value: r.discountValue,
    discount_expires_at: r.discountExpiresAt?.toISOString() ?? null,
    has_discount: discountActive(discount),
    stock: r.stock,
    is_available: r.isAvailable && r.stock > 0,
    rating_avg: r.ratingAvg / 100,
    rating_count: r.ratingCount,
    category_id: r.categoryId,
    sub_category_id: r.subCategoryId,
    brand: r.brandId && x.brandAr !== null ? { id: r.brandId, name: lang === 'en' ? x.brandEn! : x.brandAr } : null,
    is_favourite: !!x.favourite,
  };
}

export async function storeProducts(db: Db, q: StoreProductsQuery, lang: Lang, userId: number | null) {
  const shown = shownPrice(await vatTerms(db));
  const filters = and(
    visible,
    q.category_id ? eq(p.categoryId, q.category_id) : undefined,
    q.sub_category_id ? eq(p.subCategoryId, q.sub_category_id) : undefined,
    q.brand_id ? eq(p.brandId, q.brand_id) : undefined,
    q.price_min !== undefined ? gte(shown, q.price_min) : undefined,
    q.price_max !== undefined ? lte(shown, q.price_max) : undefined,
    q.available ? inStock : undefined,
    q.discounted ? discounted : undefined,
  )!;
  const offset = (q.page - 1) * STORE_PAGE_SIZE;
  const { data, total } = await searchedList(db, q.q, async (search) => {
    const where = and(filters, search?.where)!;
    const order = orderOf(q.sort ?? defaultStoreSort(q.q), search);
    // A search may match thousands of products: the page's ids are picked from narrow rows
    // first (top-N of the rank), so that only the page's rows are joined and read as cards.
    const pageIds = db
      .select({ id: p.id })
      .from(p)
      .where(where)
      .orderBy(...order)
      .limit(STORE_PAGE_SIZE)
      .offset(offset);
    const [[{ total } = { total: 0 }], data] = await Promise.all([
      db.select({ total: count() }).from(p).where(where),
      cards(
        db,
        lang,
        userId,
        search
          ? { where: inArray(p.id, pageIds), order, limit: STORE_PAGE_SIZE }
          : { where, order, limit: STORE_PAGE_SIZE, offset },
      ),
    ]);
    return { data, total };
  });
  return { data, pagination: page(total, q.page) };
}

/** How many products the home page's strip shows, and how many offers it needs to show offers. */
export const STRIP_SIZE = 8;
const STRIP_MIN_OFFERS = 4;

/**
 * The home page's strip: the products on offer now that can be bought, best
 * sellers first; the newest that can be bought when fewer than 4 are on offer.
 * The same products as the store's lists (`discounted=1&available=1&sort=best_selling`,
 * else `available=1`), without their count: one query, which reads the partial
 * index `products_offers_sold_idx` (the newest: `products_visible_created_idx`).
 */
export async function storeStrip(db: Db, lang: Lang, userId: number | null) {
  const offers = await cards(db, lang, userId, {
    where: and(visible, inStock, discounted)!,
    order: ORDER.best_selling,
    limit: STRIP_SIZE,
  });
  if (offers.length >= STRIP_MIN_OFFERS) return { kind: 'offers' as const, products: offers };
  const newest = await cards(db, lang, userId, {
    where: and(visible, inStock)!,
    order: ORDER.newest,
    limit: STRIP_SIZE,
  });
  return { kind: 'newest' as const, products: newest };
}

/** Active categories in order, each with its active sub-categories. */
export async function storeCategories(db: Db, lang: Lang) {
  const rows = await db.select().from(cat).where(eq(cat.isActive, true)).orderBy(asc(cat.sort), asc(cat.id));
  const item = (r: (typeof rows)[number]) => ({ id: r.id, name: pick(lang, r), image: r.image });
  return rows
    .filter((r) => r.parentId === null)
    .map((r) => ({ ...item(r), sub_categories: rows.filter((s) => s.parentId === r.id).map(item) }));
}

export async function storeBrands(db: Db, lang: Lang) {
  const rows = await db
    .select()
    .from(br)
    .where(eq(br.isActive, true))
    .orderBy(asc(lang === 'en' ? br.nameEn : br.nameAr), asc(br.id));
  return rows.map((r) => ({ id: r.id, name: pick(lang, r), logo: r.logo }));
}

/** One product as the store shows it; undefined when it is not shown. */
export async function storeProduct(
  db: Db,
  id: number,
  lang: Lang,
  userId: number | null,
): Promise<StoreProduct | undefined> {
  const sub = alias(cat, 'sub');
  const [found] = await db
    .select({
      category: { id: cat.id, nameAr: cat.nameAr, nameEn: cat.nameEn },
      sub: { id: sub.id, nameAr: sub.nameAr, nameEn: sub.nameEn },
    })
    .from(p)
    .leftJoin(cat, eq(cat.id, p.categoryId))
    .leftJoin(sub, eq(sub.id, p.subCategoryId))
    .where(and(eq(p.id, id), visible))
    .limit(1);
  if (!found) return undefined;
  const [[card], variants, images, options, vat] = await Promise.all([
    cards(db, lang, userId, { where: eq(p.id, id), order: [], limit: 1 }),
    db
      .select()
      .from(pv)
      .where(and(eq(pv.productId, id), eq(pv.isActive, true)))
      .orderBy(asc(pv.id)),
    db.select().from(pi).where(eq(pi.productId, id)).orderBy(asc(pi.sort), asc(pi.id)),
    db
      .select({ variantId: vo.variantId, option: fo, feature: ft })
      .from(vo)
      .innerJoin(pv, eq(pv.id, vo.variantId))
      .innerJoin(fo, eq(fo.id, vo.optionId))
      .innerJoin(ft, eq(ft.id, fo.featureId))
      .where(and(eq(pv.productId, id), eq(pv.isActive, true)))
      .orderBy(asc(ft.id), asc(fo.sort), asc(fo.id)),
    vatTerms(db),
  ]);
  const r = (await db.select().from(p).where(eq(p.id, id)))[0]!;
  const discount = {
    discount_type: r.discountType,
    discount_value: r.discountValue,
    discount_expires_at: r.discountExpiresAt,
  };
  const gallery = images.filter((i) => i.variantId === null).map((i) => i.path);
  const features = new Map<number, { id: number; name: string; options: Map<number, { id: number; name: string }> }>();
  for (const o of options) {
    const f = features.get(o.feature.id) ?? { id: o.feature.id, name: pick(lang, o.feature), options: new Map() };
    f.options.set(o.option.id, { id: o.option.id, name: pick(lang, o.option) });
    features.set(f.id, f);
  }
  const ref = (c: { id: number | null; nameAr: string | null; nameEn: string | null } | null) =>
    c?.id ? { id: c.id, name: (lang === 'en' ? c.nameEn : c.nameAr)! } : null;
  const description = lang === 'en' ? r.descriptionEn : r.descriptionAr;
  return {
    ...card!,
    description,
    images: gallery,
    category: ref(found.category),
    sub_category: ref(found.sub),
    sizes: r.sizes.map((s) => sizeText(lang, s)),
    installation_price: r.installationPrice === null ? null : beforeVat(r.installationPrice, vat),
    installation_price_with_vat: r.installationPrice === null ? null : withVat(r.installationPrice, vat),
    features: [...features.values()].map((f) => ({ ...f, options: [...f.options.values()] })),
    variants: variants.map((v) => {
      const mine = options.filter((o) => o.variantId === v.id);
      return {
        id: v.id,
        sku: v.sku,
        name: mine.map((o) => pick(lang, o.option)).join(' / '),
        ...consumerPrices(v.price, discount, vat),
        stock: v.stock,
        is_main: v.id === r.mainVariantId,
        options: mine.map((o) => ({ feature_id: o.feature.id, option_id: o.option.id, name: pick(lang, o.option) })),
        images: images.filter((i) => i.variantId === v.id).map((i) => i.path),
      };
    }),
    main_variant_id: r.mainVariantId,
    sold_count: r.soldCount,
    seo: {
      title: card!.name,
      description: description.replace(/\s+/g, ' ').trim().slice(0, 160),
      image: gallery[0] ?? null,
    },
  };
}

/** Up to `limit` shown products of the same sub-category first, then of the same category. */
export async function relatedProducts(db: Db, id: number, lang: Lang, userId: number | null, limit = 8) {
  const [row] = await db
    .select({ categoryId: p.categoryId, subCategoryId: p.subCategoryId })
    .from(p)
    .where(and(eq(p.id, id), visible));
  if (!row) return undefined;
  if (!row.categoryId && !row.subCategoryId) return [];
  // Same sub-category first (PostgreSQL refuses a constant in ORDER BY, so only when there is one).
  const sameSub = row.subCategoryId ? [desc(sql`coalesce(${p.subCategoryId} = ${row.subCategoryId}, false)`)] : [];
  return cards(db, lang, userId, {
    where: and(
      visible,
      ne(p.id, id),
      row.categoryId ? eq(p.categoryId, row.categoryId) : eq(p.subCategoryId, row.subCategoryId!),
    )!,
    order: [...sameSub, desc(p.soldCount), desc(p.ratingAvg), desc(p.id)],
    limit,
  });
}

/** Compound first names that are one name in two words (عبد الله, أبو بكر). */
const NAME_PREFIXES = new Set(['عبد', 'عبدال', 'أبو', 'ابو']);

/**
 * How a reviewer is named to the public (privacy): the first name and the next name's initial,
 * `محمد ع.` / `Sara A.`; never the full name. Empty when there is no name.
 */
export function reviewerName(full: string | null) {
  const words = (full ?? '').trim().split(/\s+/).filter(Boolean);
  const firstLength = words.length > 2 && NAME_PREFIXES.has(words[0]!) ? 2 : 1;
  const first = words.slice(0, firstLength).join(' ');
  const next = words[firstLength];
  return next ? `${first} ${[...next][0]!.toLocaleUpperCase()}.` : first;
}

export async function productRatings(db: Db, id: number, pageNo: number) {
  if (!(await shown(db, id))) return undefined;
  const where = eq(pr.productId, id);
  const perPage = 10;
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(pr).where(where),
    db
      .select({ rating: pr, name: tables.users.name })
      .from(pr)
      .leftJoin(tables.users, eq(tables.users.id, pr.userId))
      .where(where)
      .orderBy(desc(pr.createdAt), desc(pr.id))
      .limit(perPage)
      .offset((pageNo - 1) * perPage),
  ]);
  return {
    data: rows.map(({ rating: r, name }) => ({
      id: r.id,
      rating: r.rating,
      comment: r.comment,
      user_name: reviewerName(name),
      created_at: r.createdAt.toISOString(),
    })),
    pagination: page(total, pageNo, perPage),
  };
}

/* -------------------------------------------------------------- favourites */

export async function favourites(db: Db, userId: number, lang: Lang, pageNo: number) {
  const where = and(visible, eq(fav.userId, userId))!;
  const [[{ total } = { total: 0 }], data] = await Promise.all([
    db.select({ total: count() }).from(fav).innerJoin(p, eq(p.id, fav.productId)).where(where),
    cards(db, lang, userId, {
      from: 'favourites',
      where,
      order: [desc(fav.createdAt), desc(p.id)],
      limit: STORE_PAGE_SIZE,
      offset: (pageNo - 1) * STORE_PAGE_SIZE,
    }),
  ]);
  return { data, pagination: page(total, pageNo) };
}

/** Adds a shown product to the favourites (once); false when the product is not shown. */
export async function addFavourite(db: Db, userId: number, productId: number) {
  if (!(await shown(db, productId))) return false;
  await db.insert(fav).values({ userId, productId }).onConflictDoNothing();
  return true;
}

export async function removeFavourite(db: Db, userId: number, productId: number) {
  await db.delete(fav).where(and(eq(fav.userId, userId), eq(fav.productId, productId)));
}
