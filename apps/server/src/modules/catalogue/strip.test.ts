/**
 * The home page's strip (`GET /api/user/store/strip`): the same products, in the
 * same order, as the first 8 of the store's list of offers that can be bought
 * (best sellers first), or of its newest that can be bought when fewer than 4
 * are on offer; the favourite flag of the signed-in customer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, makeUser, tables } from '@pool/db';
import type { StoreProductCard } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { issueUserToken } from '../../lib/sessions.ts';
import { call } from '../account/testing.ts';

let app: TestApp;

type Strip = { kind: 'offers' | 'newest'; products: StoreProductCard[] };

const ok = <T>(res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
};
const strip = (o: { lang?: 'ar' | 'en'; token?: string } = {}) =>
  call(app, 'GET', '/store/strip', undefined, o).then((res) => ok<Strip>(res));
const list = async (query: string, o: { lang?: 'ar' | 'en'; token?: string } = {}) =>
  ok<{ data: StoreProductCard[] }>(await call(app, 'GET', `/store/products?${query}`, undefined, o)).data;

const OFFERS = 'discounted=1&available=1&sort=best_selling';
const ratio = { discountType: 'ratio' as const, discountValue: 10 };
const day = (n: number) => new Date(Date.UTC(2026, 0, n));
let n = 0;
/** A product created on its own day (the newest last), with a stored picture. */
const product = (o: Parameters<typeof makeProduct>[1] = {}) =>
  makeProduct(app.db, {
    createdAt: day(++n),
    images: [`/uploads/products/${n.toString(16).padStart(32, '0')}.jpg`],
    ...o,
  });

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app?.close());

describe('the home strip', () => {
  it('is empty without products', async () => {
    expect(await strip()).toEqual({ kind: 'newest', products: [] });
  });

  it('shows the newest products that can be bought while fewer than 4 are on offer', async () => {
    for (let i = 0; i < 9; i++) await product({ soldCount: i });
    await product({ ...ratio, soldCount: 50 });
    await product({ ...ratio, soldCount: 60 });
    await product({ ...ratio, soldCount: 70 });
    await product({ variants: [{ price: 5_000, stock: 0 }] }); // newest, out of stock
    await product({ isAvailable: false });
    const shown = await strip();
    expect(shown.kind).toBe('newest');
    expect(shown.products).toHaveLength(8);
    expect(shown.products).toEqual((await list('available=1')).slice(0, 8));
  });

  it('shows the products on offer that can be bought, best sellers first, as the store lists them', async () => {
    for (let i = 0; i < 8; i++) await product({ ...ratio, soldCount: 10 + i });
    // On offer but not shown: out of stock, unavailable, hidden, deleted, or the offer has ended.
    await product({ ...ratio, soldCount: 900, variants: [{ price: 5_000, stock: 0 }] });
    await product({ ...ratio, soldCount: 901, isAvailable: false });
    await product({ ...ratio, soldCount: 902, isActive: false });
    await product({ ...ratio, soldCount: 903, deletedAt: new Date() });
    await product({ ...ratio, soldCount: 904, discountExpiresAt: new Date(Date.now() - 60_000) });
    await product({ discountType: 'number', discountValue: 0, soldCount: 905 });
    const offer = await product({ discountType: 'number', discountValue: 1_000, soldCount: 800 });
    for (const lang of ['ar', 'en'] as const) {
      const shown = await strip({ lang });
      expect(shown.kind).toBe('offers');
      expect(shown.products).toHaveLength(8);
      expect(shown.products).toEqual((await list(OFFERS, { lang })).slice(0, 8));
      expect(shown.products[0]!.id).toBe(offer.id);
      expect(shown.products.every((p) => p.has_discount && p.is_available)).toBe(true);
    }
  });

  it('marks the signed-in customer’s favourites', async () => {
    const user = await makeUser(app.db);
    const token = await issueUserToken(app.db, user.id);
    const [first] = (await strip()).products;
    await app.db.insert(tables.favourites).values({ userId: user.id, productId: first!.id });
    const mine = await strip({ token });
    expect(mine.products.map((p) => p.is_favourite)).toEqual(mine.products.map((p) => p.id === first!.id));
    expect(mine.products).toEqual(await list(OFFERS, { token }).then((l) => l.slice(0, 8)));
    expect((await strip()).products.some((p) => p.is_favourite)).toBe(false);
  });
});
