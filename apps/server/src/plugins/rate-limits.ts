/**
 * Rate limits on a store every process shares (SECURITY.md 32), with
 * rate-limiter-flexible: the database by default (its Drizzle store, on
 * PostgreSQL or the embedded PGlite), Redis when REDIS_URL is set. When the
 * store cannot be reached, each process counts in memory meanwhile.
 *
 * - Every API request counts once against the client's address (RATE_LIMIT_PER_MINUTE),
 *   except the calls that server rendering makes in process: the page that made
 *   them is counted once instead (SITE_RATE_LIMIT_PER_MINUTE, plugins/site.ts).
 * - Routes add their own limits with `app.limitPerIp`.
 * Addresses are the visitor's own: `req.ip` follows TRUST_PROXY_HOPS, and the
 * site's in-process calls carry the page request's address.
 */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { tables } from '@pool/db';
import { AppError } from '../lib/errors.ts';

/** `points` requests per `seconds`. */
export type Limit = { points: number; seconds: number };

/** The header that marks the site's in-process calls; its value is a secret of this process. */
export const SITE_CALL_HEADER = 'x-site-call';

/** Probes of load balancers are never limited. */
const UNLIMITED = new Set(['/api/health', '/api/ready']);

declare module 'fastify' {
  interface FastifyInstance {
    /** A limiter named `name` (its key prefix) on the shared store. */
    limiter: (name: string, limit: Limit) => RateLimiterAbstract;
    /** Counts one of the client address's `limit` (429 with `retry_after` past it). */
    takeLimit: (limiter: RateLimiterAbstract, key: string, reply: FastifyReply) => Promise<void>;
    /** A preHandler counting the request against `limit` per client address. */
    limitPerIp: (name: string, limit: Limit) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Set by the site on its in-process calls (SITE_CALL_HEADER); unknown outside this process. */
    siteCallSecret: string;
  }
  interface FastifyRequest {
    /** An in-process call of the site's server rendering, counted with its page. */
    siteCall: boolean;
  }
}

/** Counts one for `key`: null when allowed, else the whole seconds to wait. */
export async function secondsToWait(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (res) {
    if (res instanceof RateLimiterRes) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw res;
  }
}

/** A 429 telling when to try again (also as `Retry-After`). */
export function tooManyRequests(reply: FastifyReply, retryAfter: number) {
  reply.header('retry-after', String(retryAfter));
  return new AppError('tooManyRequests', 'server.too_many_requests', { data: { retry_after: retryAfter } });
}

export default fp(async (app) => {
  // ioredis is loaded only when a Redis is set: a process without one does not keep its code.
  const redis = app.config.REDIS_URL
    ? new (await import('ioredis')).Redis(app.config.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : null;
  // A lost Redis is not fatal: the limiters fall back to memory and ioredis reconnects.
  redis?.on('error', (err) => app.log.warn({ err }, 'rate limits: redis unavailable'));
  if (redis) app.addHook('onClose', async () => void redis.disconnect());

  const limiters = new Map<string, RateLimiterAbstract>();
  app.decorate('limiter', (name: string, limit: Limit) => {
    const known = limiters.get(name);
    if (known) return known;
    const options = { keyPrefix: name, points: limit.points, duration: limit.seconds };
    const insuranceLimiter = new RateLimiterMemory(options);
    const limiter = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter })
      : new RateLimiterDrizzle({
          ...options,
          storeClient: app.db,
          schema: tables.rateLimits,
          // Expired rows are deleted by the pruning job, not by a timer in every process.
          clearExpiredByTimeout: false,
          insuranceLimiter,
        });
    limiters.set(name, limiter);
    return limiter;
  });

  app.decorate('takeLimit', async (limiter: RateLimiterAbstract, key: string, reply: FastifyReply) => {
    const wait = await secondsToWait(limiter, key);
    if (wait !== null) throw tooManyRequests(reply, wait);
  });

  app.decorate('limitPerIp', (name: string, limit: Limit) => {
    const limiter = app.limiter(name, limit);
    return async (req: FastifyRequest, reply: FastifyReply) => app.takeLimit(limiter, req.ip, reply);
  });

  app.decorate('siteCallSecret', randomBytes(24).toString('base64url'));
  app.decorateRequest('siteCall', false);
  const api = app.limiter('api', { points: app.config.RATE_LIMIT_PER_MINUTE, seconds: 60 });
  app.addHook('onRequest', (req, reply, done) => {
    req.siteCall = req.headers[SITE_CALL_HEADER] === app.siteCallSecret;
    delete req.headers[SITE_CALL_HEADER];
    if (req.siteCall || !req.url.startsWith('/api/') || !app.config.RATE_LIMIT_PER_MINUTE) return done();
    if (UNLIMITED.has(req.url.split('?')[0]!)) return done();
    app.takeLimit(api, req.ip, reply).then(() => done(), done);
  });
});
