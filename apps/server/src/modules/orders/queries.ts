/**
 * Reading orders of any kind through the kernel's declarations: the customer's
 * tabs (each kind's states in a tab) and details, the dashboard's list and
 * details, the tax invoice. Callers name the kinds they list (the store's
 * routes: `store`); the row's kind decides its tab and next moves.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  max,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { prepared, tables, type Db } from '@pool/db';
import {
  ADMIN_ORDERS_PER_PAGE,
  nextStates,
  STORE_ORDERS_PER_PAGE,
  statesInTab,
  tabOf,
  vatOf,
  dayEnd,
  dayStart,
  type AdminOrderDetail,
  type AdminOrderItem,
  type AdminOrdersQuery,
  type Lang,
  type OrderKind,
  type OrderRefund,
  type OrderTab,
  type PriceLines,
  type StoreInvoice,
  type StoreOrderDetail,
  type StoreOrderItem,
  toLatinDigits,
  type StoreOrderStatus,
} from '@pool/contracts';
import { translate } from '@pool/i18n';
import { AppError } from '../../lib/errors.ts';
import { contains } from '../../lib/like.ts';
import { listTotal, pages, totalOf } from '../../lib/pagination.ts';
import { storedSettings } from '../content/index.ts';
import type { OrderRow } from './kernel/hooks.ts';
import { zatcaQr } from './zatca.ts';

const o = tables.orders;
const oi = tables.orderItems;
const u = tables.users;
type ItemRow = typeof oi.$inferSelect;

/** The name in the reader's language. */
export const pick = (lang: Lang, ar: string, en: string) => (lang === 'en' ? en : ar);
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An order's lines in the order they were added (the lists read only their summary, `linesSummary`). */
export const linesOf = (db: Db, orderId: number) =>
  db.select().from(oi).where(eq(oi.orderId, orderId)).orderBy(asc(oi.id));

/** What a list shows of an order's lines: how many, how many units, and the first line's name and picture. */
type LinesSummary = {
  lines: number;
  units: number;
  name_ar: string | null;
  name_en: string | null;
  image: string | null;
};

/**
 * The lines' summary read with each order of a list, in the list's own query (a round trip less than
 * reading the lines apart); `summaryOf` is the same from lines already read. The order's id is named with
 * its table: drizzle leaves a one-table select's columns bare, and a bare "id" here would be the line's.
 */
const linesSummary = sql<LinesSummary>`(select json_build_object(
    'lines', count(*), 'units', coalesce(sum(${oi.quantity}), 0),
    'name_ar', (array_agg(${oi.nameAr} order by ${oi.id}))[1], 'name_en', (array_agg(${oi.nameEn} order by ${oi.id}))[1],
    'image', (array_agg(${oi.image} order by ${oi.id}))[1])
  from ${oi} where ${oi.orderId} = ${sql.identifier(getTableName(o))}.${sql.identifier(o.id.name)})`;

const summaryOf = (items: ItemRow[]): LinesSummary => ({
  lines: items.length,
  units: items.reduce((s, i) => s + i.quantity, 0),
  name_ar: items[0]?.nameAr ?? null,
  name_en: items[0]?.nameEn ?? null,
  image: items[0]?.image ?? null,
});

function listItem(row: OrderRow, lines: LinesSummary, lang: Lang): StoreOrderItem {
  const name = (lang === 'en' ? lines.name_en : lines.name_ar) ?? row.number;
  return {
    id: row.id,
    number: row.number,
    status: row.status as StoreOrderStatus,
    tab: tabOf(row.kind, row.status),
    created_at: row.createdAt.toISOString(),
    payment_method: row.paymentMethod,
    total: row.total,
    items_count: lines.units,
    image: lines.image,
    title: lines.lines > 1 ? translate(lang, 'orders.title_more', { name, count: lines.lines - 1 }) : name,
  };
}

/** An amount with VAT as stored at checkout; an order from before ADR 0023 has none, so its own VAT is added. */
const storedWithVat = (stored: number | null, net: number, rateBp: number) => stored ?? net + vatOf(net, rateBp);

/** A line's unit price and installation (all units) with VAT, and its total with VAT. */
function lineWithVat(i: ItemRow) {
  const unit = storedWithVat(i.unitPriceWithVat, i.unitPrice, i.vatRate);
  const installation = storedWithVat(i.installationWithVat, i.installationPrice, i.vatRate);
  return { unit, installation, total: unit * i.quantity + installation };
}

export function priceLinesOfOrder(row: OrderRow, items: ItemRow[]): PriceLines {
  const lines = items.map((i) => ({ ...lineWithVat(i), quantity: i.quantity }));
  return {
    products: row.productsPrice,
    installation: row.installationPrice,
    delivery: row.deliveryPrice,
    discount: row.discount,
    products_with_vat: lines.reduce((s, l) => s + l.unit * l.quantity, 0),
    installation_with_vat: lines.reduce((s, l) => s + l.installation, 0),
    delivery_with_vat: storedWithVat(row.deliveryWithVat, row.deliveryPrice, row.taxRate),
    discount_with_vat: storedWithVat(row.discountWithVat, row.discount, row.taxRate),
    tax_rate: row.taxRate / 100,
    tax: row.tax,
    total: row.total,
  };
}

function addressOf(row: OrderRow, lang: Lang) {
  const a = row.address as Record<string, string | number | null> | null;
  if (!a) return null;
  return {
    label: String(a.label ?? ''),
    city_id: Number(a.city_id),
    city: String(pick(lang, String(a.city_ar ?? ''), String(a.city_en ?? ''))),
    district: String(a.district ?? ''),
    street: String(a.street ?? ''),
    building_number: String(a.building_number ?? ''),
    postal_code: String(a.postal_code ?? ''),
    additional_number:
      a.additional_number === null || a.additional_number === undefined ? null : String(a.additional_number),
    details: a.details === null || a.details === undefined ? null : String(a.details),
    lat: typeof a.lat === 'number' ? a.lat : null,
    lng: typeof a.lng === 'number' ? a.lng : null,
  };
}

/** Orders of these kinds, in one of the customer's tabs when given (each kind's own states in it). */
export function ofKinds(kinds: readonly OrderKind[], tab?: OrderTab): SQL {
  if (!tab) return inArray(o.kind, [...kinds]);
  const parts = kinds.flatMap((kind) => {
    const states = statesInTab(kind, tab);
    return states.length ? [and(eq(o.kind, kind), inArray(o.status, states))!] : [];
  });
  return parts.length ? or(...parts)! : eq(o.id, -1);
}

/** The customer's page of orders of these kinds (and tab), built once for each: the app reads it on every visit. */
const customerPages = new Map<string, ReturnType<typeof customerPageOf>>();
const customerPageOf = (kinds: readonly OrderKind[], tab?: OrderTab) =>
  prepared((db) =>
    db
      .select({ order: o, lines: linesSummary, total: listTotal })
      .from(o)
      .where(and(eq(o.userId, sql.placeholder('user')), ofKinds(kinds, tab)))
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(STORE_ORDERS_PER_PAGE)
      .offset(sql.placeholder('offset')),
  );

/** The customer's orders of these kinds, newest first, optionally one tab. */
export async function listCustomerOrders(
  db: Db,
  userId: number,
  q: { tab?: OrderTab; page: number; kinds: readonly OrderKind[] },
  lang: Lang,
) {
  const key = `${q.kinds.join()}:${q.tab ?? ''}`;
  let query = customerPages.get(key);
  if (!query) customerPages.set(key, (query = customerPageOf(q.kinds, q.tab)));
  const found = await query(db).execute({ user: userId, offset: (q.page - 1) * STORE_ORDERS_PER_PAGE });
  const total = await totalOf(found, q.page, async () => {
    const [row] = await db
      .select({ total: count() })
      .from(o)
      .where(and(eq(o.userId, userId), ofKinds(q.kinds, q.tab)));
    return row?.total ?? 0;
  });
  return {
    data: found.map((r) => listItem(r.order, r.lines, lang)),
    pagination: pages(total, STORE_ORDERS_PER_PAGE, q.page),
  };
}

/** Everything both details pages show. */
async function detailOf(db: Db, row: OrderRow, lang: Lang) {
  const items = await linesOf(db, row.id);
  const events = await timelineOf<StoreOrderStatus>(db, row.id, lang);
  const r = tables.productRatings;
  const ratings = await db.select().from(r).where(eq(r.orderId, row.id));
  const lines = items.map((i) => {
    const withVat = lineWithVat(i);
    return {
      product_id: i.productId,
      variant_id: i.variantId,
      name: pick(lang, i.nameAr, i.nameEn),
      options: pick(lang, i.optionsAr, i.optionsEn),
      image: i.image,
      unit_price: i.unitPrice,
      unit_price_with_vat: withVat.unit,
      quantity: i.quantity,
      installation_price: i.installationPrice,
      installation_price_with_vat: withVat.installation,
      line_total: i.unitPrice * i.quantity + i.installationPrice,
      line_total_with_vat: withVat.total,
      rating: ratings.find((x) => x.productId === i.productId)?.rating ?? null,
    };
  });
  return {
    ...listItem(row, summaryOf(items), lang),
    prices: priceLinesOfOrder(row, items),
    coupon_code: row.couponCode,
    address: addressOf(row, lang),
    lines,
    events,
    pay_by: row.status === 'pending_payment' ? iso(row.payBy) : null,
    paid_at: iso(row.paidAt),
    cancel_reason: await cancelReasonText(db, row, events.at(-1)?.actor, lang),
    cancel_note: row.cancelNote,
    refund: await refundOf(db, row),
    has_invoice: row.paidAt !== null,
  };
}

export async function customerOrderDetail(db: Db, row: OrderRow, lang: Lang): Promise<StoreOrderDetail> {
  const d = await detailOf(db, row, lang);
  const status = row.status as StoreOrderStatus;
  return {
    ...d,
    can_cancel: status === 'pending_payment' || status === 'new',
    can_pay: status === 'pending_payment' && row.paymentMethod === 'electronic',
    can_rate: status === 'delivered' && d.lines.some((l) => l.product_id !== null && l.rating === null),
  };
}

/* ----------------------------------------------- shared by the kinds' pages */

/** An order's history (its timeline), oldest first, as the order pages show it: a chosen reason in the reader's language. */
export async function timelineOf<S extends string>(db: Db, orderId: number, lang: Lang) {
  const e = tables.orderEvents;
  const cr = tables.cancelReasons;
  const rows = await db
    .select({ event: e, reason: cr })
    .from(e)
    .leftJoin(cr, eq(cr.id, e.reasonId))
    .where(eq(e.orderId, orderId))
    .orderBy(asc(e.createdAt), asc(e.id));
  return rows.map(({ event: x, reason }) => ({
    status: x.toStatus as S,
    from_status: (x.fromStatus as S | null) ?? null,
    actor: x.actor,
    note: [reason ? pick(lang, reason.titleAr, reason.titleEn) : null, x.note].filter(Boolean).join(' — ') || null,
    created_at: x.createdAt.toISOString(),
  }));
}

/**
 * Why the order was cancelled or refused, in the reader's language: the chosen reason, or the
 * words of the automatic cancellation (its last move by the system); null otherwise.
 */
export async function cancelReasonText(db: Db, order: OrderRow, lastActor: string | undefined, lang: Lang) {
  const cr = tables.cancelReasons;
  const [reason] = order.cancelReasonId ? await db.select().from(cr).where(eq(cr.id, order.cancelReasonId)) : [];
  if (reason) return pick(lang, reason.titleAr, reason.titleEn);
  return order.status === 'cancelled' && lastActor === 'system' ? translate(lang, 'orders.auto_cancel_reason') : null;
}

/**
 * The refund of an order (null when none is due): while a card refund is due,
 * the order's total; once made, what the wallet got back for the order plus what
 * its card payments were refunded, and when the last of it was made.
 */
export async function refundOf(db: Db, row: OrderRow): Promise<OrderRefund | null> {
  if (!row.refundStatus) return null;
  if (row.refundStatus === 'pending' || row.refundStatus === 'processing') {
    return { amount: row.total, to: 'card', pending: true, refunded_at: null };
  }
  const we = tables.walletEntries;
  const pay = tables.payments;
  const [[wallet], [card]] = await Promise.all([
    db
      .select({ amount: sql<number>`coalesce(sum(${we.amount}), 0)::int`, at: max(we.createdAt) })
      .from(we)
      .where(and(eq(we.orderId, row.id), eq(we.kind, 'refund'))),
    db
      .select({ amount: sql<number>`coalesce(sum(${pay.refundedAmount}), 0)::int`, at: max(pay.updatedAt) })
      .from(pay)
      .where(and(eq(pay.orderId, row.id), eq(pay.purpose, 'order'), gt(pay.refundedAmount, 0))),
  ]);
  const amount = (wallet?.amount ?? 0) + (card?.amount ?? 0);
  if (amount <= 0) return null;
  const times = [wallet?.at, card?.at].filter((d): d is Date => d instanceof Date);
  const at = times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : row.updatedAt;
  return { amount, to: row.refundStatus, pending: false, refunded_at: at.toISOString() };
}

/**
 * The dashboard's search of orders: the order number holds `text`, or the customer's phone does (typed with or
 * without +966 or the leading 0, spaces or dashes, Arabic-Indic digits), or with `byName` the customer's name.
 * A phone is looked for only in a text of digits and a name only in one with a letter, so each customer
 * condition is one that its trigram index answers. The customers are picked first, as an array: PostgreSQL
 * then reads their orders by the customers' index beside the numbers' trigram index, where an OR across a join
 * with the customers read every order of the table.
 */
export function orderSearch(text: string, { byName = false } = {}): SQL {
  const phone = toLatinDigits(text)
    .replace(/[\s-]/g, '')
    .replace(/^\+?966/, '')
    .replace(/^0/, '');
  const number = ilike(o.number, contains(text));
  const customers = or(
    byName && /\p{L}/u.test(text) ? ilike(u.name, contains(text)) : undefined,
    /^\d+$/.test(phone) ? ilike(u.phone, contains(phone)) : undefined,
  );
  return customers ? or(number, sql`${o.userId} = any(array(select ${u.id} from ${u} where ${customers}))`)! : number;
}

/* ------------------------------------------------------------- dashboard */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day is a Riyadh day; a full time is taken as given. */
const fromDate = (v: string) => (DAY.test(v) ? dayStart(v) : new Date(v));
const toDateExclusive = (v: string) => (DAY.test(v) ? dayEnd(v) : new Date(Date.parse(v) + 1));

export async function listAdminOrders(db: Db, kinds: readonly OrderKind[], q: AdminOrdersQuery, lang: Lang) {
  const search = q.q?.trim();
  const where = and(
    ofKinds(kinds),
    q.status ? eq(o.status, q.status) : undefined,
    q.payment_method ? eq(o.paymentMethod, q.payment_method) : undefined,
    q.city_id ? eq(o.cityId, q.city_id) : undefined,
    q.from ? gte(o.createdAt, fromDate(q.from)) : undefined,
    q.to ? lt(o.createdAt, toDateExclusive(q.to)) : undefined,
    search ? orderSearch(search, { byName: true }) : undefined,
  );
  const c = tables.cities;
  // The page and the whole list's count side by side: a count over the window would compute every row's
  // select list (lib/pagination.ts).
  const [rows, [counted]] = await Promise.all([
    db
      .select({ order: o, user: u, city: c, lines: linesSummary })
      .from(o)
      .innerJoin(u, eq(u.id, o.userId))
      .leftJoin(c, eq(c.id, o.cityId))
      .where(where)
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(ADMIN_ORDERS_PER_PAGE)
      .offset((q.page - 1) * ADMIN_ORDERS_PER_PAGE),
    db.select({ total: count() }).from(o).where(where),
  ]);
  const total = counted?.total ?? 0;
  const data: AdminOrderItem[] = rows.map((r) => ({
    ...listItem(r.order, r.lines, lang),
    customer_id: r.user.id,
    customer_name: r.user.name,
    customer_phone: `+${r.user.countryCode} ${r.user.phone}`,
    city: r.city ? pick(lang, r.city.nameAr, r.city.nameEn) : null,
  }));
  return { data, pagination: pages(total, ADMIN_ORDERS_PER_PAGE, q.page) };
}

export async function adminOrderDetail(
  db: Db,
  kind: OrderKind,
  orderId: number,
  lang: Lang,
): Promise<AdminOrderDetail | undefined> {
  const [row] = await db
    .select({ order: o, user: u })
    .from(o)
    .innerJoin(u, eq(u.id, o.userId))
    .where(and(eq(o.id, orderId), eq(o.kind, kind)));
  if (!row) return undefined;
  const pay = tables.payments;
  const [payment] = await db
    .select({ status: pay.status })
    .from(pay)
    .where(eq(pay.orderId, orderId))
    .orderBy(desc(pay.id))
    .limit(1);
  return {
    ...(await detailOf(db, row.order, lang)),
    customer_id: row.user.id,
    customer_name: row.user.name,
    customer_phone: `+${row.user.countryCode} ${row.user.phone}`,
    next_statuses: nextStates(kind, row.order.status, 'admin') as StoreOrderStatus[],
    payment_status: row.order.paymentMethod === 'wallet' ? null : (payment?.status ?? null),
  };
}

export async function findOrder(db: Db, kind: OrderKind, orderId: number) {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.id, orderId), eq(o.kind, kind)));
  return row;
}

/* ---------------------------------------------------------------- invoice */

/** The simplified tax invoice of a paid order, with its ZATCA QR; 409 before payment. */
export async function invoiceOf(db: Db, row: OrderRow, lang: Lang): Promise<StoreInvoice> {
  if (!row.paidAt) throw new AppError('fail', 'orders.no_invoice', { status: 409 });
  const [settings, [user], d] = await Promise.all([
    storedSettings(db),
    db.select().from(u).where(eq(u.id, row.userId)),
    detailOf(db, row, lang),
  ]);
  return {
    order_id: row.id,
    number: row.number,
    issued_at: row.paidAt.toISOString(),
    seller_name: pick(lang, settings.site.name_ar, settings.site.name_en),
    vat_number: settings.legal.tax_number,
    commercial_record: settings.legal.commercial_record,
    seller_address: pick(lang, settings.contact.location_ar, settings.contact.location_en),
    customer_name: user?.name ?? '',
    customer_phone: user ? `+${user.countryCode} ${user.phone}` : '',
    address: d.address,
    payment_method: row.paymentMethod,
    lines: d.lines.map(({ rating: _rating, ...line }) => line),
    prices: d.prices,
    qr: zatcaQr({
      sellerName: settings.site.name_ar,
      vatNumber: settings.legal.tax_number,
      timestamp: row.paidAt,
      totalWithVat: row.total,
      vat: row.tax,
    }),
  };
}
