import { index, integer, jsonb, pgTable, bigserial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns.ts';
import { devices } from './users.ts';

/**
 * Durable push outbox: one row per message to one device. A worker claims due
 * rows with `FOR UPDATE SKIP LOCKED`, so each is sent once even with several
 * processes; failures are retried with back-off; dead tokens drop the device.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: tz('locked_until'),
    sentAt: tz('sent_at'),
    failedAt: tz('failed_at'),
    lastError: text('last_error'),
    status: varchar('status', { length: 10 }).$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('push_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
