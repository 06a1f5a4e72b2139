import { index, integer, pgTable, serial, text, varchar, bigserial } from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';
import { createdAt, tz } from './columns.ts';
import { users } from './users.ts';

/** One-time codes, stored only as an HMAC (SECURITY.md 2), bound to phone and purpose (9). */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    /** Full number: country code + national number, digits only. */
    phone: varchar('phone', { length: 16 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).$type<'login' | 'phone_change' | 'staff_login'>().notNull(),
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

/**
 * Counters of the rate limits (rate-limiter-flexible's Drizzle store, the shape it
 * reads and writes): one row per limited key, shared by every process.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: tz('expire'),
});

/**
 * Admin sign-in locks (SECURITY.md 34): an account locked for one address after
 * repeated wrong passwords, never for everyone. Kept so the dashboard shows them
 * and a super admin can lift them.
 */
export const adminLoginLocks = pgTable(
  'admin_login_locks',
  {
    id: serial('id').primaryKey(),
    /** The e-mail as typed (lower case): unknown e-mails are locked alike, so nothing is told. */
    email: text('email').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }).notNull(),
    lockedUntil: tz('locked_until').notNull(),
    liftedAt: tz('lifted_at'),
    liftedBy: integer('lifted_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('admin_login_locks_admin_idx').on(t.adminId, t.lockedUntil)],
);
