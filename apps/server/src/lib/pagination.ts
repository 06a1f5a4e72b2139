/** A paged list's `pagination` and its total, counted in the page's own query where it can be. */
import { sql } from 'drizzle-orm';

/** A list's `pagination`. */
export const pages = (total: number, perPage: number, page: number) => ({
  total_items: total,
  per_page: perPage,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
  current_page: page,
});

/**
 * The whole list's count, carried by each row of a page (a round trip less than counting apart). Only for
 * lists that are small before their limit (one owner's rows): PostgreSQL computes every matching row, with
 * its select list, before the window counts them. A list over the whole table counts apart, beside its page.
 */
export const listTotal = sql<number>`count(*) over ()`.mapWith(Number);

/** A list's total from its page's rows; only a page past the end, with no row to carry it, counts apart. */
export async function totalOf(rows: readonly { total: number }[], page: number, countApart: () => Promise<number>) {
  if (rows[0]) return rows[0].total;
  return page > 1 ? countApart() : 0;
}
