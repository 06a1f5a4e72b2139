/** The wallet charge on PGlite, the engine of `npm start` without DATABASE_URL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { api, customer, insertOrder, walletState } from '../payments/testing.ts';
import { debit } from './service.ts';

describe('wallet on PGlite', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ engine: 'pglite' });
  });
  afterAll(() => app.close());

  it('charges by sandbox card, pays an order from the wallet and lists both', async () => {
    const { user, token } = await customer(app);
    const started = await api(app, 'POST', '/api/user/wallet/charge', {
      token,
      headers: { 'idempotency-key': 'pglite-1' },
      body: { amount: '120' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const page = started.json().data.redirect_url as string;
    const paid = await app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card=4111111111111111',
    });
    const back = await app.inject({ method: 'GET', url: String(paid.headers.location) });
    expect(back.headers.location).toContain('payment_status=paid');
    const order = await insertOrder(app.db, user.id);
    await debit(app.db, user.id, 2_000, { orderId: order.id });
    await expect(debit(app.db, user.id, 20_000)).rejects.toMatchObject({ msgKey: 'wallet.insufficient_balance' });
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 10_000, ledger: 10_000, entries: 2 });
    const list = (await api(app, 'GET', '/api/user/wallet', { token })).json().data;
    expect(list.entries.data.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['payment', -2_000],
      ['charge', 12_000],
    ]);
  });
});
