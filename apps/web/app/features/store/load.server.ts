/** The store pages' loaders: the API in-process, with the visitor's token and language. */
import { data, redirect } from 'react-router';
import { DB_INT_MAX, type Pagination } from '@pool/contracts/core';
import { PRODUCT_SLUG, type StoreProduct, type StoreProductCard } from '@pool/contracts/store';
import { isSuccess, pageStatus, type Api } from '../../lib/api.server.ts';
import { apiQuery, filtersSearch, readFilters, type StoreFilters } from './filters.ts';
import { localePath } from '../../lib/lang.ts';
import { parseDetails, productDetails, productHref } from './paths.ts';
import type { ProductRating, StoreBrand, StoreCategory } from './types.ts';

export type Paged<T> = { data: T[]; pagination: Pagination };

export type Listing = {
  filters: StoreFilters;
  categories: StoreCategory[];
  brands: StoreBrand[];
  products: Paged<StoreProductCard>;
};

const NO_PAGE: Pagination = { total_items: 0, per_page: 12, total_pages: 1, current_page: 1 };

/** The list `url` asks for, with the categories and brands to filter by; a page past the end goes to the last one. */
export async function loadListing(api: Api, url: URL): Promise<Listing> {
  const filters = readFilters(url.searchParams);
  const [categories, brands, products] = await Promise.all([
    api.GET('/api/user/store/categories'),
    api.GET('/api/user/store/brands'),
    api.GET('/api/user/store/products', { params: { query: apiQuery(filters) } }),
  ]);
  if (products.status >= 500 || products.status === 429) throw data(null, { status: pageStatus(products) });
  const list = isSuccess(products) ? products.data : { data: [], pagination: NO_PAGE };
  const last = Math.max(1, list.pagination.total_pages);
  if (filters.page > last) throw redirect(url.pathname + filtersSearch({ ...filters, page: last }));
  return {
    filters,
    categories: isSuccess(categories) ? categories.data : [],
    brands: isSuccess(brands) ? brands.data : [],
    products: list,
  };
}

export type ProductPage = {
  product: StoreProduct;
  related: StoreProductCard[];
  ratings: Paged<ProductRating>;
};

/**
 * A product page: 404 for an unknown, inactive or deleted product; any other
 * spelling of its address moves (301) to `{id}-{slug}` (the product's `slug`,
 * of its English name) in this language.
 */
export async function loadProduct(api: Api, url: URL, details: string | undefined): Promise<ProductPage> {
  const id = parseDetails(details);
  if (!id) throw await bySlug(api, url, details);
  const params = { path: { id } };
  const [product, related, ratings] = await Promise.all([
    api.GET('/api/user/store/products/{id}', { params }),
    api.GET('/api/user/store/products/{id}/related', { params }),
    api.GET('/api/user/store/products/{id}/ratings', { params }),
  ]);
  if (!isSuccess(product)) throw data(null, { status: pageStatus(product) });
  let current = product.data;
  if (details !== productDetails(current)) {
    // Asked afresh before moving: a process that has not yet heard of a rename would send the visitor
    // back to the old address, and another forward again (seen by the cluster test).
    const fresh = await api.GET('/api/user/store/products/{id}', { params, headers: { 'cache-control': 'no-cache' } });
    if (!isSuccess(fresh)) throw data(null, { status: pageStatus(fresh) });
    current = fresh.data;
    if (details !== productDetails(current))
      throw redirect(localePath(api.lang, productHref(current)) + url.search, 301);
  }
  return {
    product: current,
    related: isSuccess(related) ? related.data : [],
    ratings: isSuccess(ratings) ? ratings.data : { data: [], pagination: { ...NO_PAGE, per_page: 10 } },
  };
}

/** `/online_store/{slug}` without the id: a 301 to the product's address, else the 404 page. */
async function bySlug(api: Api, url: URL, details: string | undefined) {
  const slug = details ?? '';
  if (slug.length > 80 || !PRODUCT_SLUG.test(slug)) return data(null, { status: 404 });
  const found = await api.GET('/api/user/store/products/by-slug/{slug}', { params: { path: { slug } } });
  if (!isSuccess(found)) return data(null, { status: pageStatus(found) });
  return redirect(localePath(api.lang, productHref(found.data)) + url.search, 301);
}

/** `/online_store_id/{id}`: the product's page in this language (404 when there is none). */
export async function productAddress(api: Api, url: URL, rawId: string | undefined): Promise<string> {
  const id = /^\d{1,10}$/.test(rawId ?? '') ? Number(rawId) : 0;
  if (!id || id > DB_INT_MAX) throw data(null, { status: 404 });
  const product = await api.GET('/api/user/store/products/{id}', { params: { path: { id } } });
  if (!isSuccess(product)) throw data(null, { status: pageStatus(product) });
  return localePath(api.lang, productHref(product.data)) + url.search;
}

export type Strip = { kind: 'offers' | 'newest'; products: StoreProductCard[] };

/**
 * For the home page: products on offer (best sellers first), or the newest when
 * fewer than 4 are on offer; one request, one query (`GET /user/store/strip`).
 */
export async function loadStrip(api: Api): Promise<Strip | null> {
  const strip = await api.GET('/api/user/store/strip');
  return isSuccess(strip) && strip.data.products.length ? strip.data : null;
}
