/**
 * Complaints and inquiries (DOMAIN.md "Complaints and inquiries"): a customer's
 * inquiry or complaint, optionally about one of their orders, with up to 4
 * images; its state (open -> in_review -> answered -> closed), the admin it is
 * assigned to, a promised fix date, and the replies of both sides in order.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';
import { createdAt, tz, updatedAt } from './columns.ts';
import { orders } from './store.ts';
import { users } from './users.ts';

export type ComplaintKindValue = 'inquiry' | 'complaint';
export type ComplaintStatusValue = 'open' | 'in_review' | 'answered' | 'closed';
export type ComplaintAuthor = 'customer' | 'admin';

export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<ComplaintKindValue>().notNull(),
    /** One of the customer's orders the complaint is about, when chosen. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: varchar('status', { length: 10 }).$type<ComplaintStatusValue>().notNull().default('open'),
    /** The admin handling it (taking it moves open -> in_review). */
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The day the management promises a fix by (Asia/Riyadh). */
    promisedFixDate: date('promised_fix_date', { mode: 'string' }),
    /** The management's first reply: the dashboard's median time to first reply. */
    firstReplyAt: tz('first_reply_at'),
    answeredAt: tz('answered_at'),
    closedAt: tz('closed_at'),
    closedBy: varchar('closed_by', { length: 8 }).$type<ComplaintAuthor>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('complaints_user_idx').on(t.userId, t.id),
    index('complaints_status_idx').on(t.status, t.createdAt),
    check('complaints_kind', sql`${t.kind} in ('inquiry', 'complaint')`),
    check('complaints_status', sql`${t.status} in ('open', 'in_review', 'answered', 'closed')`),
  ],
);

/** The replies of a complaint, oldest first: the customer's or an admin's. */
export const complaintReplies = pgTable(
  'complaint_replies',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    author: varchar('author', { length: 8 }).$type<ComplaintAuthor>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('complaint_replies_complaint_idx').on(t.complaintId, t.id),
    check('complaint_replies_author', sql`${t.author} in ('customer', 'admin')`),
  ],
);
