/**
 * Creating notifications: one stored row per recipient, announced to every
 * server process (bus.ts) for the live streams, then handed to the
 * app's `notificationListeners` (the push outbox, named when the app is built).
 */
import { and, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { tables, type Db } from '@pool/db';
import {
  NOTIFICATION_CATALOGUE,
  staffOrderPage,
  type Lang,
  type NotificationTarget,
  type NotificationType,
  type Permission,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { listOwnedPage, ownedBy } from '../notifications/index.ts';
import { publish, recipientOf, type NotificationRow, type Recipient } from './bus.ts';

export type { NotificationRow, Recipient, Signal } from './bus.ts';
export { publishSignal } from './bus.ts';

export type NotificationInput = {
  type: NotificationType;
  title_ar: string;
  title_en: string;
  body_ar: string;
  body_en: string;
  link?: string | null;
  order_id?: number | null;
  data?: Record<string, unknown> | null;
};

/** Customers: a list of ids, every active customer, or the active customers of a city. */
export type UserTarget = number[] | { all: true } | { cityId: number };

const n = tables.notifications;

/**
 * Every type of spec section 9 is order-related: with an order it opens the order's page, except
 * a type that opens the order's chat (`new_message`), its rating page (`rate_employee`) or the wallet, which
 * keeps its own link when given. A staff member's opens the staff view's page of the order (its
 * moves, report and chat).
 */
const KEEPS_OWN_LINK = new Set<NotificationTarget>(['order_chat', 'rating', 'wallet']);
export const notificationLink = (
  input: Pick<NotificationInput, 'type' | 'link' | 'order_id'>,
  recipient: Recipient = 'u',
) => {
  if (!input.order_id) return input.link ?? null;
  if (recipient === 's') return staffOrderPage(input.order_id);
  return input.link && KEEPS_OWN_LINK.has(NOTIFICATION_CATALOGUE[input.type].target)
    ? input.link
    : `/order-details?id=${input.order_id}`;
};

/**
 * The SELECT list of an INSERT … SELECT: every column of the table in its
 * order (drizzle checks it), the recipient from the selected table.
 */
function selection(kind: Recipient, recipient: PgColumn, input: NotificationInput) {
  const none = (name: string) => sql<number | null>`null::integer`.as(name);
  return {
    id: sql<number>`nextval(pg_get_serial_sequence('notifications', 'id'))`.as('id'),
    userId: kind === 'u' ? recipient : none('user_id'),
    adminId: kind === 'a' ? recipient : none('admin_id'),
    staffId: kind === 's' ? recipient : none('staff_id'),
    type: sql<NotificationType>`${input.type}`.as('type'),
    titleAr: sql<string>`${input.title_ar}`.as('title_ar'),
    titleEn: sql<string>`${input.title_en}`.as('title_en'),
    bodyAr: sql<string>`${input.body_ar}`.as('body_ar'),
    bodyEn: sql<string>`${input.body_en}`.as('body_en'),
    link: sql<string | null>`${notificationLink(input, kind)}::text`.as('link'),
    orderId: sql<number | null>`${input.order_id ?? null}::integer`.as('order_id'),
    data: sql`${input.data ? JSON.stringify(input.data) : null}::jsonb`.as('data'),
    readAt: sql`null::timestamptz`.as('read_at'),
    createdAt: sql`now()`.as('created_at'),
  };
}

/** Customers who can receive notifications: active, not blocked, not deleted. */
function reachableUsers(target: UserTarget) {
  const u = tables.users;
  const base = and(eq(u.isActive, true), eq(u.isBlocked, false), isNull(u.deletedAt));
  if (Array.isArray(target)) return and(base, inArray(u.id, target.length ? target : [0]));
  if ('cityId' in target) return and(base, eq(u.cityId, target.cityId));
  return base;
}

/** Whether this customer can receive notifications. */
export async function reachableUser(db: Db, userId: number) {
  const [row] = await db
    .select({ id: tables.users.id })
    .from(tables.users)
    .where(reachableUsers([userId]));
  return !!row;
}

/** Tells open pages and push about notifications already stored (e.g. the `block` notice of a blocked customer). */
export async function announce(app: App, kind: Recipient, rows: NotificationRow[]) {
  try {
    await publish(
      app.db,
      kind,
      rows.map((r) => ({ id: r.id, recipient: recipientOf(r, kind)! })),
    );
  } catch (err) {
    app.log.error({ err }, 'realtime: publishing notifications failed');
  }
  for (const listener of app.notificationListeners) {
    try {
      await listener(app, rows);
    } catch (err) {
      app.log.error({ err }, 'realtime: a notification listener failed');
    }
  }
  return rows;
}

const PEOPLE = { u: tables.users, a: tables.admins, s: tables.staff } as const;

/** Stores one notification per person of that kind matching `where`, in one INSERT … SELECT; announces and answers the rows. */
async function notifyEach(app: App, kind: Recipient, where: SQL | undefined, input: NotificationInput) {
  const people = PEOPLE[kind];
  const rows = await app.db
    .insert(n)
    .select(
      app.db
        .select(selection(kind, people.id, input))
        .from(people)
        .where(where),
    )
    .returning();
  return announce(app, kind, rows);
}

/** Stores one notification per reachable customer; answers the rows. */
export const notifyUsers = (app: App, target: UserTarget, input: NotificationInput) =>
  notifyEach(app, 'u', reachableUsers(target), input);

const someOf = (id: PgColumn, ids: number[]) => inArray(id, ids.length ? ids : [0]);

/** Stores one notification per admin (`'all'`: every admin not blocked or deleted); answers the rows. */
export function notifyAdmins(app: App, target: number[] | 'all', input: NotificationInput) {
  const a = tables.admins;
  const base = and(eq(a.isBlocked, false), isNull(a.deletedAt));
  return notifyEach(app, 'a', target === 'all' ? base : and(base, someOf(a.id, target)), input);
}

/** Stores one notification per active staff member (not blocked or deleted) of `ids`; answers the rows. */
export function notifyStaff(app: App, ids: number[], input: NotificationInput) {
  const st = tables.staff;
  return notifyEach(app, 's', and(someOf(st.id, ids), eq(st.isBlocked, false), isNull(st.deletedAt)), input);
}

/**
 * Admins who may read what they receive: not blocked or deleted, and super or
 * holding `permission` through their role; `except` (the sender) left out.
 */
export async function adminsWhoCan(db: Db, permission: Permission, except?: number) {
  const a = tables.admins;
  const rp = tables.rolePermissions;
  const holds = sql`exists (select 1 from ${rp} where ${rp.roleId} = ${a.roleId} and ${rp.permission} = ${permission})`;
  const rows = await db
    .select({ id: a.id })
    .from(a)
    .where(
      and(
        eq(a.isBlocked, false),
        isNull(a.deletedAt),
        or(eq(a.isSuper, true), holds),
        except === undefined ? undefined : ne(a.id, except),
      ),
    );
  return rows.map((r) => r.id);
}

/** How many notifications a stream resumed by `Last-Event-ID` catches up at most (the newest ones). */
export const RESUME_LIMIT = 100;

/** One recipient's notifications after id `after` (the newest `RESUME_LIMIT`), oldest first: a resumed stream's catch-up. */
export async function notificationsAfter(db: Db, kind: Recipient, id: number, after: number) {
  const rows = await db
    .select()
    .from(n)
    .where(and(ownedBy(kind, id), gt(n.id, after)))
    .orderBy(desc(n.id))
    .limit(RESUME_LIMIT);
  return rows.reverse();
}

/** One page of one recipient's notifications, newest first; the returned ones are marked read. */
export const listNotificationsOf = (db: Db, kind: Recipient, id: number, page: number, lang: Lang) =>
  listOwnedPage(db, kind, id, page, lang);

/** Each kind of recipient's sessions and people, and the column joining them. */
const SESSIONS = {
  u: { tokens: tables.userTokens, people: tables.users, owner: tables.userTokens.userId },
  a: { tokens: tables.adminTokens, people: tables.admins, owner: tables.adminTokens.adminId },
  s: { tokens: tables.staffTokens, people: tables.staff, owner: tables.staffTokens.staffId },
} as const;

/** Of the sessions `ids` of recipients of `kind`, those still holding: not revoked, their owner neither blocked nor deleted. */
export async function liveSessions(db: Db, kind: Recipient, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const { tokens, people, owner } = SESSIONS[kind];
  const rows = await db
    .select({ id: tokens.id })
    .from(tokens)
    .innerJoin(people, eq(people.id, owner as PgColumn))
    .where(
      and(inArray(tokens.id, ids), isNull(tokens.revokedAt), eq(people.isBlocked, false), isNull(people.deletedAt)),
    );
  return new Set(rows.map((r) => r.id));
}
