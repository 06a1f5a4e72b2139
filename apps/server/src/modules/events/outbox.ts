/**
 * Domain events through an outbox (ARCHITECTURE.md, "Orders and services"):
 * `emit` writes the event in the transaction that makes the change, so a
 * rolled-back change emits nothing; `deliverEvents` hands committed events to
 * the subscribers after commit. Each batch is claimed with `FOR UPDATE SKIP
 * LOCKED` and marked delivered in the same transaction as the subscribers'
 * writes (notification rows, their live announcement, push rows): with N
 * processes an event is delivered once, and a process that dies mid-way leaves
 * it to the next delivery. Who delivers: the request that made the change,
 * right after its commit, and the periodic sweep (jobs) for what that missed.
 */
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { App } from '../../app-type.ts';
import type { DomainEvent } from './types.ts';

const ev = tables.outboxEvents;
const BATCH = 50;
/** A failing event waits 30 s, 1 min, 2 min… and is left aside after this many tries (its row keeps the error). */
export const MAX_DELIVERY_ATTEMPTS = 8;
const retryDelayMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);

export type Subscriber = (app: App, tx: Db, event: DomainEvent) => Promise<void>;

/** Writes `event` in the caller's transaction. */
export async function emit(tx: Db, event: DomainEvent) {
  await tx.insert(ev).values({ type: event.type, payload: event.payload });
}

/** The app with its database handle swapped for a transaction, for subscribers that take the app. */
export const withinTransaction = (app: App, tx: Db) => Object.create(app, { db: { value: tx } }) as App;

/**
 * Delivers every due event to `subscribers`, batch by batch, the events the
 * subscribers emit included; answers how many
 * were delivered. A subscriber's failure rolls back that event's writes only
 * (a savepoint) and schedules it again.
 */
export async function deliverEvents(app: App, subscribers: readonly Subscriber[]) {
  let delivered = 0;
  for (;;) {
    const n = await app.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(ev)
        .where(and(isNull(ev.deliveredAt), lte(ev.nextAttemptAt, sql`now()`)))
        .orderBy(asc(ev.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const event = { type: row.type, payload: row.payload } as DomainEvent;
        try {
          await tx.transaction(async (sp) => {
            for (const subscriber of subscribers) await subscriber(app, sp, event);
          });
          await tx.update(ev).set({ deliveredAt: new Date() }).where(eq(ev.id, row.id));
        } catch (err) {
          app.log.error({ err, eventId: row.id, type: row.type }, 'outbox: delivering an event failed');
          const attempts = row.attempts + 1;
          await tx
            .update(ev)
            .set({
              attempts,
              lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
              // Past the last try the event is parked (a person looks at `last_error`).
              nextAttemptAt:
                attempts >= MAX_DELIVERY_ATTEMPTS
                  ? new Date('9999-12-31T00:00:00Z')
                  : new Date(Date.now() + retryDelayMs(attempts)),
            })
            .where(eq(ev.id, row.id));
        }
      }
      return rows.length;
    });
    delivered += n;
    // Until a run finds nothing due: a subscriber may have emitted events of its own (a visit done completes its subscription).
    if (n === 0) return delivered;
  }
}
