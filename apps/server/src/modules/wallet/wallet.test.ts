/** The wallet on real PostgreSQL: ledger, parallel debits, refunds once, the customer API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { translate } from '@pool/i18n';
import { AppError } from '../../lib/errors.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { api, customer, insertOrder, walletState } from '../payments/testing.ts';
import { credit, debit, getBalance } from './service.ts';

describe('wallet service', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ poolSize: 25 });
  });
  afterAll(() => app.close());

  it('credits and debits with a ledger row each, balance_after and a signed amount', async () => {
    const { user } = await customer(app);
    const order = await insertOrder(app.db, user.id);
    expect(await credit(app.db, user.id, 10_000, 'charge')).toMatchObject({ balance: 10_000, duplicate: false });
    expect(await debit(app.db, user.id, 2_500, { orderId: order.id })).toMatchObject({ balance: 7_500 });
    const rows = await app.db
      .select()
      .from(tables.walletEntries)
      .where(eq(tables.walletEntries.userId, user.id))
      .orderBy(tables.walletEntries.id);
    expect(rows.map((r) => [r.kind, r.amount, r.balanceAfter, r.orderId])).toEqual([
      ['charge', 10_000, 10_000, null],
      ['payment', -2_500, 7_500, order.id],
    ]);
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 7_500, ledger: 7_500 });
  });

  it('refuses a debit larger than the balance in the user’s language and writes nothing', async () => {
    const { user } = await customer(app);
    await credit(app.db, user.id, 1_000, 'charge');
    const err = await debit(app.db, user.id, 1_001).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).msgKey).toBe('wallet.insufficient_balance');
    expect(translate('en', 'wallet.insufficient_balance', (err as AppError).options.params)).toBe(
      'Your wallet balance (10.00 SAR) is not enough for this payment of 10.01 SAR.',
    );
    // A customer without a wallet row at all.
    const { user: empty } = await customer(app);
    await expect(debit(app.db, empty.id, 1)).rejects.toBeInstanceOf(AppError);
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 1_000, ledger: 1_000, entries: 1 });
    for (const bad of [0, -5, 1.5, Number.NaN]) {
      await expect(debit(app.db, user.id, bad)).rejects.toMatchObject({ msgKey: 'wallet.invalid_amount' });
      await expect(credit(app.db, user.id, bad, 'charge')).rejects.toMatchObject({ msgKey: 'wallet.invalid_amount' });
    }
  });

  it('20 parallel debits of the whole balance: exactly 1 succeeds, never below 0, ledger = balance', async () => {
    const { user } = await customer(app);
    await credit(app.db, user.id, 20_000, 'charge');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => app.db.transaction((tx) => debit(tx as unknown as Db, user.id, 20_000))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ msgKey: 'wallet.insufficient_balance' });
    const state = await walletState(app.db, user.id);
    expect(state).toMatchObject({ balance: 0, ledger: 0, entries: 2 });
    expect(state.minAfter).toBeGreaterThanOrEqual(0);
  });

  it('parallel debits of part of the balance never overdraw: as many succeed as fit', async () => {
    const { user } = await customer(app);
    await credit(app.db, user.id, 10_000, 'charge');
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => debit(app.db, user.id, 3_000)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 1_000, ledger: 1_000, entries: 4 });
  });

  it('a refund for an order lands once, also when sent in parallel', async () => {
    const { user } = await customer(app);
    const order = await insertOrder(app.db, user.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => credit(app.db, user.id, 4_000, 'refund', { orderId: order.id })),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(results.every((r) => r.balance === 4_000)).toBe(true);
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 4_000, ledger: 4_000, entries: 1 });
  });

  it('inside a larger transaction: a duplicate refund keeps the transaction usable, and a rollback undoes the move', async () => {
    const { user } = await customer(app);
    const order = await insertOrder(app.db, user.id);
    await credit(app.db, user.id, 1_000, 'refund', { orderId: order.id });
    await app.db.transaction(async (tx) => {
      const again = await credit(tx as unknown as Db, user.id, 1_000, 'refund', { orderId: order.id });
      expect(again).toMatchObject({ duplicate: true, entryId: null, balance: 1_000 });
      await credit(tx as unknown as Db, user.id, 500, 'charge');
    });
    expect(await getBalance(app.db, user.id)).toBe(1_500);
    await app.db
      .transaction(async (tx) => {
        await debit(tx as unknown as Db, user.id, 1_500);
        throw new Error('checkout failed later');
      })
      .catch(() => undefined);
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 1_500, ledger: 1_500, entries: 2 });
  });
});

describe('GET /api/user/wallet', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers the balance and the history, newest first, with kind and order number, 10 per page', async () => {
    const { user, token } = await customer(app);
    const order = await insertOrder(app.db, user.id);
    for (let i = 0; i < 11; i++) await credit(app.db, user.id, 100 * (i + 1), 'charge');
    await debit(app.db, user.id, 700, { orderId: order.id });
    const res = await api(app, 'GET', '/api/user/wallet', { token, lang: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.balance).toBe(6_600 - 700);
    expect(data.currency).toBe('SAR');
    expect(data.entries.pagination).toEqual({ total_items: 12, per_page: 10, total_pages: 2, current_page: 1 });
    expect(data.entries.data).toHaveLength(10);
    expect(data.entries.data[0]).toMatchObject({
      kind: 'payment',
      amount: -700,
      balance_after: 5_900,
      order_id: order.id,
      order_number: order.number,
    });
    expect(data.entries.data[1]).toMatchObject({ kind: 'charge', amount: 1_100, order_number: null });
    const page2 = (await api(app, 'GET', '/api/user/wallet?page=2', { token })).json().data;
    expect(page2.entries.data.map((e: { amount: number }) => e.amount)).toEqual([200, 100]);
    expect(page2.entries.pagination).toEqual({ total_items: 12, per_page: 10, total_pages: 2, current_page: 2 });
    // Past the last page: no entry, still the whole ledger's count.
    const past = (await api(app, 'GET', '/api/user/wallet?page=3', { token })).json().data;
    expect(past.entries).toEqual({
      data: [],
      pagination: { total_items: 12, per_page: 10, total_pages: 2, current_page: 3 },
    });
  });

  it('shows a new customer an empty wallet, and each customer only their own', async () => {
    const a = await customer(app);
    const b = await customer(app);
    await credit(app.db, a.user.id, 5_000, 'charge');
    const mine = (await api(app, 'GET', '/api/user/wallet', { token: b.token })).json().data;
    expect(mine.balance).toBe(0);
    expect(mine.entries.data).toEqual([]);
    expect(mine.entries.pagination.total_items).toBe(0);
  });

  it('needs a signed-in customer', async () => {
    const res = await api(app, 'GET', '/api/user/wallet', { lang: 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json().key).toBe('unauthenticated');
  });
});
