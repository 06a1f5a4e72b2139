/**
 * An accepted offer is paid exactly once: ten taps at once with the same or
 * different Idempotency-Keys take the wallet's money once; a card payment
 * confirmed twice by the webhook moves the order once; an unpaid order is
 * cancelled by its `order-pay-deadline` job on the queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, tables } from '@pool/db';
import { SANDBOX_CARDS, type SandboxGateway } from '../../integrations/payments/sandbox.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { until } from '../../testing/until.ts';
import { PAY_DEADLINE_JOB } from '../orders/index.ts';
import { cardFlow, walletState } from '../payments/testing.ts';
import { credit } from '../wallet/index.ts';
import { api, ok, maintenanceWorld, type World } from './testing.ts';

describe('paying for immediate maintenance', () => {
  let app: TestApp;
  let w: World;
  beforeAll(async () => {
    app = await buildTestApp({ poolSize: 30 });
    w = await maintenanceWorld(app);
  });
  afterAll(() => app.close());

  const historyTo = async (orderId: number, status: string) =>
    (
      await app.db
        .select()
        .from(tables.orderEvents)
        .where(and(eq(tables.orderEvents.orderId, orderId), eq(tables.orderEvents.toStatus, status)))
    ).length;
  const told = async (orderId: number, type: 'order_payed' | 'order_cancelled') =>
    (
      await app.db
        .select()
        .from(tables.notifications)
        .where(and(eq(tables.notifications.orderId, orderId), eq(tables.notifications.type, type)))
    ).length;

  it('takes the wallet once under 10 concurrent accepts with the same key; all get the first answer', async () => {
    const o = await w.offered();
    await credit(app.db, o.user.id, 100_000, 'charge');
    const answers = await Promise.all(Array.from({ length: 10 }, () => w.accept(o.token, o.id, 'wallet', 'accept-1')));
    for (const res of answers) expect(ok(res)).toEqual({ status: 'paid', redirect_url: null });
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    const wallet = await walletState(app.db, o.user.id);
    expect(wallet.balance).toBe(100_000 - 34_500);
    expect(wallet.ledger).toBe(wallet.balance);
    expect(wallet.entries).toBe(2);
    expect(await historyTo(o.id, 'paid')).toBe(1);
    expect(await told(o.id, 'order_payed')).toBe(1);
  });

  it('takes the wallet once under 10 concurrent accepts with different keys: one paid, nine refused', async () => {
    const o = await w.offered();
    await credit(app.db, o.user.id, 100_000, 'charge');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => w.accept(o.token, o.id, 'wallet', `accept-${o.id}-${i}`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const wallet = await walletState(app.db, o.user.id);
    expect(wallet.balance).toBe(100_000 - 34_500);
    expect(wallet.entries).toBe(2);
    expect(await historyTo(o.id, 'pending_payment')).toBe(1);
    expect(await historyTo(o.id, 'paid')).toBe(1);
    // Nor can a retry without a key pay again.
    expect((await w.accept(o.token, o.id, 'wallet')).statusCode).toBe(409);
    expect((await walletState(app.db, o.user.id)).balance).toBe(100_000 - 34_500);
  });

  it('moves a card-paid order to paid once, however often the webhook comes', async () => {
    const flow = cardFlow(() => app);
    const o = await w.offered();
    const { redirect_url } = ok<{ redirect_url: string }>(await w.accept(o.token, o.id, 'electronic'));
    expect(redirect_url).toMatch(/^\/api\/payments\/sandbox\//);
    const [payment] = await app.db.select().from(tables.payments).where(eq(tables.payments.orderId, o.id));
    expect(payment).toMatchObject({ purpose: 'order', amount: 34_500, status: 'initiated' });
    (app.payments as SandboxGateway).pay(payment!.gatewayId!, SANDBOX_CARDS.success);
    const hooks = await Promise.all([1, 2, 3].map(() => flow.webhook(flow.event(payment!.gatewayId!))));
    for (const h of hooks) expect(h.statusCode, h.body).toBeLessThan(300);
    await app.events.deliver();
    expect(await w.status(o.id)).toBe('paid');
    expect(await historyTo(o.id, 'paid')).toBe(1);
    expect(await told(o.id, 'order_payed')).toBe(1);
    const d = await w.detail(o.token, o.id);
    expect(d).toMatchObject({ status: 'paid', payment_method: 'electronic', can_pay: false });
    expect(d.paid_at).not.toBeNull();
    // Pay again is refused once paid.
    expect((await api(app, 'POST', `/maintenance-orders/${o.id}/pay`, { token: o.token })).statusCode).toBe(409);
  });

  it('schedules the pay-by job at accept; 2 hours later unpaid, the queue cancels the order once and tells the customer', async () => {
    await app.jobs.start();
    try {
      const o = await w.offered();
      ok(await w.accept(o.token, o.id, 'electronic'));
      const [order] = await app.db.select().from(tables.orders).where(eq(tables.orders.id, o.id));
      const jobs = () =>
        queryRows<{ id: string; start_after: string; state: string }>(
          app.db,
          sql`select id, start_after, state from pgboss.job where name = ${PAY_DEADLINE_JOB} and singleton_key = ${String(o.id)}`,
        );
      const [job, ...others] = await jobs();
      expect(others).toHaveLength(0);
      expect(new Date(job!.start_after).getTime()).toBe(order!.payBy!.getTime());
      expect(order!.payBy!.getTime() - Date.now()).toBeGreaterThan(2 * 3600_000 - 60_000);
      expect(job!.state).toBe('created');

      // Two hours later (moved back rather than waited for): the queue's worker runs it.
      await app.db
        .update(tables.orders)
        .set({ payBy: new Date(Date.now() - 60_000) })
        .where(eq(tables.orders.id, o.id));
      await app.db.execute(sql`update pgboss.job set start_after = now() where id = ${job!.id}`);
      await until(async () => (await w.status(o.id)) === 'cancelled');
      await until(async () => (await told(o.id, 'order_cancelled')) > 0);
      await until(async () => (await jobs())[0]!.state === 'completed');
      expect(await historyTo(o.id, 'cancelled')).toBe(1);
      expect(await told(o.id, 'order_cancelled')).toBe(1);
      const d = await w.detail(o.token, o.id, 'en');
      expect(d.cancel_reason).toBe('Cancelled automatically: not paid within 2 hours');
      expect(d.events.at(-1)).toMatchObject({ status: 'cancelled', actor: 'system' });
    } finally {
      await app.jobs.stop();
    }
  });
});
