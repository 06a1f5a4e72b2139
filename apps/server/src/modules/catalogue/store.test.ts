/**
 * The public store API: categories, brands, the product list (Arabic-aware
 * search, filters, sorts, pages), a product (404 when inactive or deleted),
 * related products, ratings and favourites (customers only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeBrand, makeCategory, makeFeature, makeProduct, makeUser, tables } from '@pool/db';
import { STORE_PAGE_SIZE, type StoreProduct, type StoreProductCard } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { issueUserToken } from '../../lib/sessions.ts';
import { call, t } from '../account/testing.ts';
import { reviewerName } from './store.ts';

let app: TestApp;

type Page = {
  data: StoreProductCard[];
  pagination: { total_items: number; per_page: number; total_pages: number; current_page: number };
};

const ok = <T>(res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
};
const list = async (query: Record<string, string | number | boolean>, o: { lang?: 'ar' | 'en'; token?: string } = {}) =>
  ok<Page>(
    await call(
      app,
      'GET',
      `/store/products?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      undefined,
      o,
    ),
  );

let pumps: { id: number };
let poolPumps: { id: number };
let filters: { id: number };
let brand: { id: number };
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await buildTestApp();
  pumps = await makeCategory(app.db, { nameAr: 'المضخات', nameEn: 'Pumps', sort: 1 });
  poolPumps = await makeCategory(app.db, { nameAr: 'مضخات المسابح', nameEn: 'Pool pumps', parentId: pumps.id });
  await makeCategory(app.db, { nameAr: 'مخفي', nameEn: 'Hidden', parentId: pumps.id, isActive: false });
  filters = await makeCategory(app.db, { nameAr: 'الفلاتر', nameEn: 'Filters', sort: 0 });
  brand = await makeBrand(app.db, { nameAr: 'أحمد للمسابح', nameEn: 'Ahmed Pools' });
  await makeBrand(app.db, { nameAr: 'زودياك', nameEn: 'Zodiac' });
  await makeBrand(app.db, { nameAr: 'مخفية', nameEn: 'Hidden brand', isActive: false });

  const size = await makeFeature(app.db, {
    nameAr: 'المقاس',
    nameEn: 'Size',
    options: [
      ['صغير', 'Small'],
      ['كبير', 'Large'],
    ],
  });
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  const product = async (key: string, o: Parameters<typeof makeProduct>[1]) =>
    (ids[key] = (await makeProduct(app.db, { categoryId: pumps.id, ...o })).id);
  await product('pump', {
    nameAr: 'مضخة مسبح ١ حصان',
    nameEn: 'Pool pump 1 HP',
    subCategoryId: poolPumps.id,
    brandId: brand.id,
    searchNames: ['أحمد للمسابح', 'Ahmed Pools', 'المضخات', 'Pumps'],
    variants: [{ price: 100_000, stock: 5 }],
    images: ['/img/demo/p1.png', '/img/demo/p2.png'],
    ratingAvg: 450,
    ratingCount: 2,
    soldCount: 30,
    createdAt: day(1),
  });
  await product('sized', {
    nameAr: 'مِضَخَّةٌ بمقاسات',
    nameEn: 'SIZED Pump',
    type: 'multi',
    subCategoryId: poolPumps.id,
    variants: [
      { price: 80_000, stock: 2, optionIds: [size.options[1]!.id], images: ['/img/demo/large.png'] },
      { price: 60_000, stock: 0, optionIds: [size.options[0]!.id] },
    ],
    discountType: 'ratio',
    discountValue: 25,
    discountExpiresAt: new Date(Date.now() + 86_400_000),
    soldCount: 50,
    createdAt: day(2),
  });
  await product('expired', {
    nameAr: 'مضخة بخصم منتهى',
    nameEn: 'Expired discount pump',
    variants: [{ price: 50_000, stock: 0 }],
    discountType: 'number',
    discountValue: 10_000,
    discountExpiresAt: new Date(Date.now() - 1000),
    ratingAvg: 500,
    ratingCount: 1,
    createdAt: day(3),
  });
  await product('filter', {
    nameAr: 'فلتر رملي ٥٠٪',
    nameEn: 'Sand filter 50%',
    categoryId: filters.id,
    variants: [{ price: 120_000, stock: 9 }],
    discountType: 'number',
    discountValue: 30_000,
    createdAt: day(4),
  });
  await product('unavailable', {
    nameAr: 'مضخة غير متوفرة',
    nameEn: 'Unavailable pump',
    variants: [{ price: 70_000, stock: 4 }],
    isAvailable: false,
    createdAt: day(5),
  });
  await product('inactive', { nameAr: 'مضخة موقوفة', nameEn: 'Inactive pump', isActive: false, createdAt: day(6) });
  await product('deleted', { nameAr: 'مضخة محذوفة', nameEn: 'Deleted pump', deletedAt: new Date(), createdAt: day(7) });
});
afterAll(() => app.close());

describe('categories and brands', () => {
  it('list the active categories in order with their sub-categories, in the request language', async () => {
    const ar = ok<{ id: number; name: string; sub_categories: { name: string }[] }[]>(
      await call(app, 'GET', '/store/categories'),
    );
    expect(ar.map((c) => [c.name, c.sub_categories.map((s) => s.name)])).toEqual([
      ['الفلاتر', []],
      ['المضخات', ['مضخات المسابح']],
    ]);
    const en = ok<{ name: string }[]>(await call(app, 'GET', '/store/categories', undefined, { lang: 'en' }));
    expect(en.map((c) => c.name)).toEqual(['Filters', 'Pumps']);
  });

  it('list the active brands by name', async () => {
    const en = ok<{ name: string }[]>(await call(app, 'GET', '/store/brands', undefined, { lang: 'en' }));
    expect(en.map((b) => b.name)).toEqual(['Ahmed Pools', 'Zodiac']);
  });
});

describe('the product list', () => {
  it('shows active products only, newest first, with names in the request language and computed prices', async () => {
    const page = await list({}, { lang: 'en' });
    expect(page.data.map((p) => p.name)).toEqual([
      'Unavailable pump',
      'Sand filter 50%',
      'Expired discount pump',
      'SIZED Pump',
      'Pool pump 1 HP',
    ]);
    expect(page.pagination).toEqual({ total_items: 5, per_page: STORE_PAGE_SIZE, total_pages: 1, current_page: 1 });
    const byId = Object.fromEntries(page.data.map((p) => [p.id, p]));
    expect(byId[ids.sized!]).toMatchObject({
      price: 80_000,
      discounted_price: 60_000,
      has_discount: true,
      stock: 2,
      type: 'multi',
    });
    expect(byId[ids.expired!]).toMatchObject({
      price: 50_000,
      discounted_price: 50_000,
      has_discount: false,
      is_available: false,
    });
    expect(byId[ids.filter!]).toMatchObject({ discounted_price: 90_000, has_discount: true, discount_type: 'number' });
    expect(byId[ids.pump!]).toMatchObject({
      image: '/img/demo/p1.png',
      rating_avg: 4.5,
      rating_count: 2,
      brand: { id: brand.id, name: 'Ahmed Pools' },
      is_favourite: false,
    });
    const ar = await list({});
    expect(ar.data.find((p) => p.id === ids.pump)!.name).toBe('مضخة مسبح ١ حصان');
  });

  it('gives each card the slug of its page (from the English name, in both languages) and the variant it shows', async () => {
    const mainVariant = async (id: number) =>
      (await app.db.select().from(tables.products).where(eq(tables.products.id, id)))[0]!.mainVariantId;
    for (const lang of ['ar', 'en'] as const) {
      const byId = Object.fromEntries((await list({}, { lang })).data.map((p) => [p.id, p]));
      expect(byId[ids.pump!]).toMatchObject({ slug: 'pool-pump-1-hp', variant_id: await mainVariant(ids.pump!) });
      expect(byId[ids.sized!]).toMatchObject({ slug: 'sized-pump', variant_id: await mainVariant(ids.sized!) });
      expect(byId[ids.filter!]!.slug).toBe('sand-filter-50');
    }
    expect(await mainVariant(ids.sized!)).toEqual(expect.any(Number));
    const related = ok<StoreProductCard[]>(await call(app, 'GET', `/store/products/${ids.pump}/related`));
    expect(related.find((p) => p.id === ids.sized)).toMatchObject({ slug: 'sized-pump' });
    const product = ok<StoreProduct>(await call(app, 'GET', `/store/products/${ids.sized}`));
    expect(product).toMatchObject({ slug: 'sized-pump', variant_id: product.main_variant_id });
  });

  it('searches Arabic ignoring diacritics, alef forms, taa marbuta and alef maqsura, and English in any case', async () => {
    const found = async (q: string) => (await list({ q })).data.map((p) => p.id).sort();
    expect(await found('مضخه')).toEqual([ids.pump, ids.sized, ids.expired, ids.unavailable].sort());
    expect(await found('مضخة بمقاسات')).toEqual([ids.sized]);
    expect(await found('مُضَخَّة بِمَقَاسَاتٍ')).toEqual([ids.sized]);
    expect(await found('مـضـخـة بمقاسات')).toEqual([ids.sized]);
    expect(await found('احمد')).toEqual([ids.pump]);
    expect(await found('أحمد')).toEqual([ids.pump]);
    expect(await found('منتهي')).toEqual([ids.expired]);
    expect(await found('منتهٍى')).toEqual([ids.expired]);
    expect(await found('sized pump')).toEqual([ids.sized]);
    expect(await found('POOL PUMP')).toEqual([ids.pump]);
    expect(await found('1 حصان')).toEqual([ids.pump]);
    expect(await found('50%')).toEqual([ids.filter]);
    // `%` and `_` are letters to look for, not patterns.
    expect(await found('%')).toEqual([ids.filter]);
    expect(await found('_')).toEqual([]);
    expect(await found('موقوفة')).toEqual([]);
  });

  it("counts a search's matches on its pages, a page past the last and a search of none", async () => {
    const pages = (r: Page) => [r.data.length, r.pagination.total_items, r.pagination.total_pages];
    expect(pages(await list({ q: 'مضخه' }))).toEqual([4, 4, 1]);
    expect(pages(await list({ q: 'مضخه', page: 2 }))).toEqual([0, 4, 1]);
    expect(pages(await list({ q: 'موقوفة' }))).toEqual([0, 0, 1]);
    expect(pages(await list({ q: 'موقوفة', page: 3 }))).toEqual([0, 0, 1]);
  });

  it('filters by category, sub-category, brand, price after discount, availability and discount', async () => {
    const found = async (query: Record<string, string | number | boolean>) =>
      (await list(query)).data.map((p) => p.id).sort();
    expect(await found({ category_id: filters.id })).toEqual([ids.filter]);
    expect(await found({ sub_category_id: poolPumps.id })).toEqual([ids.pump, ids.sized].sort());
    expect(await found({ brand_id: brand.id })).toEqual([ids.pump]);
    // The price shown, with VAT (ADR 0023): 600 to 900 SAR before it.
    expect(await found({ price_min: 69_000, price_max: 103_500 })).toEqual(
      [ids.sized, ids.filter, ids.unavailable].sort(),
    );
    expect(await found({ available: true })).toEqual([ids.pump, ids.sized, ids.filter].sort());
    expect(await found({ discounted: '1' })).toEqual([ids.sized, ids.filter].sort());
    expect(await found({ discounted: 'false', available: '' })).toHaveLength(5);
  });

  it('sorts by price after discount, rating and best-selling, and pages', async () => {
    const order = async (sort: string) => (await list({ sort })).data.map((p) => p.id);
    expect(await order('price_asc')).toEqual([ids.expired, ids.sized, ids.unavailable, ids.filter, ids.pump]);
    expect(await order('price_desc')).toEqual([ids.pump, ids.filter, ids.unavailable, ids.sized, ids.expired]);
    expect((await order('rating')).slice(0, 2)).toEqual([ids.expired, ids.pump]);
    expect((await order('best_selling')).slice(0, 2)).toEqual([ids.sized, ids.pump]);
    const second = await list({ page: 2 });
    expect(second.data).toEqual([]);
    expect(second.pagination.current_page).toBe(2);
  });

  it('refuses bad filters with field errors in the request language', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const res = await call(app, 'GET', '/store/products?sort=cheapest&price_min=-5&category_id=abc', undefined, {
        lang,
      });
      expect(res.statusCode).toBe(422);
      const body = res.json() as { key: string; data: Record<string, string> };
      expect(body.key).toBe('fail');
      expect(body.data).toMatchObject({
        sort: t(lang, 'validation.invalid'),
        price_min: t(lang, 'validation.invalid'),
        category_id: t(lang, 'validation.invalid'),
      });
    }
  });
});

describe('a product', () => {
  it('has its gallery, groups with option names, prices, rating, installation and SEO fields', async () => {
    const en = ok<StoreProduct>(await call(app, 'GET', `/store/products/${ids.sized}`, undefined, { lang: 'en' }));
    expect(en).toMatchObject({
      id: ids.sized,
      name: 'SIZED Pump',
      description: 'About SIZED Pump',
      category: { id: pumps.id, name: 'Pumps' },
      sub_category: { id: poolPumps.id, name: 'Pool pumps' },
      price: 80_000,
      discounted_price: 60_000,
      has_discount: true,
      features: [{ name: 'Size', options: [{ name: 'Small' }, { name: 'Large' }] }],
      seo: { title: 'SIZED Pump', description: 'About SIZED Pump', image: null },
    });
    expect(en.variants.map((v) => [v.name, v.price, v.discounted_price, v.stock, v.is_main, v.images])).toEqual([
      ['Large', 80_000, 60_000, 2, true, ['/img/demo/large.png']],
      ['Small', 60_000, 45_000, 0, false, []],
    ]);
    const ar = ok<StoreProduct>(await call(app, 'GET', `/store/products/${ids.pump}`));
    expect(ar).toMatchObject({
      name: 'مضخة مسبح ١ حصان',
      images: ['/img/demo/p1.png', '/img/demo/p2.png'],
      rating_avg: 4.5,
    });
    expect(ar.seo.image).toBe('/img/demo/p1.png');

    // Sizes typed once read in the page's language (their units and size words).
    await app.db
      .update(tables.products)
      .set({ sizes: ['9 م', 'كبير'] })
      .where(eq(tables.products.id, ids.pump!));
    const sized = async (lang: 'ar' | 'en') =>
      ok<StoreProduct>(await call(app, 'GET', `/store/products/${ids.pump}`, undefined, { lang })).sizes;
    expect(await sized('en')).toEqual(['9 m', 'Large']);
    expect(await sized('ar')).toEqual(['9 م', 'كبير']);
  });

  it('answers 404 when inactive, deleted or unknown, in the request language', async () => {
    for (const key of ['inactive', 'deleted'] as const) {
      for (const path of ['', '/related', '/ratings']) {
        const res = await call(app, 'GET', `/store/products/${ids[key]}${path}`, undefined, { lang: 'en' });
        expect(res.statusCode, `${key}${path}`).toBe(404);
        expect(res.json()).toMatchObject({ key: 'notFound', msg: t('en', 'server.not_found') });
      }
    }
    expect((await call(app, 'GET', '/store/products/999999')).statusCode).toBe(404);
    expect((await call(app, 'GET', '/store/products/abc')).statusCode).toBe(422);
  });

  it('finds a product by the slug of its address alone (`/online_store/{slug}`); hidden or unknown ones are 404', async () => {
    expect(ok(await call(app, 'GET', '/store/products/by-slug/pool-pump-1-hp'))).toEqual({
      id: ids.pump,
      slug: 'pool-pump-1-hp',
    });
    for (const slug of ['inactive-pump', 'deleted-pump', 'pool-pump', 'no-such-thing']) {
      expect((await call(app, 'GET', `/store/products/by-slug/${slug}`)).statusCode, slug).toBe(404);
    }
    expect((await call(app, 'GET', '/store/products/by-slug/Bad%20Slug')).statusCode).toBe(422);
  });

  it('has related products: the same sub-category first, then the same category', async () => {
    const related = ok<StoreProductCard[]>(await call(app, 'GET', `/store/products/${ids.pump}/related`));
    expect(related.map((p) => p.id)).toEqual([ids.sized, ids.expired, ids.unavailable]);
  });

  it('has related products for a product without a sub-category (the same category)', async () => {
    const related = ok<StoreProductCard[]>(await call(app, 'GET', `/store/products/${ids.expired}/related`));
    expect(related.map((p) => p.id)).toEqual([ids.sized, ids.pump, ids.unavailable]);
  });

  it("names a reviewer by the first name and the next name's initial only (privacy)", () => {
    expect(reviewerName('محمد عبدالله القحطاني')).toBe('محمد ع.');
    expect(reviewerName('عبد الله سالم الحربي')).toBe('عبد الله س.');
    expect(reviewerName('  sara   ahmed smith ')).toBe('sara A.');
    expect(reviewerName('سارة')).toBe('سارة');
    expect(reviewerName(null)).toBe('');
  });

  it('lists its ratings, newest first', async () => {
    const user = await makeUser(app.db, { name: 'سارة خالد العتيبي' });
    await app.db.insert(tables.productRatings).values([
      {
        productId: ids.pump!,
        userId: user.id,
        orderId: 1,
        rating: 4,
        comment: 'جيدة',
        createdAt: new Date(Date.UTC(2026, 1, 1)),
      },
      {
        productId: ids.pump!,
        userId: user.id,
        orderId: 2,
        rating: 5,
        comment: null,
        createdAt: new Date(Date.UTC(2026, 1, 2)),
      },
    ]);
    const page = ok<{
      data: { rating: number; comment: string | null; user_name: string }[];
      pagination: { total_items: number };
    }>(await call(app, 'GET', `/store/products/${ids.pump}/ratings`));
    expect(page.data).toEqual([
      expect.objectContaining({ rating: 5, comment: null, user_name: 'سارة خ.' }),
      expect.objectContaining({ rating: 4, comment: 'جيدة' }),
    ]);
    expect(page.pagination.total_items).toBe(2);
  });
});

describe('favourites', () => {
  it('are for signed-in customers: guests and visitors are refused', async () => {
    expect((await call(app, 'GET', '/favourites')).json()).toMatchObject({ key: 'unauthenticated' });
    const guest = await issueUserToken(app.db, null);
    const res = await call(app, 'POST', '/favourites', { product_id: ids.pump }, { token: guest, lang: 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ key: 'forbidden', msg: t('en', 'server.guest_forbidden') });
  });

  it('are added once, listed newest first, flagged on lists and the product, and removed', async () => {
    const user = await makeUser(app.db);
    const token = await issueUserToken(app.db, user.id);
    const other = await issueUserToken(app.db, (await makeUser(app.db)).id);
    for (const id of [ids.pump, ids.filter, ids.pump]) {
      const res = await call(app, 'POST', '/favourites', { product_id: id }, { token });
      expect(res.json()).toMatchObject({ key: 'success', msg: t('ar', 'catalogue.favourite_added') });
    }
    expect((await call(app, 'POST', '/favourites', { product_id: ids.inactive }, { token })).statusCode).toBe(404);
    expect((await call(app, 'POST', '/favourites', { product_id: 'x' }, { token })).statusCode).toBe(422);

    const mine = ok<Page>(await call(app, 'GET', '/favourites', undefined, { token }));
    expect(mine.data.map((p) => [p.id, p.is_favourite, p.slug])).toEqual([
      [ids.filter, true, 'sand-filter-50'],
      [ids.pump, true, 'pool-pump-1-hp'],
    ]);
    expect(ok<Page>(await call(app, 'GET', '/favourites', undefined, { token: other })).data).toEqual([]);
    expect((await list({ brand_id: brand.id }, { token })).data[0]!.is_favourite).toBe(true);
    expect((await list({ brand_id: brand.id }, { token: other })).data[0]!.is_favourite).toBe(false);
    expect(
      ok<StoreProduct>(await call(app, 'GET', `/store/products/${ids.pump}`, undefined, { token })).is_favourite,
    ).toBe(true);

    // A product hidden later leaves the list.
    await app.db.update(tables.products).set({ isActive: false }).where(eq(tables.products.id, ids.filter!));
    expect(ok<Page>(await call(app, 'GET', '/favourites', undefined, { token })).data.map((p) => p.id)).toEqual([
      ids.pump,
    ]);
    await app.db.update(tables.products).set({ isActive: true }).where(eq(tables.products.id, ids.filter!));

    const removed = await call(app, 'DELETE', `/favourites/${ids.pump}`, undefined, { token, lang: 'en' });
    expect(removed.json()).toMatchObject({ key: 'success', msg: 'Removed from favourites' });
    expect((await call(app, 'DELETE', `/favourites/${ids.pump}`, undefined, { token })).statusCode).toBe(200);
    expect(ok<Page>(await call(app, 'GET', '/favourites', undefined, { token })).data.map((p) => p.id)).toEqual([
      ids.filter,
    ]);
  });
});
