/**
 * Reading construction orders: the customer's list and details, the
 * dashboard's list, details and assignable engineers, and the engineer's
 * view of an order assigned to them. One loader (`load`) and one builder of
 * the common detail (`detailOf`) serve all three; the offer's view is the
 * kernel's (kernel/offer.ts), the rating and the staff card field work's.
 */
import { and, asc, count, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  CONSTRUCTION_ORDERS_PER_PAGE,
  directionsToAddress,
  directionsUrl,
  finalStates,
  nextStates,
  SERVICE_ORDERS_PER_PAGE,
  starsOf,
  statesInTab,
  tabOf,
  type AssignableEngineer,
  type ConstructionAdminDetail,
  type ConstructionAdminItem,
  type ConstructionAdminQuery,
  type ConstructionOrderDetail,
  type ConstructionOrderItem,
  type ConstructionStageView,
  type ConstructionStatus,
  type Lang,
  type OrderTab,
  type StaffConstructionDetail,
} from '@pool/contracts';
import { vatRateBp } from '../cart/index.ts';
import { canRateStaff, phoneOf, ratingsOf, staffCardOf } from '../field-work/index.ts';
import type { StoredLocation } from '../maintenance/index.ts';
import {
  cancelReasonText,
  customerOffer,
  iso,
  orderSearch,
  offerEditable,
  offerLines,
  offerView,
  pick,
  refundOf,
  timelineOf,
} from '../orders/index.ts';
import { pages } from '../../lib/pagination.ts';
import { optionName } from './catalogue.ts';
import { KIND } from './service.ts';

const o = tables.orders;
const cr = tables.constructionRequests;
const dt = tables.constructionDesignTypes;
const cc = tables.constructionColours;
const c = tables.cities;
const st = tables.staff;
const u = tables.users;

const loaded = (db: Db) =>
  db
    .select({ order: o, request: cr, type: dt, colour: cc, city: c, user: u })
    .from(o)
    .innerJoin(cr, eq(cr.orderId, o.id))
    .innerJoin(dt, eq(dt.id, cr.designTypeId))
    .innerJoin(cc, eq(cc.id, cr.colourId))
    .innerJoin(u, eq(u.id, o.userId))
    .leftJoin(c, eq(c.id, o.cityId));
type Loaded = Awaited<ReturnType<ReturnType<typeof loaded>['where']>>[number];

async function load(db: Db, orderId: number) {
  const [row] = await loaded(db).where(and(eq(o.id, orderId), eq(o.kind, KIND)));
  return row ?? null;
}

const metres = (dm: number) => dm / 10;
const cityName = (r: Loaded, lang: Lang) => (r.city ? pick(lang, r.city.nameAr, r.city.nameEn) : null);

function listItem(r: Loaded, lang: Lang): ConstructionOrderItem {
  return {
    id: r.order.id,
    kind: KIND,
    number: r.order.number,
    status: r.order.status as ConstructionStatus,
    tab: tabOf(KIND, r.order.status),
    created_at: r.order.createdAt.toISOString(),
    design_type: pick(lang, r.type.nameAr, r.type.nameEn),
    length: metres(r.request.lengthDm),
    width: metres(r.request.widthDm),
    depth: metres(r.request.depthDm),
    snapshot: r.request.snapshot,
    city: cityName(r, lang),
    total: r.order.total,
  };
}

function designOf(r: Loaded, lang: Lang) {
  return {
    length: metres(r.request.lengthDm),
    width: metres(r.request.widthDm),
    depth: metres(r.request.depthDm),
    area_m2: r.request.measures.area_m2,
    volume_m3: r.request.measures.volume_m3,
    design_type: {
      id: r.type.id,
      shape: r.request.shape,
      name: pick(lang, r.type.nameAr, r.type.nameEn),
      image: r.type.image,
    },
    colour: { id: r.colour.id, name: pick(lang, r.colour.nameAr, r.colour.nameEn), hex: r.colour.hex },
    options: r.request.options.map((key) => ({ key, name: optionName(lang, key) })),
    snapshot: r.request.snapshot,
  };
}

async function stagesOf(db: Db, orderId: number): Promise<ConstructionStageView[]> {
  const cs = tables.constructionStages;
  const rows = await db.select().from(cs).where(eq(cs.orderId, orderId)).orderBy(asc(cs.id));
  return rows.map((s) => ({
    id: s.id,
    title: s.title,
    note: s.note,
    photos: s.photos,
    created_at: s.createdAt.toISOString(),
  }));
}

/** What every side's detail shows. */
async function detailOf(db: Db, r: Loaded, lang: Lang) {
  const { order, request } = r;
  const events = await timelineOf<ConstructionStatus>(db, order.id, lang);
  const rating = (await ratingsOf(db, [order.id])).get(order.id);
  return {
    ...listItem(r, lang),
    payment_method: order.status === 'new' || tabOf(KIND, order.status) === 'waiting' ? null : order.paymentMethod,
    design: designOf(r, lang),
    estimate: { low: request.estimateLow, high: request.estimateHigh },
    notes: request.notes,
    images: request.images,
    location: request.location as StoredLocation,
    city_id: order.cityId,
    offer: offerView(order, await offerLines(db, order.id), lang),
    events,
    staff: await staffCardOf(db, order.staffId),
    stages: await stagesOf(db, order.id),
    rating: rating ? { stars: rating.stars, comment: rating.comment } : null,
    pay_by: order.status === 'pending_payment' ? iso(order.payBy) : null,
    paid_at: iso(order.paidAt),
    cancel_reason: await cancelReasonText(db, order, events.at(-1)?.actor, lang),
    refund: await refundOf(db, order),
  };
}

/* --------------------------------------------------------------- customer */

export async function listMyConstruction(db: Db, userId: number, q: { tab?: OrderTab; page: number }, lang: Lang) {
  const where = and(
    eq(o.userId, userId),
    eq(o.kind, KIND),
    q.tab ? inArray(o.status, statesInTab(KIND, q.tab)) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(o).where(where);
  const rows = await loaded(db)
    .where(where)
    .orderBy(desc(o.createdAt), desc(o.id))
    .limit(CONSTRUCTION_ORDERS_PER_PAGE)
    .offset((q.page - 1) * CONSTRUCTION_ORDERS_PER_PAGE);
  return {
    data: rows.map((r) => listItem(r, lang)),
    pagination: pages(total, CONSTRUCTION_ORDERS_PER_PAGE, q.page),
  };
}

/** My order's page: 404 (null) for another customer's. */
export async function customerDetail(
  db: Db,
  userId: number,
  orderId: number,
  lang: Lang,
): Promise<ConstructionOrderDetail | null> {
  const r = await load(db, orderId);
  if (!r || r.order.userId !== userId) return null;
  const d = await detailOf(db, r, lang);
  const { order } = r;
  const can = (to: string) => nextStates(KIND, order.status, 'customer').includes(to);
  return {
    ...d,
    offer: customerOffer(KIND, order.status, d.offer),
    can_accept: can('pending_payment'),
    can_reject: can('offer_rejected'),
    can_pay: order.status === 'pending_payment' && order.paymentMethod === 'electronic',
    can_cancel: can('cancelled'),
    can_rate: canRateStaff(order, d.rating !== null),
    can_chat: order.closedAt === null || order.status === 'completed',
  };
}

/* -------------------------------------------------------------- dashboard */

function adminWhere(q: Omit<ConstructionAdminQuery, 'page'>) {
  const search = q.q?.trim();
  return and(
    eq(o.kind, KIND),
    q.status ? eq(o.status, q.status) : undefined,
    q.city_id ? eq(o.cityId, q.city_id) : undefined,
    q.staff_id ? eq(o.staffId, q.staff_id) : undefined,
    search ? orderSearch(search) : undefined,
  );
}

const customerOf = (r: Loaded) => ({
  customer_id: r.user.id,
  customer_name: r.user.name,
  customer_phone: phoneOf(r.user.countryCode, r.user.phone).customer_phone,
});

export async function listAdminConstruction(db: Db, q: ConstructionAdminQuery, lang: Lang) {
  const where = adminWhere(q);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(o).where(where);
  const rows = await loaded(db)
    .where(where)
    .orderBy(desc(o.createdAt), desc(o.id))
    .limit(SERVICE_ORDERS_PER_PAGE)
    .offset((q.page - 1) * SERVICE_ORDERS_PER_PAGE);
  const data: ConstructionAdminItem[] = [];
  for (const r of rows) {
    data.push({
      ...listItem(r, lang),
      ...customerOf(r),
      city_id: r.order.cityId,
      staff: await staffCardOf(db, r.order.staffId),
    });
  }
  return { data, pagination: pages(total, SERVICE_ORDERS_PER_PAGE, q.page) };
}

export async function adminDetail(db: Db, orderId: number, lang: Lang): Promise<ConstructionAdminDetail | null> {
  const r = await load(db, orderId);
  if (!r) return null;
  const { order } = r;
  const d = await detailOf(db, r, lang);
  const pay = tables.payments;
  const [payment] = await db
    .select({ status: pay.status })
    .from(pay)
    .where(and(eq(pay.orderId, orderId), eq(pay.purpose, 'order')))
    .orderBy(desc(pay.id))
    .limit(1);
  const next = nextStates(KIND, order.status, 'admin') as ConstructionStatus[];
  const editable = offerEditable(KIND, order.status, 'admin');
  return {
    ...d,
    ...customerOf(r),
    cancel_note: order.cancelNote,
    can_edit_offer: editable,
    // The rate saveOffer applies while the offer may change; after, the one it was priced at.
    tax_rate: (editable ? await vatRateBp(db) : order.taxRate) / 100,
    can_assign: next.includes('engineer_assigned'),
    can_cancel: next.includes('cancelled'),
    can_chat: true,
    next_statuses: next,
    payment_status: order.paymentMethod === 'wallet' ? null : (payment?.status ?? null),
    refund_status: order.refundStatus,
  };
}

/** Active engineers serving the order's city, best rated first, with their construction orders still open. */
export async function assignableEngineers(db: Db, orderId: number): Promise<AssignableEngineer[] | null> {
  const [order] = await db
    .select()
    .from(o)
    .where(and(eq(o.id, orderId), eq(o.kind, KIND)));
  if (!order) return null;
  if (!order.cityId) return [];
  const sc = tables.staffCities;
  const members = await db
    .select({ s: st })
    .from(st)
    .innerJoin(sc, and(eq(sc.staffId, st.id), eq(sc.cityId, order.cityId)))
    .where(and(eq(st.job, 'engineer'), eq(st.isBlocked, false), isNull(st.deletedAt)))
    .orderBy(desc(st.ratingAvg), asc(st.name));
  const ids = members.map(({ s }) => s.id);
  const open = ids.length
    ? await db
        .select({ staffId: o.staffId, n: count() })
        .from(o)
        .where(and(inArray(o.staffId, ids), eq(o.kind, KIND), notInArray(o.status, finalStates(KIND))))
        .groupBy(o.staffId)
    : [];
  return members.map(({ s }) => ({
    id: s.id,
    name: s.name,
    image: s.image,
    job: s.job,
    rating: starsOf(s.ratingAvg),
    rating_count: s.ratingCount,
    phone: phoneOf(s.countryCode, s.phone).customer_phone,
    open_orders: open.find((x) => x.staffId === s.id)?.n ?? 0,
  }));
}

/* --------------------------------------------------------------- engineer */

/** The order of the engineer assigned (null for anyone else's, or another kind). */
export async function staffDetail(
  db: Db,
  staffId: number,
  orderId: number,
  lang: Lang,
): Promise<StaffConstructionDetail | null> {
  const r = await load(db, orderId);
  if (!r || r.order.staffId !== staffId) return null;
  const { order, request } = r;
  const location = request.location as StoredLocation;
  const city = cityName(r, lang);
  const pin = location.lat !== null && location.lng !== null;
  const address = location.text ?? location.short_code;
  const editable = offerEditable(KIND, order.status, 'staff');
  return {
    id: order.id,
    number: order.number,
    status: order.status as ConstructionStatus,
    created_at: order.createdAt.toISOString(),
    customer_name: r.user.name,
    ...phoneOf(r.user.countryCode, r.user.phone),
    address,
    city,
    lat: pin ? location.lat : null,
    lng: pin ? location.lng : null,
    map_url: pin
      ? directionsUrl(location.lat!, location.lng!)
      : address
        ? directionsToAddress([address, city].filter(Boolean).join(', '))
        : null,
    design: designOf(r, lang),
    estimate: { low: request.estimateLow, high: request.estimateHigh },
    notes: request.notes,
    images: request.images,
    offer: offerView(order, await offerLines(db, order.id), lang),
    tax_rate: (editable ? await vatRateBp(db) : order.taxRate) / 100,
    can_edit_offer: editable,
    can_add_stage: order.status === 'in_progress',
    stages: await stagesOf(db, order.id),
    chat_path: `/api/staff/orders/${order.id}/chat`,
    next_statuses: nextStates(KIND, order.status, 'staff'),
  };
}
