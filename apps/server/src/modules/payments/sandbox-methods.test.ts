/**
 * The sandbox's hosted page offers every method (sandbox driver, real
 * PostgreSQL): the card form with mada's mark first and a mada test card,
 * Apple Pay simulated, STC Pay with the code step; numbers read left to right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@pool/i18n';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import '../wallet/service.ts';
import { api, cardFlow, customer, walletState } from './testing.ts';

describe('sandbox page methods', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  const { paymentRows, form, follow, started } = cardFlow(() => app);
  const statusOf = async (userId: number) => (await paymentRows(userId))[0]!.status;

  it('lists the card (mada, Visa, Mastercard), Apple Pay and STC Pay in that order, numbers isolated LTR', async () => {
    const { user, token } = await customer(app);
    const { page } = await started(token, user.id, '20', 'ar');
    const html = (await follow(page)).body;
    const methods = [...html.matchAll(/data-method="(\w+)"/g)].map((m) => m[1]);
    expect(methods).toEqual(['card', 'applepay', 'stcpay']);
    const marks = [...html.slice(0, html.indexOf('data-method="applepay"')).matchAll(/data-brand="(\w+)"/g)];
    expect(marks.map((m) => m[1])).toEqual(['mada', 'visa', 'mastercard']);
    expect(html).toContain(translate('ar', 'payments.brand_mada'));
    // Each test card's number in an LTR isolate (Arabic pages showed its groups reversed), the mada card first.
    const cards = [...html.matchAll(/data-testid="sandbox-test-card"><bdi class="ltr" dir="ltr">([\d ]+)<\/bdi>/g)];
    expect(cards.map((c) => c[1])).toEqual([
      '4201 3201 1111 1010',
      '4111 1111 1111 1111',
      '4000 0000 0000 0002',
      '4000 0000 0000 3220',
    ]);
    expect(html).toMatch(/<input id="card"[^>]*dir="ltr"/);
    expect(html).toMatch(/<input id="mobile"[^>]*dir="ltr"/);
    expect(html).not.toContain('<script');
  });

  it('the mada test card pays', async () => {
    const { user, token } = await customer(app);
    const { page } = await started(token, user.id, '30');
    const paid = await form(page, { card: '4201 3201 1111 1010' });
    expect(paid.statusCode).toBe(303);
    await follow(String(paid.headers.location));
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 3_000, entries: 1 });
  });

  it('Apple Pay (simulated): pays, or is declined', async () => {
    const a = await customer(app);
    const ok = await started(a.token, a.user.id, '25');
    const paid = await form(`${ok.page}/applepay`, { token: 'sandbox-approved' });
    expect(paid.statusCode).toBe(303);
    expect((await follow(String(paid.headers.location))).headers.location).toContain('payment_status=paid');
    expect(await walletState(app.db, a.user.id)).toMatchObject({ balance: 2_500 });

    const b = await customer(app);
    const no = await started(b.token, b.user.id, '25');
    const declined = await form(`${no.page}/applepay`, { token: 'sandbox-declined' });
    expect((await follow(String(declined.headers.location))).headers.location).toContain('payment_status=failed');
    expect(await walletState(app.db, b.user.id)).toMatchObject({ balance: 0 });
  });

  it('STC Pay: mobile, then the code page; the right code pays, a wrong one fails, a bad mobile is asked again', async () => {
    const a = await customer(app);
    const { page } = await started(a.token, a.user.id, '45', 'ar');
    const bad = await form(`${page}/stcpay`, { mobile: '12345' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(translate('ar', 'payments.sandbox_mobile_invalid'));
    expect(await statusOf(a.user.id)).toBe('initiated');

    const sent = await form(`${page}/stcpay`, { mobile: '٠٥٠١٢٣٤٥٦٧' });
    expect(sent.statusCode).toBe(303);
    const otpPage = String(sent.headers.location);
    expect(otpPage).toMatch(/\/otp\?lang=ar$/);
    const step = await follow(otpPage);
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain('<bdi class="ltr" dir="ltr">0501234567</bdi>');
    expect(step.body).toMatch(/<input id="code"[^>]*dir="ltr"[^>]*autocomplete="one-time-code"/);
    // The card page now leads to the code step; the code pays.
    expect((await follow(page)).headers.location).toBe(otpPage);
    const paid = await form(otpPage, { code: '123456' });
    expect((await follow(String(paid.headers.location))).headers.location).toContain('payment_status=paid');
    expect(await walletState(app.db, a.user.id)).toMatchObject({ balance: 4_500 });

    const b = await customer(app);
    const other = await started(b.token, b.user.id, '45', 'en');
    const base = other.page.split('?')[0]; // the English page carries ?lang=en
    const code = String((await form(`${base}/stcpay?lang=en`, { mobile: '0501234567' })).headers.location);
    expect(code).toMatch(/\/otp\?lang=en$/);
    const wrong = await form(code, { code: '999999' });
    expect((await follow(String(wrong.headers.location))).headers.location).toContain('payment_status=failed');
    expect(await walletState(app.db, b.user.id)).toMatchObject({ balance: 0 });
    expect((await follow(code)).statusCode).toBe(409);
  });

  it('the API methods work with the sandbox driver too (STC Pay code, Apple Pay token)', async () => {
    const { user, token } = await customer(app);
    const { paymentId } = await started(token, user.id, '10');
    const s = await api(app, 'POST', `/api/user/payments/${paymentId}/stcpay`, {
      token,
      body: { mobile: '0501234567' },
    });
    expect(s.json().data.status).toBe('initiated');
    const paid = await api(app, 'POST', `/api/user/payments/${s.json().data.id}/stcpay/otp`, {
      token,
      body: { code: '123456' },
    });
    expect(paid.json().data.status).toBe('paid');
    const apple = await api(app, 'POST', `/api/user/payments/${paymentId}/applepay`, { token, body: { token: '{}' } });
    expect(apple.json().data.status).toBe('paid');
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 2_000, entries: 2 });
  });
});
