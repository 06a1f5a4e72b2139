/**
 * Addresses of the store pages. A product's page is `/online_store/{id}-{slug}`
 * with the slug made from its English name, the same in both languages (so the
 * Arabic and English pages are alternates of each other). The API sends it
 * (`slug`, made by `slugify` of @pool/contracts) with every product, card and
 * cart line; the id alone is enough to find a product and its page moves any
 * other spelling to the canonical one.
 */
import { DB_INT_MAX } from '@pool/contracts/core';

/** A product the API sent (a card, a cart line, a product): it carries the slug of its page. */
type Linked = { id: number; slug: string };

/** The `{details}` part of a product's address: `12-pool-pump`, or `12` when its slug is empty. */
export const productDetails = (p: Linked) => (p.slug ? `${p.id}-${p.slug}` : String(p.id));

/** The canonical page of a product the API sent (locale-free). */
export const productHref = (p: Linked) => `/online_store/${productDetails(p)}`;

/** The product id of a `{details}` segment (`12`, `12-pool-pump`), or null. */
export function parseDetails(details: string | undefined): number | null {
  const m = /^(\d{1,10})(?:-[a-z0-9-]*)?$/i.exec(details ?? '');
  if (!m) return null;
  const id = Number(m[1]);
  return id > 0 && id <= DB_INT_MAX ? id : null;
}

export const STORE_PATH = '/online_store';
export const SEARCH_PATH = '/name_online_store';
export const FAVOURITES_PATH = '/more/favorite';
