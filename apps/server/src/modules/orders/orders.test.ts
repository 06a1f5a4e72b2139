/** Store orders after checkout: the customer's tabs, details, cancel, pay again, invoice, ratings; the dashboard's list and moves. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { AdminOrderDetail, CheckoutResult, StoreInvoice, StoreOrderDetail, StoreOrderItem } from '@pool/contracts';
import { SANDBOX_CARDS, type SandboxGateway } from '../../integrations/payments/sandbox.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { expectFieldError } from '../account/testing.ts';
import { adminCall, adminToken, expectStatus } from '../admin-content/testing.ts';
import { verifyPayment } from '../payments/service.ts';
import { getBalance } from '../wallet/service.ts';
import { api, deliveryCity, fillWallet, ok, product, readyToBuy, stockOf, t } from './testing.ts';
import { zatcaQr } from './zatca.ts';

describe('store orders', () => {
  let app: TestApp;
  let cityId = 0;
  let boss = '';
  beforeAll(async () => {
    app = await buildTestApp();
    cityId = (await deliveryCity(app, 2000)).id;
    boss = await adminToken(app);
  });
  afterAll(() => app.close());

  /** A customer's order of one unit (price 100 SAR), paid by wallet or left waiting for the card. */
  async function order(method: 'wallet' | 'electronic', o: { stock?: number } = {}) {
    const a = await product(app, { price: 10_000, stock: o.stock ?? 5 });
    const buyer = await readyToBuy(app, [{ variantId: a.variant.id }], cityId);
    if (method === 'wallet') await fillWallet(app, buyer.user.id, 50_000);
    const done = ok<CheckoutResult>(
      await api(app, 'POST', '/checkout', {
        token: buyer.token,
        body: { address_id: buyer.addressId, payment_method: method },
      }),
    );
    return { ...buyer, ...a, order: done };
  }
  const paymentOf = async (orderId: number) =>
    (await app.db.select().from(tables.payments).where(eq(tables.payments.orderId, orderId)))[0]!;
  async function payByCard(orderId: number) {
    const payment = await paymentOf(orderId);
    (app.payments as SandboxGateway).pay(payment.gatewayId!, SANDBOX_CARDS.success);
    await verifyPayment(app, payment.id);
    return payment;
  }
  const admin = (method: 'GET' | 'POST', path: string, body?: object, lang: 'ar' | 'en' = 'ar', token = boss) =>
    adminCall(app, method, path, { token, body, lang });

  it('lists my orders by tab, newest first; another customer sees none of them', async () => {
    const waiting = await order('electronic');
    const list = ok<{ data: StoreOrderItem[] }>(
      await api(app, 'GET', '/store-orders', { token: waiting.token, query: { tab: 'pending_payment' } }),
    );
    expect(list.data.map((o) => [o.id, o.status, o.tab])).toEqual([
      [waiting.order.order_id, 'pending_payment', 'pending_payment'],
    ]);
    expect(
      ok<{ data: StoreOrderItem[] }>(
        await api(app, 'GET', '/store-orders', { token: waiting.token, query: { tab: 'new' } }),
      ).data,
    ).toEqual([]);
    expect(
      ok<{ data: StoreOrderItem[] }>(
        await api(app, 'GET', '/store-orders', { token: waiting.token, query: { tab: 'waiting' } }),
      ).data,
    ).toEqual([]);
    expectFieldError(
      await api(app, 'GET', '/store-orders', { token: waiting.token, query: { tab: 'soon' } }),
      'tab',
      'validation.invalid',
    );

    const paid = await order('wallet');
    const other = ok<{ data: StoreOrderItem[] }>(await api(app, 'GET', '/store-orders', { token: paid.token }));
    expect(other.data.map((o) => o.id)).toEqual([paid.order.order_id]);
    for (const path of ['', '/invoice']) {
      expectStatus(
        await api(app, 'GET', `/store-orders/${waiting.order.order_id}${path}`, { token: paid.token }),
        404,
        'notFound',
      );
    }
    expectStatus(
      await api(app, 'POST', `/store-orders/${waiting.order.order_id}/cancel`, {
        token: paid.token,
        body: { note: 'x' },
      }),
      404,
      'notFound',
    );
    expectStatus(
      await api(app, 'POST', `/store-orders/${waiting.order.order_id}/pay`, { token: paid.token }),
      404,
      'notFound',
    );
  });

  it('cancels a pending order once: stock and coupon use come back, a reason is required', async () => {
    const [coupon] = await app.db
      .insert(tables.coupons)
      .values({
        title: 'Five',
        code: 'FIVEOFF',
        discountType: 'ratio',
        value: 5,
        maxUses: 3,
        startsAt: new Date(Date.now() - 1000),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const a = await product(app, { price: 10_000, stock: 3 });
    const buyer = await readyToBuy(app, [{ variantId: a.variant.id, quantity: 2 }], cityId);
    ok(await api(app, 'POST', '/cart/coupon', { token: buyer.token, body: { code: 'FIVEOFF' } }));
    const done = ok<CheckoutResult>(
      await api(app, 'POST', '/checkout', {
        token: buyer.token,
        body: { address_id: buyer.addressId, payment_method: 'electronic' },
      }),
    );
    expect(await stockOf(app, a.variant.id)).toBe(1);
    const usedCount = async () =>
      (await app.db.select().from(tables.coupons).where(eq(tables.coupons.id, coupon!.id)))[0]!.usedCount;
    expect(await usedCount()).toBe(1);

    expectFieldError(
      await api(app, 'POST', `/store-orders/${done.order_id}/cancel`, { token: buyer.token, lang: 'en', body: {} }),
      'cancel_reason_id',
      'orders.reason_required',
      'en',
    );
    const [reason] = await app.db
      .insert(tables.cancelReasons)
      .values({ titleAr: 'غيرت رأيي', titleEn: 'Changed my mind' })
      .returning();
    const cancel = () =>
      api(app, 'POST', `/store-orders/${done.order_id}/cancel`, {
        token: buyer.token,
        lang: 'en',
        body: { cancel_reason_id: reason!.id },
      });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    const answers = [first!, second!].sort((x, y) => x.statusCode - y.statusCode);
    const detail = ok<StoreOrderDetail>(answers[0]!);
    expect(answers[1]!.statusCode).toBe(409);
    expect(answers[1]!.json().msg).toBe(t('en', 'orders.move_not_allowed', { status: 'cancelled' }));
    expect(detail).toMatchObject({
      status: 'cancelled',
      tab: 'finished',
      cancel_reason: 'Changed my mind',
      can_cancel: false,
      can_pay: false,
    });
    expect(detail.events.map((e) => [e.status, e.actor])).toEqual([
      ['pending_payment', 'customer'],
      ['cancelled', 'customer'],
    ]);
    expect(await stockOf(app, a.variant.id)).toBe(3);
    expect(await usedCount()).toBe(0);
    const types = (
      await app.db.select().from(tables.notifications).where(eq(tables.notifications.userId, buyer.user.id))
    ).map((n) => n.type);
    expect(types).toEqual(['wait_payment', 'order_cancelled']);
  });

  it('refunds a wallet-paid order to the wallet when the customer cancels it while new', async () => {
    const paid = await order('wallet');
    const before = await getBalance(app.db, paid.user.id);
    ok(
      await api(app, 'POST', `/store-orders/${paid.order.order_id}/cancel`, {
        token: paid.token,
        body: { note: 'لم أعد أحتاجه' },
      }),
    );
    expect(await getBalance(app.db, paid.user.id)).toBe(before + paid.order.total);
    const [row] = await app.db.select().from(tables.orders).where(eq(tables.orders.id, paid.order.order_id));
    expect(row).toMatchObject({ refundStatus: 'wallet', cancelNote: 'لم أعد أحتاجه' });
  });

  it('pays again while pending, and refuses once paid', async () => {
    const waiting = await order('electronic');
    const again = ok<{ redirect_url: string }>(
      await api(app, 'POST', `/store-orders/${waiting.order.order_id}/pay`, { token: waiting.token }),
    );
    expect(again.redirect_url).toMatch(/^\/api\/payments\/sandbox\//);
    const attempts = await app.db
      .select()
      .from(tables.payments)
      .where(eq(tables.payments.orderId, waiting.order.order_id));
    expect(attempts).toHaveLength(2);
    // The second attempt pays; the order is new and cannot be paid again.
    (app.payments as SandboxGateway).pay(attempts[1]!.gatewayId!, SANDBOX_CARDS.success);
    await verifyPayment(app, attempts[1]!.id);
    const detail = ok<StoreOrderDetail>(
      await api(app, 'GET', `/store-orders/${waiting.order.order_id}`, { token: waiting.token }),
    );
    expect(detail).toMatchObject({ status: 'new', can_pay: false, can_cancel: true, has_invoice: true });
    const refused = await api(app, 'POST', `/store-orders/${waiting.order.order_id}/pay`, {
      token: waiting.token,
      lang: 'en',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(t('en', 'orders.not_payable'));
    // The first attempt paid late too: refunded to the card, the order stays new.
    (app.payments as SandboxGateway).pay(attempts[0]!.gatewayId!, SANDBOX_CARDS.success);
    await verifyPayment(app, attempts[0]!.id);
    await new Promise((r) => setTimeout(r, 400));
    const [late] = await app.db.select().from(tables.payments).where(eq(tables.payments.id, attempts[0]!.id));
    expect(late).toMatchObject({ status: 'refunded', refundedAmount: late!.amount });
    const [kept] = await app.db.select().from(tables.payments).where(eq(tables.payments.id, attempts[1]!.id));
    expect(kept).toMatchObject({ status: 'paid', refundedAmount: 0 });
  });

  it('gives the tax invoice of a paid order with its ZATCA QR', async () => {
    const paid = await order('wallet');
    const waiting = await order('electronic');
    const refused = await api(app, 'GET', `/store-orders/${waiting.order.order_id}/invoice`, {
      token: waiting.token,
      lang: 'en',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(t('en', 'orders.no_invoice'));
    const invoice = ok<StoreInvoice>(
      await api(app, 'GET', `/store-orders/${paid.order.order_id}/invoice`, { token: paid.token, lang: 'en' }),
    );
    const [row] = await app.db.select().from(tables.orders).where(eq(tables.orders.id, paid.order.order_id));
    expect(invoice).toMatchObject({ number: paid.order.number, seller_name: 'Masabeh', vat_number: '310000000000003' });
    expect(invoice.prices).toMatchObject({ products: 10_000, delivery: 2000, tax: 1800, total: 13_800, tax_rate: 15 });
    expect(invoice.qr).toBe(
      zatcaQr({
        sellerName: 'مسابح',
        vatNumber: '310000000000003',
        timestamp: row!.paidAt!,
        totalWithVat: 13_800,
        vat: 1800,
      }),
    );
    const admin = ok<StoreInvoice>(
      await adminCall(app, 'GET', `/store-orders/${paid.order.order_id}/invoice`, { token: boss }),
    );
    expect(admin.qr).toBe(invoice.qr);
  });

  it('moves along the allowed states in the dashboard, notifying the customer; then the customer rates once', async () => {
    const paid = await order('wallet');
    const id = paid.order.order_id;
    const view = ok<AdminOrderDetail>(await admin('GET', `/store-orders/${id}`));
    expect(view.next_statuses).toEqual(['preparing', 'cancelled', 'refused']);
    expect(view.customer_name).toBe(paid.user.name);

    const skip = await admin('POST', `/store-orders/${id}/status`, { status: 'delivered' }, 'en');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().msg).toBe(t('en', 'orders.move_not_allowed', { status: 'new' }));
    expectFieldError(
      await admin('POST', `/store-orders/${id}/status`, { status: 'cancelled' }),
      'cancel_reason_id',
      'orders.reason_required',
    );

    // Rating before delivery is refused.
    const early = await api(app, 'POST', `/store-orders/${id}/rate`, {
      token: paid.token,
      body: { product_id: paid.product.id, rating: 5 },
    });
    expect(early.statusCode).toBe(409);

    for (const status of ['preparing', 'delivering', 'delivered']) {
      const moved = ok<AdminOrderDetail>(await admin('POST', `/store-orders/${id}/status`, { status }));
      expect(moved.status).toBe(status);
    }
    const final = ok<AdminOrderDetail>(await admin('GET', `/store-orders/${id}`));
    expect(final.next_statuses).toEqual([]);
    expect(final.events.map((e) => [e.status, e.actor])).toEqual([
      ['pending_payment', 'customer'],
      ['new', 'system'],
      ['preparing', 'admin'],
      ['delivering', 'admin'],
      ['delivered', 'admin'],
    ]);
    const types = (
      await app.db.select().from(tables.notifications).where(eq(tables.notifications.userId, paid.user.id))
    ).map((n) => n.type);
    expect(types).toEqual(['order_payed', 'preparing', 'delivering', 'delivered']);
    const audit = await app.db
      .select()
      .from(tables.auditLogs)
      .where(eq(tables.auditLogs.url, `/api/admin/store-orders/${id}/status`));
    expect(audit.length).toBe(3);

    const detail = ok<StoreOrderDetail>(await api(app, 'GET', `/store-orders/${id}`, { token: paid.token }));
    expect(detail.can_rate).toBe(true);
    expectFieldError(
      await api(app, 'POST', `/store-orders/${id}/rate`, {
        token: paid.token,
        lang: 'en',
        body: { product_id: paid.product.id, rating: 6 },
      }),
      'rating',
      'validation.invalid',
      'en',
    );
    expectFieldError(
      await api(app, 'POST', `/store-orders/${id}/rate`, {
        token: paid.token,
        body: { product_id: 999999, rating: 4 },
      }),
      'product_id',
      'validation.invalid',
    );
    const rated = ok<StoreOrderDetail>(
      await api(app, 'POST', `/store-orders/${id}/rate`, {
        token: paid.token,
        body: { product_id: paid.product.id, rating: 4, comment: 'ممتاز' },
      }),
    );
    expect(rated.lines[0]!.rating).toBe(4);
    expect(rated.can_rate).toBe(false);
    const again = await api(app, 'POST', `/store-orders/${id}/rate`, {
      token: paid.token,
      lang: 'en',
      body: { product_id: paid.product.id, rating: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(t('en', 'orders.already_rated'));
    const [productRow] = await app.db.select().from(tables.products).where(eq(tables.products.id, paid.product.id));
    expect(productRow).toMatchObject({ ratingAvg: 400, ratingCount: 1 });
  });

  it('cancels or refuses with a reason in the dashboard, refunding the card (or the wallet when the card cannot be)', async () => {
    const card = await order('electronic');
    await payByCard(card.order.order_id);
    expectFieldError(
      await admin('POST', `/store-orders/${card.order.order_id}/cancel`, { status: 'refused' }, 'en'),
      'cancel_reason_id',
      'orders.reason_required',
      'en',
    );
    const refused = ok<AdminOrderDetail>(
      await admin('POST', `/store-orders/${card.order.order_id}/cancel`, { status: 'refused', note: 'عنوان غير صحيح' }),
    );
    expect(refused).toMatchObject({ status: 'refused', cancel_note: 'عنوان غير صحيح', next_statuses: [] });
    const payment = await paymentOf(card.order.order_id);
    expect(payment).toMatchObject({ status: 'refunded', refundedAmount: payment.amount });
    const [row] = await app.db.select().from(tables.orders).where(eq(tables.orders.id, card.order.order_id));
    expect(row!.refundStatus).toBe('card');
    expect(await stockOf(app, card.variant.id)).toBe(5);
    const last = await app.db
      .select()
      .from(tables.notifications)
      .where(and(eq(tables.notifications.userId, card.user.id), eq(tables.notifications.type, 'refused')));
    expect(last).toHaveLength(1);

    // The gateway refuses the refund: the money goes to the wallet instead.
    const other = await order('electronic');
    const otherPayment = await payByCard(other.order.order_id);
    const sandbox = app.payments as SandboxGateway;
    const refund = sandbox.refund;
    sandbox.refund = async () => {
      throw new Error('gateway down');
    };
    const fetch = sandbox.fetch;
    sandbox.fetch = async () => {
      throw new Error('gateway down');
    };
    try {
      ok(
        await admin('POST', `/store-orders/${other.order.order_id}/cancel`, {
          status: 'cancelled',
          note: 'نفد المخزون',
        }),
      );
    } finally {
      sandbox.refund = refund;
      sandbox.fetch = fetch;
    }
    expect(await getBalance(app.db, other.user.id)).toBe(otherPayment.amount);
    const [otherRow] = await app.db.select().from(tables.orders).where(eq(tables.orders.id, other.order.order_id));
    expect(otherRow!.refundStatus).toBe('wallet');
    // Once: settling again does nothing.
    const { settleRefunds } = await import('./kernel/money.ts');
    await app.db
      .update(tables.orders)
      .set({ refundStatus: 'pending' })
      .where(eq(tables.orders.id, other.order.order_id));
    await settleRefunds(app, other.order.order_id);
    expect(await getBalance(app.db, other.user.id)).toBe(otherPayment.amount);
    expect((await paymentOf(other.order.order_id)).refundedAmount).toBe(0);
  });

  it('filters the dashboard list and checks permissions', async () => {
    const paid = await order('wallet');
    const waiting = await order('electronic');
    const ids = async (query: Record<string, string>) =>
      ok<{ data: { id: number }[] }>(await adminCall(app, 'GET', '/store-orders', { token: boss, query })).data.map(
        (o) => o.id,
      );
    expect(await ids({ q: paid.order.number })).toEqual([paid.order.order_id]);
    expect(await ids({ q: paid.user.phone })).toEqual([paid.order.order_id]);
    expect(await ids({ status: 'pending_payment', q: waiting.order.number })).toEqual([waiting.order.order_id]);
    expect(await ids({ status: 'new', q: waiting.order.number })).toEqual([]);
    expect(await ids({ payment_method: 'wallet', q: paid.order.number })).toEqual([paid.order.order_id]);
    expect(await ids({ payment_method: 'electronic', q: paid.order.number })).toEqual([]);
    expect(await ids({ city_id: String(cityId), q: paid.order.number })).toEqual([paid.order.order_id]);
    expect(await ids({ from: '2999-01-01' })).toEqual([]);
    expect((await ids({ to: '2999-01-01' })).length).toBeGreaterThan(1);
    expectFieldError(
      await adminCall(app, 'GET', '/store-orders', { token: boss, query: { status: 'lost' } }),
      'status',
      'validation.invalid',
    );

    const viewer = await adminToken(app, ['orders.view']);
    ok(await adminCall(app, 'GET', `/store-orders/${paid.order.order_id}`, { token: viewer }));
    expectStatus(
      await admin('POST', `/store-orders/${paid.order.order_id}/status`, { status: 'preparing' }, 'ar', viewer),
      403,
      'forbidden',
    );
    expectStatus(
      await admin(
        'POST',
        `/store-orders/${paid.order.order_id}/cancel`,
        { status: 'cancelled', note: 'x' },
        'ar',
        viewer,
      ),
      403,
      'forbidden',
    );
    expectStatus(await admin('GET', '/store-orders/999999'), 404, 'notFound');
  });
});
