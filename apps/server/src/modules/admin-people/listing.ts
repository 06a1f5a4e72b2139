/**
 * What the people lists share: the page size and `pagination`, the ILIKE
 * pattern of a search, and a name in the request language.
 */
import type { Lang, Pagination } from '@pool/contracts';

export const PER_PAGE = 20;

export const pageOf = (total: number, page: number): Pagination => ({
  total_items: total,
  per_page: PER_PAGE,
  total_pages: Math.max(1, Math.ceil(total / PER_PAGE)),
  current_page: page,
});

export const named = (lang: Lang, row: { nameAr: string; nameEn: string }) => (lang === 'en' ? row.nameEn : row.nameAr);
