/**
 * The dashboard's product list (issue 4): search and filters, the low-stock
 * threshold it marks rows by, and the list pieces the store and the approvals
 * share (a list answer's `pagination`, a product's cover image).
 */
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tables, type Db } from '@pool/db';
import {
  CMS_PER_PAGE,
  LOW_STOCK_DEFAULT,
  LOW_STOCK_SETTING,
  discountedPrice,
  type AdminProductRow,
  type AdminProductsQuery,
  type Lang,
} from '@pool/contracts';
import { searchedList } from './search.ts';

const { products: p, productVariants: pv, productImages: pi, categories: cat, brands: br } = tables;

/** The `pagination` of a list answer. */
export const pageInfo = (total: number, current: number, perPage = CMS_PER_PAGE) => ({
  total_items: total,
  per_page: perPage,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
  current_page: current,
});

export async function lowStockThreshold(db: Db): Promise<number> {
  const [row] = await db.select().from(tables.settings).where(eq(tables.settings.key, LOW_STOCK_SETTING));
  return typeof row?.value === 'number' ? row.value : LOW_STOCK_DEFAULT;
}

export async function setLowStockThreshold(db: Db, value: number) {
  const s = tables.settings;
  await db
    .insert(s)
    .values({ key: LOW_STOCK_SETTING, value })
    .onConflictDoUpdate({ target: s.key, set: { value, updatedAt: new Date() } });
}

/** The first gallery image of a product. */
export const coverImage = sql<
  string | null
>`(select ${pi.path} from ${pi} where ${pi.productId} = ${p.id} and ${pi.variantId} is null order by ${pi.sort}, ${pi.id} limit 1)`;

export async function adminProducts(db: Db, q: AdminProductsQuery, lang: Lang) {
  const threshold = await lowStockThreshold(db);
  const filters: (SQL | undefined)[] = [
    isNull(p.deletedAt),
    q.category_id ? eq(p.categoryId, q.category_id) : undefined,
    q.sub_category_id ? eq(p.subCategoryId, q.sub_category_id) : undefined,
    q.brand_id ? eq(p.brandId, q.brand_id) : undefined,
    q.status ? eq(p.isActive, q.status === 'active') : undefined,
    q.availability ? eq(p.isAvailable, q.availability === 'available') : undefined,
    q.stock === 'sold_out' ? eq(p.stock, 0) : undefined,
    q.stock === 'low_stock' ? and(sql`${p.stock} > 0`, sql`${p.stock} <= ${threshold}`) : undefined,
    q.stock === 'in_stock' ? sql`${p.stock} > 0` : undefined,
  ];
  const sub = alias(cat, 'sub');
  const { rows, total } = await searchedList(db, q.q, async (search) => {
    const where = and(...filters, search?.where);
    // The store's search and relevance, newest first among equals.
    const order = [...(search ? [asc(search.rank)] : []), desc(p.createdAt), desc(p.id)];
    const [[{ total } = { total: 0 }], rows] = await Promise.all([
      db.select({ total: count() }).from(p).where(where),
      db
        .select({
          row: p,
          image: coverImage,
          category: { ar: cat.nameAr, en: cat.nameEn },
          subCategory: { ar: sub.nameAr, en: sub.nameEn },
          brand: { ar: br.nameAr, en: br.nameEn },
          variants: sql<number>`(select count(*)::int from ${pv} where ${pv.productId} = ${p.id} and ${pv.isActive})`,
        })
        .from(p)
        .leftJoin(cat, eq(cat.id, p.categoryId))
        .leftJoin(sub, eq(sub.id, p.subCategoryId))
        .leftJoin(br, eq(br.id, p.brandId))
        .where(where)
        .orderBy(...order)
        .limit(CMS_PER_PAGE)
        .offset((q.page - 1) * CMS_PER_PAGE),
    ]);
    return { rows, total };
  });
  const data: AdminProductRow[] = rows.map(({ row: r, ...x }) => ({
    id: r.id,
    type: r.type,
    name_ar: r.nameAr,
    name_en: r.nameEn,
    image: x.image,
    category: x.category?.[lang] ?? null,
    sub_category: x.subCategory?.[lang] ?? null,
    brand: x.brand?.[lang] ?? null,
    price: r.price,
    discounted_price: discountedPrice(r.price, {
      discount_type: r.discountType,
      discount_value: r.discountValue,
      discount_expires_at: r.discountExpiresAt,
    }),
    stock: r.stock,
    low_stock: r.stock > 0 && r.stock <= threshold,
    variants_count: x.variants,
    is_active: r.isActive,
    is_available: r.isAvailable,
    created_at: r.createdAt.toISOString(),
  }));
  return {
    data,
    pagination: pageInfo(total, q.page),
  };
}
