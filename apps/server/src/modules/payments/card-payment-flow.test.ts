/**
 * Card payments through the API on real PostgreSQL, with the sandbox driver:
 * the hosted page flow, the return route, the amount's rules, idempotency keys
 * and ownership.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import { translate } from '@pool/i18n';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import '../wallet/service.ts';
import { api, cardFlow, customer, FAILURE, SUCCESS, THREE_DS, walletState } from './testing.ts';

describe('card payments (sandbox driver)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ poolSize: 20 });
  });
  afterAll(() => app.close());
  const { charge, paymentRows, form, follow, started } = cardFlow(() => app);

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
    // A page under /api/: a page's policy and headers, not an API answer's.
    expect(html.headers['content-security-policy']).toContain("script-src 'self' 'strict-dynamic'");
    expect(html.headers['x-frame-options']).toBe('SAMEORIGIN');

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
