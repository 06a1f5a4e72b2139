/** A customer's notifications, the notify switch and push devices. */
import { and, count, desc, eq, inArray, isNull, not, type SQL } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { NOTIFICATIONS_PER_PAGE, type Lang, type NotificationItem } from '@pool/contracts';

const n = tables.notifications;
const mine = (userId: number) => eq(n.userId, userId);

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
export async function listOwnedPage(db: Db, owner: SQL, page: number, lang: Lang) {
  const perPage = NOTIFICATIONS_PER_PAGE;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(n).where(owner);
  const rows = await db
    .select()
    .from(n)
    .where(owner)
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const unread = rows.filter((r) => r.readAt === null).map((r) => r.id);
  if (unread.length) {
    await db
      .update(n)
      .set({ readAt: new Date() })
      .where(and(owner, inArray(n.id, unread), isNull(n.readAt)));
  }
  return {
    data: rows.map((r) => toItem(r, lang)),
    pagination: {
      total_items: total,
      per_page: perPage,
      total_pages: Math.max(1, Math.ceil(total / perPage)),
      current_page: page,
    },
  };
}

export const listNotifications = (db: Db, userId: number, page: number, lang: Lang) =>
  listOwnedPage(db, mine(userId), page, lang);

/** Deletes one of the user's notifications; false when it is not theirs or does not exist. */
export async function deleteNotification(db: Db, userId: number, id: number) {
  const gone = await db
    .delete(n)
    .where(and(mine(userId), eq(n.id, id)))
    .returning({ id: n.id });
  return gone.length > 0;
}

export async function deleteAllNotifications(db: Db, userId: number) {
  await db.delete(n).where(mine(userId));
}

export async function countUnread(db: Db, userId: number) {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(n)
    .where(and(mine(userId), isNull(n.readAt)));
  return total;
}

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
