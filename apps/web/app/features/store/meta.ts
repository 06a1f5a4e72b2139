/**
 * The store pages' head: titles, descriptions, canonical and language
 * alternates (a list keeps the filters that make a different page: category,
 * sub-category, brand, page), link previews (Open Graph) and the product's
 * structured data (schema.org `Product` with its offer).
 */
import type { MetaDescriptor } from 'react-router';
import type { StoreProduct } from '@pool/contracts/store';
import { localePath, langFromPath, stripLang, type Lang } from '../../lib/lang.ts';
import { pageMeta, SITE_IMAGE } from '../../lib/page-meta.ts';
import { filtersSearch, readFilters, type StoreFilters } from './filters.ts';
import type { Listing } from './load.server.ts';
import { productHref } from './paths.ts';
import type { StoreVariant } from './types.ts';

type MetaInput = Parameters<typeof pageMeta>[0];
type RootData = { origin?: string; settings?: { site_name?: string } | null } | undefined;

const rootData = (args: MetaInput) => args.matches.find((m) => m?.id === 'root')?.loaderData as RootData;

const isLink = (d: MetaDescriptor, rel: string) =>
  'tagName' in d && d.tagName === 'link' && 'rel' in d && d.rel === rel;

/** Canonical and ar/en alternates of a locale-free path (with its query). */
function addresses(origin: string, lang: Lang, path: string): MetaDescriptor[] {
  return [
    { tagName: 'link', rel: 'canonical', href: origin + localePath(lang, path) },
    { tagName: 'link', rel: 'alternate', hrefLang: 'ar', href: origin + localePath('ar', path) },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: origin + localePath('en', path) },
  ];
}

/** Replaces the tags named by `replace` in `tags` (by name or property), keeping the rest. */
function override(tags: MetaDescriptor[], replace: MetaDescriptor[]): MetaDescriptor[] {
  const key = (d: MetaDescriptor) =>
    'title' in d ? 'title' : 'name' in d ? `name:${d.name}` : 'property' in d ? `property:${d.property}` : null;
  const replaced = new Set(replace.map(key).filter(Boolean));
  const kept = tags.filter((d) => !replaced.has(key(d)) && !isLink(d, 'canonical') && !isLink(d, 'alternate'));
  return [...replace, ...kept];
}

/** The store list: its category in the title; the list's canonical keeps what makes it another page. */
export function listingMeta(args: MetaInput, titleKey: string, data: Listing | undefined): MetaDescriptor[] {
  const lang = langFromPath(args.location.pathname);
  const base = pageMeta(args, titleKey);
  const f: StoreFilters = data?.filters ?? readFilters(new URLSearchParams());
  const category = data?.categories.find((c) => c.id === f.category);
  const sub = category?.sub_categories.find((s) => s.id === f.sub);
  const baseTitle = (base.find((d) => 'title' in d) as { title: string } | undefined)?.title ?? '';
  const title = category ? `${sub?.name ?? category.name} | ${baseTitle}` : baseTitle;
  const significant: StoreFilters = { ...readFilters(new URLSearchParams()), ...pickPageFilters(f) };
  const path = stripLang(args.location.pathname) + filtersSearch(significant);
  return override(base, [
    { title },
    { property: 'og:title', content: title },
    // A search result is not a page of its own for search engines; its links still are.
    ...(f.q || f.min || f.max || f.available || f.discounted ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    ...addresses(rootData(args)?.origin ?? '', lang, path),
  ]);
}

const pickPageFilters = (f: StoreFilters): Partial<StoreFilters> => ({
  category: f.category,
  sub: f.sub,
  brand: f.brand,
  page: f.page,
});

const absolute = (origin: string, url: string) => (/^https?:\/\//i.test(url) ? url : origin + url);
const riyals = (halalas: number) => (halalas / 100).toFixed(2);

export type ProductHead = { product: StoreProduct };

/** The product page's head for search engines and link previews. */
export function productMeta(args: MetaInput, data: ProductHead | undefined): MetaDescriptor[] {
  if (!data) return pageMeta(args, 'store.product_title');
  const { product: p } = data;
  const lang = langFromPath(args.location.pathname);
  const root = rootData(args);
  const origin = root?.origin ?? '';
  const site = root?.settings?.site_name;
  const title = site ? `${p.seo.title} | ${site}` : p.seo.title;
  const image = absolute(origin, p.seo.image ?? p.image ?? SITE_IMAGE);
  const path = productHref(p);
  const base = pageMeta(args, 'store.product_title');
  return override(base, [
    { title },
    { name: 'description', content: p.seo.description },
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: p.seo.title },
    { property: 'og:description', content: p.seo.description },
    { property: 'og:image', content: image },
    { property: 'og:url', content: origin + localePath(lang, path) },
    ...(site ? [{ property: 'og:site_name', content: site }] : []),
    { property: 'product:price:amount', content: riyals(p.discounted_price_with_vat) },
    { property: 'product:price:currency', content: 'SAR' },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...addresses(origin, lang, path),
  ]);
}

/** schema.org `Product` with its offer (one price) or offers (a price range over the groups), with VAT as shown. */
export function productJsonLd(p: StoreProduct, origin: string, url: string) {
  const selling: Pick<StoreVariant, 'discounted_price_with_vat' | 'stock'>[] = p.variants.length ? p.variants : [p];
  const prices = selling.map((v) => v.discounted_price_with_vat);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const availability = `https://schema.org/${p.is_available ? 'InStock' : 'OutOfStock'}`;
  const validUntil = p.has_discount && p.discount_expires_at ? p.discount_expires_at.slice(0, 10) : undefined;
  const main = p.variants.find((v) => v.id === p.main_variant_id) ?? p.variants[0];
  const images = p.images.length ? p.images : p.image ? [p.image] : [];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.seo.description,
    ...(images.length ? { image: images.map((i) => absolute(origin, i)) } : {}),
    ...(main?.sku ? { sku: main.sku } : {}),
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand.name } } : {}),
    ...(p.category
      ? { category: p.sub_category ? `${p.category.name} > ${p.sub_category.name}` : p.category.name }
      : {}),
    ...(p.rating_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(p.rating_avg * 10) / 10,
            reviewCount: p.rating_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    offers:
      low === high
        ? {
            '@type': 'Offer',
            url,
            price: riyals(low),
            priceCurrency: 'SAR',
            availability,
            itemCondition: 'https://schema.org/NewCondition',
            ...(validUntil ? { priceValidUntil: validUntil } : {}),
          }
        : {
            '@type': 'AggregateOffer',
            url,
            lowPrice: riyals(low),
            highPrice: riyals(high),
            offerCount: selling.length,
            priceCurrency: 'SAR',
            availability,
          },
  };
}
