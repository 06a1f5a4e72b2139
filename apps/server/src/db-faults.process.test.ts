/**
 * Database faults against a real server process (SECURITY.md 31): the process
 * lives through a reset of its idle connections, ten seconds of a silent
 * network under load, and `pg_terminate_backend` of its connections; requests
 * meanwhile answer 200 or 503 (never a 500 or a refused connection), and it
 * serves again as soon as PostgreSQL is back, without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDatabase, makeProduct } from '@pool/db';
import { createTestDatabase, type TestDatabase } from '@pool/db/testing';
import { startServerProcess, type ServerProcess } from './testing/server-process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a server process under database faults', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let direct: pg.Client;
  let variantId = 0;

  beforeAll(async () => {
    database = await createTestDatabase({ proxy: true, poolSize: 1 });
    server = await startServerProcess(database.proxy!.url, {
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
    });
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    const seeding = createDatabase({ url: database.url, poolSize: 1 });
    variantId = (await makeProduct(seeding.db, { stock: 1_000_000 })).variants[0]!.id;
    await seeding.close();
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await direct?.end();
    await database?.close();
  });

  /**
   * `workers` clients until `stop` is called, each in turn reading the countries (one query) and
   * putting a product in a visitor's cart (a transaction, on a connection taken from the pool).
   */
  function load(workers = 4) {
    const statuses = new Map<string, number>();
    let running = true;
    const count = (s: string) => statuses.set(s, (statuses.get(s) ?? 0) + 1);
    const requests = [
      () => fetch(`${server.base}/api/user/countries`, { headers: { lang: 'en' } }),
      () =>
        fetch(`${server.base}/api/user/cart/items`, {
          method: 'POST',
          headers: { lang: 'en', 'content-type': 'application/json' },
          body: JSON.stringify({ variant_id: variantId, quantity: 1 }),
        }),
    ];
    const loops = Array.from({ length: workers }, async (_, worker) => {
      for (let i = worker; running; i++) {
        const res = await requests[i % requests.length]!().catch((err: Error) => err);
        if (res instanceof Error) count(`network: ${res.message}`);
        else {
          const body = (await res.json()) as { key: string; msg: string };
          count(`${res.status} ${body.key}`);
          if (res.status === 503)
            expect(body.msg).toBe('The service is briefly unavailable, please try again in a moment');
        }
      }
    });
    return {
      stop: async () => {
        running = false;
        await Promise.all(loops);
        return Object.fromEntries(statuses);
      },
    };
  }

  /** Polls until the countries answer 200 again; answers how long it took. */
  async function recovered() {
    const started = Date.now();
    while (Date.now() - started < 10_000) {
      const res = await fetch(`${server.base}/api/user/countries`).catch(() => null);
      if (res?.status === 200) return Date.now() - started;
      await sleep(100);
    }
    throw new Error(`not recovered:\n${server.output()}`);
  }

  it('lives through a reset of every idle connection', async () => {
    expect((await fetch(`${server.base}/api/user/countries`)).status).toBe(200);
    database.proxy!.cut();
    await sleep(100);
    expect(server.alive()).toBe(true);
    expect((await fetch(`${server.base}/api/user/countries`)).status).toBe(200);
  });

  it('lives through ten seconds of a silent network under load, answering 503, then serves again', async () => {
    const traffic = load();
    await sleep(500);
    database.proxy!.down('silent');
    await sleep(5000);
    // Readiness tells the balancer within 2 s; liveness stays 200, so the process is not restarted.
    const t0 = Date.now();
    expect((await fetch(`${server.base}/api/ready`)).status).toBe(503);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    await sleep(5000);
    database.proxy!.restore();
    const took = await recovered();
    const statuses = await traffic.stop();
    expect(server.alive()).toBe(true);
    expect(Object.keys(statuses).sort()).toEqual(['200 success', '503 unavailable']);
    expect(statuses['503 unavailable']).toBeGreaterThan(3);
    expect(took).toBeLessThan(5000);
    expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);
  }, 40_000);

  it('lives through pg_terminate_backend of its connections under load', async () => {
    const traffic = load();
    for (let i = 0; i < 5; i++) {
      await sleep(300);
      await direct.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
    }
    await sleep(300);
    const statuses = await traffic.stop();
    expect(server.alive()).toBe(true);
    for (const status of Object.keys(statuses)) expect(['200 success', '503 unavailable']).toContain(status);
    expect(statuses['200 success']).toBeGreaterThan(10);
    await recovered();
  }, 30_000);
});
