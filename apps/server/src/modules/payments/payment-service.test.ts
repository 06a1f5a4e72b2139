/**
 * The payment service on real PostgreSQL, with the sandbox driver: the paid
 * handler of each purpose, refunds to the card, and an unreachable gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { SandboxGateway } from '../../integrations/payments/sandbox.ts';
import { GatewayError, type PaymentGateway } from '../../integrations/payments/index.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import type { PaidHandler } from '../../app-type.ts';
import { refundPayment, startPayment, verifyPayment } from './service.ts';
import { customer, insertOrder } from './testing.ts';

describe('payment service', () => {
  let app: TestApp;
  let sandbox: SandboxGateway;
  beforeAll(async () => {
    app = await buildTestApp();
    sandbox = app.payments as SandboxGateway;
  });
  afterAll(() => app.close());
  /** The app with another handler for order payments. */
  const withOrderHandler = (order: PaidHandler) => ({ ...app, paidHandlers: { ...app.paidHandlers, order } });

  const paidPayment = async (userId: number, amount: number, purpose: 'order' | 'wallet_charge' = 'wallet_charge') => {
    const { payment_id, redirect_url } = await startPayment(app, app.db, {
      userId,
      purpose,
      amount,
      lang: 'ar',
      returnPath: '/more/wallet',
    });
    sandbox.pay(redirect_url.split('/').pop()!, '4111111111111111');
    await verifyPayment(app, payment_id);
    return payment_id;
  };

  it('calls the handler of the purpose once, inside the paying transaction', async () => {
    const { user } = await customer(app);
    const order = await insertOrder(app.db, user.id);
    const calls: number[] = [];
    const counting = withOrderHandler(async (tx, payment) => {
      calls.push(payment.id);
      await tx
        .update(tables.orders)
        .set({ status: 'new', paidAt: new Date() })
        .where(eq(tables.orders.id, payment.orderId!));
    });
    const { payment_id, redirect_url } = await startPayment(app, app.db, {
      userId: user.id,
      purpose: 'order',
      orderId: order.id,
      amount: 5_000,
      lang: 'en',
      returnPath: '/en/orders',
    });
    sandbox.pay(redirect_url.split('/').pop()!.split('?')[0]!, '4111111111111111');
    await verifyPayment(counting, payment_id);
    await verifyPayment(counting, payment_id);
    expect(calls).toEqual([payment_id]);
    const [o] = await app.db.select().from(tables.orders).where(eq(tables.orders.id, order.id));
    expect(o!.paidAt).not.toBeNull();
  });

  it('keeps a payment unpaid when its handler fails, so a later check can finish it', async () => {
    const { user } = await customer(app);
    let fail = true;
    const failing = withOrderHandler(async () => {
      if (fail) throw new Error('order handler failed');
    });
    const { payment_id, redirect_url } = await startPayment(app, app.db, {
      userId: user.id,
      purpose: 'order',
      amount: 700,
      lang: 'ar',
      returnPath: '/orders',
    });
    sandbox.pay(redirect_url.split('/').pop()!, '4111111111111111');
    await expect(verifyPayment(failing, payment_id)).rejects.toThrow('order handler failed');
    const [row] = await app.db.select().from(tables.payments).where(eq(tables.payments.id, payment_id));
    expect(row!.status).toBe('initiated');
    fail = false;
    expect((await verifyPayment(failing, payment_id)).payment.status).toBe('paid');
  });

  it('refunds to the card: partial, then the rest; never more than was paid, also in parallel', async () => {
    const { user } = await customer(app);
    const id = await paidPayment(user.id, 10_000);
    expect(await refundPayment(app, app.db, id, 3_000)).toEqual({ refunded_amount: 3_000, status: 'paid' });
    const parallel = await Promise.allSettled(Array.from({ length: 5 }, () => refundPayment(app, app.db, id, 4_000)));
    expect(parallel.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [row] = await app.db.select().from(tables.payments).where(eq(tables.payments.id, id));
    expect(row!.refundedAmount).toBe(7_000);
    expect((await sandbox.fetch(row!.gatewayId!)).refunded).toBe(7_000);
    expect(await refundPayment(app, app.db, id, 3_000)).toEqual({ refunded_amount: 10_000, status: 'refunded' });
    await expect(refundPayment(app, app.db, id, 1)).rejects.toMatchObject({ msgKey: 'payments.refund_not_allowed' });
    await expect(refundPayment(app, app.db, 999_999, 1)).rejects.toMatchObject({ key: 'notFound' });
  });

  it('an unpaid payment cannot be refunded; a gateway failure undoes the reservation', async () => {
    const { user } = await customer(app);
    const { payment_id } = await startPayment(app, app.db, {
      userId: user.id,
      purpose: 'wallet_charge',
      amount: 500,
      lang: 'ar',
      returnPath: '/more/wallet',
    });
    await expect(refundPayment(app, app.db, payment_id, 100)).rejects.toMatchObject({ status: 422 });
    const paid = await paidPayment(user.id, 2_000);
    const broken: PaymentGateway = {
      ...sandbox,
      name: 'sandbox',
      refund: async () => {
        throw new GatewayError('down');
      },
    };
    await expect(refundPayment({ ...app, payments: broken }, app.db, paid, 500)).rejects.toMatchObject({
      status: 502,
      msgKey: 'payments.gateway_unavailable',
    });
    const [row] = await app.db.select().from(tables.payments).where(eq(tables.payments.id, paid));
    expect(row).toMatchObject({ status: 'paid', refundedAmount: 0 });
  });

  it('an unreachable gateway at start: a clear 502 and the attempt recorded as failed', async () => {
    const { user } = await customer(app);
    const unreachable = async (): Promise<never> => {
      throw new GatewayError('unreachable');
    };
    const down: PaymentGateway = {
      name: 'sandbox',
      create: unreachable,
      createWithSource: unreachable,
      confirmOtp: unreachable,
      applePaySession: unreachable,
      fetch: unreachable,
      refund: unreachable,
    };
    const deps = { ...app, payments: down };
    const err = await startPayment(deps, app.db, {
      userId: user.id,
      purpose: 'wallet_charge',
      amount: 100,
      lang: 'en',
      returnPath: '/en/more/wallet',
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, msgKey: 'payments.gateway_unavailable' });
    const [row] = await app.db.select().from(tables.payments).where(eq(tables.payments.userId, user.id));
    expect(row).toMatchObject({ status: 'failed', gatewayId: null });
    // And verification of a known payment while the gateway is down: 502, nothing changes.
    const id = await paidPayment(user.id, 300);
    await app.db.update(tables.payments).set({ status: 'initiated' }).where(eq(tables.payments.id, id));
    await expect(verifyPayment(deps, id)).rejects.toMatchObject({ status: 502 });
  });

  it('refuses an amount or return path that is not safe', async () => {
    const { user } = await customer(app);
    const base = { userId: user.id, purpose: 'wallet_charge' as const, lang: 'ar' as const };
    await expect(startPayment(app, app.db, { ...base, amount: 0, returnPath: '/' })).rejects.toMatchObject({
      status: 422,
    });
    await expect(startPayment(app, app.db, { ...base, amount: 1.5, returnPath: '/' })).rejects.toMatchObject({
      status: 422,
    });
    await expect(
      startPayment(app, app.db, { ...base, amount: 100, returnPath: 'https://evil.example' }),
    ).rejects.toMatchObject({ status: 422 });
  });
});
