/** Checkout: the order from the cart, prices from the server, wallet and card payments, refusals that write nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { CartView, CheckoutResult, StoreOrderDetail } from '@pool/contracts';
import { SANDBOX_CARDS, type SandboxGateway } from '../../integrations/payments/sandbox.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { expectFieldError } from '../account/testing.ts';
import { adminCall, adminToken } from '../admin-content/testing.ts';
import { verifyPayment } from '../payments/service.ts';
import { getBalance } from '../wallet/service.ts';
import { api, customer, deliveryCity, fillWallet, ok, product, readyToBuy, stockOf, t } from './testing.ts';

describe('checkout', () => {
  let app: TestApp;
  let cityId = 0;
  beforeAll(async () => {
    app = await buildTestApp();
    cityId = (await deliveryCity(app, 2500, null)).id;
  });
  afterAll(() => app.close());

  const checkout = (token: string, body: object, o: { lang?: 'ar' | 'en'; key?: string } = {}) =>
    api(app, 'POST', '/checkout', {
      token,
      lang: o.lang,
      body,
      headers: o.key ? { 'idempotency-key': o.key } : {},
    });
  const notificationsOf = async (userId: number) =>
    (await app.db.select().from(tables.notifications).where(eq(tables.notifications.userId, userId))).map(
      (n) => n.type,
    );

  it('pays from the wallet in the same transaction: the order is new at once', async () => {
    const a = await product(app, { price: 10_000, stock: 5, installation: 2000 });
    const b = await product(app, { price: 5000, stock: 5 });
    const { user, token, addressId } = await readyToBuy(
      app,
      [
        { variantId: a.variant.id, quantity: 2, withInstallation: true },
        { variantId: b.variant.id, quantity: 1 },
      ],
      cityId,
    );
    await fillWallet(app, user.id, 100_000);
    const quote = ok<CartView>(await api(app, 'GET', '/cart', { token, query: { address_id: String(addressId) } }));
    // products 25000 + installation 4000 + delivery 2500 = 31500; VAT 4725; total 36225
    expect(quote.prices).toMatchObject({
      products: 25_000,
      installation: 4000,
      delivery: 2500,
      tax: 4725,
      total: 36_225,
    });

    const res = await checkout(token, { address_id: addressId, payment_method: 'wallet' }, { lang: 'en' });
    const done = ok<CheckoutResult>(res);
    expect(res.json().msg).toBe(t('en', 'orders.placed'));
    expect(done).toMatchObject({ status: 'new', total: 36_225, redirect_url: null });
    expect(done.number).toMatch(/^S\d{4}-\d{5}$/);
    expect(await getBalance(app.db, user.id)).toBe(100_000 - 36_225);
    expect(await stockOf(app, a.variant.id)).toBe(3);
    expect(await stockOf(app, b.variant.id)).toBe(4);
    // The cart is empty, the order has its snapshot and timeline.
    expect(ok<CartView>(await api(app, 'GET', '/cart', { token })).lines).toEqual([]);
    const detail = ok<StoreOrderDetail>(await api(app, 'GET', `/store-orders/${done.order_id}`, { token, lang: 'en' }));
    expect(detail.prices).toEqual({
      products: 25_000,
      installation: 4000,
      delivery: 2500,
      discount: 0,
      products_with_vat: 28_750,
      installation_with_vat: 4600,
      delivery_with_vat: 2875,
      discount_with_vat: 0,
      tax_rate: 15,
      tax: 4725,
      total: 36_225,
    });
    expect(detail.lines.map((l) => [l.name, l.quantity, l.installation_price, l.line_total])).toEqual([
      [a.product.nameEn, 2, 4000, 24_000],
      [b.product.nameEn, 1, 0, 5000],
    ]);
    expect(detail.events.map((e) => e.status)).toEqual(['pending_payment', 'new']);
    expect(detail.address).toMatchObject({ city: 'Riyadh', building_number: '1234', postal_code: '12345' });
    expect(detail.payment_method).toBe('wallet');
    expect(await notificationsOf(user.id)).toEqual(['order_payed']);
    const [productRow] = await app.db.select().from(tables.products).where(eq(tables.products.id, a.product.id));
    expect(productRow!.soldCount).toBe(2);
  });

  it('refuses a wallet payment larger than the balance and writes nothing', async () => {
    const a = await product(app, { price: 10_000, stock: 5 });
    const { user, token, addressId } = await readyToBuy(app, [{ variantId: a.variant.id }], cityId);
    await fillWallet(app, user.id, 1000);
    const res = await checkout(token, { address_id: addressId, payment_method: 'wallet' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().msg).toBe(t('ar', 'wallet.insufficient_balance', { balance: '10.00', amount: '143.75' }));
    expect(await stockOf(app, a.variant.id)).toBe(5);
    expect(await app.db.select().from(tables.orders).where(eq(tables.orders.userId, user.id))).toEqual([]);
    expect(ok<CartView>(await api(app, 'GET', '/cart', { token })).count).toBe(1);
  });

  it('starts a card payment: pending_payment for 2 hours, then new once the gateway says paid', async () => {
    const a = await product(app, { price: 10_000, stock: 5 });
    const { user, token, addressId } = await readyToBuy(app, [{ variantId: a.variant.id }], cityId);
    const before = Date.now();
    const done = ok<CheckoutResult>(await checkout(token, { address_id: addressId, payment_method: 'electronic' }));
    expect(done.status).toBe('pending_payment');
    expect(done.redirect_url).toMatch(/^\/api\/payments\/sandbox\//);
    const [order] = await app.db.select().from(tables.orders).where(eq(tables.orders.id, done.order_id));
    expect(order!.payBy!.getTime() - before).toBeGreaterThanOrEqual(2 * 3600_000 - 1000);
    expect(order!.payBy!.getTime() - before).toBeLessThan(2 * 3600_000 + 60_000);
    expect(await notificationsOf(user.id)).toEqual(['wait_payment']);

    const [payment] = await app.db.select().from(tables.payments).where(eq(tables.payments.orderId, done.order_id));
    const sandbox = app.payments as SandboxGateway;
    sandbox.pay(payment!.gatewayId!, SANDBOX_CARDS.success);
    await verifyPayment(app, payment!.id);
    const detail = ok<StoreOrderDetail>(await api(app, 'GET', `/store-orders/${done.order_id}`, { token }));
    expect(detail.status).toBe('new');
    expect(detail.paid_at).not.toBeNull();
    expect(await notificationsOf(user.id)).toEqual(['wait_payment', 'order_payed']);
    const admins = await app.db
      .select()
      .from(tables.notifications)
      .where(and(eq(tables.notifications.type, 'new_ecommerce_order')));
    expect(admins.every((n) => n.adminId !== null && n.link === `/admin/store-orders/${done.order_id}`)).toBe(true);
  });

  it('answers a repeated Idempotency-Key with the first order', async () => {
    const a = await product(app, { price: 10_000, stock: 5 });
    const { user, token, addressId } = await readyToBuy(app, [{ variantId: a.variant.id }], cityId);
    await fillWallet(app, user.id, 100_000);
    const body = { address_id: addressId, payment_method: 'wallet' };
    const answers = await Promise.all([1, 2, 3].map(() => checkout(token, body, { key: 'order-key-1' })));
    const ids = answers.map((r) => ok<CheckoutResult>(r).order_id);
    expect(new Set(ids).size).toBe(1);
    expect(await stockOf(app, a.variant.id)).toBe(4);
    expect(await getBalance(app.db, user.id)).toBe(100_000 - 14_375);
    const other = await checkout(token, { ...body, payment_method: 'electronic' }, { key: 'order-key-1' });
    expect(other.statusCode).toBe(409);
  });

  it('answers with the order placed when the first try died before answering (its key taken over)', async () => {
    const a = await product(app, { price: 10_000, stock: 5 });
    const { user, token, addressId } = await readyToBuy(app, [{ variantId: a.variant.id }], cityId);
    await fillWallet(app, user.id, 100_000);
    const body = { address_id: addressId, payment_method: 'wallet' };
    const first = ok<CheckoutResult>(await checkout(token, body, { key: 'order-key-died' }));
    const [noted] = await app.db
      .select()
      .from(tables.idempotencyKeys)
      .where(and(eq(tables.idempotencyKeys.userId, user.id), eq(tables.idempotencyKeys.key, 'order-key-died')));
    expect(noted!.status).toBe(200);
    // As the process leaves it when killed after the order's commit: no answer recorded, the note of the
    // order written in the order's transaction, the key a minute old.
    await app.db.execute(
      sql`update idempotency_keys set status = null,
            response = jsonb_build_object('note', jsonb_build_object('order_id', ${first.order_id}::int)),
            created_at = now() - interval '2 minutes'
          where user_id = ${user.id} and key = 'order-key-died'`,
    );
    const again = await checkout(token, body, { key: 'order-key-died' });
    expect(ok<CheckoutResult>(again)).toEqual(first);
    const orders = await app.db.select().from(tables.orders).where(eq(tables.orders.userId, user.id));
    expect(orders).toHaveLength(1);
    expect(await getBalance(app.db, user.id)).toBe(100_000 - first.total);
    // A repeat now replays the recorded answer.
    const replay = await checkout(token, body, { key: 'order-key-died' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(ok<CheckoutResult>(replay)).toEqual(first);
  });

  it('refuses an empty cart, a line out of stock or no longer sold, and a city without delivery', async () => {
    const { token } = await customer(app);
    const empty = await api(app, 'POST', '/addresses', {
      token,
      body: { city_id: cityId, district: 'حي', street: 'شارع', building_number: '1111', postal_code: '11111' },
    });
    const res = await checkout(
      token,
      { address_id: ok<{ id: number }>(empty).id, payment_method: 'electronic' },
      { lang: 'en' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe(t('en', 'orders.cart_empty'));

    const a = await product(app, { stock: 2 });
    const buyer = await readyToBuy(app, [{ variantId: a.variant.id, quantity: 2 }], cityId);
    await app.db.update(tables.productVariants).set({ stock: 1 }).where(eq(tables.productVariants.id, a.variant.id));
    const short = await checkout(buyer.token, { address_id: buyer.addressId, payment_method: 'electronic' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      key: 'fail',
      msg: t('ar', 'orders.cart_problems'),
      data: { lines: [{ variant_id: a.variant.id, problem: 'not_enough_stock' }] },
    });
    await app.db.update(tables.products).set({ isActive: false }).where(eq(tables.products.id, a.product.id));
    const gone = await checkout(buyer.token, { address_id: buyer.addressId, payment_method: 'electronic' });
    expect(gone.json().data.lines[0].problem).toBe('unavailable');
    expect(await app.db.select().from(tables.orders).where(eq(tables.orders.userId, buyer.user.id))).toEqual([]);

    const b = await product(app, { stock: 2 });
    const far = await customer(app);
    ok(await api(app, 'POST', '/cart/items', { token: far.token, body: { variant_id: b.variant.id } }));
    const [nowhere] = await app.db.insert(tables.cities).values({ nameAr: 'أبها', nameEn: 'Abha' }).returning();
    const farAddress = ok<{ id: number }>(
      await api(app, 'POST', '/addresses', {
        token: far.token,
        body: { city_id: nowhere!.id, district: 'حي', street: 'شارع', building_number: '1111', postal_code: '11111' },
      }),
    );
    expectFieldError(
      await checkout(far.token, { address_id: farAddress.id, payment_method: 'electronic' }, { lang: 'en' }),
      'address_id',
      'orders.no_delivery',
      'en',
      { city: 'Abha' },
    );
    // Someone else's address is not an address of mine.
    expectFieldError(
      await checkout(far.token, { address_id: buyer.addressId, payment_method: 'electronic' }),
      'address_id',
      'validation.invalid',
    );
    expect(await stockOf(app, b.variant.id)).toBe(2);
  });

  it('checks the schema in both languages and keeps guests out', async () => {
    const { token } = await customer(app);
    expectFieldError(
      await checkout(token, { payment_method: 'cash' }, { lang: 'en' }),
      'address_id',
      'validation.required',
      'en',
    );
    expectFieldError(
      await checkout(token, { address_id: 1, payment_method: 'cash' }),
      'payment_method',
      'validation.invalid',
    );
    expectFieldError(
      await checkout(token, { address_id: 1, payment_method: 'wallet', coupon_code: 'ab' }),
      'coupon_code',
      'validation.min_chars',
      'ar',
      { min: 5 },
    );
    const { issueUserToken } = await import('../../lib/sessions.ts');
    const guest = await issueUserToken(app.db, null);
    expect((await checkout(guest, { address_id: 1, payment_method: 'wallet' })).statusCode).toBe(403);
    expect(
      (await api(app, 'POST', '/checkout', { body: { address_id: 1, payment_method: 'wallet' } })).statusCode,
    ).toBe(401);
  });

  it('takes a 100 % coupon end to end: the dashboard accepts it, an order of total 0 is paid at once, no card page', async () => {
    const boss = await adminToken(app);
    ok(
      await adminCall(app, 'POST', '/coupons', {
        token: boss,
        body: {
          title: 'Free',
          code: 'FREE100',
          discount_type: 'ratio',
          value: '100',
          max_uses: '10',
          max_uses_per_user: '2',
          starts_at: new Date(Date.now() - 60_000).toISOString(),
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        },
      }),
    );
    const freeCity = (await deliveryCity(app, 0, null)).id;
    for (const method of ['electronic', 'wallet'] as const) {
      const a = await product(app, { price: 10_000, stock: 5 });
      const { user, token, addressId } = await readyToBuy(app, [{ variantId: a.variant.id }], freeCity);
      const done = ok<CheckoutResult>(
        await checkout(token, { address_id: addressId, payment_method: method, coupon_code: 'free100' }),
      );
      expect(done).toMatchObject({ total: 0, status: 'new', redirect_url: null });
      const payments = await app.db.select().from(tables.payments).where(eq(tables.payments.orderId, done.order_id));
      expect(payments).toHaveLength(0);
      expect(await getBalance(app.db, user.id)).toBe(0);
      const detail = ok<StoreOrderDetail>(await api(app, 'GET', `/store-orders/${done.order_id}`, { token }));
      expect(detail).toMatchObject({ status: 'new', can_pay: false, has_invoice: true });
      expect(detail.prices).toMatchObject({ discount: 10_000, total: 0 });
    }
  });

  it('counts a coupon use with the order and applies its discount', async () => {
    const [coupon] = await app.db
      .insert(tables.coupons)
      .values({
        title: 'Ten',
        code: 'TENOFF',
        discountType: 'number',
        value: 1000,
        maxUses: 5,
        startsAt: new Date(Date.now() - 1000),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const a = await product(app, { price: 10_000, stock: 5 });
    const { user, token, addressId } = await readyToBuy(app, [{ variantId: a.variant.id }], cityId);
    await fillWallet(app, user.id, 100_000);
    const done = ok<CheckoutResult>(
      await checkout(token, { address_id: addressId, payment_method: 'wallet', coupon_code: 'tenoff' }),
    );
    // (10000 + 2500 - 1000) * 1.15 = 13225
    expect(done.total).toBe(13_225);
    const [row] = await app.db.select().from(tables.coupons).where(eq(tables.coupons.id, coupon!.id));
    expect(row!.usedCount).toBe(1);
    const detail = ok<StoreOrderDetail>(await api(app, 'GET', `/store-orders/${done.order_id}`, { token }));
    expect(detail.coupon_code).toBe('TENOFF');
    expect(detail.prices.discount).toBe(1000);
    // Once per customer (the default): a second order with it is refused.
    ok(await api(app, 'POST', '/cart/items', { token, body: { variant_id: a.variant.id } }));
    expectFieldError(
      await checkout(token, { address_id: addressId, payment_method: 'wallet', coupon_code: 'TENOFF' }),
      'coupon_code',
      'cart.coupon_user_limit',
      'ar',
      { count: 1 },
    );
  });
});
