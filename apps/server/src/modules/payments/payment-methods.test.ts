/**
 * STC Pay and Apple Pay through the API (methods.ts) with the Moyasar driver
 * against the local fake of Moyasar's API, on real PostgreSQL: paid, failed,
 * a wrong one-time code, and Apple Pay's merchant validation; then the domain
 * association file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import { translate } from '@pool/i18n';
import { fakeMoyasar } from '../../integrations/payments/fake-moyasar.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import '../wallet/service.ts';
import { STC_PAY_STARTS } from './routes.ts';
import { api, customer, walletState } from './testing.ts';

describe('STC Pay and Apple Pay with the Moyasar driver', () => {
  let fake: Awaited<ReturnType<typeof fakeMoyasar>>;
  let app: TestApp;
  beforeAll(async () => {
    fake = await fakeMoyasar('sk_test_methods');
    app = await buildTestApp({
      config: {
        PAYMENT_DRIVER: 'moyasar',
        MOYASAR_API_URL: fake.baseUrl,
        MOYASAR_SECRET_KEY: 'sk_test_methods',
        MOYASAR_PUBLISHABLE_KEY: 'pk_test_methods',
        PAYMENT_WEBHOOK_SECRET: 'moyasar-webhook-secret-0123456789',
        PUBLIC_URL: 'https://pools.example',
        APPLE_PAY_DOMAIN_ASSOCIATION: '7B2270737049...association',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  /** A customer's open wallet charge of `sar` riyals (the hosted invoice they may pay another way). */
  async function openCharge(sar: number, lang: 'ar' | 'en' = 'en') {
    const { user, token } = await customer(app);
    const res = await api(app, 'POST', '/api/user/wallet/charge', { token, lang, body: { amount: String(sar) } });
    expect(res.statusCode, res.body).toBe(200);
    return { user, token, paymentId: res.json().data.payment_id as number };
  }
  const rows = (userId: number) =>
    app.db.select().from(tables.payments).where(eq(tables.payments.userId, userId)).orderBy(tables.payments.id);

  it('STC Pay: the mobile starts a payment with source stcpay, the right code pays it and credits once', async () => {
    const { user, token, paymentId } = await openCharge(120);
    const started = await api(app, 'POST', `/api/user/payments/${paymentId}/stcpay`, {
      token,
      lang: 'en',
      body: { mobile: '+966 ٥٠١٢٣٤٥٦٧', return_path: '/en/more/wallet' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const attempt = started.json().data;
    expect(attempt).toMatchObject({ status: 'initiated', amount: 12_000, purpose: 'wallet_charge' });
    expect(attempt.id).not.toBe(paymentId);
    expect(started.json().msg).toBe(translate('en', 'payments.stcpay_code_sent'));
    // Moyasar's real request: POST /v1/payments with the source, halalas, SAR, our ids in the metadata.
    const sent = fake.seen.find((s) => s.method === 'POST' && s.url === '/v1/payments')!;
    const [, row] = await rows(user.id);
    expect(sent.body).toMatchObject({
      amount: 12_000,
      currency: 'SAR',
      source: { type: 'stcpay', mobile: '0501234567' },
      callback_url: `https://pools.example/api/payments/return/${row!.givenId}?to=%2Fen%2Fmore%2Fwallet`,
      metadata: { payment_id: String(attempt.id), purpose: 'wallet_charge', given_id: row!.givenId },
    });
    expect(row!.gatewayId).toBe(fake.payments.get(row!.gatewayId!)!.id);
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 0 });

    const code = await api(app, 'POST', `/api/user/payments/${attempt.id}/stcpay/otp`, {
      token,
      lang: 'ar',
      body: { code: '١٢٣٤٥٦' },
    });
    expect(code.statusCode, code.body).toBe(200);
    expect(code.json()).toMatchObject({ data: { status: 'paid' }, msg: translate('ar', 'payments.paid') });
    // The code went to the payment's transaction_url.
    expect(fake.seen.some((s) => s.url.endsWith(`/v1/stc_pays/${row!.gatewayId}/proceed?otp_value=123456`))).toBe(true);
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 12_000, entries: 1 });

    // Settled: a second code, or paying the paid attempt again, is refused and changes nothing.
    const again = await api(app, 'POST', `/api/user/payments/${attempt.id}/stcpay/otp`, {
      token,
      body: { code: '123456' },
    });
    expect(again.statusCode).toBe(409);
    const twice = await api(app, 'POST', `/api/user/payments/${attempt.id}/stcpay`, {
      token,
      body: { mobile: '0501234567' },
    });
    expect(twice.statusCode).toBe(409);
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 12_000, entries: 1 });
  });

  it('STC Pay: a wrong code fails the attempt (as STC Pay does); another attempt can pay', async () => {
    const { user, token, paymentId } = await openCharge(80, 'ar');
    const first = await api(app, 'POST', `/api/user/payments/${paymentId}/stcpay`, {
      token,
      body: { mobile: '0551234567' },
    });
    const wrong = await api(app, 'POST', `/api/user/payments/${first.json().data.id}/stcpay/otp`, {
      token,
      body: { code: '987654' },
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json()).toMatchObject({ data: { status: 'failed' }, msg: translate('ar', 'payments.method_failed') });
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 0, entries: 0 });

    const second = await api(app, 'POST', `/api/user/payments/${paymentId}/stcpay`, {
      token,
      body: { mobile: '0551234567' },
    });
    const paid = await api(app, 'POST', `/api/user/payments/${second.json().data.id}/stcpay/otp`, {
      token,
      body: { code: '000000' },
    });
    expect(paid.json().data.status).toBe('paid');
    expect((await rows(user.id)).map((r) => r.status)).toEqual(['initiated', 'failed', 'paid']);
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 8_000, entries: 1 });
  });

  it('STC Pay: a refused mobile fails at once; a malformed one is a clear error that records nothing', async () => {
    const { user, token, paymentId } = await openCharge(50);
    const refused = await api(app, 'POST', `/api/user/payments/${paymentId}/stcpay`, {
      token,
      lang: 'en',
      body: { mobile: '0515555555' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      data: { status: 'failed' },
      msg: translate('en', 'payments.method_failed'),
    });

    const count = (await rows(user.id)).length;
    for (const mobile of ['0412345678', '05123', 'abc', '']) {
      const bad = await api(app, 'POST', `/api/user/payments/${paymentId}/stcpay`, {
        token,
        lang: 'en',
        body: { mobile },
      });
      expect(bad.statusCode, mobile).toBe(422);
      expect(bad.body).toContain('mobile');
    }
    expect((await rows(user.id)).length).toBe(count);
    // Someone else's payment is not found.
    const other = await customer(app);
    const theirs = await api(app, 'POST', `/api/user/payments/${paymentId}/stcpay`, {
      token: other.token,
      body: { mobile: '0501234567' },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('STC Pay starts are limited per customer (each texts a code)', async () => {
    const { token, paymentId } = await openCharge(30);
    const start = () =>
      api(app, 'POST', `/api/user/payments/${paymentId}/stcpay`, { token, body: { mobile: '0501234567' } });
    for (let i = 0; i < STC_PAY_STARTS.points; i++) expect((await start()).statusCode).toBe(200);
    expect((await start()).statusCode).toBe(429);
    // Another customer is not held back.
    const other = await openCharge(30);
    const theirs = await api(app, 'POST', `/api/user/payments/${other.paymentId}/stcpay`, {
      token: other.token,
      body: { mobile: '0501234567' },
    });
    expect(theirs.statusCode).toBe(200);
  });

  it('Apple Pay: the merchant session through Moyasar, then the token pays (or is declined)', async () => {
    const { token } = await customer(app);
    const session = await api(app, 'POST', '/api/user/payments/applepay/session', {
      token,
      body: { validation_url: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' },
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().data).toMatchObject({ domainName: 'pools.example' });
    expect(fake.sessions.at(-1)).toMatchObject({
      validation_url: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
      domain_name: 'pools.example',
      publishable_api_key: 'pk_test_methods',
    });
    const offApple = await api(app, 'POST', '/api/user/payments/applepay/session', {
      token,
      body: { validation_url: 'https://evil.example/startSession' },
    });
    expect(offApple.statusCode).toBe(422);

    // Moyasar's Apple Pay sandbox pays 200-300 SAR and declines 1,000-1,100 SAR.
    const ok = await openCharge(250);
    const paid = await api(app, 'POST', `/api/user/payments/${ok.paymentId}/applepay`, {
      token: ok.token,
      body: { token: '{"paymentData":{"version":"EC_v1"}}' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', amount: 25_000 });
    expect(
      fake.seen.find(
        (s) => s.url === '/v1/payments' && (s.body as { source?: { type?: string } }).source?.type === 'applepay',
      )?.body,
    ).toMatchObject({
      source: { type: 'applepay', token: '{"paymentData":{"version":"EC_v1"}}' },
    });
    expect(await walletState(app.db, ok.user.id)).toMatchObject({ balance: 25_000, entries: 1 });

    const no = await openCharge(1_050);
    const declined = await api(app, 'POST', `/api/user/payments/${no.paymentId}/applepay`, {
      token: no.token,
      body: { token: '{"paymentData":{}}' },
    });
    expect(declined.json().data.status).toBe('failed');
    expect(await walletState(app.db, no.user.id)).toMatchObject({ balance: 0, entries: 0 });
  });

  it('a paid STC Pay attempt is refunded to the payment itself (not an invoice)', async () => {
    const { user, token, paymentId } = await openCharge(60);
    const s = await api(app, 'POST', `/api/user/payments/${paymentId}/stcpay`, {
      token,
      body: { mobile: '0501111111' },
    });
    await api(app, 'POST', `/api/user/payments/${s.json().data.id}/stcpay/otp`, { token, body: { code: '123456' } });
    const { refundPayment } = await import('./service.ts');
    expect(await refundPayment(app, app.db, s.json().data.id, 6_000)).toMatchObject({ status: 'refunded' });
    const [, row] = await rows(user.id);
    expect(fake.payments.get(row!.gatewayId!)).toMatchObject({ status: 'refunded', refunded: 6_000 });
  });

  it('serves the Apple Pay domain association file from the setting', async () => {
    const res = await app.inject({ method: 'GET', url: '/.well-known/apple-developer-merchantid-domain-association' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('7B2270737049...association');
    expect(res.headers['content-type']).toContain('text/plain');
  });
});

describe('Apple Pay domain association without the setting', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  it('answers 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/.well-known/apple-developer-merchantid-domain-association' });
    expect(res.statusCode).toBe(404);
  });
});
