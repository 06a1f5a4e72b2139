import { index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { admins } from './admins.ts';
import type { CancelReasonUse } from '@pool/contracts';

/** The audit log of spec section 3 ("reports"): one row per admin write. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    url: text('url').notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    agent: text('agent').notNull().default(''),
    status: integer('status'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_logs_created_idx').on(t.createdAt), index('audit_logs_admin_idx').on(t.adminId, t.createdAt)],
);

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  questionAr: text('question_ar').notNull(),
  questionEn: text('question_en').notNull(),
  answerAr: text('answer_ar').notNull(),
  answerEn: text('answer_en').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

export const cancelReasons = pgTable('cancel_reasons', {
  id: serial('id').primaryKey(),
  titleAr: text('title_ar').notNull(),
  titleEn: text('title_en').notNull(),
  /** Who gives it: the customer cancelling, or an admin refusing or cancelling. */
  use: varchar('use', { length: 8 }).$type<CancelReasonUse>().notNull().default('customer'),
  createdAt: createdAt(),
});

/** One entry per page of the site (`key`), applied in the server-rendered head. */
export const seoEntries = pgTable('seo_entries', {
  id: serial('id').primaryKey(),
  key: varchar('key', { length: 64 }).notNull().unique(),
  metaTitleAr: text('meta_title_ar').notNull().default(''),
  metaTitleEn: text('meta_title_en').notNull().default(''),
  metaDescriptionAr: text('meta_description_ar').notNull().default(''),
  metaDescriptionEn: text('meta_description_en').notNull().default(''),
  metaKeywordsAr: text('meta_keywords_ar').notNull().default(''),
  metaKeywordsEn: text('meta_keywords_en').notNull().default(''),
  updatedAt: updatedAt(),
});
