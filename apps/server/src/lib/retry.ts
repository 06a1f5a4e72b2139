/**
 * Bounded retries of PostgreSQL serialization failures and deadlocks
 * (SECURITY.md 25): `40001 serialization_failure`, `40P01 deadlock_detected`.
 * Anything else is thrown at once. Use it around a whole transaction, never
 * inside one (a failed transaction must be started again from the top):
 *
 *   await retryTransaction(app.db, (tx) => ..., { isolationLevel: 'serializable' });
 *   await withRetry(() => app.db.transaction(...));
 */
import { hasErrorCode, type Db } from '@pool/db';

const RETRYABLE = new Set(['40001', '40P01']);

/** Whether `err` (or an error it wraps, as Drizzle's query errors do) is a serialization failure or deadlock. */
export const isSerializationFailure = (err: unknown) => hasErrorCode(err, RETRYABLE);

export type RetryOptions = {
  /** Tries in all, the first included (default 5). */
  attempts?: number;
  /** The first back-off; doubled each time, with jitter (default 5 ms). */
  baseDelayMs?: number;
};

export async function withRetry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? 5);
  const base = options.baseDelayMs ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (attempt >= attempts || !isSerializationFailure(err)) throw err;
      const delay = base * 2 ** (attempt - 1);
      await new Promise((r) => setTimeout(r, delay / 2 + Math.random() * delay));
    }
  }
}

type TxOptions = RetryOptions & { isolationLevel?: 'read committed' | 'repeatable read' | 'serializable' };

/** `db.transaction(fn)`, started again on a serialization failure or deadlock (bounded). */
export function retryTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>, options: TxOptions = {}): Promise<T> {
  const { isolationLevel, ...retry } = options;
  return withRetry(
    () => db.transaction((tx) => fn(tx as unknown as Db), isolationLevel ? { isolationLevel } : undefined),
    retry,
  );
}
