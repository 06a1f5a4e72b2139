/**
 * Reading immediate-maintenance orders: the customer's list and details, the
 * dashboard's list, details and assignable technicians, and every kind of the
 * customer's orders in one list (the site's orders page). The detail is built
 * in one place (`detailOf`) for both sides; its extras and report are the
 * field-work module's readers.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, not, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  ARRIVAL_ESTIMATE_MINUTES,
  ARRIVAL_WINDOW_MINUTES,
  dayEnd,
  dayStart,
  MAINTENANCE_ORDERS_PER_PAGE,
  MAP_PINS_MAX,
  nextStates,
  SOLD_ORDER_KINDS,
  ORDER_PAGE,
  riyadhDateTime,
  SERVICE_ORDER_KINDS,
  SERVICE_ORDERS_PER_PAGE,
  starsOf,
  statesInTab,
  tabOf,
  type AssignableStaff,
  type Lang,
  type MaintenanceOrderDetail,
  type MaintenanceOrderItem,
  type MaintenanceStatus,
  type OrderKind,
  type OrderTab,
  type ServiceOrderDetail,
  type ServiceOrderItem,
  type ServiceOrderKind,
  type ServiceOrderPin,
  type ServiceOrderStatus,
  type ServiceOrdersQuery,
  type StaffCard,
} from '@pool/contracts';
import { translate } from '@pool/i18n';
import { vatRateBp } from '../cart/index.ts';
import { listExtras, readReport } from '../field-work/index.ts';
import {
  cancelReasonText,
  customerOffer,
  iso,
  linesOf,
  ofKinds,
  offerView,
  orderSearch,
  overlappingVisits,
  refundOf,
  timelineOf,
  pick,
  visitStartOf,
} from '../orders/index.ts';
import { pages } from '../../lib/pagination.ts';
import { offerEditable, type OrderRow } from './service.ts';
import type { StoredLocation } from './location.ts';

const KIND = 'immediate_maintenance' as const;
const o = tables.orders;
const oi = tables.orderItems;
const mr = tables.maintenanceRequests;
const u = tables.users;
const c = tables.cities;
const st = tables.staff;
type RequestRow = typeof mr.$inferSelect;
type StaffRow = typeof st.$inferSelect;
type CityRow = typeof c.$inferSelect;

const phoneOf = (x: { countryCode: string; phone: string }) => `+${x.countryCode} ${x.phone}`;

export const staffCardOf = (s: StaffRow): StaffCard => ({
  id: s.id,
  name: s.name,
  image: s.image,
  job: s.job,
  rating: starsOf(s.ratingAvg),
  rating_count: s.ratingCount,
});

/** One row of a list: the order, its request, city and staff member. */
type Joined = { order: OrderRow; request: RequestRow; city: CityRow | null; staff: StaffRow | null };

/**
 * What the customer paid for each order's extra services (paid extras only), by order id: a list
 * shows the order's total with them, as it was paid.
 */
async function paidExtras(db: Db, orderIds: number[]) {
  const x = tables.orderExtras;
  const rows = orderIds.length
    ? await db
        .select({ orderId: x.orderId, total: sql<number>`sum(${x.total})::int` })
        .from(x)
        .where(and(inArray(x.orderId, orderIds), eq(x.status, 'paid')))
        .groupBy(x.orderId)
    : [];
  const byOrder = new Map(rows.map((r) => [r.orderId, Number(r.total)]));
  return (orderId: number) => byOrder.get(orderId) ?? 0;
}

function listItem(r: Joined, lang: Lang, extras = 0): MaintenanceOrderItem {
  const { date, time } = riyadhDateTime(r.request.scheduledAt);
  return {
    id: r.order.id,
    kind: KIND,
    number: r.order.number,
    status: r.order.status as MaintenanceStatus,
    tab: tabOf(r.order.kind, r.order.status),
    created_at: r.order.createdAt.toISOString(),
    scheduled_at: r.request.scheduledAt.toISOString(),
    date,
    time,
    problem: r.request.problem,
    city: r.city ? pick(lang, r.city.nameAr, r.city.nameEn) : null,
    total: r.order.total + extras,
  };
}

const joined = (db: Db) =>
  db
    .select({ order: o, request: mr, city: c, staff: st })
    .from(o)
    .innerJoin(mr, eq(mr.orderId, o.id))
    .leftJoin(c, eq(c.id, o.cityId))
    .leftJoin(st, eq(st.id, o.staffId));

/* --------------------------------------------------------------- customer */

export async function listMyMaintenance(db: Db, userId: number, q: { tab?: OrderTab; page: number }, lang: Lang) {
  const where = and(
    eq(o.userId, userId),
    eq(o.kind, KIND),
    q.tab ? inArray(o.status, statesInTab(KIND, q.tab)) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(o).where(where);
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(o.createdAt), desc(o.id))
    .limit(MAINTENANCE_ORDERS_PER_PAGE)
    .offset((q.page - 1) * MAINTENANCE_ORDERS_PER_PAGE);
  const extras = await paidExtras(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    data: rows.map((r) => listItem(r, lang, extras(r.order.id))),
    pagination: pages(total, MAINTENANCE_ORDERS_PER_PAGE, q.page),
  };
}

/* ----------------------------------------------------------------- detail */

/** Arrival window: the visit's start ± 30 minutes, narrowed to the estimate ± 15 minutes once "on the way" set it. */
function arrivalOf(order: OrderRow, request: RequestRow) {
  if (!order.staffId || order.closedAt) return null;
  const at = request.arrivalAt ?? request.scheduledAt;
  const half = (request.arrivalAt ? ARRIVAL_ESTIMATE_MINUTES : ARRIVAL_WINDOW_MINUTES) * 60_000;
  return {
    from: new Date(at.getTime() - half).toISOString(),
    to: new Date(at.getTime() + half).toISOString(),
    estimate: iso(request.arrivalAt),
  };
}

async function detailOf(db: Db, r: Joined, lang: Lang) {
  const { order, request } = r;
  const items = await linesOf(db, order.id);
  const events = await timelineOf<MaintenanceStatus>(db, order.id, lang);
  const sr = tables.staffRatings;
  const [rating] = await db.select().from(sr).where(eq(sr.orderId, order.id));
  const location = request.location as StoredLocation;
  const offer = offerView(order, items, lang);
  return {
    ...listItem(r, lang),
    payment_method:
      order.status === 'new' || tabOf(order.kind, order.status) === 'waiting' ? null : order.paymentMethod,
    request: {
      problem: request.problem,
      place: request.place,
      images: request.images,
      scheduled_at: request.scheduledAt.toISOString(),
      ...riyadhDateTime(request.scheduledAt),
      location: {
        type: location.type ?? (location.short_code ? 'short_code' : location.lat !== null ? 'pin' : 'address'),
        address_id: location.address_id ?? null,
        lat: location.lat,
        lng: location.lng,
        short_code: location.short_code,
        text: location.text,
      },
      city_id: order.cityId,
      city: r.city ? pick(lang, r.city.nameAr, r.city.nameEn) : null,
    },
    offer,
    events,
    staff: r.staff ? staffCardOf(r.staff) : null,
    arrival: arrivalOf(order, request),
    extras: await listExtras(db, order.id, lang),
    report: await readReport(db, order.id, lang),
    rating: rating ? { stars: rating.stars, comment: rating.comment } : null,
    pay_by: order.status === 'pending_payment' ? iso(order.payBy) : null,
    paid_at: iso(order.paidAt),
    cancel_reason: await cancelReasonText(db, order, events.at(-1)?.actor, lang),
    cancel_note: order.cancelNote,
    refund: await refundOf(db, order),
  };
}

async function joinedOne(db: Db, orderId: number, kinds: readonly OrderKind[] = [KIND]) {
  const [row] = await joined(db).where(and(eq(o.id, orderId), inArray(o.kind, kinds)));
  return row;
}

/** The customer's view of their order (the caller checked it is theirs). */
export async function customerDetail(db: Db, orderId: number, lang: Lang): Promise<MaintenanceOrderDetail> {
  const r = (await joinedOne(db, orderId))!;
  const d = await detailOf(db, r, lang);
  const status = r.order.status;
  const can = (to: string) => nextStates(KIND, status, 'customer').includes(to);
  return {
    ...d,
    // The customer sees the offer once it was sent, never a draft being edited (before the first, or after a rejection).
    offer: customerOffer(KIND, status, d.offer),
    can_accept: can('pending_payment'),
    can_reject: can('offer_rejected'),
    can_pay: status === 'pending_payment' && r.order.paymentMethod === 'electronic',
    can_cancel: can('cancelled'),
    can_rate: status === 'completed' && r.order.staffId !== null && d.rating === null,
    can_chat: r.order.closedAt === null || status === 'completed',
  };
}

/* -------------------------------------------------------------- dashboard */

/** The console's filters (kind, state, city, technician, visit day, number or phone) as SQL. */
function serviceOrdersWhere(q: Omit<ServiceOrdersQuery, 'page'>) {
  const search = q.q?.trim();
  return and(
    q.kind ? eq(o.kind, q.kind) : inArray(o.kind, SERVICE_ORDER_KINDS),
    q.status ? eq(o.status, q.status) : undefined,
    q.city_id ? eq(o.cityId, q.city_id) : undefined,
    q.staff_id ? eq(o.staffId, q.staff_id) : undefined,
    q.date ? and(gte(mr.scheduledAt, dayStart(q.date)), lt(mr.scheduledAt, dayEnd(q.date))) : undefined,
    search ? orderSearch(search) : undefined,
  );
}

export async function listServiceOrders(db: Db, q: ServiceOrdersQuery, lang: Lang) {
  const where = serviceOrdersWhere(q);
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(o).innerJoin(mr, eq(mr.orderId, o.id)).where(where),
    db
      .select({ order: o, request: mr, city: c, staff: st, user: u })
      .from(o)
      .innerJoin(mr, eq(mr.orderId, o.id))
      .innerJoin(u, eq(u.id, o.userId))
      .leftJoin(c, eq(c.id, o.cityId))
      .leftJoin(st, eq(st.id, o.staffId))
      .where(where)
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(SERVICE_ORDERS_PER_PAGE)
      .offset((q.page - 1) * SERVICE_ORDERS_PER_PAGE),
  ]);
  const data: ServiceOrderItem[] = rows.map((r) => {
    const location = r.request.location as StoredLocation;
    return {
      ...listItem(r, lang),
      kind: r.order.kind as ServiceOrderKind,
      status: r.order.status as ServiceOrderStatus,
      customer_id: r.user.id,
      customer_name: r.user.name,
      customer_phone: phoneOf(r.user),
      city_id: r.order.cityId,
      staff: r.staff ? staffCardOf(r.staff) : null,
      lat: location.lat,
      lng: location.lng,
    };
  });
  return { data, pagination: pages(total, SERVICE_ORDERS_PER_PAGE, q.page) };
}

/**
 * The open orders the filters keep that have a map pin, newest first, at most MAP_PINS_MAX; and how many
 * more have none (the console says why its map is empty).
 */
export async function serviceOrderPins(db: Db, q: Omit<ServiceOrdersQuery, 'page'>, lang: Lang) {
  const open = and(serviceOrdersWhere(q), isNull(o.closedAt));
  const pinned = sql`${mr.location}->>'lat' is not null`;
  const [rows, [unpinned]] = await Promise.all([
    db
      .select({ order: o, request: mr, city: c })
      .from(o)
      .innerJoin(mr, eq(mr.orderId, o.id))
      .leftJoin(c, eq(c.id, o.cityId))
      .where(and(open, pinned))
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(MAP_PINS_MAX),
    db
      .select({ n: count() })
      .from(o)
      .innerJoin(mr, eq(mr.orderId, o.id))
      .where(and(open, not(pinned))),
  ]);
  const pins = rows.map((r): ServiceOrderPin => {
    const location = r.request.location as StoredLocation;
    return {
      id: r.order.id,
      number: r.order.number,
      status: r.order.status as ServiceOrderStatus,
      city: r.city ? (lang === 'en' ? r.city.nameEn : r.city.nameAr) : null,
      lat: location.lat!,
      lng: location.lng!,
    };
  });
  return { pins, unpinned: unpinned?.n ?? 0 };
}

/**
 * A package visit's subscription: its number, the package's name as subscribed, and which of the
 * period's visits this one is (by the order they were made in: each period makes its `visits`).
 */
async function subscriptionOf(db: Db, visit: OrderRow, lang: Lang): Promise<ServiceOrderDetail['subscription']> {
  if (visit.kind !== 'package_visit' || !visit.parentId) return null;
  const s = tables.packageSubscriptions;
  const [row] = await db
    .select({ number: o.number, sub: s })
    .from(o)
    .innerJoin(s, eq(s.orderId, o.id))
    .where(eq(o.id, visit.parentId));
  if (!row) return null;
  const [{ before } = { before: 0 }] = await db
    .select({ before: count() })
    .from(o)
    .where(and(eq(o.parentId, visit.parentId), lt(o.id, visit.id)));
  return {
    id: visit.parentId,
    number: row.number,
    package_name: pick(lang, row.sub.nameAr, row.sub.nameEn),
    visit_n: (before % row.sub.visits) + 1,
    visits_total: row.sub.visits,
  };
}

/** A service order of any kind the console opens (with its visit's time and place), or null. */
export async function serviceOrderDetail(db: Db, orderId: number, lang: Lang): Promise<ServiceOrderDetail | null> {
  const r = await joinedOne(db, orderId, SERVICE_ORDER_KINDS);
  if (!r) return null;
  const kind = r.order.kind as ServiceOrderKind;
  const [user] = await db.select().from(u).where(eq(u.id, r.order.userId));
  const pay = tables.payments;
  const [payment] = await db
    .select({ status: pay.status })
    .from(pay)
    .where(and(eq(pay.orderId, orderId), eq(pay.purpose, 'order')))
    .orderBy(desc(pay.id))
    .limit(1);
  const d = await detailOf(db, r, lang);
  const next = nextStates(kind, r.order.status, 'admin') as ServiceOrderStatus[];
  const editable = kind === KIND && offerEditable(r.order.status);
  return {
    ...d,
    kind,
    status: r.order.status as ServiceOrderStatus,
    customer_id: user!.id,
    customer_name: user!.name,
    customer_phone: phoneOf(user!),
    subscription: await subscriptionOf(db, r.order, lang),
    can_edit_offer: editable,
    // The rate saveOffer applies while the offer may change; after, the one it was priced at.
    tax_rate: (editable ? await vatRateBp(db) : r.order.taxRate) / 100,
    can_assign: next.includes('technician_assigned'),
    can_cancel: next.includes('cancelled'),
    can_chat: true,
    next_statuses: next,
    payment_status: r.order.paymentMethod === 'wallet' ? null : (payment?.status ?? null),
    refund_status: r.order.refundStatus,
  };
}

/**
 * Technicians who could take the order: active, serving its city, with their
 * rating, whether no other open visit of theirs overlaps its time, and their
 * open visits that Riyadh day (the dashboard's calendar).
 */
export async function assignableStaff(db: Db, order: OrderRow): Promise<AssignableStaff[]> {
  if (!order.cityId) return [];
  const sc = tables.staffCities;
  const members = await db
    .select({ s: st })
    .from(st)
    .innerJoin(sc, and(eq(sc.staffId, st.id), eq(sc.cityId, order.cityId)))
    .where(and(eq(st.job, 'technician'), eq(st.isBlocked, false), isNull(st.deletedAt)))
    .orderBy(desc(st.ratingAvg), asc(st.name));
  const start = await visitStartOf(db, order.id);
  if (!members.length || !start)
    return members.map(({ s }) => ({ ...staffCardOf(s), phone: phoneOf(s), free: true, visits: [] }));
  const day = riyadhDateTime(start).date;
  const visits = await db
    .select({
      order_id: o.id,
      number: o.number,
      kind: o.kind,
      scheduled_at: mr.scheduledAt,
      status: o.status,
      staffId: o.staffId,
    })
    .from(o)
    .innerJoin(mr, eq(mr.orderId, o.id))
    .where(
      and(
        inArray(
          o.staffId,
          members.map(({ s }) => s.id),
        ),
        isNull(o.closedAt),
        gte(mr.scheduledAt, dayStart(day)),
        lt(mr.scheduledAt, dayEnd(day)),
      ),
    )
    .orderBy(asc(mr.scheduledAt));
  const out: AssignableStaff[] = [];
  for (const { s } of members) {
    const busy = await overlappingVisits(db, s.id, start, order.id);
    out.push({
      ...staffCardOf(s),
      phone: phoneOf(s),
      free: busy.length === 0,
      visits: visits
        .filter((v) => v.staffId === s.id)
        .map((v) => ({
          order_id: v.order_id,
          number: v.number,
          kind: v.kind,
          scheduled_at: v.scheduled_at.toISOString(),
          status: v.status,
        })),
    });
  }
  return out;
}

/* ---------------------------------------------------- all my orders (site) */

/** Every kind of my orders, newest first: the site's orders page with its tabs. */
export async function listAllMyOrders(db: Db, userId: number, q: { tab?: OrderTab; page: number }, lang: Lang) {
  const where = and(eq(o.userId, userId), ofKinds(SOLD_ORDER_KINDS, q.tab));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(o).where(where);
  const rows = await db
    .select({
      order: o,
      problem: mr.problem,
      designAr: tables.constructionDesignTypes.nameAr,
      designEn: tables.constructionDesignTypes.nameEn,
      snapshot: tables.constructionRequests.snapshot,
    })
    .from(o)
    .leftJoin(mr, eq(mr.orderId, o.id))
    // A construction order: its design type's name and the design's picture.
    .leftJoin(tables.constructionRequests, eq(tables.constructionRequests.orderId, o.id))
    .leftJoin(
      tables.constructionDesignTypes,
      eq(tables.constructionDesignTypes.id, tables.constructionRequests.designTypeId),
    )
    .where(where)
    .orderBy(desc(o.createdAt), desc(o.id))
    .limit(MAINTENANCE_ORDERS_PER_PAGE)
    .offset((q.page - 1) * MAINTENANCE_ORDERS_PER_PAGE);
  const ids = rows.filter((r) => r.order.kind === 'store').map((r) => r.order.id);
  const items = ids.length
    ? await db
        .select()
        .from(oi)
        .where(and(inArray(oi.orderId, ids), isNull(oi.extraId)))
        .orderBy(asc(oi.id))
    : [];
  const extras = await paidExtras(
    db,
    rows.filter((r) => r.order.kind === KIND).map((r) => r.order.id),
  );
  return {
    data: rows.map(({ order, problem, designAr, designEn, snapshot }) => {
      const lines = items.filter((i) => i.orderId === order.id);
      const first = lines[0];
      const name = first ? pick(lang, first.nameAr, first.nameEn) : order.number;
      const design = designAr && designEn ? pick(lang, designAr, designEn) : null;
      const title =
        problem ??
        design ??
        (lines.length > 1 ? translate(lang, 'orders.title_more', { name, count: lines.length - 1 }) : name);
      return {
        id: order.id,
        kind: order.kind,
        number: order.number,
        status: order.status,
        tab: tabOf(order.kind, order.status),
        created_at: order.createdAt.toISOString(),
        total: order.total + extras(order.id),
        title,
        image: first?.image ?? snapshot ?? null,
        path: `${ORDER_PAGE[order.kind]}/${order.id}`,
      };
    }),
    pagination: pages(total, MAINTENANCE_ORDERS_PER_PAGE, q.page),
  };
}
