/** A wallet charge through the Moyasar driver, end to end against the local fake of Moyasar's API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import { fakeMoyasar } from '../../integrations/payments/fake-moyasar.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { refundPayment } from './service.ts';
import { api, customer, walletState } from './testing.ts';

describe('wallet charge with the Moyasar driver', () => {
  let fake: Awaited<ReturnType<typeof fakeMoyasar>>;
  let app: TestApp;
  const secret = 'moyasar-webhook-secret-0123456789';
  beforeAll(async () => {
    fake = await fakeMoyasar('sk_test_flow');
    app = await buildTestApp({
      config: {
        PAYMENT_DRIVER: 'moyasar',
        MOYASAR_API_URL: fake.baseUrl,
        MOYASAR_SECRET_KEY: 'sk_test_flow',
        PAYMENT_WEBHOOK_SECRET: secret,
        PUBLIC_URL: 'https://pools.example',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const moyasarEvent = (type: string, paymentId: string, invoiceId: string, token = secret) => ({
    id: `evt-${paymentId}-${type}`,
    type,
    created_at: new Date().toISOString(),
    secret_token: token,
    account_name: 'pools',
    live: false,
    data: { id: paymentId, status: type === 'payment_paid' ? 'paid' : 'failed', invoice_id: invoiceId, amount: 1 },
  });
  const webhook = (body: object) => app.inject({ method: 'POST', url: '/api/payments/webhook/moyasar', payload: body });

  it('sends the payer to Moyasar, verifies by fetching the invoice, credits once, refunds to the card', async () => {
    const { user, token } = await customer(app);
    const res = await api(app, 'POST', '/api/user/wallet/charge', { token, lang: 'en', body: { amount: '250' } });
    expect(res.statusCode, res.body).toBe(200);
    const { payment_id, redirect_url } = res.json().data;
    const [row] = await app.db.select().from(tables.payments).where(eq(tables.payments.id, payment_id));
    const invoice = fake.invoices.get(row!.gatewayId!)!;
    expect(redirect_url).toBe(`https://checkout.moyasar.test/invoices/${invoice.id}?lang=en`);
    expect(invoice).toMatchObject({
      amount: 25_000,
      currency: 'SAR',
      success_url: `https://pools.example/api/payments/return/${row!.givenId}?to=%2Fen%2Fmore%2Fwallet`,
      metadata: { payment_id: String(payment_id), purpose: 'wallet_charge', given_id: row!.givenId },
    });
    expect(invoice.description).toBe('Wallet charge of 250.00 SAR');

    // A declined attempt first: the invoice stays payable, nothing is recorded or credited.
    const declined = fake.settle(invoice.id, 'failed');
    const first = await webhook(moyasarEvent('payment_failed', declined.id, invoice.id));
    expect(first.json().data).toEqual({ status: 'initiated', duplicate: false });

    const paid = fake.settle(invoice.id, 'paid');
    for (let i = 0; i < 3; i++) {
      const r = await webhook(moyasarEvent('payment_paid', paid.id, invoice.id));
      expect(r.json().data).toEqual({ status: 'paid', duplicate: i > 0 });
    }
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 25_000, entries: 1 });

    // The payer's browser comes back from Moyasar (with its own query parameters added).
    const back = await app.inject({
      method: 'GET',
      url: `/api/payments/return/${row!.givenId}?to=%2Fen%2Fmore%2Fwallet&id=${paid.id}&status=paid&message=APPROVED`,
    });
    expect(back.headers.location).toBe(`/en/more/wallet?payment_id=${payment_id}&payment_status=paid`);
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 25_000, entries: 1 });

    expect(await refundPayment(app, app.db, payment_id, 5_000)).toEqual({ refunded_amount: 5_000, status: 'paid' });
    expect(fake.seen.at(-2)).toMatchObject({
      method: 'POST',
      url: `/v1/payments/${paid.id}/refund`,
      body: { amount: 5_000 },
    });
  });

  it('a wrong secret token is refused; Moyasar down at start gives a clear 502', async () => {
    const { user, token } = await customer(app);
    const wrong = await webhook(moyasarEvent('payment_paid', 'x', 'y', 'wrong-token-wrong-token'));
    expect(wrong.statusCode).toBe(401);
    fake.control.failNext = 1;
    const res = await api(app, 'POST', '/api/user/wallet/charge', { token, lang: 'ar', body: { amount: '10' } });
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toBe('تعذّر الوصول إلى خدمة الدفع حاليًا. يُرجى المحاولة بعد قليل.');
    const [row] = await app.db.select().from(tables.payments).where(eq(tables.payments.userId, user.id));
    expect(row!.status).toBe('failed');
  });
});
