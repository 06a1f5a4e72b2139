/** The idempotency helper on real PostgreSQL, on a small app of its own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { makeUser, tables } from '@pool/db';
import type { Database } from '@pool/db';
import { createTestDatabase } from '@pool/db/testing';
import envelopePlugin from '../plugins/envelope.ts';
import i18nPlugin from '../plugins/i18n.ts';
import { AppError } from './errors.ts';
import { idempotency, stableJson } from './idempotency.ts';

describe('idempotency()', () => {
  let database: Database;
  let app: FastifyInstance;
  let userId: number;
  let runs = 0;
  let failNext = 0;
  let slowMs = 0;

  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 15 });
    userId = (await makeUser(database.db)).id;
    app = Fastify();
    app.decorate('db', database.db);
    app.decorateRequest('user', null);
    await app.register(i18nPlugin);
    await app.register(envelopePlugin);
    const idem = idempotency('test.move');
    const signedIn = async (req: FastifyRequest) => {
      (req as unknown as { user: { id: number } }).user = { id: Number(req.headers['x-user'] ?? userId) };
    };
    app.post(
      '/move',
      { preHandler: [signedIn, idem.preHandler], preSerialization: idem.preSerialization, onResponse: idem.onResponse },
      async (req, reply) => {
        runs++;
        if (slowMs) await new Promise((r) => setTimeout(r, slowMs));
        if (failNext > 0) {
          failNext--;
          throw new Error('database fell over');
        }
        const body = req.body as { amount: number };
        if (body.amount < 0) throw new AppError('fail', 'wallet.invalid_amount', { status: 422 });
        return reply.ok({ run: runs, amount: body.amount });
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const move = (key: string | undefined, body: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/move',
      headers: { ...(key === undefined ? {} : { 'idempotency-key': key }), lang: 'en', ...headers },
      payload: body,
    });

  it('without a key every request runs', async () => {
    const before = runs;
    await move(undefined, { amount: 1 });
    await move(undefined, { amount: 1 });
    expect(runs - before).toBe(2);
  });

  it('hashes the same data the same whatever the key order', () => {
    expect(stableJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(stableJson({ a: [{ c: 3, d: 2 }], b: 1 }));
    expect(stableJson({ a: 1, b: undefined })).toBe(stableJson({ a: 1 }));
  });

  it('a repeat answers the first result; the same data in another key order is the same request', async () => {
    const first = await move('k-repeat', { amount: 5, note: 'x' });
    const again = await move('k-repeat', { note: 'x', amount: 5 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('frees the key after a 5xx so the client may try again', async () => {
    failNext = 1;
    const before = runs;
    const broken = await move('k-500', { amount: 2 });
    expect(broken.statusCode).toBe(500);
    const [row] = await database.db
      .select()
      .from(tables.idempotencyKeys)
      .where(and(eq(tables.idempotencyKeys.userId, userId), eq(tables.idempotencyKeys.key, 'k-500')));
    expect(row).toBeUndefined();
    const retry = await move('k-500', { amount: 2 });
    expect(retry.statusCode).toBe(200);
    expect(runs - before).toBe(2);
  });

  it('concurrent duplicates wait for the one that runs, then get its answer', async () => {
    slowMs = 150;
    const before = runs;
    const answers = await Promise.all(Array.from({ length: 6 }, () => move('k-slow', { amount: 9 })));
    slowMs = 0;
    expect(runs - before).toBe(1);
    for (const a of answers) expect(a.json()).toEqual(answers[0]!.json());
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
  });

  it('takes over a key whose request died (in progress for more than a minute)', async () => {
    await database.db.insert(tables.idempotencyKeys).values({
      userId,
      key: 'k-dead',
      scope: 'test.move',
      requestHash: 'whatever',
      createdAt: new Date(Date.now() - 5 * 60_000),
    });
    const res = await move('k-dead', { amount: 3 });
    // The dead row had other data: it is refused rather than run as something else.
    expect(res.statusCode).toBe(409);
    await database.db
      .delete(tables.idempotencyKeys)
      .where(and(eq(tables.idempotencyKeys.userId, userId), eq(tables.idempotencyKeys.key, 'k-dead')));
    const first = await move('k-dead2', { amount: 3 });
    await database.db
      .update(tables.idempotencyKeys)
      .set({ status: null, response: null, createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(and(eq(tables.idempotencyKeys.userId, userId), eq(tables.idempotencyKeys.key, 'k-dead2')));
    const before = runs;
    const taken = await move('k-dead2', { amount: 3 });
    expect(taken.statusCode).toBe(200);
    expect(runs - before).toBe(1);
    expect(taken.json().data.run).not.toBe(first.json().data.run);
  });

  it('takes over a dead key whose time the database wrote (microseconds), once, without spinning', async () => {
    const first = await move('k-dead3', { amount: 4 });
    // As a process that died before recording its answer leaves it: created_at by now(), in microseconds.
    await database.db.execute(
      sql`update idempotency_keys set status = null, response = null, created_at = now() - interval '5 minutes 0.123456 seconds'
           where user_id = ${userId} and key = 'k-dead3'`,
    );
    const before = runs;
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 3 }, () => move('k-dead3', { amount: 4 })));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(runs - before).toBe(1);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    for (const a of answers) expect(a.json().data.run).not.toBe(first.json().data.run);
  });

  it('keys belong to one customer', async () => {
    const other = (await makeUser(database.db)).id;
    await move('k-shared', { amount: 1 });
    const res = await move('k-shared', { amount: 2 }, { 'x-user': String(other) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });
});
