/**
 * SECURITY.md 21-25 on a real PostgreSQL with real parallel connections:
 * the last unit sold once, a coupon's uses counted exactly, a payment racing
 * the 2-hour cancellation settled one way only, cancellation released once,
 * and the auto-cancel job safe with two servers on one database.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { createDatabase, tables } from '@pool/db';
import { createTestDatabase } from '@pool/db/testing';
import type { CheckoutResult } from '@pool/contracts';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { sandboxGateway, SANDBOX_CARDS, type SandboxGateway } from '../../integrations/payments/sandbox.ts';
import { cancelUnpaidOrders } from '../../jobs/auto-cancel.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { verifyPayment } from '../payments/service.ts';
import { getBalance } from '../wallet/service.ts';
import { customerActor, SYSTEM } from './kernel/actor.ts';
import { cancelOrder, settleRefunds } from './kernel/money.ts';
import { address, api, customer, deliveryCity, fillWallet, ok, product, stockOf } from './testing.ts';

describe('store guarantees under concurrency (PostgreSQL)', () => {
  let app: TestApp;
  let cityId = 0;
  beforeAll(async () => {
    app = await buildTestApp({ poolSize: 40 });
    cityId = (await deliveryCity(app, 1000)).id;
  });
  afterAll(() => app.close());

  /** `n` customers, each with `variantId` in the cart, an address and a full wallet. */
  async function buyers(n: number, variantId: number, couponCode?: string) {
    return Promise.all(
      Array.from({ length: n }, async () => {
        const c = await customer(app);
        ok(await api(app, 'POST', '/cart/items', { token: c.token, body: { variant_id: variantId } }));
        if (couponCode) ok(await api(app, 'POST', '/cart/coupon', { token: c.token, body: { code: couponCode } }));
        await fillWallet(app, c.user.id, 1_000_000);
        return { ...c, addressId: (await address(app, c.token, cityId)).id };
      }),
    );
  }
  const checkout = (b: { token: string; addressId: number }, method = 'wallet') =>
    api(app, 'POST', '/checkout', { token: b.token, body: { address_id: b.addressId, payment_method: method } });

  it('sells the last unit once out of 100 parallel checkouts; stock never below 0', async () => {
    const last = await product(app, { price: 5000, stock: 1 });
    const people = await buyers(100, last.variant.id);
    const answers = await Promise.all(people.map((b) => checkout(b)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && (s === 409 || s === 422))).toHaveLength(99);
    expect(await stockOf(app, last.variant.id)).toBe(0);
    const [{ n } = { n: 0 }] = await app.db
      .select({ n: count() })
      .from(tables.orderItems)
      .where(eq(tables.orderItems.variantId, last.variant.id));
    expect(n).toBe(1);
    // Only the buyer paid.
    const balances = await Promise.all(people.map((b) => getBalance(app.db, b.user.id)));
    expect(balances.filter((x) => x < 1_000_000)).toHaveLength(1);
  }, 120_000);

  it('gives a coupon with 10 uses to exactly 10 of 50 parallel orders', async () => {
    const [coupon] = await app.db
      .insert(tables.coupons)
      .values({
        title: 'Ten uses',
        code: 'TENUSES',
        discountType: 'number',
        value: 500,
        maxUses: 10,
        startsAt: new Date(Date.now() - 1000),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const item = await product(app, { price: 5000, stock: 100 });
    const people = await buyers(50, item.variant.id, 'TENUSES');
    const answers = await Promise.all(people.map((b) => checkout(b)));
    const placed = answers.filter((r) => r.statusCode === 200);
    expect(placed).toHaveLength(10);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json().data).toEqual({ coupon_code: expect.any(String) });
    }
    const [row] = await app.db.select().from(tables.coupons).where(eq(tables.coupons.id, coupon!.id));
    expect(row!.usedCount).toBe(10);
    const discounted = await app.db.select().from(tables.orders).where(eq(tables.orders.couponId, coupon!.id));
    expect(discounted).toHaveLength(10);
    expect(discounted.every((o) => o.discount === 500)).toBe(true);
    expect(await stockOf(app, item.variant.id)).toBe(90);
  }, 120_000);

  it('releases stock and coupon use once when a cancellation is sent 10 times at once', async () => {
    const [coupon] = await app.db
      .insert(tables.coupons)
      .values({
        title: 'Once',
        code: 'CANCELONCE',
        discountType: 'ratio',
        value: 10,
        maxUses: 5,
        startsAt: new Date(Date.now() - 1000),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const item = await product(app, { price: 5000, stock: 5 });
    const [b] = await buyers(1, item.variant.id, 'CANCELONCE');
    const done = ok<CheckoutResult>(await checkout(b!));
    expect(await stockOf(app, item.variant.id)).toBe(4);
    const before = await getBalance(app.db, b!.user.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? api(app, 'POST', `/store-orders/${done.order_id}/cancel`, { token: b!.token, body: { note: 'twice' } })
          : cancelOrder(app, {
              orderId: done.order_id,
              actor: customerActor(b!.user.id),
              to: 'cancelled',
              note: 'x',
            }).then(
              () => ({ statusCode: 200 }),
              (e: { status?: number }) => ({ statusCode: e.status ?? 500 }),
            ),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await stockOf(app, item.variant.id)).toBe(5);
    const [row] = await app.db.select().from(tables.coupons).where(eq(tables.coupons.id, coupon!.id));
    expect(row!.usedCount).toBe(0);
    expect(await getBalance(app.db, b!.user.id)).toBe(before + done.total);
  }, 60_000);

  it('settles a payment racing the 2-hour cancellation one way only: paid with stock kept, or cancelled and refunded', async () => {
    const item = await product(app, { price: 5000, stock: 20 });
    const people = await buyers(12, item.variant.id);
    const orders = await Promise.all(people.map(async (b) => ok<CheckoutResult>(await checkout(b, 'electronic'))));
    const ids = orders.map((o) => o.order_id);
    expect(await stockOf(app, item.variant.id)).toBe(8);
    await app.db
      .update(tables.orders)
      .set({ payBy: new Date(Date.now() - 1000) })
      .where(inArray(tables.orders.id, ids));
    const payments = await app.db.select().from(tables.payments).where(inArray(tables.payments.orderId, ids));
    const sandbox = app.payments as SandboxGateway;
    for (const p of payments) sandbox.pay(p.gatewayId!, SANDBOX_CARDS.success);

    // The webhook's verification and the cancellation (directly, without the job's own check) at once.
    await Promise.all(
      payments.flatMap((p) => [
        verifyPayment(app, p.id).catch(() => undefined),
        cancelOrder(app, { orderId: p.orderId!, actor: SYSTEM, to: 'cancelled' }).catch(() => undefined),
      ]),
    );
    // The refund jobs those payments sent (the queue is not started in these tests).
    for (const id of ids) await settleRefunds(app, id);
    const rows = await app.db.select().from(tables.orders).where(inArray(tables.orders.id, ids));
    const after = await app.db.select().from(tables.payments).where(inArray(tables.payments.orderId, ids));
    let kept = 0;
    for (const order of rows) {
      const payment = after.find((p) => p.orderId === order.id)!;
      if (order.status === 'new') {
        kept++;
        expect(payment).toMatchObject({ status: 'paid', refundedAmount: 0 });
      } else {
        expect(order.status).toBe('cancelled');
        expect(payment).toMatchObject({ status: 'refunded', refundedAmount: payment.amount });
        expect(order.refundStatus).toBe('card');
      }
    }
    // Stock: one unit held per order still paid, none for the cancelled ones.
    expect(await stockOf(app, item.variant.id)).toBe(20 - kept);
  }, 120_000);

  it('runs the auto-cancel job on two servers at once: each order cancelled once, a paid one kept', async () => {
    const database = await createTestDatabase({ poolSize: 10 });
    const gateway = sandboxGateway();
    const servers: App[] = [];
    let second: ReturnType<typeof createDatabase> | undefined;
    const config = () =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'pool-job-')), LOG_LEVEL: 'silent' });
    try {
      servers.push(await buildApp({ config: config(), database, payments: gateway, logger: false }));
      second = createDatabase({ url: database.url, poolSize: 10 });
      servers.push(await buildApp({ config: config(), database: second, payments: gateway, logger: false }));
      const [a, b] = servers as [App, App];
      const local = a as unknown as TestApp;
      const city = await deliveryCity(local, 1000);
      const item = await product(local, { price: 5000, stock: 10 });
      const placed: CheckoutResult[] = [];
      for (let i = 0; i < 6; i++) {
        const c = await customer(local);
        ok(await api(local, 'POST', '/cart/items', { token: c.token, body: { variant_id: item.variant.id } }));
        const { id } = await address(local, c.token, city.id);
        placed.push(
          ok<CheckoutResult>(
            await api(local, 'POST', '/checkout', {
              token: c.token,
              body: { address_id: id, payment_method: 'electronic' },
            }),
          ),
        );
      }
      const ids = placed.map((o) => o.order_id);
      await a.db
        .update(tables.orders)
        .set({ payBy: new Date(Date.now() - 1000) })
        .where(inArray(tables.orders.id, ids));
      // One customer did pay at the gateway: the job's check finds it.
      const [paid] = await a.db.select().from(tables.payments).where(eq(tables.payments.orderId, ids[0]!));
      gateway.pay(paid!.gatewayId!, SANDBOX_CARDS.success);

      await Promise.all([cancelUnpaidOrders(a), cancelUnpaidOrders(b), cancelUnpaidOrders(a), cancelUnpaidOrders(b)]);
      const rows = await a.db.select().from(tables.orders).where(inArray(tables.orders.id, ids));
      expect(rows.find((r) => r.id === ids[0])!.status).toBe('new');
      expect(rows.filter((r) => r.status === 'cancelled')).toHaveLength(5);
      expect(await stockOf(local, item.variant.id)).toBe(9);
      const events = await a.db
        .select({ n: count() })
        .from(tables.orderEvents)
        .where(inArray(tables.orderEvents.orderId, ids.slice(1)));
      expect(events[0]!.n).toBe(10); // created + cancelled, once each
      const notices = await a.db
        .select()
        .from(tables.notifications)
        .where(inArray(tables.notifications.orderId, ids.slice(1)));
      expect(notices.filter((x) => x.type === 'order_cancelled')).toHaveLength(5);
    } finally {
      for (const s of servers) await s.close();
      await second?.close();
      await database.close();
    }
  }, 120_000);
});
