import { boolean, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Calling codes shown in the sign-in country picker. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  key: varchar('key', { length: 4 }).notNull().unique(),
  iso: varchar('iso', { length: 2 }).notNull(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  flag: text('flag'),
  /** SMS may be sent to numbers of this code (SECURITY.md 7). */
  smsAllowed: boolean('sms_allowed').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});
