/**
 * Idempotency of requests that move money (SECURITY.md 20), in one place.
 *
 * A client sends `Idempotency-Key: <1-128 visible ASCII characters>` (a UUID
 * is ideal). The first request with a key runs; a repeat with the same key
 * and the same data gets the first answer again (same status and body, with
 * `Idempotent-Replayed: true`); the same key with other data answers 409.
 * Concurrent duplicates: the row insert (primary key user + key) is the lock,
 * so only one runs and the others wait for its answer (up to 10 s, then 409).
 * A 5xx answer frees the key so the client may try again; a key whose
 * process died is taken over after a minute.
 *
 * Use it after `requireUser()` (keys are per customer):
 *
 *   const idem = idempotency('orders.checkout');
 *   app.post('/checkout', {
 *     preHandler: [app.requireUser(), idem.preHandler],
 *     preSerialization: idem.preSerialization,
 *     onResponse: idem.onResponse,
 *     schema: { ... },
 *   }, handler);
 *
 * or spread `...idempotentRoute(app, 'orders.checkout')` into the route options
 * (it brings `preHandler: [requireUser, idempotency]` and both hooks).
 * Pass `{ required: true }` to refuse requests without a key.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { AppError } from './errors.ts';
import { sha256 } from './tokens.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,128}$/;
const WAIT_MS = 10_000;
const POLL_MS = 40;
const STALE_MS = 60_000;

type Owned = { userId: number; key: string };
/** Requests that hold their key and must record the answer. */
const owned = new WeakMap<FastifyRequest, Owned>();
/** What the dead request that held the key before noted (`noteWithin`), for the request that took it over. */
const recovered = new WeakMap<FastifyRequest, Record<string, unknown>>();
type Stored = { note?: Record<string, unknown> } | null;

/**
 * Notes, inside the caller's transaction, what the request did (the order it placed): when the
 * process dies after that commit but before the answer is recorded, the request that takes the key
 * over finds the note (`recoveredNote`) and answers from it instead of doing the work again.
 */
export async function noteWithin(tx: Db, req: FastifyRequest, note: Record<string, unknown>) {
  const me = owned.get(req);
  if (!me) return;
  const t = tables.idempotencyKeys;
  await tx
    .update(t)
    .set({ response: { note } as never })
    .where(and(eq(t.userId, me.userId), eq(t.key, me.key), isNull(t.status)));
}

/** The note of the earlier try of this request (see `noteWithin`), or null. */
export const recoveredNote = (req: FastifyRequest) => recovered.get(req) ?? null;

/** JSON with sorted object keys, so the same data always hashes the same. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function idempotency(scope: string, options: { required?: boolean } = {}) {
  const t = tables.idempotencyKeys;
  const where = (o: Owned) => and(eq(t.userId, o.userId), eq(t.key, o.key));

  async function preHandler(req: FastifyRequest, reply: FastifyReply) {
    const raw = req.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) {
      if (options.required) throw new AppError('fail', 'payments.idempotency_key_required', { status: 422 });
      return;
    }
    const key = typeof raw === 'string' ? raw.trim() : '';
    if (!KEY.test(key)) throw new AppError('fail', 'payments.idempotency_key_invalid', { status: 422 });
    const userId = req.user?.id;
    if (!userId) throw new Error('idempotency() must run after requireUser()');
    const me = { userId, key };
    const requestHash = sha256(stableJson({ scope, body: req.body ?? null, query: req.query ?? null }));
    const db = req.server.db;
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const inserted = await db
        .insert(t)
        .values({ userId, key, scope, requestHash })
        .onConflictDoNothing()
        .returning({ key: t.key });
      if (inserted.length) {
        owned.set(req, me);
        return;
      }
      const [row] = await db.select().from(t).where(where(me));
      if (!row) continue; // the first try failed and freed the key: take it
      if (row.scope !== scope || row.requestHash !== requestHash) {
        throw new AppError('fail', 'payments.idempotency_mismatch', { status: 409 });
      }
      if (row.status !== null) {
        reply.header('idempotent-replayed', 'true');
        return reply.code(row.status).send(row.response);
      }
      if (Date.now() - row.createdAt.getTime() > STALE_MS) {
        // Stale by the database's clock, which wrote `created_at` in microseconds (a JavaScript Date
        // holds milliseconds: comparing the row with the one read back never matched, and the request
        // spun here without pause). One request takes the key; the others wait as for a live one.
        const took = await db
          .update(t)
          .set({ createdAt: sql`now()` })
          .where(
            and(where(me), isNull(t.status), lt(t.createdAt, sql`now() - make_interval(secs => ${STALE_MS / 1000})`)),
          )
          .returning({ key: t.key });
        if (took.length) {
          owned.set(req, me);
          const note = (row.response as Stored)?.note;
          if (note) recovered.set(req, note);
          return;
        }
      }
      if (Date.now() > deadline) throw new AppError('fail', 'payments.idempotency_in_progress', { status: 409 });
      await sleep(POLL_MS);
    }
  }

  /** Records the answer before it is sent; a 5xx frees the key instead, so the client may try again. */
  async function preSerialization(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const me = owned.get(req);
    if (!me) return payload;
    owned.delete(req);
    if (reply.statusCode >= 500) await free(req, me);
    else {
      await req.server.db
        .update(t)
        .set({ status: reply.statusCode, response: (payload ?? null) as never })
        .where(and(where(me), isNull(t.status)));
    }
    return payload;
  }

  async function free(req: FastifyRequest, me: Owned) {
    const db = req.server.db;
    // A 5xx often comes from a broken connection: one more try a moment later, on a fresh one, spares the
    // client a minute of 409 until the key is stale.
    for (let attempt = 1; ; attempt++) {
      try {
        // Work noted as done (`noteWithin`) stays with its key: the next try takes it over at once and answers from it.
        await db
          .update(t)
          .set({ createdAt: sql`now() - make_interval(secs => ${(2 * STALE_MS) / 1000})` })
          .where(and(where(me), isNull(t.status), isNotNull(t.response)));
        await db.delete(t).where(and(where(me), isNull(t.status), isNull(t.response)));
        return;
      } catch (err) {
        if (attempt >= 2) {
          req.log.error({ err }, 'could not free an idempotency key');
          return;
        }
        await sleep(250);
      }
    }
  }

  /** A request that ended without an answer through the serializer (aborted, a stream) frees its key. */
  async function onResponse(req: FastifyRequest) {
    const me = owned.get(req);
    if (!me) return;
    owned.delete(req);
    await free(req, me);
  }

  return { preHandler, preSerialization, onResponse };
}

/** Route options for an idempotent customer route: sign-in check, then the key. */
export function idempotentRoute(
  app: { requireUser: () => (req: FastifyRequest) => Promise<void> },
  scope: string,
  options: { required?: boolean } = {},
) {
  const idem = idempotency(scope, options);
  return {
    preHandler: [app.requireUser(), idem.preHandler],
    preSerialization: idem.preSerialization,
    onResponse: idem.onResponse,
  };
}
