/** The work assigned to one staff member: open or finished, newest first; nothing of anyone else's. */
import { and, count, desc, eq, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  finalStates,
  nextStates,
  ORDER_KINDS,
  STORE_ORDERS_PER_PAGE,
  type Lang,
  type StaffOrderItem,
} from '@pool/contracts';
import { notFound } from '../../lib/errors.ts';
import { pages } from '../../lib/pagination.ts';

const o = tables.orders;
const u = tables.users;
const c = tables.cities;

type Row = { order: typeof o.$inferSelect; user: typeof u.$inferSelect; city: typeof c.$inferSelect | null };

function toStaffOrder(r: Row, lang: Lang): StaffOrderItem {
  return {
    id: r.order.id,
    kind: r.order.kind,
    number: r.order.number,
    status: r.order.status,
    customer_name: r.user.name,
    customer_phone: `+${r.user.countryCode} ${r.user.phone}`,
    city: r.city ? (lang === 'en' ? r.city.nameEn : r.city.nameAr) : null,
    address: r.order.address ?? null,
    created_at: r.order.createdAt.toISOString(),
    next_statuses: nextStates(r.order.kind, r.order.status, 'staff'),
  };
}

/** Orders of any kind in a final state (`finished`) or not (`open`). */
const finished = (yes: boolean) =>
  or(
    ...ORDER_KINDS.map((k) =>
      and(eq(o.kind, k), yes ? inArray(o.status, finalStates(k)) : notInArray(o.status, finalStates(k))),
    ),
  ) as SQL;

const select = (db: Db) =>
  db.select({ order: o, user: u, city: c }).from(o).innerJoin(u, eq(u.id, o.userId)).leftJoin(c, eq(c.id, o.cityId));

export async function listAssignedOrders(
  db: Db,
  staffId: number,
  q: { scope: 'open' | 'finished'; page: number },
  lang: Lang,
) {
  const where = and(eq(o.staffId, staffId), finished(q.scope === 'finished'));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(o).where(where);
  const rows = await select(db)
    .where(where)
    .orderBy(desc(o.createdAt), desc(o.id))
    .limit(STORE_ORDERS_PER_PAGE)
    .offset((q.page - 1) * STORE_ORDERS_PER_PAGE);
  return {
    data: rows.map((r) => toStaffOrder(r, lang)),
    pagination: pages(total, STORE_ORDERS_PER_PAGE, q.page),
  };
}

export async function assignedOrder(db: Db, staffId: number, orderId: number, lang: Lang) {
  const [row] = await select(db).where(and(eq(o.id, orderId), eq(o.staffId, staffId)));
  if (!row) throw notFound();
  return toStaffOrder(row, lang);
}
