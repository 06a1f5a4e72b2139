import { index, integer, pgTable, serial, text, varchar, bigserial } from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns.ts';
import { users } from './users.ts';

/** One-time codes, stored only as an HMAC (SECURITY.md 2), bound to phone and purpose (9). */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    /** Full number: country code + national number, digits only. */
    phone: varchar('phone', { length: 16 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).$type<'login' | 'phone_change'>().notNull(),
    /** For a phone change: the account that asked for it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    consumedAt: tz('consumed_at'),
    voidedAt: tz('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/** Proof that a number without an account was verified; spent by sign-up. */
export const phoneVerifications = pgTable('phone_verifications', {
  id: serial('id').primaryKey(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  countryCode: varchar('country_code', { length: 4 }).notNull(),
  phone: varchar('phone', { length: 12 }).notNull(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
  createdAt: createdAt(),
});

/**
 * Events counted by the limits of SECURITY.md 6, 7 and 13 (SMS sends, failed
 * checks, admin sign-in failures). Kept in PostgreSQL so that limits hold
 * across processes and restarts.
 */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: varchar('action', { length: 32 }).notNull(),
    subject: text('subject').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('rate_events_lookup_idx').on(t.action, t.subject, t.createdAt)],
);
