/**
 * Prometheus metrics at `GET /metrics` (ADR 0025), for the operator only: with METRICS_TOKEN a
 * bearer token is required (401 without it); without it only loopback and private addresses are
 * answered (404 to anyone else, as if there were no such page).
 *
 * Each app has its own registry (tests build many apps in one process). Per request one
 * `onResponse` hook of the route counts the status and the latency's bucket in plain numbers of the
 * route's series, made once per route and method: the route's label is its
 * pattern (`/api/user/store/products/:id`), the site's catch-all is `page`, static files are
 * `static`, whatever matched no route is `unmatched`. Everything else is read when scraped: the
 * request and error counters from those maps, the PostgreSQL pool, the job queue (one query, at
 * most QUEUE_TIMEOUT_MS; a scrape never fails for it), the open SSE streams (realtime/routes.ts
 * keeps `app.metrics.sseStreams`), and the process's default metrics (one registry per process,
 * started at the first scrape).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';
import { sql } from 'drizzle-orm';
import { JOBS_SCHEMA, queryRows } from '@pool/db';
import { AppError } from '../lib/errors.ts';

/** Longest a scrape waits for the job queue's counts; past it the queue's gauges are left out. */
export const QUEUE_TIMEOUT_MS = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      registry: Registry;
      /** Open server-sent event streams, by audience (customer, admin, staff). */
      sseStreams: Gauge<'audience'>;
    };
  }
  interface FastifyContextConfig {
    /** The route's label in the metrics instead of its pattern (the site's catch-all: `page`). */
    metricsRoute?: string;
  }
}

/** Upper bounds of the latency histogram's buckets, in seconds (then +Inf). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One method of one route: its answers by status and its latency histogram, counted here, read at scrape. */
class Series {
  readonly statuses = new Map<number, number>();
  /** Answers per bucket (not cumulative), the last one past the largest bound. */
  readonly buckets = new Float64Array(BUCKETS.length + 1);
  sum = 0;
  count = 0;
  readonly method: string;
  readonly route: string;
  constructor(method: string, route: string) {
    this.method = method;
    this.route = route;
  }
  record(status: number, seconds: number) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    let i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]!) i++;
    this.buckets[i]!++;
    this.sum += seconds;
    this.count++;
  }
}

/**
 * `http_request_duration_seconds` as prom-client writes a histogram, from the series' own counts:
 * prom-client's Histogram hashes its labels on every observation, several times the cost of this.
 */
function durationHistogram(series: Series[]) {
  const name = 'http_request_duration_seconds';
  return {
    name,
    help: 'Time to answer a request, by method and route pattern',
    type: 'histogram',
    aggregator: 'sum',
    reset() {},
    get() {
      const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
      for (const s of series) {
        let cumulative = 0;
        BUCKETS.forEach((le, i) => {
          cumulative += s.buckets[i]!;
          values.push({
            metricName: `${name}_bucket`,
            labels: { le, method: s.method, route: s.route },
            value: cumulative,
          });
        });
        const labels = { method: s.method, route: s.route };
        values.push({ metricName: `${name}_bucket`, labels: { le: '+Inf', ...labels }, value: s.count });
        values.push({ metricName: `${name}_sum`, labels, value: s.sum });
        values.push({ metricName: `${name}_count`, labels, value: s.count });
      }
      return { name, help: this.help, type: this.type, aggregator: this.aggregator, values };
    },
  };
}

/** The process's own metrics (CPU, memory, event loop, GC): one registry for all apps, made on first use. */
let processRegistry: Registry | undefined;
function processMetrics() {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const V4_PRIVATE: [number, number][] = [
  [0x7f000000, 8], // 127/8
  [0x0a000000, 8], // 10/8
  [0xac100000, 12], // 172.16/12
  [0xc0a80000, 16], // 192.168/16
];

const v4Number = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);

/** Loopback or private (RFC 1918, IPv6 loopback and unique local fc00::/7); IPv4-mapped IPv6 as IPv4. */
export function isPrivateAddress(address: string): boolean {
  let ip = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1]!;
  if (isIPv4(ip)) {
    const n = v4Number(ip);
    return V4_PRIVATE.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
  }
  if (isIPv6(ip)) {
    const lower = ip.toLowerCase();
    if (lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true;
    return /^f[cd][0-9a-f]{2}:/.test(lower);
  }
  return false;
}

/** An address of Forwarded's `for=` without quotes, brackets and port (`"[2001:db8::1]:4711"`, `192.0.2.4:80`). */
const forwardedFor = (value: string) => {
  const v = value.replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\]/.exec(v);
  if (bracketed) return bracketed[1]!;
  return /^\d+\.\d+\.\d+\.\d+:\d+$/.test(v) ? v.slice(0, v.lastIndexOf(':')) : v;
};

/** The addresses proxies wrote of the client (X-Forwarded-For, X-Real-IP, Forwarded's `for=`). */
function forwardedAddresses(req: FastifyRequest): string[] {
  const values = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v : v ? [v] : [];
  };
  return [
    ...values('x-forwarded-for').flatMap((v) => v.split(',')),
    ...values('x-real-ip'),
    ...values('forwarded').flatMap((v) => [...v.matchAll(/for=("[^"]*"|[^;,\s]*)/gi)].map((m) => forwardedFor(m[1]!))),
  ]
    .map((a) => a.trim())
    .filter(Boolean);
}

/**
 * Without a token: the client (as TRUST_PROXY_HOPS finds it) and every address a proxy names must
 * be private, so a proxy in front that forgot TRUST_PROXY_HOPS does not let the public in.
 */
export function fromPrivateNetwork(req: FastifyRequest) {
  return isPrivateAddress(req.ip) && forwardedAddresses(req).every(isPrivateAddress);
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export default fp(async (app) => {
  const registry = new Registry();
  const series: Series[] = [];

  registry.registerMetric(durationHistogram(series) as unknown as Metric);
  new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const s of series) {
        for (const [status, n] of s.statuses) this.inc({ method: s.method, route: s.route, status: String(status) }, n);
      }
    },
  });
  new Counter({
    name: 'http_request_errors_total',
    help: 'Requests answered with a 5xx status, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const s of series) {
        let errors = 0;
        for (const [status, n] of s.statuses) if (status >= 500) errors += n;
        if (errors) this.inc({ method: s.method, route: s.route }, errors);
      }
    },
  });
  const sseStreams = new Gauge({
    name: 'sse_streams_open',
    help: 'Open server-sent event streams (live notifications), by audience',
    labelNames: ['audience'] as const,
    registers: [registry],
  });
  for (const audience of ['customer', 'admin', 'staff']) sseStreams.set({ audience }, 0);

  const pool = app.database.pool;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of the PostgreSQL pool: all of them, and the idle ones',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a connection of the PostgreSQL pool',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  // The queue's jobs by state, counted in pg-boss's tables at scrape time; one count at a time.
  let counting: Promise<QueueRow[] | null> | null = null;
  const countJobs = () =>
    (counting ??= Promise.race([
      queryRows<QueueRow>(app.db, queueDepthQuery),
      new Promise<null>((resolve) => setTimeout(resolve, QUEUE_TIMEOUT_MS, null).unref()),
    ])
      .catch((err: unknown) => {
        app.log.warn({ err }, 'metrics: the job queue could not be counted');
        return null;
      })
      .finally(() => (counting = null)));
  new Gauge({
    name: 'job_queue_counted',
    help: 'Whether this scrape could count the job queue (1) or not (0: no answer in time)',
    registers: [registry],
    async collect() {
      this.set((await countJobs()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs of the job queue by queue and state: ready to run, deferred (to run later), active',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await countJobs();
      for (const row of rows ?? []) {
        this.set({ queue: row.queue, state: 'ready' }, Number(row.ready));
        this.set({ queue: row.queue, state: 'deferred' }, Number(row.deferred));
        this.set({ queue: row.queue, state: 'active' }, Number(row.active));
      }
    },
  });

  app.decorate('metrics', { registry, sseStreams });

  // Every route counts itself: its label and its series (one per method) are made once.
  const seriesOf = (method: string, route: string) => {
    const s = new Series(method, route);
    series.push(s);
    return s;
  };
  const hookFor = (route: string) => {
    const byMethod = new Map<string, Series>();
    return (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
      let s = byMethod.get(req.method);
      if (!s) byMethod.set(req.method, (s = seriesOf(req.method, route)));
      s.record(reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = route.config as { metricsRoute?: string; file?: string } | undefined;
    // @fastify/static makes one route per file (config.file): one label for all.
    const label = config?.metricsRoute ?? (config?.file ? 'static' : route.url);
    const hook = hookFor(label);
    const own = route.onResponse;
    route.onResponse = own ? [...(Array.isArray(own) ? own : [own]), hook] : [hook];
  });
  // What no route matched (the 404 handler runs the app's hooks only).
  const unmatched = hookFor('unmatched');
  app.addHook('onResponse', (req, reply, done) => (req.is404 ? unmatched(req, reply, done) : done()));

  const token = app.config.METRICS_TOKEN ? digest(app.config.METRICS_TOKEN) : null;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (token) {
      const given = /^Bearer (.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1]?.trim() ?? '';
      if (!timingSafeEqual(digest(given), token)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('unauthenticated', 'server.unauthenticated');
      }
    } else if (!fromPrivateNetwork(req)) {
      return reply.callNotFound();
    }
    const text = (await registry.metrics()) + (await processMetrics().metrics());
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
});

type QueueRow = { queue: string; ready: number | string; deferred: number | string; active: number | string };

const queueDepthQuery = sql`
  select q.name as queue,
    count(j.id) filter (where j.state < 'active' and j.start_after <= now()) as ready,
    count(j.id) filter (where j.state < 'active' and j.start_after > now()) as deferred,
    count(j.id) filter (where j.state = 'active') as active
  from ${sql.identifier(JOBS_SCHEMA)}.queue q
  left join ${sql.identifier(JOBS_SCHEMA)}.job j on j.name = q.name and j.state <= 'active'
  group by q.name`;
