import { index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@pool/contracts';
import { createdAt, tz } from './columns.ts';
import { users } from './users.ts';
import { admins } from './admins.ts';
import { staff } from './staff.ts';

/** A notification addressed to one customer, one admin or one staff member, in both languages. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 40 }).$type<NotificationType>().notNull(),
    titleAr: text('title_ar').notNull(),
    titleEn: text('title_en').notNull(),
    bodyAr: text('body_ar').notNull(),
    bodyEn: text('body_en').notNull(),
    link: text('link'),
    orderId: integer('order_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    readAt: tz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_admin_idx').on(t.adminId, t.createdAt),
    index('notifications_staff_idx').on(t.staffId, t.createdAt),
  ],
);
