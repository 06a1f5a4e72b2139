import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeUser, tables } from '@pool/db';
import type { Database } from '@pool/db';
import { createTestDatabase } from '@pool/db/testing';
import { isSerializationFailure, retryTransaction, withRetry } from './retry.ts';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('withRetry', () => {
  it('retries serialization failures and deadlocks, also wrapped, a bounded number of times', async () => {
    let calls = 0;
    const value = await withRetry(async () => {
      calls++;
      if (calls === 1) throw pgError('40001');
      if (calls === 2) throw new Error('query failed', { cause: pgError('40P01') });
      return 'done';
    });
    expect(value).toBe('done');
    expect(calls).toBe(3);

    let tries = 0;
    await expect(
      withRetry(
        async () => {
          tries++;
          throw pgError('40001');
        },
        { attempts: 4, baseDelayMs: 1 },
      ),
    ).rejects.toMatchObject({ code: '40001' });
    expect(tries).toBe(4);
  });

  it('throws anything else at once', async () => {
    let tries = 0;
    await expect(
      withRetry(async () => {
        tries++;
        throw pgError('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(tries).toBe(1);
    expect(isSerializationFailure(new Error('x'))).toBe(false);
    expect(isSerializationFailure(null)).toBe(false);
  });
});

describe('retryTransaction on real PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 12 });
  });
  afterAll(() => database.close());

  it('10 serializable read-modify-write transactions in parallel all land, by retrying their conflicts', async () => {
    const db = database.db;
    const user = await makeUser(db);
    await db.insert(tables.wallets).values({ userId: user.id, balance: 0 });
    let attempts = 0;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        retryTransaction(
          db,
          async (tx) => {
            attempts++;
            const [w] = await tx.select().from(tables.wallets).where(eq(tables.wallets.userId, user.id));
            await tx.execute(sql`select pg_sleep(0.01)`);
            await tx
              .update(tables.wallets)
              .set({ balance: w!.balance + 1 })
              .where(eq(tables.wallets.userId, user.id));
          },
          { isolationLevel: 'serializable', attempts: 30, baseDelayMs: 2 },
        ),
      ),
    );
    const [w] = await db.select().from(tables.wallets).where(eq(tables.wallets.userId, user.id));
    expect(w!.balance).toBe(10);
    expect(attempts).toBeGreaterThan(10); // conflicts happened and were retried
  });
});
