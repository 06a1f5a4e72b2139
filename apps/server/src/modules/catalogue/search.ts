/**
 * Product search (issue 4): `products.search_text` holds the normalised Arabic
 * and English names, the brand, category and sub-category names and the SKUs;
 * a query is normalised the same way (`normalizeSearch`) and each of its words
 * must occur in it (ILIKE on the pg_trgm GIN index, `%` and `_` escaped).
 */
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tables, type Db } from '@pool/db';
import { normalizeSearch, searchTerms } from '@pool/contracts';

const p = tables.products;

/** `%`, `_` and `\` typed in a search box match themselves. */
export const likeOf = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every word of the query in the product's search text; undefined for an empty query. */
export function searchCondition(q: string | undefined): SQL | undefined {
  const terms = q ? searchTerms(q) : [];
  return terms.length ? and(...terms.map((term) => ilike(p.searchText, likeOf(term)))) : undefined;
}

export type SearchParts = {
  nameAr: string;
  nameEn: string;
  names: (string | null | undefined)[];
  skus: string[];
};

export const searchTextOf = (s: SearchParts) =>
  normalizeSearch([s.nameAr, s.nameEn, ...s.names, ...s.skus].filter(Boolean).join(' '));

/**
 * Recomputes `search_text` of the products that `where` selects (after a brand
 * or category was renamed, or a product saved), in batches.
 */
export async function refreshSearchText(db: Db, where: SQL) {
  const brand = tables.brands;
  const cat = alias(tables.categories, 'cat');
  const sub = alias(tables.categories, 'sub');
  const rows = await db
    .select({
      id: p.id,
      nameAr: p.nameAr,
      nameEn: p.nameEn,
      brandAr: brand.nameAr,
      brandEn: brand.nameEn,
      catAr: cat.nameAr,
      catEn: cat.nameEn,
      subAr: sub.nameAr,
      subEn: sub.nameEn,
      skus: sql<
        string[]
      >`coalesce((select array_agg(v.sku order by v.id) from ${tables.productVariants} v where v.product_id = ${p.id} and v.is_active), '{}')`,
    })
    .from(p)
    .leftJoin(brand, eq(brand.id, p.brandId))
    .leftJoin(cat, eq(cat.id, p.categoryId))
    .leftJoin(sub, eq(sub.id, p.subCategoryId))
    .where(where);
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500).map((r) => ({
      id: r.id,
      text: searchTextOf({
        nameAr: r.nameAr,
        nameEn: r.nameEn,
        names: [r.brandAr, r.brandEn, r.catAr, r.catEn, r.subAr, r.subEn],
        skus: r.skus ?? [],
      }),
    }));
    const values = sql.join(
      batch.map((b) => sql`(${b.id}::int, ${b.text}::text)`),
      sql`, `,
    );
    await db.execute(
      sql`update ${p} set search_text = v.text from (values ${values}) as v(id, text) where ${p.id} = v.id`,
    );
  }
  return rows.length;
}

/** The products of a brand or of a category (as category or sub-category). */
export const productsOfBrand = (id: number) => eq(p.brandId, id);
export const productsOfCategory = (id: number) => or(eq(p.categoryId, id), eq(p.subCategoryId, id))!;
export const productsWithIds = (ids: number[]) => inArray(p.id, ids);
