/**
 * Scheduled maintenance (DOMAIN.md, ADR 0018): the packages the dashboard
 * sells, and a subscription's own details beside its order (kind
 * `package_subscription`); its visits are orders of kind `package_visit`.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tz, updatedAt } from './columns.ts';
import type { ServiceLocation } from './services.ts';
import { orders } from './store.ts';

export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    nameAr: varchar('name_ar', { length: 150 }).notNull(),
    nameEn: varchar('name_en', { length: 150 }).notNull(),
    descriptionAr: text('description_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** What the package includes, one line each. */
    featuresAr: jsonb('features_ar').$type<string[]>().notNull().default([]),
    featuresEn: jsonb('features_en').$type<string[]>().notNull().default([]),
    image: text('image'),
    /** Halalas, before VAT. */
    price: integer('price').notNull(),
    visits: smallint('visits').notNull(),
    validityDays: smallint('validity_days').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [
    index('packages_active_idx').on(t.isActive, t.sort),
    check('packages_price', sql`${t.price} >= 0`),
    check('packages_visits', sql`${t.visits} between 1 and 52`),
    check('packages_validity', sql`${t.validityDays} between 1 and 730`),
  ],
);

/** A subscription's details: the package as subscribed (a later edit leaves it alone), where, and its period. */
export const packageSubscriptions = pgTable(
  'package_subscriptions',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'restrict' }),
    nameAr: varchar('name_ar', { length: 150 }).notNull(),
    nameEn: varchar('name_en', { length: 150 }).notNull(),
    visits: smallint('visits').notNull(),
    validityDays: smallint('validity_days').notNull(),
    /** Halalas before VAT, per period. */
    price: integer('price').notNull(),
    location: jsonb('location').$type<ServiceLocation>().notNull(),
    /** The visits' times the customer chose when subscribing (ISO instants); the visits are made on payment. */
    slots: jsonb('slots').$type<string[]>().notNull().default([]),
    /** The current period, from payment (or renewal) for `validity_days`. */
    startsAt: tz('starts_at'),
    endsAt: tz('ends_at'),
    period: smallint('period').notNull().default(1),
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** When the period's reminders were sent (each once a period). */
    renewalRemindedAt: tz('renewal_reminded_at'),
    expiryNoticeAt: tz('expiry_notice_at'),
  },
  (t) => [
    index('package_subscriptions_ends_idx').on(t.endsAt),
    index('package_subscriptions_package_idx').on(t.packageId),
  ],
);
