/**
 * The dashboard home's month summary (Riyadh time): customers, contact messages,
 * orders of every kind (store and service orders, each kind's count and sales; a package's
 * renewals are its sales too, and counted),
 * visitors, sales (paid orders and paid extra services) against the monthly
 * target, daily series for the charts, the newest orders and the sold-out products.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { SOLD_ORDER_KINDS, type OrderKind } from '@pool/contracts';
import { tables, type Db } from '@pool/db';
import { complaintsMonth } from '../complaints/index.ts';
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
  const [store, complaints] = await Promise.all([storeMonth(db), complaintsMonth(db, monthStart)]);
  return {
    new_users: users?.count ?? 0,
    contact_messages: messages?.count ?? 0,
    unhandled_messages: messages?.unhandled ?? 0,
    newest_notifications: newest,
    ...store,
    ...complaints,
  };
}

/** Orders that never brought money (or gave it back) are not sales. */
const NOT_SALES = ['pending_payment', 'cancelled', 'refused'];
const SOLD_OUT_LIMIT = 6;
const NEWEST_ORDERS = 6;

/** The first day of this month in Riyadh, YYYY-MM-DD. */
const monthFirstDay = (now = new Date()) => `${riyadhDay(now).slice(0, 8)}01`;

/**
 * Extra services paid on site this month (DOMAIN.md: a sale of their own, beside
 * the order's total), per Riyadh day and kind, on orders not cancelled or refused.
 */
function extrasMonth(db: Db) {
  const o = tables.orders;
  const x = tables.orderExtras;
  const day = sql<string>`to_char(${x.paidAt} at time zone 'Asia/Riyadh', 'YYYY-MM-DD')`;
  return db
    .select({ day, kind: o.kind, sales: sql<number>`coalesce(sum(${x.total}), 0)::int` })
    .from(x)
    .innerJoin(o, eq(o.id, x.orderId))
    .where(and(eq(x.status, 'paid'), isNotNull(x.paidAt), gte(x.paidAt, monthStart), notInArray(o.status, NOT_SALES)))
    .groupBy(day, o.kind);
}

/**
 * Package renewals paid this month (ADR 0019), per Riyadh day: a renewal is money for a subscription
 * after the payment that first paid it. From the wallet, a ledger payment later than the order's
 * paid time; by card, a `package_renewal` payment that renewed it (one that came too late went to
 * the wallet instead, and is no sale).
 */
async function renewalsMonth(db: Db) {
  const o = tables.orders;
  const we = tables.walletEntries;
  const p = tables.payments;
  const weDay = sql<string>`to_char(${we.createdAt} at time zone 'Asia/Riyadh', 'YYYY-MM-DD')`;
  const pDay = sql<string>`to_char(${p.updatedAt} at time zone 'Asia/Riyadh', 'YYYY-MM-DD')`;
  const [fromWallet, byCard] = await Promise.all([
    db
      .select({
        day: weDay,
        renewals: sql<number>`count(*)::int`,
        sales: sql<number>`coalesce(sum(-${we.amount}), 0)::int`,
      })
      .from(we)
      .innerJoin(o, eq(o.id, we.orderId))
      .where(
        and(
          eq(we.kind, 'payment'),
          eq(o.kind, 'package_subscription'),
          gte(we.createdAt, monthStart),
          sql`${we.createdAt} > ${o.paidAt}`,
        ),
      )
      .groupBy(weDay),
    db
      .select({
        day: pDay,
        renewals: sql<number>`count(*)::int`,
        sales: sql<number>`coalesce(sum(${p.amount}), 0)::int`,
      })
      .from(p)
      .where(
        and(
          eq(p.purpose, 'package_renewal'),
          eq(p.status, 'paid'),
          gte(p.updatedAt, monthStart),
          sql`not exists (select 1 from ${we} where ${we.paymentId} = ${p.id} and ${we.kind} = 'refund')`,
        ),
      )
      .groupBy(pDay),
  ]);
  return [...fromWallet, ...byCard];
}

/** A package visit's extra services are the subscription's sales (ADR 0018). */
const soldAs = (kind: OrderKind) => (kind === 'package_visit' ? 'package_subscription' : kind);

async function storeMonth(db: Db) {
  const o = tables.orders;
  // What customers ordered: a package's visits are inside their subscription.
  const sold = inArray(o.kind, [...SOLD_ORDER_KINDS]);
  const p = tables.products;
  const day = sql<string>`to_char(${o.paidAt} at time zone 'Asia/Riyadh', 'YYYY-MM-DD')`;
  const [[orders], daily, visits, settings, newestOrders, soldOut, kinds, extras, renewals] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)::int`,
        pending: sql<number>`count(*) filter (where ${o.status} = 'pending_payment')::int`,
      })
      .from(o)
      .where(and(sold, gte(o.createdAt, monthStart))),
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
      .where(sold)
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(NEWEST_ORDERS),
    db
      .select({ id: p.id, name_ar: p.nameAr, name_en: p.nameEn, updated_at: p.updatedAt })
      .from(p)
      .where(and(isNull(p.deletedAt), eq(p.isActive, true), lte(p.stock, 0)))
      .orderBy(asc(p.nameAr))
      .limit(SOLD_OUT_LIMIT),
    // Each kind's orders placed this month and its sales (paid this month, not cancelled or refused since).
    db
      .select({
        kind: o.kind,
        orders: sql<number>`count(*) filter (where ${o.createdAt} >= ${monthStart})::int`,
        sales: sql<number>`coalesce(sum(${o.total}) filter (where ${o.paidAt} >= ${monthStart} and ${notInArray(o.status, NOT_SALES)}), 0)::int`,
      })
      .from(o)
      .where(and(sold, or(gte(o.createdAt, monthStart), gte(o.paidAt, monthStart))))
      .groupBy(o.kind),
    extrasMonth(db),
    renewalsMonth(db),
  ]);
  for (const x of [...extras, ...renewals]) {
    const d = daily.find((row) => row.day === x.day);
    if (d) d.sales += x.sales;
    else daily.push({ day: x.day, orders: 0, sales: x.sales });
  }
  const sales = daily.reduce((sum, d) => sum + d.sales, 0);
  const byKind = SOLD_ORDER_KINDS.map((kind) => {
    const k = kinds.find((row) => row.kind === kind);
    const extra = extras.filter((x) => soldAs(x.kind) === kind).reduce((sum, x) => sum + x.sales, 0);
    const renewed = kind === 'package_subscription' ? renewals : [];
    return {
      kind,
      orders: k?.orders ?? 0,
      sales: (k?.sales ?? 0) + extra + renewed.reduce((sum, r) => sum + r.sales, 0),
      renewals: renewed.reduce((sum, r) => sum + r.renewals, 0),
    };
  });
  return {
    orders: orders?.count ?? 0,
    pending_payment_orders: orders?.pending ?? 0,
    visitors: visits.reduce((sum, d) => sum + d.visitors, 0),
    sales,
    monthly_target: settings.monthly_target,
    daily: mergeDays(daily, visits),
    newest_orders: newestOrders,
    sold_out: soldOut,
    by_kind: byKind,
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
