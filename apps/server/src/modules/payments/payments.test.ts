/**
 * Card payments through the API on real PostgreSQL, with the sandbox driver:
 * the hosted page flow, the return route, the webhook, verification against
 * the gateway, refunds and ownership.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import { translate } from '@pool/i18n';
import type { SandboxGateway } from '../../integrations/payments/sandbox.ts';
import { GatewayError, type PaymentGateway } from '../../integrations/payments/index.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import '../wallet/service.ts';
import { refundPayment, registerPaidHandler, startPayment, verifyPayment } from './service.ts';
import { api, customer, insertOrder, walletState } from './testing.ts';

const SUCCESS = '4111 1111 1111 1111';
const FAILURE = '4000000000000002';
const THREE_DS = '4000 0000 0000 3220';

describe('card payments (sandbox driver)', () => {
  let app: TestApp;
  let sandbox: SandboxGateway;
  beforeAll(async () => {
    app = await buildTestApp({ poolSize: 20 });
    sandbox = app.payments as SandboxGateway;
  });
  afterAll(() => app.close());

  const charge = (token: string, amount: unknown, o: { lang?: 'ar' | 'en'; key?: string; return_path?: string } = {}) =>
    api(app, 'POST', '/api/user/wallet/charge', {
      token,
      lang: o.lang,
      headers: o.key !== undefined ? { 'idempotency-key': o.key } : {},
      body: { amount, ...(o.return_path ? { return_path: o.return_path } : {}) },
    });
  const paymentRows = async (userId: number) =>
    app.db.select().from(tables.payments).where(eq(tables.payments.userId, userId));
  const form = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const follow = (location: string) => app.inject({ method: 'GET', url: location });
  const webhook = (body: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/payments/webhook/sandbox', headers, payload: body });
  const event = (gatewayId: string, type = 'payment_paid', secret = app.config.paymentWebhookSecret) => ({
    id: `evt_${type}`,
    type,
    secret_token: secret,
    data: { id: gatewayId, status: type === 'payment_paid' ? 'paid' : 'failed', amount: 1 },
  });

  /** Starts a wallet charge and answers the sandbox page URL and the payment row. */
  async function started(token: string, userId: number, amount = '150', lang: 'ar' | 'en' = 'ar') {
    const res = await charge(token, amount, { lang });
    expect(res.statusCode, res.body).toBe(200);
    const { payment_id, redirect_url } = res.json().data;
    const [row] = (await paymentRows(userId)).filter((p) => p.id === payment_id);
    return { paymentId: payment_id as number, page: redirect_url as string, row: row! };
  }

  it('success card: the hosted page, the return route, the wallet credited once', async () => {
    const { user, token } = await customer(app);
    const { page, paymentId, row } = await started(token, user.id);
    expect(row).toMatchObject({
      status: 'initiated',
      amount: 15_000,
      currency: 'SAR',
      driver: 'sandbox',
      purpose: 'wallet_charge',
    });
    expect(page).toMatch(/^\/api\/payments\/sandbox\/sbx_[0-9a-f-]{36}$/);

    const html = await follow(page);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('<html lang="ar" dir="rtl">');
    expect(html.body).toContain(translate('ar', 'payments.sandbox_title'));
    expect(html.body).toContain('150.00');
    // No script at all; the style element carries this response's CSP nonce.
    expect(html.body).not.toContain('<script');
    const nonce = /<style nonce="([^"]+)"/.exec(html.body)?.[1];
    expect(html.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);

    const paid = await form(page, { card: SUCCESS });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/api/payments/return/${row.givenId}?to=%2Fmore%2Fwallet`);
    // Paying at the gateway alone changes nothing here: only verification does.
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 0 });

    const back = await follow(String(paid.headers.location));
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/more/wallet?payment_id=${paymentId}&payment_status=paid`);
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 15_000, ledger: 15_000, entries: 1 });
    const [entry] = await app.db.select().from(tables.walletEntries).where(eq(tables.walletEntries.userId, user.id));
    expect(entry).toMatchObject({ kind: 'charge', amount: 15_000, paymentId });

    // Coming back again (reload) changes nothing; the page is closed.
    expect((await follow(String(paid.headers.location))).headers.location).toContain('payment_status=paid');
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 15_000, entries: 1 });
    expect((await follow(page)).statusCode).toBe(409);
    expect((await form(page, { card: SUCCESS })).statusCode).toBe(409);
  });

  it('failure card: back with "failed", balance unchanged', async () => {
    const { user, token } = await customer(app);
    const { page, paymentId } = await started(token, user.id, '75', 'en');
    const declined = await form(page, { card: FAILURE });
    expect(declined.statusCode).toBe(303);
    const back = await follow(String(declined.headers.location));
    expect(back.headers.location).toBe(`/en/more/wallet?payment_id=${paymentId}&payment_status=failed`);
    expect((await paymentRows(user.id))[0]!.status).toBe('failed');
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 0, entries: 0 });
  });

  it('3-D Secure card: a verification step, then paid (or failed when it is refused)', async () => {
    const { user, token } = await customer(app);
    const { page } = await started(token, user.id, '40', 'en');
    const step = await form(page, { card: THREE_DS });
    expect(step.statusCode).toBe(303);
    expect(step.headers.location).toMatch(/^\/api\/payments\/sandbox\/sbx_[0-9a-f-]+\/3ds\?lang=en$/);
    const stepPage = await follow(String(step.headers.location));
    expect(stepPage.statusCode).toBe(200);
    expect(stepPage.body).toContain('<html lang="en" dir="ltr">');
    expect(stepPage.body).toContain(translate('en', 'payments.sandbox_3ds_title'));
    // The card page is closed while the step is open.
    expect((await follow(page)).statusCode).toBe(409);
    const confirmed = await form(String(step.headers.location), { result: 'ok' });
    expect(confirmed.statusCode).toBe(303);
    expect((await follow(String(confirmed.headers.location))).headers.location).toContain('payment_status=paid');
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 4_000, entries: 1 });

    const second = await started(token, user.id, '40', 'en');
    const step2 = await form(second.page, { card: THREE_DS });
    const refused = await form(String(step2.headers.location), { result: 'fail' });
    expect((await follow(String(refused.headers.location))).headers.location).toContain('payment_status=failed');
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 4_000, entries: 1 });
  });

  it('an unknown card gets the page again with a clear message in the payer’s language; Arabic-Indic digits work', async () => {
    const { user, token } = await customer(app);
    const { page } = await started(token, user.id, '20', 'en');
    const wrong = await form(page, { card: '1234 5678 9012 3456' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain(translate('en', 'payments.sandbox_unknown_card'));
    expect(wrong.body).toContain('role="alert"');
    const empty = await form(page, {});
    expect(empty.statusCode).toBe(422);
    const arabicDigits = await form(page, { card: '٤١١١ ١١١١ ١١١١ ١١١١' });
    expect(arabicDigits.statusCode).toBe(303);
    await follow(String(arabicDigits.headers.location));
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 2_000 });
  });

  it('leaving the page without paying comes back "pending" and credits nothing', async () => {
    const { user, token } = await customer(app);
    const { paymentId, row } = await started(token, user.id);
    const back = await follow(`/api/payments/return/${row.givenId}?to=%2Fmore%2Fwallet`);
    expect(back.headers.location).toBe(`/more/wallet?payment_id=${paymentId}&payment_status=pending`);
    expect((await paymentRows(user.id))[0]!.status).toBe('initiated');
  });

  it('the return route never redirects off the site', async () => {
    const { user, token } = await customer(app);
    const { row, paymentId } = await started(token, user.id);
    for (const to of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/api/user/wallet',
    ]) {
      const res = await follow(`/api/payments/return/${row.givenId}?to=${encodeURIComponent(to)}`);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/?payment_id=${paymentId}&payment_status=pending`);
    }
    expect((await follow('/api/payments/return/not-a-uuid')).statusCode).toBe(422);
    expect((await follow('/api/payments/return/6f1c2a8e-3b7d-4c55-9a0e-2d4f6b8a1c3e')).statusCode).toBe(404);
  });

  it('validates the amount: digits only, 1 to 10,000 riyals, in the user’s language', async () => {
    const { user, token } = await customer(app);
    for (const [amount, key, params] of [
      ['abc', 'validation.digits_only', undefined],
      ['12.5', 'validation.digits_only', undefined],
      ['-5', 'validation.digits_only', undefined],
      ['', 'validation.required', undefined],
      ['0', 'wallet.amount_range', { min: 1, max: 10_000 }],
      ['10001', 'wallet.amount_range', { min: 1, max: 10_000 }],
      ['99999999999', 'wallet.amount_range', { min: 1, max: 10_000 }],
    ] as const) {
      for (const lang of ['ar', 'en'] as const) {
        const res = await charge(token, amount, { lang });
        expect(res.statusCode, `${amount} ${res.body}`).toBe(422);
        expect(res.json().msg).toBe(translate(lang, 'server.validation_failed'));
        expect(res.json().data.amount).toBe(translate(lang, key, params));
      }
    }
    const missing = await api(app, 'POST', '/api/user/wallet/charge', { token, body: {} });
    expect(missing.statusCode).toBe(422);
    for (const bad of ['https://evil.example', '//evil.example', 'more/wallet']) {
      const res = await charge(token, '10', { return_path: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().data.return_path).toBeDefined();
    }
    expect(await paymentRows(user.id)).toEqual([]);
    // Arabic-Indic digits and a number are accepted.
    expect((await charge(token, '٥٠', {})).statusCode).toBe(200);
    expect((await charge(token, 25, {})).statusCode).toBe(200);
    expect((await paymentRows(user.id)).map((p) => p.amount).sort()).toEqual([2_500, 5_000]);
    expect((await api(app, 'POST', '/api/user/wallet/charge', { body: { amount: '5' } })).statusCode).toBe(401);
  });

  it('one Idempotency-Key sent 10 times in parallel: one payment, the same answer 10 times', async () => {
    const { user, token } = await customer(app);
    const key = `charge-${user.id}-a`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => charge(token, '200', { key })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const bodies = new Set(answers.map((a) => JSON.stringify(a.json().data)));
    expect(bodies.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await paymentRows(user.id)).toHaveLength(1);
    // Later repeats too; the same key with other data is refused; another key is another charge.
    expect((await charge(token, '200', { key })).json().data).toEqual(answers[0]!.json().data);
    const other = await charge(token, '300', { key, lang: 'en' });
    expect(other.statusCode).toBe(409);
    expect(other.json().msg).toBe(translate('en', 'payments.idempotency_mismatch'));
    expect((await charge(token, '200', { key: `${key}-2` })).statusCode).toBe(200);
    expect(await paymentRows(user.id)).toHaveLength(2);
    // Keys are per customer.
    const b = await customer(app);
    expect((await charge(b.token, '200', { key })).headers['idempotent-replayed']).toBeUndefined();
    expect(await paymentRows(b.user.id)).toHaveLength(1);
  });

  it('replays a refused request’s answer too, and refuses malformed keys', async () => {
    const { user, token } = await customer(app);
    const first = await charge(token, '0', { key: 'range-1', lang: 'en' });
    expect(first.statusCode).toBe(422);
    const again = await charge(token, '0', { key: 'range-1', lang: 'en' });
    expect(again.statusCode).toBe(422);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    for (const key of ['', 'x'.repeat(129), 'with space']) {
      const res = await charge(token, '10', { key, lang: 'en' });
      expect(res.statusCode, key).toBe(422);
      expect(res.json().msg).toBe(translate('en', 'payments.idempotency_key_invalid'));
    }
    expect(await paymentRows(user.id)).toEqual([]);
  });

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

  it('a customer sees only their own payments', async () => {
    const a = await customer(app);
    const b = await customer(app);
    const { paymentId } = await started(a.token, a.user.id, '15');
    const mine = await api(app, 'GET', `/api/user/payments/${paymentId}`, { token: a.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({
      id: paymentId,
      status: 'initiated',
      amount: 1_500,
      purpose: 'wallet_charge',
    });
    for (const url of [`/api/user/payments/${paymentId}`]) {
      const theirs = await api(app, 'GET', url, { token: b.token, lang: 'en' });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().key).toBe('notFound');
    }
    expect((await api(app, 'POST', `/api/user/payments/${paymentId}/verify`, { token: b.token })).statusCode).toBe(404);
    expect(
      (await api(app, 'POST', `/api/user/payments/${paymentId}/verify`, { token: a.token })).json().data.status,
    ).toBe('initiated');
    expect((await api(app, 'GET', `/api/user/payments/${paymentId}`)).statusCode).toBe(401);
  });
});

describe('payment service', () => {
  let app: TestApp;
  let sandbox: SandboxGateway;
  beforeAll(async () => {
    app = await buildTestApp();
    sandbox = app.payments as SandboxGateway;
  });
  afterAll(() => app.close());

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
    registerPaidHandler('order', async (tx, payment) => {
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
    await verifyPayment(app, payment_id);
    await verifyPayment(app, payment_id);
    expect(calls).toEqual([payment_id]);
    const [o] = await app.db.select().from(tables.orders).where(eq(tables.orders.id, order.id));
    expect(o!.paidAt).not.toBeNull();
  });

  it('keeps a payment unpaid when its handler fails, so a later check can finish it', async () => {
    const { user } = await customer(app);
    let fail = true;
    registerPaidHandler('order', async () => {
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
    await expect(verifyPayment(app, payment_id)).rejects.toThrow('order handler failed');
    const [row] = await app.db.select().from(tables.payments).where(eq(tables.payments.id, payment_id));
    expect(row!.status).toBe('initiated');
    fail = false;
    expect((await verifyPayment(app, payment_id)).payment.status).toBe('paid');
    registerPaidHandler('order', async () => undefined);
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
    await expect(
      refundPayment({ ...app, payments: broken, config: app.config }, app.db, paid, 500),
    ).rejects.toMatchObject({
      status: 502,
      msgKey: 'payments.gateway_unavailable',
    });
    const [row] = await app.db.select().from(tables.payments).where(eq(tables.payments.id, paid));
    expect(row).toMatchObject({ status: 'paid', refundedAmount: 0 });
  });

  it('an unreachable gateway at start: a clear 502 and the attempt recorded as failed', async () => {
    const { user } = await customer(app);
    const down: PaymentGateway = {
      name: 'sandbox',
      create: async () => {
        throw new GatewayError('unreachable');
      },
      fetch: async () => {
        throw new GatewayError('unreachable');
      },
      refund: async () => {
        throw new GatewayError('unreachable');
      },
    };
    const deps = { db: app.db, payments: down, config: app.config };
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
