/**
 * What the service kinds add around the kernel's order (DOMAIN.md,
 * "Immediate maintenance", "Ratings", "Chat"): the catalogue of spare parts
 * and extra services, a maintenance request's own details, extra services
 * proposed on site, the visit report, ratings of staff and the order's chat.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, tz, updatedAt } from './columns.ts';
import { staff } from './staff.ts';
import { orders } from './store.ts';
import { users } from './users.ts';
import { admins } from './admins.ts';

export type ServiceItemKind = 'spare_part' | 'extra_service';

/** The dashboard's catalogue of spare parts and extra services: names in both languages, a price before VAT. */
export const serviceItems = pgTable(
  'service_items',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).$type<ServiceItemKind>().notNull(),
    nameAr: varchar('name_ar', { length: 150 }).notNull(),
    nameEn: varchar('name_en', { length: 150 }).notNull(),
    /** Halalas, before VAT. */
    price: integer('price').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [
    index('service_items_kind_idx').on(t.kind, t.isActive),
    check('service_items_kind', sql`${t.kind} in ('spare_part', 'extra_service')`),
    check('service_items_price', sql`${t.price} >= 0`),
  ],
);

/** Where a service happens: a saved address, a map pin or a national address short code. */
export type ServiceLocation = {
  lat: number | null;
  lng: number | null;
  /** The national address short code (e.g. `RRRD2929`). */
  short_code: string | null;
  /** The address in words, as the customer saved or typed it. */
  text: string | null;
};

/** An immediate-maintenance order's request: the problem, the place, its pictures, when and where. */
export const maintenanceRequests = pgTable(
  'maintenance_requests',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    problem: text('problem').notNull(),
    place: text('place').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** The visit's start, chosen by the customer (Asia/Riyadh on the page). */
    scheduledAt: tz('scheduled_at').notNull(),
    location: jsonb('location').$type<ServiceLocation>().notNull(),
    /** The technician's estimate, sent with "on the way". */
    arrivalAt: tz('arrival_at'),
    /** The visit time its reminder the day before was sent for (a visit moved to another time is reminded again). */
    remindedFor: tz('reminded_for'),
  },
  (t) => [index('maintenance_requests_scheduled_idx').on(t.scheduledAt)],
);

export type ExtraStatus = 'proposed' | 'accepted' | 'paid' | 'rejected' | 'expired';

/**
 * Extra services a technician proposes on site: a small offer of its own (its
 * lines are `order_items` with `extra_id`), accepted and paid, or rejected;
 * accepted for a card and not paid by `pay_by`, it expires.
 * The order cannot finish while one is `proposed` or `accepted` (unpaid).
 */
export const orderExtras = pgTable(
  'order_extras',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 12 }).$type<ExtraStatus>().notNull().default('proposed'),
    paymentMethod: varchar('payment_method', { length: 12 }).$type<'electronic' | 'wallet'>(),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    rejectReason: text('reject_reason'),
    paymentId: integer('payment_id'),
    paidAt: tz('paid_at'),
    /** Accepted for a card payment: unpaid at this time, the extra expires (set at the first acceptance). */
    payBy: tz('pay_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_extras_order_idx').on(t.orderId),
    check('order_extras_status', sql`${t.status} in ('proposed', 'accepted', 'paid', 'rejected', 'expired')`),
  ],
);

export type ReportPart = { item_id: number | null; name_ar: string; name_en: string; quantity: number };
/** The water readings of a pool visit (pH, ppm, °C); an unmeasured value is absent. */
export type WaterReadings = Partial<
  Record<'ph' | 'free_chlorine' | 'total_alkalinity' | 'calcium_hardness' | 'cyanuric_acid' | 'temperature', number>
>;

/** The technician's report of a visit: the checklist, photos before and after, spare parts used, notes, readings. */
export const visitReports = pgTable('visit_reports', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
  checklist: jsonb('checklist').$type<Record<string, boolean>>().notNull().default({}),
  photosBefore: jsonb('photos_before').$type<string[]>().notNull().default([]),
  photosAfter: jsonb('photos_after').$type<string[]>().notNull().default([]),
  parts: jsonb('parts').$type<ReportPart[]>().notNull().default([]),
  readings: jsonb('readings').$type<WaterReadings>().notNull().default({}),
  notes: text('notes').notNull().default(''),
  updatedAt: updatedAt(),
});

/** A customer's rating of the staff member who did an order's work: once per order. */
export const staffRatings = pgTable(
  'staff_ratings',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_ratings_order_unique').on(t.orderId),
    index('staff_ratings_staff_idx').on(t.staffId, t.createdAt),
    check('staff_ratings_stars', sql`${t.stars} between 1 and 5`),
  ],
);

export type ChatSender = 'customer' | 'staff' | 'admin';

/** One thread per service order: the customer, the staff assigned and the admins who see orders. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sender: varchar('sender', { length: 8 }).$type<ChatSender>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_order_idx').on(t.orderId, t.id)],
);

/** How far each participant has read a thread (`reader`: `customer:5`, `staff:3`, `admin:2`). */
export const chatReads = pgTable(
  'chat_reads',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reader: varchar('reader', { length: 24 }).notNull(),
    lastReadId: integer('last_read_id').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('chat_reads_unique').on(t.orderId, t.reader)],
);
