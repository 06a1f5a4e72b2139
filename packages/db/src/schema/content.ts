import { boolean, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** Site settings as key -> JSON value (contact details, app links, VAT rate, ...). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Sections of the about and terms pages. */
export const pageSections = pgTable('page_sections', {
  id: serial('id').primaryKey(),
  page: varchar('page', { length: 16 }).$type<'about' | 'terms'>().notNull(),
  titleAr: text('title_ar').notNull(),
  titleEn: text('title_en').notNull(),
  contentAr: text('content_ar').notNull(),
  contentEn: text('content_en').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

export const socialLinks = pgTable('social_links', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  url: text('url').notNull(),
  icon: varchar('icon', { length: 32 }),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  titleAr: text('title_ar').notNull().default(''),
  titleEn: text('title_en').notNull().default(''),
  image: text('image').notNull(),
  link: text('link'),
  productId: integer('product_id'),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const introPages = pgTable('intro_pages', {
  id: serial('id').primaryKey(),
  titleAr: text('title_ar').notNull(),
  titleEn: text('title_en').notNull(),
  descriptionAr: text('description_ar').notNull(),
  descriptionEn: text('description_en').notNull(),
  contentAr: text('content_ar').notNull().default(''),
  contentEn: text('content_en').notNull().default(''),
  image: text('image').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

export const redirects = pgTable('redirects', {
  id: serial('id').primaryKey(),
  fromPath: text('from_path').notNull().unique(),
  /** A site path (`/new`) or an absolute URL. */
  to: text('to').notNull(),
  permanent: boolean('permanent').notNull().default(true),
  createdAt: createdAt(),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  phone: varchar('phone', { length: 16 }).notNull(),
  message: text('message').notNull(),
  status: varchar('status', { length: 10 }).$type<'new' | 'read' | 'handled'>().notNull().default('new'),
  meta: jsonb('meta').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
});
