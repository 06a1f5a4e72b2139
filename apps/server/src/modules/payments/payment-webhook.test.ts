/**
 * Card payments with the sandbox driver: the webhook (its secret, replays, a
 * late failure) and verification against the gateway, whose record is the
 * only one trusted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { SandboxGateway } from '../../integrations/payments/sandbox.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import '../wallet/service.ts';
import { verifyPayment } from './service.ts';
import { cardFlow, customer, SUCCESS, walletState } from './testing.ts';

describe('card payments (sandbox driver)', () => {
  let app: TestApp;
  let sandbox: SandboxGateway;
  beforeAll(async () => {
    app = await buildTestApp({ poolSize: 20 });
    sandbox = app.payments as SandboxGateway;
  });
  afterAll(() => app.close());
  const { paymentRows, form, webhook, event, started } = cardFlow(() => app);

  it('a webhook replayed 5 times (also in parallel) marks the payment paid and credits the wallet once', async () => {
    const { user, token } = await customer(app);
    const { page, row } = await started(token, user.id, '90');
    await form(page, { card: SUCCESS }); // paid at the gateway; the payer never comes back
    const [first, ...rest] = [
      await webhook(event(row.gatewayId!)),
      ...(await Promise.all(Array.from({ length: 4 }, () => webhook(event(row.gatewayId!))))),
    ];
    expect(first!.statusCode, first!.body).toBe(200);
    expect(first!.json().data).toEqual({ status: 'paid', duplicate: false });
    for (const r of rest) expect(r.json().data.status).toBe('paid');
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 9_000, entries: 1 });
    const [counted] = await app.db
      .select({ n: count() })
      .from(tables.paymentEvents)
      .where(eq(tables.paymentEvents.gatewayId, row.gatewayId!));
    expect(counted!.n).toBe(1);
    expect((await webhook(event(row.gatewayId!))).json().data).toEqual({ status: 'paid', duplicate: true });
  });

  it('a late "failed" never undoes "paid"', async () => {
    const { user, token } = await customer(app);
    const { page, row } = await started(token, user.id, '60');
    await form(page, { card: SUCCESS });
    await webhook(event(row.gatewayId!, 'payment_paid'));
    // The gateway now (wrongly, or late) says failed, and sends the event.
    sandbox.tamper(row.gatewayId!, { status: 'failed' });
    const late = await webhook(event(row.gatewayId!, 'payment_failed'));
    expect(late.statusCode).toBe(200);
    expect(late.json().data.status).toBe('paid');
    expect((await verifyPayment(app, row.id)).payment.status).toBe('paid');
    expect((await paymentRows(user.id))[0]!.status).toBe('paid');
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 6_000, entries: 1 });
  });

  it('a wrong or missing webhook secret answers 401 and changes nothing', async () => {
    const { user, token } = await customer(app);
    const { page, row } = await started(token, user.id, '30');
    await form(page, { card: SUCCESS });
    for (const res of [
      await webhook(event(row.gatewayId!, 'payment_paid', 'not-the-secret-at-all')),
      await webhook({ ...event(row.gatewayId!), secret_token: undefined }),
      await webhook({ ...event(row.gatewayId!), secret_token: undefined }, { 'x-webhook-secret': 'nope' }),
      await webhook(event(row.gatewayId!, 'payment_paid', `${app.config.paymentWebhookSecret}x`)),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().key).toBe('unauthenticated');
    }
    expect((await paymentRows(user.id))[0]!.status).toBe('initiated');
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 0, entries: 0 });
    const [counted] = await app.db
      .select({ n: count() })
      .from(tables.paymentEvents)
      .where(eq(tables.paymentEvents.gatewayId, row.gatewayId!));
    expect(counted!.n).toBe(0);
    // The secret may also come as a header; another driver's path is not ours.
    const ok = await webhook(
      { type: 'payment_paid', data: { id: row.gatewayId } },
      { 'x-webhook-secret': app.config.paymentWebhookSecret },
    );
    expect(ok.json().data.status).toBe('paid');
    expect(
      (await app.inject({ method: 'POST', url: '/api/payments/webhook/moyasar', payload: event(row.gatewayId!) }))
        .statusCode,
    ).toBe(404);
    const malformed = await webhook({ secret_token: app.config.paymentWebhookSecret, type: 'payment_paid' });
    expect(malformed.statusCode).toBe(422);
    const notOurs = await webhook(event('sbx_someone-else'));
    expect(notOurs.json().data.status).toBe('ignored');
  });

  it('the body of a webhook is never trusted: the gateway is asked', async () => {
    const { user, token } = await customer(app);
    const { row } = await started(token, user.id, '30');
    // "paid" says the body, but the payer never paid.
    const res = await webhook(event(row.gatewayId!, 'payment_paid'));
    expect(res.json().data.status).toBe('initiated');
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 0 });
  });

  it.each([
    ['a different amount', { amount: 1 }],
    ['another currency', { currency: 'USD' }],
    ['another given id', { metadata: { given_id: '00000000-0000-4000-8000-000000000000' } }],
  ])('a payment whose gateway record has %s is not marked paid', async (_what, patch) => {
    const { user, token } = await customer(app);
    const { page, row } = await started(token, user.id, '50');
    await form(page, { card: SUCCESS });
    const real = await sandbox.fetch(row.gatewayId!);
    sandbox.tamper(row.gatewayId!, {
      ...patch,
      ...('metadata' in patch ? { metadata: { ...real.metadata, ...patch.metadata } } : {}),
    });
    const v = await verifyPayment(app, row.id);
    expect(v).toMatchObject({ changed: false, mismatch: true });
    expect(v.payment.status).toBe('initiated');
    expect((await webhook(event(row.gatewayId!))).json().data.status).toBe('initiated');
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 0, entries: 0 });
  });

  it('parallel verifications of one paid payment run its handler once', async () => {
    const { user, token } = await customer(app);
    const { page, row } = await started(token, user.id, '10');
    await form(page, { card: SUCCESS });
    const results = await Promise.all(Array.from({ length: 8 }, () => verifyPayment(app, row.id)));
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(results.every((r) => r.payment.status === 'paid')).toBe(true);
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 1_000, entries: 1 });
  });
});
