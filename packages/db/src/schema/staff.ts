/**
 * The company's engineers and technicians (DOMAIN.md, "Staff, assignment and
 * time"): accounts of their own, signing in with a mobile-number code, holding
 * tokens that reach only `/api/staff/*`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, tz, updatedAt, type RevokeReason } from './columns.ts';
import { cities } from './geo.ts';

/** Working hours per weekday (0 = Sunday), `HH:MM` in Asia/Riyadh; a day off is absent. */
export type WorkingHours = Partial<Record<'0' | '1' | '2' | '3' | '4' | '5' | '6', { from: string; to: string }>>;

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    countryCode: varchar('country_code', { length: 4 }).notNull(),
    phone: varchar('phone', { length: 12 }).notNull(),
    image: text('image'),
    job: varchar('job', { length: 12 }).$type<'engineer' | 'technician'>().notNull(),
    workingHours: jsonb('working_hours').$type<WorkingHours>().notNull().default({}),
    isBlocked: boolean('is_blocked').notNull().default(false),
    /** Stars × 100 (450 = 4.5), over `rating_count` ratings. */
    ratingAvg: integer('rating_avg').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [
    uniqueIndex('staff_phone_unique')
      .on(t.countryCode, t.phone)
      .where(sql`${t.deletedAt} is null`),
    check('staff_job', sql`${t.job} in ('engineer', 'technician')`),
  ],
);

/** The cities a staff member serves: only they can be assigned orders there. */
export const staffCities = pgTable(
  'staff_cities',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.cityId] }), index('staff_cities_city_idx').on(t.cityId)],
);

export const staffTokens = pgTable(
  'staff_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    deviceType: varchar('device_type', { length: 10 }).notNull().default('web'),
    createdAt: createdAt(),
    lastUsedAt: tz('last_used_at'),
    revokedAt: tz('revoked_at'),
    revokedReason: varchar('revoked_reason', { length: 16 }).$type<RevokeReason>(),
    ip: varchar('ip', { length: 64 }),
    agent: text('agent'),
  },
  (t) => [index('staff_tokens_staff_idx').on(t.staffId)],
);
