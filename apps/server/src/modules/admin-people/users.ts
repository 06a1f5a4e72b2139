/**
 * App users (customers) in the dashboard: the list, one user with their
 * counts, and blocking or unblocking one (which signs them out and stores a
 * notification).
 */
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { AppUserDetail, Lang, UserListQuery } from '@pool/contracts';
import { translate } from '@pool/i18n';
import { notFound } from '../../lib/errors.ts';
import { revokeUserTokens } from '../../lib/sessions.ts';
import { contains } from '../../lib/like.ts';
import { PER_PAGE, named, pageOf } from './listing.ts';

const { users: u, cities: c } = tables;
type UserRow = typeof u.$inferSelect;

const toUserItem = (row: UserRow, city: typeof c.$inferSelect | null, lang: Lang) => ({
  id: row.id,
  name: row.name,
  country_code: row.countryCode,
  phone: row.phone,
  email: row.email,
  image: row.image,
  city: city ? { id: city.id, name: named(lang, city) } : null,
  is_active: row.isActive,
  is_blocked: row.isBlocked,
  created_at: row.createdAt.toISOString(),
});

export async function listUsers(db: Db, query: UserListQuery, lang: Lang) {
  const q = query.q?.replace(/^\+/, '');
  const where = and(
    isNull(u.deletedAt),
    q ? or(ilike(u.name, contains(q)), ilike(sql`${u.countryCode} || ${u.phone}`, contains(q))) : undefined,
    query.status ? eq(u.isBlocked, query.status === 'blocked') : undefined,
    query.city_id ? eq(u.cityId, query.city_id) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(u).where(where);
  const rows = await db
    .select({ user: u, city: c })
    .from(u)
    .leftJoin(c, eq(c.id, u.cityId))
    .where(where)
    .orderBy(desc(u.id))
    .limit(PER_PAGE)
    .offset((query.page - 1) * PER_PAGE);
  return { data: rows.map((x) => toUserItem(x.user, x.city, lang)), pagination: pageOf(total, query.page) };
}

export async function getUser(db: Db, id: number, lang: Lang): Promise<AppUserDetail> {
  const [row] = await db
    .select({
      user: u,
      city: c,
      notifications: sql<number>`(select count(*) from notifications n where n.user_id = users.id)::int`,
      devices: sql<number>`(select count(*) from devices d where d.user_id = users.id)::int`,
    })
    .from(u)
    .leftJoin(c, eq(c.id, u.cityId))
    .where(and(eq(u.id, id), isNull(u.deletedAt)));
  if (!row) throw notFound();
  return {
    ...toUserItem(row.user, row.city, lang),
    lang: row.user.lang,
    is_notify: row.user.isNotify,
    tax_number: row.user.taxNumber,
    commercial_record: row.user.commercialRecord,
    notifications_count: row.notifications,
    devices_count: row.devices,
  };
}

/**
 * Blocking revokes the customer's sessions with the reason `blocked`, so their next
 * call answers `blocked` (not a sign-in prompt) and they sign in again once unblocked.
 * A change of state stores a notification of type `block` / `un_blocked`.
 */
export async function setUserBlocked(db: Db, id: number, blocked: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ isBlocked: u.isBlocked })
      .from(u)
      .where(and(eq(u.id, id), isNull(u.deletedAt)))
      .for('update');
    if (!row) throw notFound();
    if (row.isBlocked === blocked) return null;
    await tx.update(u).set({ isBlocked: blocked, updatedAt: new Date() }).where(eq(u.id, id));
    if (blocked) await revokeUserTokens(tx, id, 'blocked');
    const type = blocked ? 'block' : 'un_blocked';
    const [notice] = await tx
      .insert(tables.notifications)
      .values({
        userId: id,
        type,
        titleAr: translate('ar', `events.${type}_title`),
        titleEn: translate('en', `events.${type}_title`),
        bodyAr: translate('ar', `events.${type}_body`),
        bodyEn: translate('en', `events.${type}_body`),
      })
      .returning();
    return notice ?? null;
  });
}
