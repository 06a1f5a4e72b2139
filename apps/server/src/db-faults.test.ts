/**
 * Database faults (SECURITY.md 31), in process, on real PostgreSQL behind a TCP
 * proxy the test cuts: mid-transaction, while the pool is idle, while the server
 * is out of reach, and by `pg_terminate_backend`. Each time the request that
 * held the connection gets 503 `unavailable` in its language, nothing is
 * half-written, and the next request succeeds without a restart. (An unhandled
 * `error` event would end this test process, and so fail the run.)
 * apps/server/src/db-faults.process.test.ts does the same to a real server process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { CheckoutResult } from '@pool/contracts';
import { buildTestApp, type TestApp } from './testing/app.ts';
import { api, customer, deliveryCity, fillWallet, ok, product, readyToBuy } from './modules/orders/testing.ts';

describe('database faults', () => {
  let app: TestApp;
  let direct: pg.Client;
  let cityId = 0;

  beforeAll(async () => {
    app = await buildTestApp({
      proxy: true,
      timeouts: { connectMs: 1000, statementMs: 2000, idleInTransactionMs: 3000 },
    });
    direct = new pg.Client({ connectionString: app.directUrl });
    await direct.connect();
    cityId = (await deliveryCity(app, 0)).id;
  });
  afterAll(async () => {
    await direct.end();
    await app.close();
  });

  /** What a checkout writes, read on a connection the proxy does not carry. */
  async function written(userId: number, variantId: number) {
    const one = async (q: string, v: unknown[]) => Number((await direct.query(q, v)).rows[0].n);
    return {
      orders: await one('select count(*) n from orders where user_id = $1', [userId]),
      events: await one(
        'select count(*) n from order_events e join orders o on o.id = e.order_id where o.user_id = $1',
        [userId],
      ),
      ledger: await one('select count(*) n from wallet_entries where user_id = $1', [userId]),
      balance: await one('select balance n from wallets where user_id = $1', [userId]),
      stock: await one('select stock n from product_variants where id = $1', [variantId]),
      cartLines: await one(
        'select count(*) n from cart_items i join carts c on c.id = i.cart_id where c.user_id = $1',
        [userId],
      ),
    };
  }

  const expectUnavailable = (res: { statusCode: number; json: () => unknown }, lang: 'ar' | 'en') => {
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      key: 'unavailable',
      msg:
        lang === 'en'
          ? 'The service is briefly unavailable, please try again in a moment'
          : 'الخدمة غير متاحة مؤقتاً، يرجى المحاولة بعد قليل',
      data: null,
    });
  };

  // The wallet debit is the last write of a wallet checkout (after stock, order, lines, history and the
  // emptied cart); COMMIT is the very end. A cut before either leaves the database as it was.
  for (const [moment, pattern] of [
    ['the wallet debit', /insert into "wallet_entries"/],
    ['COMMIT', /commit\0/],
  ] as const) {
    it(`a connection cut just before ${moment} of a wallet checkout writes nothing; the retry succeeds`, async () => {
      const item = await product(app, { price: 10_000, stock: 3 });
      const buyer = await readyToBuy(app, [{ variantId: item.variant.id, quantity: 2 }], cityId);
      await fillWallet(app, buyer.user.id, 100_000);
      const before = await written(buyer.user.id, item.variant.id);
      expect(before).toMatchObject({ orders: 0, stock: 3, cartLines: 1, ledger: 1, balance: 100_000 });

      const cut = app.proxy!.cutOn(pattern);
      const body = { address_id: buyer.addressId, payment_method: 'wallet' };
      const res = await api(app, 'POST', '/checkout', { token: buyer.token, body, lang: 'en' });
      await cut;
      expectUnavailable(res, 'en');
      expect(await written(buyer.user.id, item.variant.id)).toEqual(before);

      const done = ok<CheckoutResult>(await api(app, 'POST', '/checkout', { token: buyer.token, body }));
      expect(done.status).toBe('new');
      expect(await written(buyer.user.id, item.variant.id)).toMatchObject({
        orders: 1,
        stock: 1,
        cartLines: 0,
        ledger: 2,
        balance: 100_000 - done.total,
      });
    });
  }

  it('survives every idle connection of the pool being reset, and serves the next request', async () => {
    // Warm the pool with several connections, then cut them all while they sit idle.
    await Promise.all(Array.from({ length: 5 }, () => api(app, 'GET', '/countries')));
    expect(app.proxy!.open).toBeGreaterThan(0);
    app.proxy!.cut();
    await new Promise((r) => setTimeout(r, 50));
    const res = await api(app, 'GET', '/countries');
    expect(res.statusCode).toBe(200);
  });

  it('answers 503 fast while PostgreSQL refuses or does not answer, readiness within 2 s, liveness 200; then recovers', async () => {
    for (const mode of ['refuse', 'silent'] as const) {
      app.proxy!.down(mode);
      try {
        const started = Date.now();
        const ready = await app.inject({ method: 'GET', url: '/api/ready', headers: { lang: 'ar' } });
        expect(Date.now() - started).toBeLessThan(2000);
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ key: 'unavailable', data: { status: 'unavailable' } });
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

        // A request needing the database fails within the connect timeout (1 s here), in its language.
        const t0 = Date.now();
        const res = await api(app, 'GET', '/countries', { lang: 'ar' });
        expect(Date.now() - t0).toBeLessThan(4000);
        expectUnavailable(res, 'ar');
      } finally {
        app.proxy!.restore();
      }
      const back = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(back.json()).toMatchObject({ key: 'success', data: { status: 'ok' } });
      expect((await api(app, 'GET', '/countries')).statusCode).toBe(200);
    }
  });

  it("a customer's cart add whose session check fails on the database answers 503, never as a visitor's", async () => {
    const item = await product(app, { stock: 5 });
    const { user, token } = await customer(app);
    // The session's use is noted when stale: hold its row so that the note outlives the statement timeout.
    await direct.query(`update user_tokens set last_used_at = now() - interval '1 day' where user_id = $1`, [user.id]);
    await direct.query('begin');
    await direct.query('select * from user_tokens where user_id = $1 for update', [user.id]);
    try {
      const res = await api(app, 'POST', '/cart/items', { token, body: { variant_id: item.variant.id }, lang: 'en' });
      expectUnavailable(res, 'en');
    } finally {
      await direct.query('rollback');
    }
    // Nothing went to a visitor's cart, and the customer's own add works again.
    expect(Number((await direct.query('select count(*) n from carts where user_id is null')).rows[0].n)).toBe(0);
    const again = ok<{ cart_key: string | null; lines: unknown[] }>(
      await api(app, 'POST', '/cart/items', { token, body: { variant_id: item.variant.id } }),
    );
    expect(again).toMatchObject({ cart_key: null, lines: [expect.anything()] });
  });

  it('a statement that outlives the statement timeout answers 503, the connection is not reused broken', async () => {
    // Hold a row lock elsewhere so that the app's update waits past its 2 s statement timeout.
    const item = await product(app, { stock: 2 });
    const buyer = await readyToBuy(app, [{ variantId: item.variant.id }], cityId);
    await fillWallet(app, buyer.user.id, 100_000);
    await direct.query('begin');
    await direct.query('select * from product_variants where id = $1 for update', [item.variant.id]);
    try {
      const body = { address_id: buyer.addressId, payment_method: 'wallet' };
      const res = await api(app, 'POST', '/checkout', { token: buyer.token, body, lang: 'en' });
      expectUnavailable(res, 'en');
    } finally {
      await direct.query('rollback');
    }
    expect(await written(buyer.user.id, item.variant.id)).toMatchObject({ orders: 0, stock: 2, cartLines: 1 });
    expect((await api(app, 'GET', '/countries')).statusCode).toBe(200);
  });

  it('pg_terminate_backend on every connection of the app: the next requests succeed', async () => {
    await Promise.all(Array.from({ length: 4 }, () => api(app, 'GET', '/countries')));
    const { rows } = await direct.query(
      'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    expect(rows.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 3; i++) expect((await api(app, 'GET', '/countries')).statusCode).toBe(200);
  });
});
