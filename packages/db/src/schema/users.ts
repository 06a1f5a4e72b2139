import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, tz, updatedAt, type RevokeReason } from './columns.ts';
import { cities } from './geo.ts';
import { staff } from './staff.ts';

/** Customers. A row is `pending` from sign-up until its phone is verified. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    countryCode: varchar('country_code', { length: 4 }).notNull(),
    phone: varchar('phone', { length: 12 }).notNull(),
    email: text('email'),
    image: text('image'),
    lang: varchar('lang', { length: 2 }).notNull().default('ar'),
    isActive: boolean('is_active').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    isNotify: boolean('is_notify').notNull().default(true),
    taxNumber: text('tax_number'),
    commercialRecord: text('commercial_record'),
    bankAccountName: text('bank_account_name'),
    bankName: text('bank_name'),
    iban: text('iban'),
    bankAccountNumber: text('bank_account_number'),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_phone_unique')
      .on(t.countryCode, t.phone)
      .where(sql`${t.deletedAt} is null`),
    index('users_created_idx').on(t.createdAt),
    // The dashboard finds a customer's orders by any part of the name or phone (orders/queries.ts, orderSearch).
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
  ],
);

/** Why a session ended (SECURITY.md 11, 34). */

/** Bearer tokens of customers and guests, stored as SHA-256 of the random token. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).$type<'user' | 'guest'>().notNull(),
    deviceType: varchar('device_type', { length: 10 }).notNull().default('web'),
    createdAt: createdAt(),
    lastUsedAt: tz('last_used_at'),
    revokedAt: tz('revoked_at'),
    /** Why it stopped working: `blocked` answers with the blocked key, anything else as signed out. */
    revokedReason: varchar('revoked_reason', { length: 16 }).$type<RevokeReason>(),
    /** Where the session began (the visitor's own address and browser, also through server rendering). */
    ip: varchar('ip', { length: 64 }),
    agent: text('agent'),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId)],
);

/** Push targets (FCM tokens of the apps, Web Push subscriptions of browsers). */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** An engineer's or technician's device (the staff view or their app); never with a user. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    /** The language pushes to this device are written in; a customer's device follows the customer's own. */
    lang: varchar('lang', { length: 2 }).notNull().default('ar'),
    deviceId: text('device_id').notNull().unique(),
    deviceType: varchar('device_type', { length: 10 }).notNull(),
    /** `fcm` (app token in device_id) or `webpush` (browser subscription in `subscription`). */
    pushKind: varchar('push_kind', { length: 10 }).$type<'fcm' | 'webpush'>().notNull().default('fcm'),
    subscription: jsonb('subscription').$type<{ endpoint: string; keys: { p256dh: string; auth: string } }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('devices_user_idx').on(t.userId),
    index('devices_staff_idx').on(t.staffId),
    check('devices_one_owner', sql`${t.userId} is null or ${t.staffId} is null`),
  ],
);
