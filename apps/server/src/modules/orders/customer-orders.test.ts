/** Store orders after checkout, as the customer sees them: the tabs, details, cancel, pay again and the invoice. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { CheckoutResult, StoreInvoice, StoreOrderDetail, StoreOrderItem } from '@pool/contracts';
import { SANDBOX_CARDS, type SandboxGateway } from '../../integrations/payments/sandbox.ts';
import type { TestApp } from '../../testing/app.ts';
import { expectFieldError } from '../account/testing.ts';
import { adminCall, expectStatus } from '../admin-content/testing.ts';
import { verifyPayment } from '../payments/service.ts';
import { getBalance } from '../wallet/service.ts';
import { settleRefunds } from './kernel/money.ts';
import { api, ok, placeOrder, product, readyToBuy, stockOf, storeOrdersSetup, t } from './testing.ts';
import { zatcaQr } from './zatca.ts';

describe('store orders', () => {
  let app: TestApp;
  let cityId = 0;
  let boss = '';
  beforeAll(async () => {
    ({ app, cityId, boss } = await storeOrdersSetup());
  });
  afterAll(() => app.close());

  const order = (method: 'wallet' | 'electronic', o: { stock?: number } = {}) => placeOrder(app, cityId, method, o);

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

  it("names a list row after its first line with the others counted, in the reader's language, as its details do", async () => {
    const pump = await product(app, { nameAr: 'مضخة الاختبار', nameEn: 'Test pump', images: ['products/pump.webp'] });
    const salt = await product(app, { nameAr: 'ملح الاختبار', nameEn: 'Test salt' });
    const buyer = await readyToBuy(
      app,
      [
        { variantId: pump.variant.id, quantity: 2 },
        { variantId: salt.variant.id, quantity: 3 },
      ],
      cityId,
    );
    const placed = ok<CheckoutResult>(
      await api(app, 'POST', '/checkout', {
        token: buyer.token,
        body: { address_id: buyer.addressId, payment_method: 'electronic' },
      }),
    );
    const single = await order('electronic');
    for (const [lang, title] of [
      ['ar', 'مضخة الاختبار ومنتج آخر'],
      ['en', 'Test pump and one more product'],
    ] as const) {
      const [row] = ok<{ data: StoreOrderItem[] }>(
        await api(app, 'GET', '/store-orders', { token: buyer.token, lang }),
      ).data;
      const detail = ok<StoreOrderDetail>(
        await api(app, 'GET', `/store-orders/${placed.order_id}`, { token: buyer.token, lang }),
      );
      expect(detail.lines[0]!.image).toContain('pump.webp');
      expect(row).toMatchObject({ id: placed.order_id, title, items_count: 5, image: detail.lines[0]!.image });
      expect(detail).toMatchObject({ title, items_count: 5, image: row!.image });
      const [alone] = ok<{ data: StoreOrderItem[] }>(
        await api(app, 'GET', '/store-orders', { token: single.token, lang }),
      ).data;
      expect(alone).toMatchObject({
        title: lang === 'en' ? single.product.nameEn : single.product.nameAr,
        items_count: 1,
      });
      const admin = ok<{ data: StoreOrderItem[] }>(
        await adminCall(app, 'GET', '/store-orders', { token: boss, lang, query: { q: placed.number } }),
      ).data;
      expect(admin).toEqual([
        expect.objectContaining({ id: placed.order_id, title, items_count: 5, image: row!.image }),
      ]);
    }
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
    // The refund job sent with that payment (the queue is not started in these tests).
    await settleRefunds(app, waiting.order.order_id);
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
});
