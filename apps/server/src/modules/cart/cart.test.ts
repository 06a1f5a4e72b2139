/** The cart for visitors, guests and customers: lines, stock limits, installation, coupons, price lines, merge. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import { slugify, type CartView } from '@pool/contracts';
import { issueUserToken } from '../../lib/sessions.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { expectFieldError } from '../account/testing.ts';
import { address, api, customer, deliveryCity, ok, product, t } from '../orders/testing.ts';

describe('cart', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const coupon = async (o: Partial<typeof tables.coupons.$inferInsert> = {}) => {
    const [row] = await app.db
      .insert(tables.coupons)
      .values({
        title: 'Test',
        code: `CODE${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
        discountType: 'ratio',
        value: 10,
        maxUses: 100,
        startsAt: new Date(Date.now() - 86_400_000),
        expiresAt: new Date(Date.now() + 86_400_000),
        ...o,
      })
      .returning();
    return row!;
  };

  it('gives a visitor a cart key on the first add and prices the cart from stored prices', async () => {
    const a = await product(app, { price: 10_000, stock: 5, nameAr: 'مضخة', nameEn: 'Pump', installation: 3000 });
    const b = await product(app, {
      price: 20_000,
      stock: 5,
      discountType: 'ratio',
      discountValue: 25,
      discountExpiresAt: null,
    });
    const first = ok<CartView>(
      await api(app, 'POST', '/cart/items', {
        lang: 'en',
        body: { variant_id: a.variant.id, quantity: 2, with_installation: 'true' },
      }),
    );
    expect(first.cart_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const key = first.cart_key!;
    expect(first.lines[0]).toMatchObject({
      product_id: a.product.id,
      slug: 'pump',
      name: 'Pump',
      quantity: 2,
      unit_price: 10_000,
      with_installation: true,
      line_total: 26_000,
    });

    const second = ok<CartView>(
      await api(app, 'POST', '/cart/items', { cartKey: key, body: { variant_id: b.variant.id } }),
    );
    expect(second.cart_key).toBeNull();
    expect(second.lines.map((l) => l.name)).toEqual(['مضخة', b.product.nameAr]);
    // the slug of the product's page is from its English name, the same in Arabic
    expect(second.lines.map((l) => l.slug)).toEqual(['pump', slugify(b.product.nameEn)]);
    expect(second.lines[1]).toMatchObject({ original_price: 20_000, unit_price: 15_000 });
    // products 35000, installation 6000, no delivery yet, VAT 15 % of 41000 = 6150
    expect(second.prices).toEqual({
      products: 35_000,
      installation: 6000,
      delivery: null,
      discount: 0,
      products_with_vat: 40_250,
      installation_with_vat: 6900,
      delivery_with_vat: null,
      discount_with_vat: 0,
      tax_rate: 15,
      tax: 6150,
      total: 47_150,
    });
    expect(second.count).toBe(3);
    expect(ok<{ count: number }>(await api(app, 'GET', '/cart/count', { cartKey: key })).count).toBe(3);
    expect(ok<{ count: number }>(await api(app, 'GET', '/cart/count')).count).toBe(0);
    expect(second.can_checkout).toBe(true);

    // A visitor without the key sees an empty cart; another key is another cart.
    expect(ok<CartView>(await api(app, 'GET', '/cart')).lines).toEqual([]);
    const city = await deliveryCity(app, 2500, 100_000);
    const withCity = ok<CartView>(
      await api(app, 'GET', '/cart', { cartKey: key, query: { city_id: String(city.id) } }),
    );
    expect(withCity.prices.delivery).toBe(2500);
    expect(withCity.delivery).toMatchObject({ city_id: city.id, available: true, free_above: 100_000 });
  });

  it('keeps quantities between 1 and the stock, with clear messages', async () => {
    const a = await product(app, { stock: 3 });
    const { token } = await customer(app);
    expectFieldError(
      await api(app, 'POST', '/cart/items', { token, body: { variant_id: a.variant.id, quantity: 4 } }),
      'quantity',
      'cart.max_quantity',
      'ar',
      { count: 3 },
    );
    expectFieldError(
      await api(app, 'POST', '/cart/items', { token, lang: 'en', body: { variant_id: a.variant.id, quantity: 0 } }),
      'quantity',
      'validation.invalid',
      'en',
    );
    ok(await api(app, 'POST', '/cart/items', { token, body: { variant_id: a.variant.id, quantity: 2 } }));
    // 2 + 2 > 3: refused, and the line keeps 2
    expectFieldError(
      await api(app, 'POST', '/cart/items', { token, body: { variant_id: a.variant.id, quantity: 2 } }),
      'quantity',
      'cart.max_quantity',
      'ar',
      { count: 3 },
    );
    const updated = ok<CartView>(
      await api(app, 'POST', `/cart/items/${a.variant.id}`, { token, body: { quantity: 3 } }),
    );
    expect(updated.lines[0]!.quantity).toBe(3);
    expectFieldError(
      await api(app, 'POST', `/cart/items/${a.variant.id}`, { token, lang: 'en', body: { with_installation: true } }),
      'with_installation',
      'cart.no_installation',
      'en',
    );
    const none = await product(app, { stock: 0 });
    expectFieldError(
      await api(app, 'POST', '/cart/items', { token, body: { variant_id: none.variant.id } }),
      'quantity',
      'cart.out_of_stock',
    );
    const hidden = await product(app, { isActive: false });
    expectFieldError(
      await api(app, 'POST', '/cart/items', { token, body: { variant_id: hidden.variant.id } }),
      'variant_id',
      'cart.product_unavailable',
    );
    expect((await api(app, 'POST', '/cart/items/999999', { token, body: { quantity: 1 } })).statusCode).toBe(404);
    const removed = ok<CartView>(await api(app, 'DELETE', `/cart/items/${a.variant.id}`, { token }));
    expect(removed.lines).toEqual([]);
  });

  it('flags lines that can no longer be ordered', async () => {
    const a = await product(app, { stock: 5 });
    const { token } = await customer(app);
    ok(await api(app, 'POST', '/cart/items', { token, body: { variant_id: a.variant.id, quantity: 4 } }));
    await app.db.update(tables.productVariants).set({ stock: 2 }).where(eq(tables.productVariants.id, a.variant.id));
    const view = ok<CartView>(await api(app, 'GET', '/cart', { token, lang: 'en' }));
    expect(view.lines[0]).toMatchObject({ problem: 'not_enough_stock', max_quantity: 2 });
    expect(view.lines[0]!.problem_message).toBe(t('en', 'cart.problem_not_enough_stock', { count: 2 }));
    expect(view.can_checkout).toBe(false);
  });

  it('applies a coupon, or says why it cannot', async () => {
    const a = await product(app, { price: 10_000, stock: 10 });
    const { user, token } = await customer(app);
    const code = (await coupon({ value: 10 })).code;
    expectFieldError(await api(app, 'POST', '/cart/coupon', { token, body: { code } }), 'code', 'cart.empty');
    ok(await api(app, 'POST', '/cart/items', { token, body: { variant_id: a.variant.id, quantity: 2 } }));

    expectFieldError(
      await api(app, 'POST', '/cart/coupon', { token, body: { code: 'abc' } }),
      'code',
      'validation.min_chars',
      'ar',
      {
        min: 5,
      },
    );
    expectFieldError(
      await api(app, 'POST', '/cart/coupon', { token, lang: 'en', body: { code: 'NOPE1' } }),
      'code',
      'cart.coupon_unknown',
      'en',
    );
    const closed = await coupon({ isClosed: true });
    expectFieldError(
      await api(app, 'POST', '/cart/coupon', { token, body: { code: closed.code } }),
      'code',
      'cart.coupon_closed',
    );
    const later = await coupon({
      startsAt: new Date('2999-01-01T00:00:00Z'),
      expiresAt: new Date('2999-02-01T00:00:00Z'),
    });
    expectFieldError(
      await api(app, 'POST', '/cart/coupon', { token, body: { code: later.code } }),
      'code',
      'cart.coupon_not_started',
      'ar',
      {
        date: new Date('2999-01-01T00:00:00Z'),
      },
    );
    // The start is a day for people in the page's language, never an ISO date.
    const startsEn = await api(app, 'POST', '/cart/coupon', { token, lang: 'en', body: { code: later.code } });
    expect(startsEn.json().data.code).toBe('This coupon starts on 1 Jan 2999');
    const startsAr = await api(app, 'POST', '/cart/coupon', { token, body: { code: later.code } });
    expect(startsAr.json().data.code).not.toContain('2999-01-01');
    expect(startsAr.json().data.code).toContain('01\u200f/01\u200f/2999');
    const expired = await coupon({ startsAt: new Date('2020-01-01'), expiresAt: new Date('2020-02-01') });
    expectFieldError(
      await api(app, 'POST', '/cart/coupon', { token, body: { code: expired.code } }),
      'code',
      'cart.coupon_expired',
    );
    const usedUp = await coupon({ maxUses: 1, usedCount: 1 });
    expectFieldError(
      await api(app, 'POST', '/cart/coupon', { token, body: { code: usedUp.code } }),
      'code',
      'cart.coupon_used_up',
    );
    const once = await coupon({ maxUsesPerUser: 1 });
    await app.db.insert(tables.couponUses).values({ couponId: once.id, userId: user.id, orderId: 424242 });
    expectFieldError(
      await api(app, 'POST', '/cart/coupon', { token, lang: 'en', body: { code: once.code } }),
      'code',
      'cart.coupon_user_limit',
      'en',
      {
        count: 1,
      },
    );

    // Lower case works: codes are compared upper-cased.
    const applied = ok<CartView>(await api(app, 'POST', '/cart/coupon', { token, body: { code: code.toLowerCase() } }));
    expect(applied.coupon).toEqual({ code, valid: true, message: null, discount: 2000 });
    expect(applied.prices).toMatchObject({ products: 20_000, discount: 2000, tax: 2700, total: 20_700 });

    // Closed after it was applied: the cart shows why, and no discount.
    await app.db.update(tables.coupons).set({ isClosed: true }).where(eq(tables.coupons.code, code));
    const view = ok<CartView>(await api(app, 'GET', '/cart', { token, lang: 'en' }));
    expect(view.coupon).toEqual({ code, valid: false, message: t('en', 'cart.coupon_closed'), discount: 0 });
    expect(view.prices.discount).toBe(0);
    const removed = ok<CartView>(await api(app, 'DELETE', '/cart/coupon', { token }));
    expect(removed.coupon).toBeNull();
  });

  it("merges a visitor's cart into the customer's cart when they sign in", async () => {
    const a = await product(app, { stock: 10 });
    const b = await product(app, { stock: 10 });
    const visitor = ok<CartView>(
      await api(app, 'POST', '/cart/items', { body: { variant_id: a.variant.id, quantity: 2 } }),
    );
    const key = visitor.cart_key!;
    ok(await api(app, 'POST', '/cart/items', { cartKey: key, body: { variant_id: b.variant.id } }));
    const { token } = await customer(app);
    ok(await api(app, 'POST', '/cart/items', { token, body: { variant_id: a.variant.id, quantity: 1 } }));

    const merged = ok<CartView>(await api(app, 'POST', '/cart/merge', { token, cartKey: key }));
    expect(merged.lines.map((l) => [l.variant_id, l.quantity])).toEqual([
      [a.variant.id, 3],
      [b.variant.id, 1],
    ]);
    // The key cart is gone: the key now opens an empty cart.
    expect(ok<CartView>(await api(app, 'GET', '/cart', { cartKey: key })).lines).toEqual([]);
    // Merging again changes nothing.
    expect(ok<CartView>(await api(app, 'POST', '/cart/merge', { token, cartKey: key })).count).toBe(4);
    // Without a sign-in the merge is refused.
    expect((await api(app, 'POST', '/cart/merge', { cartKey: key })).statusCode).toBe(401);
  });

  it('merges a key sent by a signed-in customer on any cart call', async () => {
    const a = await product(app, { stock: 10 });
    const key = ok<CartView>(await api(app, 'POST', '/cart/items', { body: { variant_id: a.variant.id } })).cart_key!;
    const { token } = await customer(app);
    expect(ok<CartView>(await api(app, 'GET', '/cart', { token, cartKey: key })).count).toBe(1);
  });

  it('gives guests a key cart, and reads the key from the cookie on the site’s own calls', async () => {
    const a = await product(app, { stock: 10 });
    const guest = await issueUserToken(app.db, null);
    const res = await api(app, 'POST', '/cart/items', {
      token: guest,
      headers: { 'x-pool-site': '1' },
      body: { variant_id: a.variant.id },
    });
    const view = ok<CartView>(res);
    expect(view.cart_key).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    const cookie = res.cookies.find((c) => c.name === 'cart_key');
    expect(cookie).toMatchObject({ value: view.cart_key, httpOnly: true, path: '/' });
    const again = await app.inject({
      method: 'GET',
      url: '/api/user/cart',
      headers: { authorization: `Bearer ${guest}`, 'x-pool-site': '1' },
      cookies: { cart_key: view.cart_key! },
    });
    expect(ok<CartView>(again).count).toBe(1);
  });

  it("prices delivery from a customer's saved address; another customer's address is 404", async () => {
    const a = await product(app, { price: 50_000, stock: 10 });
    const city = await deliveryCity(app, 3000, 40_000);
    const { token } = await customer(app);
    ok(await api(app, 'POST', '/cart/items', { token, body: { variant_id: a.variant.id } }));
    const { id } = await address(app, token, city.id);
    const view = ok<CartView>(await api(app, 'GET', '/cart', { token, query: { address_id: String(id) } }));
    expect(view.prices.delivery).toBe(0); // 500 SAR is above the 400 SAR threshold
    const other = await customer(app);
    expect((await api(app, 'GET', '/cart', { token: other.token, query: { address_id: String(id) } })).statusCode).toBe(
      404,
    );
  });
});
