/**
 * The job queue with two server processes on one database: a job runs once,
 * never twice at the same time, and its side effects (an order cancelled, the
 * customer told, the stock returned) happen once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createDatabase, queryRows, tables } from '@pool/db';
import type { CheckoutResult } from '@pool/contracts';
import { buildApp, type App } from '../app.ts';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { api, deliveryCity, ok, product, readyToBuy, stockOf } from '../modules/orders/testing.ts';
import { cancelOrder, PAY_DEADLINE_JOB, REFUND_JOB, SYSTEM } from '../modules/orders/index.ts';
import { verifyPayment } from '../modules/payments/index.ts';
import { SANDBOX_CARDS, type SandboxGateway } from '../integrations/payments/sandbox.ts';
import { until } from '../testing/until.ts';
import { createJobs } from './queue.ts';

describe('job queue with two processes', () => {
  let app: TestApp;
  let second: App;
  beforeAll(async () => {
    app = await buildTestApp();
    // The second process: its own pool on the same database, the same (sandbox) gateway.
    const database = createDatabase({ url: app.directUrl! });
    second = await buildApp({ config: app.config, database, payments: app.payments, logger: false });
    second.addHook('onClose', () => database.close());
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await app.close();
  });
  let working: Promise<unknown> | undefined;
  /** Both processes work the app's queue (from the first test that needs it on). */
  const startBoth = () => (working ??= Promise.all([app.jobs.start(), second.jobs.start()]));
  const checkoutByCard = async (stock: number) => {
    const cityId = (await deliveryCity(app, 1000)).id;
    const item = await product(app, { stock });
    const buyer = await readyToBuy(app, [{ variantId: item.variant.id }], cityId);
    const placed = ok<CheckoutResult>(
      await api(app, 'POST', '/checkout', {
        token: buyer.token,
        body: { address_id: buyer.addressId, payment_method: 'electronic' },
      }),
    );
    return { item, order_id: placed.order_id };
  };

  it('runs a requested job once at a time across processes, however often both ask for it', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const slow = {
      cron: '0 0 1 1 *',
      pollSeconds: () => 0.5,
      run: async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 400));
        running--;
        runs++;
      },
    };
    const one = createJobs(app, { 'test-slow': slow });
    const two = createJobs(second, { 'test-slow': slow });
    await Promise.all([one.start(), two.start()]);
    try {
      await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).send('test-slow')));
      await until(async () => runs >= 1 && running === 0);
      // Requests while one run waits add nothing: one queued run, at most one more.
      await new Promise((r) => setTimeout(r, 1500));
      expect(most).toBe(1);
      expect(runs).toBeGreaterThanOrEqual(1);
      expect(runs).toBeLessThanOrEqual(2);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });

  it('stops gracefully: a running job ends before stop() answers; one past the timeout is released', async () => {
    const counts = { started: 0, finished: 0 };
    const job = (ms: number) => ({
      cron: '0 0 1 1 *',
      pollSeconds: () => 0.5,
      run: async () => {
        counts.started++;
        await new Promise((r) => setTimeout(r, ms));
        counts.finished++;
      },
    });
    const stateOf = async (name: string) =>
      (await queryRows<{ state: string }>(app.db, sql`select state from pgboss.job where name = ${name}`)).map(
        (r) => r.state,
      );

    const graceful = createJobs(app, { 'test-graceful': job(1200) });
    await graceful.start();
    await graceful.send('test-graceful');
    await until(async () => counts.started === 1);
    await graceful.stop(5000);
    expect(counts.finished).toBe(1);
    expect(await stateOf('test-graceful')).toEqual(['completed']);

    const cut = createJobs(app, { 'test-cut': job(4000) });
    await cut.start();
    await cut.send('test-cut');
    await until(async () => counts.started === 2);
    const stopping = Date.now();
    await cut.stop(1000);
    expect(Date.now() - stopping).toBeLessThan(3000);
    expect(counts.finished).toBe(1);
    // Not left active: failed (its next run, by cron or request, does the work).
    expect(await stateOf('test-cut')).toEqual(['failed']);
  });

  it("schedules each order's pay-by check once at checkout; due, it cancels once, tells once, returns the stock once", async () => {
    await startBoth();
    const { item, order_id } = await checkoutByCard(3);
    expect(await stockOf(app, item.variant.id)).toBe(2);
    const [order] = await app.db.select().from(tables.orders).where(eq(tables.orders.id, order_id));
    const deadlineJobs = () =>
      queryRows<{ id: string; start_after: string; state: string }>(
        app.db,
        sql`select id, start_after, state from pgboss.job
            where name = ${PAY_DEADLINE_JOB} and singleton_key = ${String(order_id)}`,
      );
    // Delivered again by both processes: still one job, due at the order's pay-by time.
    await Promise.all([app.events.deliver(), second.events.deliver(), app.jobs.send('events-sweep')]);
    const [job, ...others] = await deadlineJobs();
    expect(others).toHaveLength(0);
    expect(new Date(job!.start_after).getTime()).toBe(order!.payBy!.getTime());
    expect(job!.state).toBe('created');

    // Two hours later (moved back rather than waited for): both processes work the queue.
    await app.db
      .update(tables.orders)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(eq(tables.orders.id, order_id));
    await app.db.execute(sql`update pgboss.job set start_after = now() where id = ${job!.id}`);
    const status = async () =>
      (await app.db.select().from(tables.orders).where(eq(tables.orders.id, order_id)))[0]!.status;
    await until(async () => (await status()) === 'cancelled');
    const told = () =>
      app.db
        .select()
        .from(tables.notifications)
        .where(and(eq(tables.notifications.orderId, order_id), eq(tables.notifications.type, 'order_cancelled')));
    await until(async () => (await told()).length > 0);
    // The sweep, on both processes, finds nothing left to do.
    await Promise.all([app.jobs.send('orders-due'), second.jobs.send('orders-due'), app.jobs.send('events-sweep')]);
    await until(async () => (await deadlineJobs())[0]!.state === 'completed');
    await new Promise((r) => setTimeout(r, 3000));

    const history = await app.db
      .select()
      .from(tables.orderEvents)
      .where(and(eq(tables.orderEvents.orderId, order_id), eq(tables.orderEvents.toStatus, 'cancelled')));
    expect(history).toHaveLength(1);
    expect(await told()).toHaveLength(1);
    expect(await stockOf(app, item.variant.id)).toBe(3);
  });

  it('refunds a payment that arrives after its order was cancelled by a job sent with the payment, once', async () => {
    await startBoth();
    const { order_id } = await checkoutByCard(2);
    await cancelOrder(app, { orderId: order_id, actor: SYSTEM, to: 'cancelled' });
    // The customer paid on the gateway's page meanwhile; the webhook's verification comes after.
    const [payment] = await app.db.select().from(tables.payments).where(eq(tables.payments.orderId, order_id));
    (app.payments as SandboxGateway).pay(payment!.gatewayId!, SANDBOX_CARDS.success);
    await Promise.all([verifyPayment(app, payment!.id), verifyPayment(second, payment!.id)]);
    const refunded = async () =>
      (await app.db.select().from(tables.payments).where(eq(tables.payments.id, payment!.id)))[0]!;
    await until(async () => (await refunded()).status === 'refunded');
    const jobs = await queryRows<{ state: string }>(
      app.db,
      sql`select state from pgboss.job where name = ${REFUND_JOB} and singleton_key = ${String(order_id)}`,
    );
    expect(jobs).toHaveLength(1);
    expect(await refunded()).toMatchObject({ refundedAmount: payment!.amount });
    const [order] = await app.db.select().from(tables.orders).where(eq(tables.orders.id, order_id));
    expect(order).toMatchObject({ status: 'cancelled', refundStatus: 'card' });
  });
});
