/** Prometheus metrics at /metrics (issue 14, ADR 0025): what they count and who may read them. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import staticFiles from '@fastify/static';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '@pool/db';
import { createTestDatabase } from '@pool/db/testing';
import { buildApp, type App } from '../app.ts';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { issueUserToken } from '../lib/sessions.ts';
import { openSse } from '../modules/realtime/testing.ts';
import { until } from '../testing/until.ts';
import { createJobs } from '../jobs/queue.ts';
import { loadConfig } from '../config.ts';
import { isPrivateAddress } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789';

/** The value of the sample `name{labels}` in the exposition text (labels as written, in order). */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics', () => {
  let app: TestApp;
  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('counts requests by method, route pattern and status, and times them per route', async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/health?x=1' });
    await app.inject({ method: 'GET', url: '/api/user/store/products/999999' });
    await app.inject({ method: 'GET', url: '/api/user/store/products/123456' });
    await app.inject({ method: 'GET', url: '/no/such/place' });
    await app.inject({ method: 'HEAD', url: '/api/health' });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;

    expect(sample(text, 'http_requests_total', 'method="GET",route="/api/health",status="200"')).toBe(2);
    expect(sample(text, 'http_requests_total', 'method="GET",route="/api/user/store/products/:id",status="404"')).toBe(
      2,
    );
    // The raw URL never becomes a label: cardinality stays bounded.
    expect(text).not.toMatch(/route="[^"]*(999999|123456)/);
    expect(text).not.toContain('/no/such/place');
    expect(sample(text, 'http_requests_total', 'method="GET",route="unmatched",status="404"')).toBe(1);

    expect(sample(text, 'http_requests_total', 'method="HEAD",route="/api/health",status="200"')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', 'method="GET",route="/api/health"')).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', 'le="+Inf",method="GET",route="/api/health"')).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_sum', 'method="GET",route="/api/health"')).toBeGreaterThan(0);
    // No 5xx so far: no error series.
    expect(text).toContain('# TYPE http_request_errors_total counter');
    expect(text).not.toMatch(/^http_request_errors_total\{/m);

    // The PostgreSQL pool, the process's own metrics.
    expect(sample(text, 'db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections', 'state="idle"')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_waiting_requests')).toBe(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);

    // The scrape itself is counted from the next one on.
    const next = await scrape();
    expect(sample(next, 'http_requests_total', 'method="GET",route="/metrics",status="200"')).toBe(1);
    // The process's CPU is counted from the first scrape (prom-client): read it on the second (the first
    // read 0 once in a full run).
    expect(sample(next, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('counts answers with a 5xx status as errors', async () => {
    // A broken database connection answers 503 (SECURITY.md 31): an error of its route.
    const before = sample(await scrape(), 'http_request_errors_total', 'method="GET",route="/api/ready"') ?? 0;
    const pool = app.database.pool!;
    const query = pool.query.bind(pool);
    pool.query = (() => Promise.reject(new Error('connection lost'))) as never;
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      pool.query = query;
    }
    const text = await scrape();
    expect(sample(text, 'http_request_errors_total', 'method="GET",route="/api/ready"')).toBe(before + 1);
  });

  it('tells the job queue by queue and state, counted at scrape time', async () => {
    const jobs = createJobs(app, { 'test-metrics': { run: async () => {} } });
    await jobs.start();
    try {
      await jobs.send('test-metrics', { at: new Date(Date.now() + 3_600_000), key: 'later' });
      const text = await scrape();
      expect(sample(text, 'job_queue_counted')).toBe(1);
      expect(sample(text, 'job_queue_jobs', 'queue="test-metrics",state="deferred"')).toBe(1);
      expect(sample(text, 'job_queue_jobs', 'queue="test-metrics",state="ready"')).toBe(0);
      expect(sample(text, 'job_queue_jobs', 'queue="test-metrics",state="active"')).toBe(0);
    } finally {
      await jobs.stop();
    }
  });

  it('tells the open event streams, up when one opens and down when it closes', async () => {
    const user = await makeUser(app.db);
    const token = await issueUserToken(app.db, user.id);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const open = async () => sample(await scrape(), 'sse_streams_open', 'audience="customer"');
    expect(await open()).toBe(0);
    const sse = await openSse(`http://127.0.0.1:${port}/api/user/notifications/stream`, {
      authorization: `Bearer ${token}`,
    });
    await sse.next('ready');
    expect(await open()).toBe(1);
    sse.close();
    await until(async () => (await open()) === 0);
    expect(await open()).toBe(0);
  });
});

describe('metrics: the site', () => {
  let app: App;
  let rendered = 0;
  beforeAll(async () => {
    // A site as plugins/site.ts mounts it: static files (one route each) and a catch-all for pages.
    const root = mkdtempSync(join(tmpdir(), 'pool-metrics-site-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets', 'a.js'), 'a');
    writeFileSync(join(root, 'assets', 'b.css'), 'b');
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: root, LOG_LEVEL: 'silent' }),
      database: await createTestDatabase(),
      logger: false,
      site: async (site) => {
        await site.register(staticFiles, { root, wildcard: false, index: false });
        site.get('/*', { config: { metricsRoute: 'page' } }, async (_req, reply) => {
          rendered++;
          return reply.type('text/html').send('<p>page</p>');
        });
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await app.database.close();
  });

  it('labels every page `page` and every static file `static`; /metrics is never a page', async () => {
    for (const url of ['/', '/en', '/en/store/products/42', '/ar/about?x=1']) await app.inject({ url });
    for (const url of ['/assets/a.js', '/assets/b.css']) expect((await app.inject({ url })).statusCode).toBe(200);
    const before = rendered;
    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(rendered).toBe(before);
    expect(sample(res.body, 'http_requests_total', 'method="GET",route="page",status="200"')).toBe(4);
    expect(sample(res.body, 'http_requests_total', 'method="GET",route="static",status="200"')).toBe(2);
    expect(res.body).not.toMatch(/route="\/(en|ar|assets)/);
    // Not from a public address, even with a catch-all there.
    const refused = await app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(refused.statusCode).toBe(404);
    expect(rendered).toBe(before);
  });
});

describe('metrics: who may read them', () => {
  let open: TestApp;
  let behindProxy: TestApp;
  let withToken: TestApp;
  beforeAll(async () => {
    open = await buildTestApp({ config: { RATE_LIMIT_PER_MINUTE: '2' } });
    behindProxy = await buildTestApp({ config: { TRUST_PROXY_HOPS: '1' } });
    withToken = await buildTestApp({ config: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await Promise.all([open.close(), behindProxy.close(), withToken.close()]);
  });
  const status = async (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    (await app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers })).statusCode;

  it('takes a METRICS_TOKEN of 16 characters or more only', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it('tells private from public addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.4.5', '::1', 'fd12:3456::1'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['::ffff:10.0.0.7', 'fc00::1']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '172.32.0.1', '172.15.255.255', '192.169.0.1', '11.0.0.1', '2001:db8::1', 'fe80::1'])
      expect(isPrivateAddress(a), a).toBe(false);
    for (const a of ['::ffff:8.8.8.8', 'fd::1', '', 'unknown', '_hidden', '10.0.0', 'not an address'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('without a token answers loopback and private addresses only; others get the 404 of an unknown page', async () => {
    for (const a of ['127.0.0.1', '10.0.3.4', '192.168.1.20', '::1', 'fd00::5'])
      expect(await status(open, a), a).toBe(200);
    const refused = await open.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(refused.statusCode).toBe(404);
    const unknown = await open.inject({ method: 'GET', url: '/no-such-page', remoteAddress: '203.0.113.7' });
    expect(refused.json().key).toBe(unknown.json().key);
    expect(refused.body).not.toContain('http_requests_total');
    expect(await status(open, '2001:db8::7')).toBe(404);
    // Without TRUST_PROXY_HOPS a proxy's private address is the client: what it forwards still counts.
    expect(await status(open, '10.0.0.2', { 'x-forwarded-for': '203.0.113.9' })).toBe(404);
    expect(await status(open, '10.0.0.2', { 'x-real-ip': '203.0.113.9' })).toBe(404);
    expect(await status(open, '10.0.0.2', { forwarded: 'for=203.0.113.9;proto=https' })).toBe(404);
    expect(await status(open, '10.0.0.2', { forwarded: 'for="[2001:db8::1]:4711"' })).toBe(404);
    expect(await status(open, '10.0.0.2', { 'x-forwarded-for': '10.9.8.7, 192.168.0.3' })).toBe(200);
    expect(await status(open, '10.0.0.2', { forwarded: 'for="10.1.1.1:8080", for="[fd00::2]"' })).toBe(200);
    // A public client cannot claim a private address.
    expect(await status(open, '203.0.113.7', { 'x-forwarded-for': '10.0.0.1' })).toBe(404);
  });

  it('behind a trusted proxy judges the client it names', async () => {
    expect(await status(behindProxy, '10.0.0.2', { 'x-forwarded-for': '203.0.113.9' })).toBe(404);
    expect(await status(behindProxy, '10.0.0.2', { 'x-forwarded-for': '192.168.7.8' })).toBe(200);
    expect(await status(behindProxy, '10.0.0.2')).toBe(200);
    // A forged private entry before the client the proxy wrote changes nothing.
    expect(await status(behindProxy, '10.0.0.2', { 'x-forwarded-for': '10.0.0.1, 203.0.113.9' })).toBe(404);
  });

  it('with METRICS_TOKEN needs the bearer token, from any address', async () => {
    expect(await status(withToken, '127.0.0.1')).toBe(401);
    const wrong = await withToken.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456780' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    expect(wrong.json().key).toBe('unauthenticated');
    expect(await status(withToken, '127.0.0.1', { authorization: `Basic ${TOKEN}` })).toBe(401);
    expect(await status(withToken, '127.0.0.1', { authorization: `Bearer ${TOKEN}x` })).toBe(401);
    expect(await status(withToken, '127.0.0.1', { authorization: `Bearer ${TOKEN.slice(0, -1)}` })).toBe(401);
    expect(await status(withToken, '127.0.0.1', { authorization: `Bearer ${TOKEN}` })).toBe(200);
    expect(await status(withToken, '203.0.113.7', { authorization: `Bearer ${TOKEN}` })).toBe(200);
  });

  it('is never counted by the rate limits', async () => {
    for (let i = 0; i < 6; i++) expect(await status(open, '127.0.0.1')).toBe(200);
    // The API limit (2 a minute here) still holds for the API.
    const api = [];
    for (let i = 0; i < 3; i++) api.push((await open.inject({ method: 'GET', url: '/api/user/countries' })).statusCode);
    expect(api).toEqual([200, 200, 429]);
    expect(await status(open, '127.0.0.1')).toBe(200);
  });

  it('answers every method and shape without a 500', async () => {
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    const urls = ['/metrics', '/metrics/', '/metrics?x=%ZZ', '/metrics?name[]=1&name=2', '/metrics//', '/METRICS'];
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' + 'x'.repeat(10_000) },
      { authorization: 'Bearer \u0639\u0631\u0628\u064a' },
      { 'x-forwarded-for': 'not-an-ip, [' },
      { 'x-forwarded-for': ',,,' },
      { forwarded: 'for=' },
      { forwarded: 'for="[::1' },
      { 'x-real-ip': 'x'.repeat(5000) },
    ];
    const statuses = new Set<number>();
    for (const app of [open, behindProxy, withToken])
      for (const method of methods)
        for (const url of urls)
          for (const headers of headerSets) {
            const res = await app.inject({ method, url, headers, payload: method === 'POST' ? '{"a":' : undefined });
            expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers).slice(0, 80)}`).toBeLessThan(500);
            statuses.add(res.statusCode);
          }
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 401, 404]));
  });
});
