/**
 * Addresses of the store pages. A product's page is `/online_store/{id}-{slug}`
 * with the slug made from its English name, the same in both languages (so the
 * Arabic and English pages are alternates of each other); the id alone is
 * enough to find it and the page moves any other spelling to that one.
 */

import { slugify } from '@pool/contracts';

export { slugify };

const detailsOf = (id: number, slug: string) => (slug ? `${id}-${slug}` : String(id));

/** The `{details}` part of a product's address: `12-pool-pump`, or `12` without a Latin name. */
export const productDetails = (id: number, englishName?: string | null) =>
  detailsOf(id, englishName ? slugify(englishName) : '');

/** A product page (locale-free): pass the English name when known, else the page settles on it. */
export const productPath = (id: number, englishName?: string | null) =>
  `/online_store/${productDetails(id, englishName)}`;

/** The canonical page of a product the API sent (a card or a product: it carries its `slug`). */
export const productHref = (p: { id: number; slug: string }) => `/online_store/${detailsOf(p.id, p.slug)}`;

/** The product id of a `{details}` segment (`12`, `12-pool-pump`), or null. */
export function parseDetails(details: string | undefined): number | null {
  const m = /^(\d{1,10})(?:-[a-z0-9-]*)?$/i.exec(details ?? '');
  if (!m) return null;
  const id = Number(m[1]);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export const STORE_PATH = '/online_store';
export const SEARCH_PATH = '/name_online_store';
export const FAVOURITES_PATH = '/more/favorite';
