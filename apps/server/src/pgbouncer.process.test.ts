/**
 * A server process behind PgBouncer in transaction mode (issue 14): DATABASE_URL is the pooler, which
 * refuses settings of the session at connection and lends each transaction any server connection;
 * DATABASE_DIRECT_URL is PostgreSQL itself, for LISTEN and the migrations. Through it: a customer signs
 * in by SMS code, fills a cart and checks out by wallet, a job runs on the queue's worker, a search
 * with a typo finds its product (the similarity threshold set in the search's transaction), and a
 * notification reaches the customer's event stream through LISTEN/NOTIFY.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import {
  createDatabase,
  createJobQueue,
  makeAdmin,
  makeCity,
  makeProduct,
  makeUser,
  queryRows,
  tables,
} from '@pool/db';
import { createTestDatabase, startPgBouncer, type PgBouncer, type TestDatabase } from '@pool/db/testing';
import { startServerProcess, type ServerProcess } from './testing/server-process.ts';
import { issueAdminToken } from './lib/sessions.ts';
import { credit } from './modules/wallet/service.ts';
import { openSse } from './modules/realtime/testing.ts';
import { until } from './testing/until.ts';

type Answer = { key: string; data: Record<string, unknown> };

describe('a server process behind PgBouncer (transaction mode)', () => {
  let database: TestDatabase;
  let bouncer: PgBouncer;
  let server: ServerProcess;
  let direct: pg.Client;
  const dataDir = mkdtempSync(join(tmpdir(), 'pool-pgb-'));
  let phone = '';
  let userId = 0;
  let variantId = 0;
  let cityId = 0;
  let adminToken = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    const seeding = createDatabase({ url: database.url, poolSize: 1 });
    const user = await makeUser(seeding.db);
    phone = user.phone;
    userId = user.id;
    await credit(seeding.db, user.id, 1_000_000, 'charge');
    const city = await makeCity(seeding.db, { nameAr: 'الرياض', nameEn: 'Riyadh' });
    cityId = city.id;
    await seeding.db.insert(tables.deliveryPrices).values({ cityId, price: 2000, freeAbove: null });
    const product = await makeProduct(seeding.db, { price: 10_000, stock: 5, nameEn: 'Thermometer Pro' });
    variantId = product.variants[0]!.id;
    const admin = await makeAdmin(seeding.db, { isSuper: true, passwordHash: 'unused' });
    adminToken = await issueAdminToken(seeding.db, admin.id);
    await seeding.close();

    bouncer = await startPgBouncer(database.url);
    server = await startServerProcess(bouncer.url, {
      DATABASE_DIRECT_URL: database.url,
      DATA_DIR: dataDir,
      PUSH_WORKER_INTERVAL_MS: '500',
    });
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await direct?.end();
    await bouncer?.close();
    await database?.close();
  });

  async function call(method: 'GET' | 'POST', path: string, body?: object, token?: string) {
    const res = await fetch(`${server.base}/api${path}`, {
      method,
      headers: {
        lang: 'en',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await res.json()) as Answer;
    expect(res.status, JSON.stringify(answer)).toBe(200);
    expect(answer.key).toBe('success');
    return answer.data;
  }

  it('signs in, checks out by wallet, runs a job, searches and streams a notification', async () => {
    const before = await bouncer.stats();

    // Sign-in by SMS code (rate limits and the phone's advisory lock in transactions).
    await call('POST', '/user/send-code', { phone, country_code: '966', device_type: 'web' });
    const sms = readFileSync(join(dataDir, 'sms-outbox.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const code = (sms.at(-1) as { text: string }).text.match(/\d{4}/)![0];
    const session = await call('POST', '/user/check-code', { phone, country_code: '966', code });
    const token = session.token as string;
    expect(token).toBeTypeOf('string');

    // The customer's event stream: its LISTEN is on the direct connection, never through the pooler.
    const sse = await openSse(`${server.base}/api/user/notifications/stream`, {
      authorization: `Bearer ${token}`,
      lang: 'en',
    });
    try {
      expect(sse.status).toBe(200);
      await sse.next('ready');
      const { rows: listening } = await direct.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'listen pool_notifications'`,
      );
      expect(listening[0]!.n).toBe(1);

      // Cart and checkout by wallet (a transaction with row locks, the ledger, the order's events).
      await call('POST', '/user/cart/items', { variant_id: variantId, quantity: 2 }, token);
      const address = await call(
        'POST',
        '/user/addresses',
        {
          district: 'الملقا',
          street: 'طريق الملك فهد',
          building_number: '1234',
          postal_code: '12345',
          additional_number: '5678',
          city_id: cityId,
        },
        token,
      );
      const order = await call('POST', '/user/checkout', { address_id: address.id, payment_method: 'wallet' }, token);
      expect(order).toMatchObject({ status: 'new', redirect_url: null });
      // The order's own notification reaches the stream through LISTEN/NOTIFY.
      expect((await sse.next('notification', 5000)).data).toMatchObject({ type: 'order_payed' });
      const { rows: wallet } = await direct.query<{ balance: number }>(
        `select balance from wallets where user_id = $1`,
        [userId],
      );
      expect(wallet[0]!.balance).toBe(1_000_000 - (order.total as number));

      // A search with a typo: the trigram threshold is set inside the search's own transaction.
      const found = await call('GET', '/user/store/products?q=thermomater');
      expect(JSON.stringify(found)).toContain('Thermometer Pro');

      // A job sent to the queue is run by the server's worker.
      await direct.query(
        `insert into otp_codes (phone, purpose, code_hash, expires_at, created_at) values ('966500000001', 'login', 'x', now(), now() - interval '3 days')`,
      );
      const sender = createDatabase({ url: database.url, poolSize: 1 });
      const boss = createJobQueue(sender, { work: false });
      await boss.start();
      const jobId = await boss.send('auth-prune', {});
      await boss.stop({ graceful: false, close: false });
      await sender.close();
      await until(async () => {
        const { rows } = await direct.query<{ state: string }>(`select state from pgboss.job where id = $1`, [jobId]);
        return rows[0]?.state === 'completed';
      }, 20_000);
      const { rows: old } = await direct.query(`select 1 from otp_codes where phone = '966500000001'`);
      expect(old).toEqual([]);

      // And one an admin sends.
      const sent = await call(
        'POST',
        '/admin/notifications/send',
        { target: 'user', user_id: userId, title_ar: 'تنبيه', title_en: 'Heads up', body_ar: 'نص', body_en: 'Body' },
        adminToken,
      );
      expect(sent).toEqual({ sent: 1 });
      const event = await sse.next('notification', 5000);
      expect(event.data).toMatchObject({ type: 'admin_notify', title: 'Heads up' });
    } finally {
      sse.close();
    }

    // All of it went through PgBouncer, and the process never logged an error.
    const after = await bouncer.stats();
    expect(after.xacts - before.xacts).toBeGreaterThan(20);
    expect(server.alive()).toBe(true);
    expect(server.output()).not.toMatch(/"level":50|unsupported startup parameter/);
    // The test database has no statement timeout of its own: the server says so once at start.
    expect(server.output()).toContain('statements outside a transaction have no statement timeout of the database');
  }, 60_000);

  it('sets the statement and idle-transaction timeouts in each transaction through the pooler', async () => {
    const pooled = createDatabase({
      url: bouncer.url,
      directUrl: database.url,
      poolSize: 2,
      timeouts: { statementMs: 400, idleInTransactionMs: 5000 },
    });
    try {
      const shown = await pooled.db.transaction(async (tx) => ({
        statement: await queryRows<{ statement_timeout: string }>(tx, sql`show statement_timeout`),
        idle: await queryRows<{ idle_in_transaction_session_timeout: string }>(
          tx,
          sql`show idle_in_transaction_session_timeout`,
        ),
      }));
      expect(shown.statement[0]!.statement_timeout).toBe('400ms');
      expect(shown.idle[0]!.idle_in_transaction_session_timeout).toBe('5s');
      const slow = pooled.db.transaction((tx) => tx.execute(sql`select pg_sleep(2)`));
      await expect(slow).rejects.toMatchObject({ cause: { code: '57014' } });
      // SET LOCAL: nothing stays on the server connection the pooler lends to others.
      const [after] = await queryRows<{ statement_timeout: string }>(pooled.db, sql`show statement_timeout`);
      expect(after!.statement_timeout).not.toBe('400ms');
    } finally {
      await pooled.close();
    }
  });
});
