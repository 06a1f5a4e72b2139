/**
 * DATABASE_READ_URL (issue 14): the public reads and the admins' reports go to the read pool
 * (`app.readDb`), and no write ever does. The "replica" is the same database through a role that can
 * only read (`default_transaction_read_only`, SELECT grants only): a write sent to it would fail (and
 * the route answer 500), and each read route must take a connection from its pool.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '@pool/db';
import { buildTestApp, type TestApp } from './testing/app.ts';
import { adminCall, adminToken } from './modules/admin-content/testing.ts';
import { api, deliveryCity, fillWallet, ok, product, readyToBuy } from './modules/orders/testing.ts';

describe('a read replica (DATABASE_READ_URL)', () => {
  const role = `pool_reader_${randomBytes(4).toString('hex')}`;
  // A password: the embedded server of a run without TEST_DATABASE_URL (CI) does not trust local sign-ins.
  const password = randomBytes(12).toString('hex');
  let app: TestApp;
  let read: Database;
  let reads = 0;

  async function admin<T>(run: (client: pg.Client) => Promise<T>) {
    const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin((c) => c.query(`create role ${role} login password '${password}'`));
    app = await buildTestApp({
      readDatabase: async (url) => {
        await admin(async (c) => {
          const name = new URL(url).pathname.slice(1);
          await c.query(`grant connect on database ${name} to ${role}`);
          await c.query(`alter role ${role} in database ${name} set default_transaction_read_only = on`);
        });
        // The grants are given inside the database itself.
        const owner = new pg.Client({ connectionString: url });
        await owner.connect();
        await owner.query(`grant usage on schema public to ${role}`);
        await owner.query(`grant select on all tables in schema public to ${role}`);
        await owner.end();
        const readUrl = new URL(url);
        readUrl.username = role;
        readUrl.password = password;
        read = createDatabase({ url: readUrl.toString(), poolSize: 2 });
        read.pool!.on('acquire', () => reads++);
        return read;
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await admin((c) => c.query(`drop owned by ${role} cascade`).then(() => c.query(`drop role ${role}`))).catch(
      () => undefined,
    );
  });

  /** How many connections the read pool lent while `run` ran. */
  async function readsOf(run: () => Promise<unknown>) {
    const before = reads;
    await run();
    return reads - before;
  }

  it('serves the catalogue, settings, countries, content and the reports from the read pool', async () => {
    expect(app.readDb).not.toBe(app.db);
    const { product: p } = await product(app, { price: 12_000, stock: 5, nameEn: 'Chlorine tablets' });
    const token = await adminToken(app);
    const publicReads = [
      '/store/products',
      '/store/products?q=chlorine',
      `/store/products/${p.id}`,
      '/store/categories',
      '/store/brands',
      '/countries',
      '/settings',
      '/home',
      '/about',
      '/faqs',
      '/cities',
    ];
    for (const path of publicReads) {
      expect(await readsOf(async () => ok(await api(app, 'GET', path))), path).toBeGreaterThan(0);
    }
    const found = ok<{ data: { id: number }[] }>(await api(app, 'GET', '/store/products?q=chlorine'));
    expect(found.data.map((x) => x.id)).toContain(p.id);
    for (const path of ['/reports', '/dashboard']) {
      const res = await adminCall(app, 'GET', path, { token });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await readsOf(async () => adminCall(app, 'GET', '/reports', { token }))).toBeGreaterThan(0);
  });

  it('never writes through it: a cart, a wallet checkout, a favourite and an admin change all succeed', async () => {
    const city = await deliveryCity(app, 2000);
    const { variant, product: p } = await product(app, { price: 10_000, stock: 5 });
    const { user, token, addressId } = await readyToBuy(app, [{ variantId: variant.id, quantity: 1 }], city.id);
    await fillWallet(app, user.id, 100_000);
    const done = ok<{ status: string }>(
      await api(app, 'POST', '/checkout', { token, body: { address_id: addressId, payment_method: 'wallet' } }),
    );
    expect(done.status).toBe('new');
    ok(await api(app, 'POST', '/favourites', { token, body: { product_id: p.id } }));
    const adminAuth = await adminToken(app);
    const sent = await adminCall(app, 'POST', '/notifications/send', {
      token: adminAuth,
      body: { target: 'user', user_id: user.id, title_ar: 'ت', title_en: 'T', body_ar: 'ن', body_en: 'B' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The read pool cannot write at all (so nothing above went through it).
    await expect(
      read.pool!.query(`insert into favourites (user_id, product_id) values (${user.id}, ${p.id})`),
    ).rejects.toThrow(/read-only transaction|permission denied/);
  });
});
