/**
 * Product search (issues 4 and 12). The database keeps three normal forms of a
 * product (`search_norm`, the SQL of contracts' `searchKey`, in generated
 * columns with pg_trgm GIN indexes): `search_key` (names, brand, categories,
 * SKUs), `search_name` (the names alone) and `search_desc` (the descriptions).
 * Every word of the query must occur in one of them by its stem, which finds
 * the word and its other forms («السلم» finds «سلم», "ladders" finds "ladder"),
 * or, when no product has it, be a one-letter typo of a name's word: the closest
 * words of the names (`search_words`, pg_trgm word similarity from
 * `SEARCH_TYPO_SIMILARITY`, set in the search's transaction) are matched instead.
 * Products rank by how each word matched:
 * a whole word of the name, of the brand or categories, the start of a word of
 * the name, then of the others, inside a word, a typo, the description only.
 */
import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tables, type Db } from '@pool/db';
import { normalizeSearch, searchStem, searchTerms, SEARCH_TYPO_SIMILARITY } from '@pool/contracts';
import { contains, escapeLike } from '../../lib/like.ts';

const p = tables.products;

/** Shorter words have too few trigrams for one wrong letter to leave them similar. */
const TYPO_MIN_LENGTH = 4;
/**
 * Long words keep more trigrams through one wrong letter ("thermomater" 0.6,
 * "hayword" 0.5), and at `SEARCH_TYPO_SIMILARITY` match other words ("batteries" ~ "series").
 */
const LONG_WORD = 7;
const LONG_WORD_SIMILARITY = 0.5;
/** How many of the names' words closest to a mistyped word its products are looked for by. */
const TYPO_WORDS = 10;

const padded = (column: SQLWrapper) => sql`(' ' || ${column} || ' ')`;

type Close = { word: string; similarity: number };

/**
 * The words of the names one letter or so off `stem`, the closest first: pg_trgm word
 * similarity over the small table of the names' distinct words (`search_words`), never
 * over the products.
 */
async function closeWords(db: Db, stem: string): Promise<Close[]> {
  const w = tables.searchWords.word;
  const similarity = sql<number>`word_similarity(${stem}::text, ${w})`;
  // The threshold of `<%` is a setting, set for this transaction only: a connection lent by a pooler
  // in transaction mode (PgBouncer) keeps no setting of ours between transactions.
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_TYPO_SIMILARITY)}, true)`,
    );
    return closeWordsQuery(tx, stem, w, similarity);
  });
}

function closeWordsQuery(db: Db, stem: string, w: typeof tables.searchWords.word, similarity: SQL<number>) {
  return db
    .select({ word: w, similarity })
    .from(tables.searchWords)
    .where(
      and(
        sql`${stem}::text <% ${w}`,
        [...stem].length >= LONG_WORD ? sql`${similarity} >= ${LONG_WORD_SIMILARITY}` : undefined,
      ),
    )
    .orderBy(sql`${similarity} desc`, w)
    .limit(TYPO_WORDS);
}

/**
 * How one query word matches a product, and what the match is worth (0 best).
 * The word's stem is enough: the index holds each word's stem after it, and the
 * stem is inside the word («السلم» holds «سلم»).
 */
function termMatch(word: string) {
  const stem = searchStem(word);
  const f = escapeLike(stem);
  const where = or(sql`${p.searchKey} like ${contains(stem)}`, sql`${p.searchDesc} like ${contains(stem)}`)!;
  const rank = sql`(case
    when ${padded(p.searchName)} like ${`% ${f} %`} then 0
    when ${padded(p.searchKey)} like ${`% ${f} %`} then 1
    when (' ' || ${p.searchName}) like ${`% ${f}%`} then 2
    when (' ' || ${p.searchKey}) like ${`% ${f}%`} then 3
    when ${p.searchKey} like ${contains(stem)} then 4
    else 6 end)`;
  return { where, rank };
}

/**
 * How a word no product has matches: by the names' words one letter off it (`close`,
 * the closest first), each worth 5 plus what the word lacks of it, so the closer first.
 */
function typoMatch(close: Close[]) {
  // A cast: a bare number in ORDER BY would name a column.
  if (!close.length) return { where: sql`false`, rank: sql`6::int` };
  const likes = close.map((c) => sql`${p.searchName} like ${contains(c.word)}`);
  const rank = sql`(case ${sql.join(
    close.map((c, i) => sql`when ${likes[i]} then ${6 - c.similarity}::real `),
    sql``,
  )} else 6 end)`;
  return { where: or(...likes)!, rank };
}

/**
 * Whether some product has `word` (its stem) in its names, brand, categories,
 * SKUs or description. Typos are looked for only when not: a word the catalogue
 * has is meant as typed, and matching all that is similar to it is slow.
 */
async function known(db: Db, word: string) {
  const stem = searchStem(word);
  if ([...stem].length < TYPO_MIN_LENGTH) return true;
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(or(sql`${p.searchKey} like ${contains(stem)}`, sql`${p.searchDesc} like ${contains(stem)}`))
    .limit(1);
  return !!row;
}

export type ProductSearch = {
  /** Every word of the query matches. */
  where: SQL;
  /** The sum of the words' match ranks: lower is better. */
  rank: SQL<number>;
};

const searchOf = (matches: { where: SQL; rank: SQL }[]): ProductSearch => ({
  where: and(...matches.map((m) => m.where))!,
  rank: sql<number>`(${sql.join(
    matches.map((m) => m.rank),
    sql` + `,
  )})`,
});

/**
 * A list (`list`, which counts what it finds in `total`) searched by query `q`, or not searched when `q` has
 * no word. Every word is first looked for as typed: when the list finds something, each word is one the
 * catalogue has, and that is the answer, in one query. Only when it finds nothing are the words no product
 * has (a letter wrong) matched by the names' words close to them, and the list asked again.
 */
export async function searchedList<T extends { total: number }>(
  db: Db,
  q: string | undefined,
  list: (search: ProductSearch | undefined) => Promise<T>,
): Promise<T> {
  const terms = q ? searchTerms(q) : [];
  if (!terms.length) return list(undefined);
  const typed = await list(searchOf(terms.map(termMatch)));
  if (typed.total) return typed;
  const unknown = await Promise.all(terms.map(async (t) => !(await known(db, t))));
  if (!unknown.some(Boolean)) return typed;
  const matches = await Promise.all(
    terms.map(async (t, i) => (unknown[i] ? typoMatch(await closeWords(db, searchStem(t))) : termMatch(t))),
  );
  return list(searchOf(matches));
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
