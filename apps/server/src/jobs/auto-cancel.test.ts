/** The 2-hour auto-cancel: the gateway is asked first; unpaid orders are cancelled once, releasing stock. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { makeUser, tables } from '@pool/db';
import { AWAITING_PAYMENT, ORDER_MACHINES, type CheckoutResult, type OrderKind } from '@pool/contracts';
import { SANDBOX_CARDS, type SandboxGateway } from '../integrations/payments/sandbox.ts';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { api, deliveryCity, ok, product, readyToBuy, stockOf } from '../modules/orders/testing.ts';
import { nextOrderId, orderNumber, startOrderPayment } from '../modules/orders/index.ts';
import { cancelUnpaidOrders, runOrderJobs } from './auto-cancel.ts';

describe('auto-cancel of unpaid orders', () => {
  let app: TestApp;
  let cityId = 0;
  beforeAll(async () => {
    app = await buildTestApp();
    cityId = (await deliveryCity(app, 1000)).id;
  });
  afterAll(() => app.close());

  async function pending(variantId: number) {
    const buyer = await readyToBuy(app, [{ variantId }], cityId);
    const done = ok<CheckoutResult>(
      await api(app, 'POST', '/checkout', {
        token: buyer.token,
        body: { address_id: buyer.addressId, payment_method: 'electronic' },
      }),
    );
    return { ...buyer, order: done };
  }
  const statusOf = async (id: number) =>
    (await app.db.select().from(tables.orders).where(eq(tables.orders.id, id)))[0]!.status;

  it('leaves orders younger than 2 hours, cancels older unpaid ones, keeps paid ones', async () => {
    const item = await product(app, { stock: 5 });
    const young = await pending(item.variant.id);
    const old = await pending(item.variant.id);
    const paid = await pending(item.variant.id);
    expect(await stockOf(app, item.variant.id)).toBe(2);
    await app.db
      .update(tables.orders)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(inArray(tables.orders.id, [old.order.order_id, paid.order.order_id]));
    const [payment] = await app.db
      .select()
      .from(tables.payments)
      .where(eq(tables.payments.orderId, paid.order.order_id));
    (app.payments as SandboxGateway).pay(payment!.gatewayId!, SANDBOX_CARDS.success);

    expect(await cancelUnpaidOrders(app)).toEqual({ paid: 1, cancelled: 1, waiting: 0 });
    expect(await statusOf(young.order.order_id)).toBe('pending_payment');
    expect(await statusOf(old.order.order_id)).toBe('cancelled');
    expect(await statusOf(paid.order.order_id)).toBe('new');
    expect(await stockOf(app, item.variant.id)).toBe(3);
    const detail = ok<{ cancel_reason: string; events: { actor: string }[] }>(
      await api(app, 'GET', `/store-orders/${old.order.order_id}`, { token: old.token, lang: 'en' }),
    );
    expect(detail.cancel_reason).toBe('Cancelled automatically: not paid within 2 hours');
    expect(detail.events.at(-1)!.actor).toBe('system');
    // A second pass has nothing left to do.
    expect(await cancelUnpaidOrders(app)).toEqual({ paid: 0, cancelled: 0, waiting: 0 });
  });

  it('waits while the gateway cannot be asked, then cancels; a payment arriving later is refunded', async () => {
    const item = await product(app, { stock: 5 });
    const late = await pending(item.variant.id);
    await app.db
      .update(tables.orders)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(eq(tables.orders.id, late.order.order_id));
    const sandbox = app.payments as SandboxGateway;
    const fetch = sandbox.fetch;
    sandbox.fetch = async () => {
      throw new Error('gateway down');
    };
    try {
      expect(await cancelUnpaidOrders(app)).toEqual({ paid: 0, cancelled: 0, waiting: 1 });
      // An hour later still unreachable: cancelled anyway.
      expect(await cancelUnpaidOrders(app, new Date(Date.now() + 2 * 3600_000))).toMatchObject({ cancelled: 1 });
    } finally {
      sandbox.fetch = fetch;
    }
    expect(await statusOf(late.order.order_id)).toBe('cancelled');
    // The customer had paid after all: the next check finds it, and it is refunded, not revived.
    const [payment] = await app.db
      .select()
      .from(tables.payments)
      .where(eq(tables.payments.orderId, late.order.order_id));
    sandbox.pay(payment!.gatewayId!, SANDBOX_CARDS.success);
    const { verifyPayment } = await import('../modules/payments/service.ts');
    await verifyPayment(app, payment!.id);
    await runOrderJobs(app);
    const [after] = await app.db.select().from(tables.payments).where(eq(tables.payments.id, payment!.id));
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: after!.amount });
    expect(await statusOf(late.order.order_id)).toBe('cancelled');
    expect(await stockOf(app, item.variant.id)).toBe(5);
  });

  it('works for every kind through the kernel: unpaid ones cancelled and told, paid ones moved to their paid state', async () => {
    const userId = (await makeUser(app.db)).id;
    const sandbox = app.payments as SandboxGateway;
    const kinds: OrderKind[] = ['immediate_maintenance', 'package_subscription', 'pool_construction'];
    const made: { kind: OrderKind; unpaid: number; paid: number }[] = [];
    for (const kind of kinds) {
      const ids = [];
      for (let i = 0; i < 2; i++) {
        const id = await nextOrderId(app.db);
        const [row] = await app.db
          .insert(tables.orders)
          .values({
            id,
            kind,
            number: orderNumber(kind, id, new Date()),
            userId,
            status: AWAITING_PAYMENT,
            paymentMethod: 'electronic',
            taxRate: 1500,
            total: 11_500,
            payBy: new Date(Date.now() - 60_000),
          })
          .returning();
        await startOrderPayment(app, row!, 'en');
        ids.push(id);
      }
      const [payment] = await app.db.select().from(tables.payments).where(eq(tables.payments.orderId, ids[1]!));
      sandbox.pay(payment!.gatewayId!, SANDBOX_CARDS.success);
      made.push({ kind, unpaid: ids[0]!, paid: ids[1]! });
    }
    expect(await cancelUnpaidOrders(app)).toEqual({ paid: 3, cancelled: 3, waiting: 0 });
    for (const { kind, unpaid, paid } of made) {
      expect(await statusOf(unpaid), kind).toBe('cancelled');
      expect(await statusOf(paid), kind).toBe(ORDER_MACHINES[kind].paid);
      const told = await app.db
        .select({ orderId: tables.notifications.orderId, type: tables.notifications.type })
        .from(tables.notifications)
        .where(and(eq(tables.notifications.userId, userId), inArray(tables.notifications.orderId, [unpaid, paid])));
      expect(told.map((n) => `${n.orderId} ${n.type}`).sort(), kind).toEqual(
        [`${unpaid} order_cancelled`, `${paid} order_payed`].sort(),
      );
    }
  });
});
