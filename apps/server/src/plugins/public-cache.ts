/**
 * Answers every visitor gets alike, kept in memory per process (ADR 0024): the API's public reads
 * (routes with `config.publicCache`) and the site's anonymous pages (plugins/site.ts). Emptied when
 * public data changes: the database announces every change on `pool_public_data` (migration 0020),
 * to every process through LISTEN/NOTIFY; after a lost LISTEN connection everything is dropped
 * (a change may have been missed). A short time to live bounds what no table tells of (the order
 * of best sellers moves with sales, which change `products`, so even that is told).
 *
 * An entry keeps its body, a weak ETag (a match answers 304) and its gzip and Brotli forms, each
 * made once, on first demand. The Brotli form is made at once at a quick quality, then again at the
 * best one in zlib's thread pool, which replaces it when done: 10-15 % fewer bytes for a page (the
 * Arabic home 27.2 -> 23.6 KB), for a quarter of a second of a pool thread per entry, not the request's.
 */
import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { listenChannel } from '../lib/pg-listen.ts';

export const PUBLIC_DATA_CHANNEL = 'pool_public_data';
/** Longest an entry is served without a change being told (a safety net, not the invalidation). */
const TIME_TO_LIVE_MS = 60_000;
/**
 * With a read replica (DATABASE_READ_URL) a change is announced by the primary before the replica may
 * have it: an answer read this soon after a change is kept only this long, so that one read from a
 * replica still behind is not served for the whole time to live.
 */
export const REPLICA_SETTLE_MS = 1000;
const MAX_BYTES = 64 * 1024 * 1024;
/** Below this size an answer goes out as it is (as @fastify/compress's threshold). */
const COMPRESS_FROM_BYTES = 1024;

export type CachedAnswer = {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
};

export type AnswerCache = {
  get: (key: string) => CachedAnswer | undefined;
  /**
   * Keeps an answer computed from data read at `generation`, unless a change came meanwhile (then it
   * is only this request's); answers it with its ETag either way.
   */
  set: (key: string, generation: number, answer: Omit<CachedAnswer, 'etag'>) => CachedAnswer;
};

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: {
      api: AnswerCache;
      pages: AnswerCache;
      /** Counts the changes told so far: an answer read before a change is not kept after it. */
      generation: () => number;
      clear: () => void;
    };
  }
  interface FastifyContextConfig {
    /** A public read kept for anonymous callers, sent with `Cache-Control: public, max-age=<maxAge>`. */
    publicCache?: { maxAge: number };
  }
  interface FastifyRequest {
    /** A public read to keep once answered: its key and the generation it was read at. */
    publicCacheMiss: { key: string; readAt: number } | null;
  }
}

const etagOf = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/** Whether the request carries no credentials of any kind: its answer is everyone's. */
export const isAnonymous = (req: FastifyRequest) => !req.headers.authorization && !req.headers.cookie;

/** Whether the client says it holds the answer of `etag` (If-None-Match). */
const holds = (req: FastifyRequest, etag: string) =>
  (req.headers['if-none-match'] ?? '').split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');

/**
 * Entries waiting for their best Brotli form. They are made one at a time: Brotli's best quality holds about
 * 12 MB of tables while it runs, and after a change empties the cache the first visits refill many entries at
 * once (four at once in zlib's thread pool held 47 MB more; the process's peak memory was made of it).
 */
const toRefine: CachedAnswer[] = [];
/** Past this many waiting (a burst of new searches), an entry keeps its quick form. */
const MAX_WAITING_TO_REFINE = 100;

/** Makes the entry's Brotli form again at the best quality, off the event loop, and keeps it when smaller. */
function refineBrotli(answer: CachedAnswer) {
  if (toRefine.length >= MAX_WAITING_TO_REFINE) return;
  if (toRefine.push(answer) === 1) refineNext();
}

function refineNext() {
  const answer = toRefine[0];
  if (!answer) return;
  const params = {
    [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
    [zlib.BROTLI_PARAM_SIZE_HINT]: answer.body.length,
  };
  brotliCompress(answer.body, { params }, (err, best) => {
    if (!err && answer.br && best.length < answer.br.length) answer.br = best;
    toRefine.shift();
    refineNext();
  });
}

/** Sends a kept answer: 304 when the client holds it, else the body in the encoding it takes best. */
export function sendCached(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.headers({ vary: 'lang, accept-language, accept-encoding', ...answer.headers, etag: answer.etag });
  if (holds(req, answer.etag)) return reply.code(304).send();
  reply.code(answer.status);
  if (answer.body.length < COMPRESS_FROM_BYTES) return reply.send(answer.body);
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) {
    if (!answer.br) {
      answer.br = brotliCompressSync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
      refineBrotli(answer);
    }
    return reply.header('content-encoding', 'br').send(answer.br);
  }
  if (/\bgzip\b/.test(accepts)) {
    answer.gzip ??= gzipSync(answer.body);
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  }
  return reply.send(answer.body);
}

export default fp(async (app) => {
  const enabled = app.config.PUBLIC_CACHE;
  let generation = 0;
  let changedAt = 0;
  const replica = app.readDb !== app.db;
  const makeCache = (): { cache: AnswerCache; lru: LRUCache<string, CachedAnswer> } => {
    const lru = new LRUCache<string, CachedAnswer>({
      maxSize: MAX_BYTES / 2,
      sizeCalculation: (a) => a.body.length * 2 + 200,
      ttl: TIME_TO_LIVE_MS,
    });
    return {
      lru,
      cache: {
        get: (key) => lru.get(key),
        set(key, readAt, answer) {
          const withTag = { ...answer, etag: etagOf(answer.body) };
          const settling = replica && Date.now() - changedAt < REPLICA_SETTLE_MS;
          if (enabled && readAt === generation) lru.set(key, withTag, settling ? { ttl: REPLICA_SETTLE_MS } : {});
          return withTag;
        },
      },
    };
  };
  const api = makeCache();
  const pages = makeCache();
  const clear = () => {
    generation++;
    changedAt = Date.now();
    api.lru.clear();
    pages.lru.clear();
  };
  app.decorate('publicCache', { api: api.cache, pages: pages.cache, generation: () => generation, clear });

  if (!enabled) return;
  const changes = listenChannel(app, PUBLIC_DATA_CHANNEL, { onPayload: clear, onConnect: clear });
  app.addHook('onReady', async () => {
    try {
      await changes.start();
    } catch (err) {
      // Without the LISTEN nothing could be kept safely: every answer is made afresh meanwhile.
      app.log.error({ err }, 'public cache: LISTEN failed; answers are not kept');
    }
  });
  app.addHook('onClose', () => changes.close());

  app.decorateRequest('publicCacheMiss', null);
  // Callbacks, not promises (as every hook run on each request): a kept answer is sent from here, and
  // `done` is then not called.
  app.addHook('onRequest', (req, reply, done) => {
    const options = req.routeOptions.config.publicCache;
    if (!options || req.method !== 'GET' || !isAnonymous(req)) return done();
    reply.header('cache-control', `public, max-age=${options.maxAge}`);
    const key = `${req.lang}|${req.url}`;
    // `Cache-Control: no-cache` asks for the answer afresh (HTTP's meaning), which is then kept for others.
    const kept = /\bno-cache\b/.test(String(req.headers['cache-control'] ?? '')) ? undefined : api.cache.get(key);
    if (kept) return void sendCached(req, reply, kept);
    req.publicCacheMiss = { key, readAt: generation };
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => done(null, keepAnswer(req, reply, payload)));
  /** Keeps a public read just answered; answers the payload to send (empty when the client holds it). */
  function keepAnswer(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    // An admin's change is seen at once by the next request to this process (the others hear of it
    // from the database a moment later).
    if (req.method !== 'GET' && req.url.startsWith('/api/admin/') && reply.statusCode < 400) clear();
    const miss = req.publicCacheMiss;
    if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const body = Buffer.from(payload);
    const kept = api.cache.set(miss.key, miss.readAt, {
      status: 200,
      headers: { 'content-type': String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8') },
      body,
    });
    reply.header('etag', kept.etag);
    reply.header('vary', 'lang, accept-language, accept-encoding');
    // Made afresh (after a change) but the same as the client holds: still "not modified".
    if (holds(req, kept.etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  }
});
