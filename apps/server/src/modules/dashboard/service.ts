/**
 * The dashboard home's month summary (Riyadh time): customers, contact messages,
 * store orders, visitors, sales against the monthly target, daily series for the
 * charts, the newest orders and the sold-out products.
 */
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { storedSettings } from '../content/index.ts';
import { riyadhDay, visitorsPerDay } from '../visits/index.ts';

/** The first instant of the current month in Riyadh time. */
export const monthStart = sql`date_trunc('month', now() at time zone 'Asia/Riyadh') at time zone 'Asia/Riyadh'`;

export async function monthSummary(db: Db, adminId: number) {
  const u = tables.users;
  const c = tables.contactMessages;
  const n = tables.notifications;
  const [[users], [messages], newest] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(u)
      .where(and(gte(u.createdAt, monthStart), eq(u.isActive, true), isNull(u.deletedAt))),
    db
      .select({
        count: sql<number>`count(*)::int`,
        unhandled: sql<number>`count(*) filter (where ${c.status} <> 'handled')::int`,
      })
      .from(c)
      .where(gte(c.createdAt, monthStart)),
    db.select().from(n).where(eq(n.adminId, adminId)).orderBy(desc(n.createdAt), desc(n.id)).limit(5),
  ]);
  const store = await storeMonth(db);
  return {
    new_users: users?.count ?? 0,
    contact_messages: messages?.count ?? 0,
    unhandled_messages: messages?.unhandled ?? 0,
    newest_notifications: newest,
    ...store,
  };
}

/** Orders that never brought money (or gave it back) are not sales. */
const NOT_SALES = ['pending_payment', 'cancelled', 'refused'];
const SOLD_OUT_LIMIT = 6;
const NEWEST_ORDERS = 6;

/** The first day of this month in Riyadh, YYYY-MM-DD. */
const monthFirstDay = (now = new Date()) => `${riyadhDay(now).slice(0, 8)}01`;

async function storeMonth(db: Db) {
  const o = tables.orders;
  const p = tables.products;
  const day = sql<string>`to_char(${o.paidAt} at time zone 'Asia/Riyadh', 'YYYY-MM-DD')`;
  const [[orders], daily, visits, settings, newestOrders, soldOut] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)::int`,
        pending: sql<number>`count(*) filter (where ${o.status} = 'pending_payment')::int`,
      })
      .from(o)
      .where(gte(o.createdAt, monthStart)),
    // Sales: paid this month and not cancelled or refused since (refunded orders give their money back).
    db
      .select({ day, orders: sql<number>`count(*)::int`, sales: sql<number>`coalesce(sum(${o.total}), 0)::int` })
      .from(o)
      .where(and(isNotNull(o.paidAt), gte(o.paidAt, monthStart), notInArray(o.status, NOT_SALES)))
      .groupBy(day)
      .orderBy(day),
    visitorsPerDay(db, monthFirstDay()),
    storedSettings(db),
    db
      .select({
        id: o.id,
        number: o.number,
        kind: o.kind,
        status: o.status,
        total: o.total,
        created_at: o.createdAt,
        customer: tables.users.name,
      })
      .from(o)
      .innerJoin(tables.users, eq(tables.users.id, o.userId))
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(NEWEST_ORDERS),
    db
      .select({ id: p.id, name_ar: p.nameAr, name_en: p.nameEn, updated_at: p.updatedAt })
      .from(p)
      .where(and(isNull(p.deletedAt), eq(p.isActive, true), lte(p.stock, 0)))
      .orderBy(asc(p.nameAr))
      .limit(SOLD_OUT_LIMIT),
  ]);
  const sales = daily.reduce((sum, d) => sum + d.sales, 0);
  return {
    orders: orders?.count ?? 0,
    pending_payment_orders: orders?.pending ?? 0,
    visitors: visits.reduce((sum, d) => sum + d.visitors, 0),
    sales,
    monthly_target: settings.monthly_target,
    daily: mergeDays(daily, visits),
    newest_orders: newestOrders,
    sold_out: soldOut,
  };
}

/** One row per day of the month so far (Riyadh), zero where nothing happened. */
function mergeDays(
  sales: { day: string; orders: number; sales: number }[],
  visits: { day: string; visitors: number }[],
  now = new Date(),
): { day: string; orders: number; sales: number; visitors: number }[] {
  const today = riyadhDay(now);
  const first = monthFirstDay(now);
  const days: { day: string; orders: number; sales: number; visitors: number }[] = [];
  for (
    let d = new Date(`${first}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= today;
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    const day = d.toISOString().slice(0, 10);
    const s = sales.find((x) => x.day === day);
    days.push({
      day,
      orders: s?.orders ?? 0,
      sales: s?.sales ?? 0,
      visitors: visits.find((x) => x.day === day)?.visitors ?? 0,
    });
  }
  return days;
}
