/**
 * The outbox of domain events: written in the transaction that makes the
 * change, delivered after commit by one dispatcher to its subscribers
 * (notifications, live updates, push, audit). A row is delivered once: the
 * dispatcher claims it with `FOR UPDATE SKIP LOCKED` and marks it in the same
 * transaction as the subscribers' writes.
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns.ts';

export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: varchar('type', { length: 40 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    deliveredAt: tz('delivered_at'),
    /** Failed deliveries so far; a failing event is tried again later, then left for a person to look at. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_events_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
