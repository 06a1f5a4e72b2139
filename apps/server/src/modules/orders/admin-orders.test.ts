/** Store orders in the dashboard: the moves along the allowed states (and the customer's rating), cancel or refuse with refunds, the list's filters and permissions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { AdminOrderDetail, StoreOrderDetail, WalletPage } from '@pool/contracts';
import { SANDBOX_CARDS, type SandboxGateway } from '../../integrations/payments/sandbox.ts';
import type { TestApp } from '../../testing/app.ts';
import { expectFieldError } from '../account/testing.ts';
import { adminCall, adminToken, expectStatus } from '../admin-content/testing.ts';
import { verifyPayment } from '../payments/service.ts';
import { getBalance } from '../wallet/service.ts';
import { api, ok, placeOrder, stockOf, storeOrdersSetup, t } from './testing.ts';

describe('store orders', () => {
  let app: TestApp;
  let cityId = 0;
  let boss = '';
  beforeAll(async () => {
    ({ app, cityId, boss } = await storeOrdersSetup());
  });
  afterAll(() => app.close());

  const order = (method: 'wallet' | 'electronic', o: { stock?: number } = {}) => placeOrder(app, cityId, method, o);
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
    // The order shows its refund, to the card, with its time (the customer's page and the dashboard's).
    const mine = ok<StoreOrderDetail>(
      await api(app, 'GET', `/store-orders/${card.order.order_id}`, { token: card.token }),
    );
    expect(mine.refund).toMatchObject({ amount: payment.amount, to: 'card', pending: false });
    expect(Date.parse(mine.refund!.refunded_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(ok<AdminOrderDetail>(await admin('GET', `/store-orders/${card.order.order_id}`)).refund).toEqual(
      mine.refund,
    );
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
    const otherView = ok<StoreOrderDetail>(
      await api(app, 'GET', `/store-orders/${other.order.order_id}`, { token: other.token }),
    );
    expect(otherView.refund).toMatchObject({ amount: otherPayment.amount, to: 'wallet', pending: false });
    // The wallet's refund line links to the order's page.
    const wallet = ok<WalletPage>(await api(app, 'GET', '/wallet', { token: other.token }));
    expect(wallet.entries.data.find((e) => e.kind === 'refund')).toMatchObject({
      amount: otherPayment.amount,
      order_id: other.order.order_id,
      order_path: `/orders/online_store_order/${other.order.order_id}`,
    });
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

  it("offers the admin's reasons to the dashboard and the customer's to the customer; a reason reads in the page's language", async () => {
    const cr = tables.cancelReasons;
    const [mistake] = await app.db
      .insert(cr)
      .values({ titleAr: 'طلبت بالخطأ', titleEn: 'I ordered by mistake', use: 'customer' })
      .returning();
    const [stock] = await app.db
      .insert(cr)
      .values({ titleAr: 'نفدت الكمية', titleEn: 'Out of stock', use: 'admin' })
      .returning();
    const reasons = async (query: Record<string, string>) =>
      ok<{ id: number }[]>(await api(app, 'GET', '/cancel-reasons', { query })).map((r) => r.id);
    expect(await reasons({})).toContain(mistake!.id);
    expect(await reasons({})).not.toContain(stock!.id);
    expect(await reasons({ use: 'admin' })).toEqual(expect.arrayContaining([stock!.id]));
    expect(await reasons({ use: 'admin' })).not.toContain(mistake!.id);

    const paid = await order('wallet');
    const id = paid.order.order_id;
    // Each side gives its own reasons only.
    expectFieldError(
      await admin('POST', `/store-orders/${id}/cancel`, { status: 'refused', cancel_reason_id: mistake!.id }),
      'cancel_reason_id',
      'validation.invalid',
    );
    expectFieldError(
      await api(app, 'POST', `/store-orders/${id}/cancel`, {
        token: paid.token,
        body: { cancel_reason_id: stock!.id },
      }),
      'cancel_reason_id',
      'validation.invalid',
    );
    ok(await admin('POST', `/store-orders/${id}/cancel`, { status: 'refused', cancel_reason_id: stock!.id }));
    const en = ok<AdminOrderDetail>(await admin('GET', `/store-orders/${id}`, undefined, 'en'));
    expect(en.cancel_reason).toBe('Out of stock');
    expect(en.events.at(-1)).toMatchObject({ status: 'refused', note: 'Out of stock' });
    const ar = ok<StoreOrderDetail>(await api(app, 'GET', `/store-orders/${id}`, { token: paid.token }));
    expect(ar.cancel_reason).toBe('نفدت الكمية');
    expect(ar.events.at(-1)).toMatchObject({ status: 'refused', note: 'نفدت الكمية' });
    // Paid from the wallet: refunded to it, shown with the order.
    expect(ar.refund).toMatchObject({ amount: paid.order.total, to: 'wallet', pending: false });
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
