/** A customer's notifications, the notify switch and push devices. */
import { and, count, desc, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import { prepared, tables, type Db } from '@pool/db';
import { NOTIFICATIONS_PER_PAGE, type Lang, type NotificationItem } from '@pool/contracts';
import { listTotal, pages, totalOf } from '../../lib/pagination.ts';

const n = tables.notifications;

/** Whose notifications: a customer's, an admin's or a staff member's (realtime's `Recipient`). */
export type OwnerKind = 'u' | 'a' | 's';
const OWNER = { u: n.userId, a: n.adminId, s: n.staffId } as const;
export const ownedBy = (kind: OwnerKind, id: number) => eq(OWNER[kind], id);

/** The lists' and counts' queries of each kind of owner, built once: read on every page's header. */
const queriesOf = (kind: OwnerKind) => {
  const owner = eq(OWNER[kind], sql.placeholder('owner'));
  return {
    total: prepared((db) => db.select({ total: count() }).from(n).where(owner)),
    unread: prepared((db) =>
      db
        .select({ total: count() })
        .from(n)
        .where(and(owner, isNull(n.readAt))),
    ),
    page: prepared((db) =>
      db
        .select({ row: n, total: listTotal })
        .from(n)
        .where(owner)
        .orderBy(desc(n.createdAt), desc(n.id))
        .limit(NOTIFICATIONS_PER_PAGE)
        .offset(sql.placeholder('offset')),
    ),
  };
};
const QUERIES = { u: queriesOf('u'), a: queriesOf('a'), s: queriesOf('s') };

export function toItem(row: typeof n.$inferSelect, lang: Lang): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    title: lang === 'en' ? row.titleEn : row.titleAr,
    body: lang === 'en' ? row.bodyEn : row.bodyAr,
    title_ar: row.titleAr,
    title_en: row.titleEn,
    body_ar: row.bodyAr,
    body_en: row.bodyEn,
    link: row.link,
    order_id: row.orderId,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * One page of the notifications matching `owner`, newest first. The returned
 * ones are then marked read; `read` in the answer is their state before this
 * visit, so the list can show what is new. Customers' and admins' lists share it.
 */
export async function listOwnedPage(db: Db, kind: OwnerKind, id: number, page: number, lang: Lang) {
  const perPage = NOTIFICATIONS_PER_PAGE;
  const queries = QUERIES[kind];
  const found = await queries.page(db).execute({ owner: id, offset: (page - 1) * perPage });
  const total = await totalOf(found, page, async () => {
    const [row] = await queries.total(db).execute({ owner: id });
    return row?.total ?? 0;
  });
  const rows = found.map((f) => f.row);
  const unread = rows.filter((r) => r.readAt === null).map((r) => r.id);
  if (unread.length) {
    await db
      .update(n)
      .set({ readAt: new Date() })
      .where(and(ownedBy(kind, id), inArray(n.id, unread), isNull(n.readAt)));
  }
  return {
    data: rows.map((r) => toItem(r, lang)),
    pagination: pages(total, perPage, page),
  };
}

export const listNotifications = (db: Db, userId: number, page: number, lang: Lang) =>
  listOwnedPage(db, 'u', userId, page, lang);

/** Deletes one of the user's notifications; false when it is not theirs or does not exist. */
export async function deleteNotification(db: Db, userId: number, id: number) {
  const gone = await db
    .delete(n)
    .where(and(ownedBy('u', userId), eq(n.id, id)))
    .returning({ id: n.id });
  return gone.length > 0;
}

export async function deleteAllNotifications(db: Db, userId: number) {
  await db.delete(n).where(ownedBy('u', userId));
}

/** The unread notifications of one owner. */
export async function countUnreadOf(db: Db, kind: OwnerKind, id: number) {
  const [{ total } = { total: 0 }] = await QUERIES[kind].unread(db).execute({ owner: id });
  return total;
}

export const countUnread = (db: Db, userId: number) => countUnreadOf(db, 'u', userId);

/** Sets the notify flag, or flips it in one statement when no value is given. */
export async function setNotify(db: Db, userId: number, value?: boolean) {
  const u = tables.users;
  const [row] = await db
    .update(u)
    .set({ isNotify: value === undefined ? not(u.isNotify) : value })
    .where(eq(u.id, userId))
    .returning({ isNotify: u.isNotify });
  return row!.isNotify;
}

/** Whether the customer's notifications are on. */
export async function isNotifyOn(db: Db, userId: number) {
  const [user] = await db
    .select({ isNotify: tables.users.isNotify })
    .from(tables.users)
    .where(eq(tables.users.id, userId));
  return user!.isNotify;
}
