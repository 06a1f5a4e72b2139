/**
 * The store list's filters live in the address (shareable, back and forward
 * work, the server renders the same list): `q`, `category`, `sub`, `brand`,
 * `min` and `max` (riyals), `available=1`, `discounted=1`, `sort` (when not the default), `page`.
 * This maps them to the API's query (`/user/store/products`) and back.
 */
import { DB_INT_MAX, toHalalas } from '@pool/contracts/core';
import { STORE_SORTS, defaultStoreSort, type StoreSort } from '@pool/contracts/store';
import type { PathQuery } from '../../lib/api.ts';

export type StoreFilters = {
  q: string;
  category: number | null;
  sub: number | null;
  brand: number | null;
  /** Riyals as typed (at most 2 decimals). */
  min: string;
  max: string;
  available: boolean;
  discounted: boolean;
  sort: StoreSort;
  page: number;
};

export const DEFAULT_FILTERS: StoreFilters = {
  q: '',
  category: null,
  sub: null,
  brand: null,
  min: '',
  max: '',
  available: false,
  discounted: false,
  sort: 'newest',
  page: 1,
};

const id = (v: string | null) => {
  const n = Number(v);
  return v && /^\d{1,10}$/.test(v) && n > 0 && n <= DB_INT_MAX ? n : null;
};
/** A riyal amount the API can take, else ''. */
const riyals = (v: string | null) => {
  const text = (v ?? '').trim();
  const halalas = toHalalas(text);
  return Number.isFinite(halalas) && halalas <= 1_000_000_000 ? text : '';
};
const on = (v: string | null) => v === '1' || v === 'true';

export function readFilters(search: URLSearchParams): StoreFilters {
  const sort = search.get('sort');
  const page = Math.floor(Number(search.get('page')));
  const q = (search.get('q') ?? '').trim().slice(0, 100);
  return {
    q,
    category: id(search.get('category')),
    sub: id(search.get('sub')),
    brand: id(search.get('brand')),
    min: riyals(search.get('min')),
    max: riyals(search.get('max')),
    available: on(search.get('available')),
    discounted: on(search.get('discounted')),
    sort: (STORE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as StoreSort) : defaultStoreSort(q),
    page: Number.isFinite(page) && page > 1 && page <= 100_000 ? page : 1,
  };
}

/** The address query of `f` (defaults left out, a stable order). */
export function filtersSearch(f: StoreFilters): string {
  const s = new URLSearchParams();
  if (f.q) s.set('q', f.q);
  if (f.category) s.set('category', String(f.category));
  if (f.category && f.sub) s.set('sub', String(f.sub));
  if (f.brand) s.set('brand', String(f.brand));
  if (f.min) s.set('min', f.min);
  if (f.max) s.set('max', f.max);
  if (f.available) s.set('available', '1');
  if (f.discounted) s.set('discounted', '1');
  if (f.sort !== defaultStoreSort(f.q)) s.set('sort', f.sort);
  if (f.page > 1) s.set('page', String(f.page));
  const text = s.toString();
  return text ? `?${text}` : '';
}

/**
 * `f` changed by `changes`; any change but the page itself goes back to page 1, and a new search
 * takes its default sort (relevance with words, newest without) unless a sort was chosen.
 */
export function withChanges(f: StoreFilters, changes: Partial<StoreFilters>): StoreFilters {
  const next = { ...f, ...changes };
  if (!('page' in changes)) next.page = 1;
  if ('q' in changes && !('sort' in changes) && f.sort === defaultStoreSort(f.q)) next.sort = defaultStoreSort(next.q);
  if ('category' in changes && changes.category !== f.category && !('sub' in changes)) next.sub = null;
  return next;
}

/** The API query of `f`: ids, prices in halalas (a reversed range put right). */
export function apiQuery(f: StoreFilters): PathQuery<'get', '/api/user/store/products'> {
  const query: PathQuery<'get', '/api/user/store/products'> = { sort: f.sort, page: f.page };
  if (f.q) query.q = f.q;
  if (f.category) query.category_id = f.category;
  if (f.category && f.sub) query.sub_category_id = f.sub;
  if (f.brand) query.brand_id = f.brand;
  let min = f.min ? toHalalas(f.min) : null;
  let max = f.max ? toHalalas(f.max) : null;
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  if (min !== null) query.price_min = min;
  if (max !== null) query.price_max = max;
  if (f.available) query.available = '1';
  if (f.discounted) query.discounted = '1';
  return query;
}

/** `f` without its filters: the search words and the sort stay. */
export const clearFilters = (f: StoreFilters): StoreFilters => ({ ...DEFAULT_FILTERS, q: f.q, sort: f.sort });

/** Whether anything narrows the list (the search words included). */
export const isFiltered = (f: StoreFilters) =>
  !!(f.q || f.category || f.brand || f.min || f.max || f.available || f.discounted);

/** How many filter controls (not the search or the sort) are set: the phone's filter button shows it. */
export const filterCount = (f: StoreFilters) =>
  [f.category, f.brand, f.min || f.max, f.available, f.discounted].filter(Boolean).length;
