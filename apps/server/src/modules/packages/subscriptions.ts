/**
 * A customer's subscription to a package (DOMAIN.md, "Scheduled maintenance";
 * ADR 0018) on the order kernel: subscribing (exactly as many visit times as
 * the package has visits, paid by wallet at once or by card), its visits made
 * when it is paid, cancelling with the unused visits refunded pro rata to the
 * wallet, and the automatic renewal switch. Every state change is the
 * kernel's `transition()` on a locked row; notifications follow from the
 * declarations through the `order.moved` event.
 */
import { and, asc, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  PACKAGE_VISIT_MACHINE,
  riyadhInstant,
  vatOf,
  VISIT_REMINDER_HOURS,
  type Lang,
  type SubscribeBody,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { vatRateBp } from '../cart/index.ts';
import { locationOf } from '../maintenance/index.ts';
import {
  checkCancelReason,
  customerActor,
  lockOrder,
  type Actor,
  cardPageIfPending,
  nextOrderId,
  orderNumber,
  payDeadline,
  startOrder,
  payFromWallet,
  SYSTEM,
  transition,
} from '../orders/index.ts';
import { credit } from '../wallet/index.ts';
import { sellablePackage } from './catalogue.ts';

const KIND = 'package_subscription' as const;
const VISIT = 'package_visit' as const;
const DAY_MS = 86_400_000;
const o = tables.orders;
const s = tables.packageSubscriptions;
const mr = tables.maintenanceRequests;

export type SubscriptionRow = typeof s.$inferSelect;
type OrderRow = typeof o.$inferSelect;

/** The visits that still count: not done, not cancelled. */
export const OPEN_VISIT_STATES = ['unscheduled', 'scheduled', 'technician_assigned', 'on_the_way', 'arrived'];
/**
 * The open visits a subscription's end cancels (the system's cancel move):
 * one under way (on the way, arrived) is left for its technician to finish.
 */
export const CANCELLABLE_VISIT_STATES: readonly string[] = PACKAGE_VISIT_MACHINE.moves
  .filter((m) => m.to === 'cancelled' && m.by === 'system')
  .flatMap((m) => m.from);

/** The customer's own subscription (order and details), or 404. */
export async function mySubscription(db: Db, userId: number, id: number) {
  const [row] = await db
    .select({ order: o, sub: s })
    .from(o)
    .innerJoin(s, eq(s.orderId, o.id))
    .where(and(eq(o.id, id), eq(o.userId, userId), eq(o.kind, KIND)));
  if (!row) throw notFound();
  return row;
}

export const SUBSCRIPTIONS_PER_PAGE = 10;

/** My subscriptions, newest first (all, or in one state). */
export async function listMySubscriptions(db: Db, userId: number, q: { page: number; status?: string }) {
  const where = and(eq(o.userId, userId), eq(o.kind, KIND), q.status ? eq(o.status, q.status) : undefined);
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(o).where(where),
    db
      .select({ order: o, sub: s })
      .from(o)
      .innerJoin(s, eq(s.orderId, o.id))
      .where(where)
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(SUBSCRIPTIONS_PER_PAGE)
      .offset((q.page - 1) * SUBSCRIPTIONS_PER_PAGE),
  ]);
  return { rows, total };
}

/** A subscription's visits, in time order (unscheduled ones last). */
export async function visitsOf(db: Db, subscriptionIds: number[]) {
  if (!subscriptionIds.length) return [];
  const st = tables.staff;
  return db
    .select({ order: o, at: mr.scheduledAt, staff: { id: st.id, name: st.name, image: st.image } })
    .from(o)
    .leftJoin(mr, eq(mr.orderId, o.id))
    .leftJoin(st, eq(st.id, o.staffId))
    .where(and(eq(o.kind, VISIT), inArray(o.parentId, subscriptionIds)))
    .orderBy(asc(mr.scheduledAt), asc(o.id));
}

/**
 * Halalas the wallet gets back if the subscription is cancelled now: each visit left is worth its
 * share of a period's total (a period renewed early adds its visits to those still open).
 */
export const refundFor = (total: number, visits: number, remaining: number) =>
  visits > 0 ? Math.floor((total * remaining) / visits) : 0;

/** What cancelling an active subscription now gives back: its share of the visits a cancel would cancel. */
export const refundIfCancelled = (
  order: { status: string; total: number },
  sub: { visits: number },
  visits: readonly { order: { status: string } }[],
) =>
  order.status === 'active'
    ? refundFor(order.total, sub.visits, visits.filter((v) => CANCELLABLE_VISIT_STATES.includes(v.order.status)).length)
    : 0;

/**
 * Subscribes: the package as sold now, `slots` exactly its number of visits and
 * within its validity from today, the place; `pending_payment` for 2 hours, or
 * paid at once from the wallet (its visits are then made by the `order.moved`
 * subscriber). A card answers the gateway's page after the commit.
 */
export async function subscribe(app: App, userId: number, packageId: number, b: SubscribeBody, lang: Lang) {
  const pkg = await sellablePackage(app.db, packageId);
  if (!pkg) throw notFound();
  if (b.slots.length !== pkg.visits) throw fieldError('slots', 'packages.slots_exactly', { required: pkg.visits });
  const times = b.slots.map((slot) => riyadhInstant(slot.date, slot.time));
  const lastDay = Date.now() + pkg.validityDays * DAY_MS;
  const late = times.findIndex((t) => t.getTime() > lastDay);
  if (late >= 0) throw fieldError(`slots.${late}.date`, 'packages.slot_after_validity', { days: pkg.validityDays });
  const order = await retryTransaction(app.db, async (tx) => {
    const { cityId, location } = await locationOf(tx, userId, b);
    const rate = await vatRateBp(tx);
    const tax = vatOf(pkg.price, rate);
    const id = await nextOrderId(tx);
    const now = new Date();
    const [row] = await tx
      .insert(o)
      .values({
        id,
        kind: KIND,
        number: orderNumber(KIND, id, now),
        userId,
        status: 'pending_payment',
        paymentMethod: b.payment_method,
        servicePrice: pkg.price,
        taxRate: rate,
        tax,
        total: pkg.price + tax,
        cityId,
        payBy: payDeadline(now),
        createdAt: now,
      })
      .returning();
    await tx.insert(tables.orderItems).values({
      orderId: id,
      kind: 'service',
      nameAr: pkg.nameAr,
      nameEn: pkg.nameEn,
      unitPrice: pkg.price,
      quantity: 1,
      vatRate: rate,
      vat: tax,
    });
    await tx.insert(s).values({
      orderId: id,
      packageId: pkg.id,
      nameAr: pkg.nameAr,
      nameEn: pkg.nameEn,
      visits: pkg.visits,
      validityDays: pkg.validityDays,
      price: pkg.price,
      location,
      slots: times.map((t) => t.toISOString()),
    });
    const paidAtOnce = b.payment_method === 'wallet' || row!.total === 0;
    await startOrder(tx, row!, customerActor(userId), { paidAtOnce });
    return paidAtOnce ? payFromWallet(tx, row!) : row!;
  });
  await app.events.deliver();
  return { order, redirectUrl: await cardPageIfPending(app, order, lang) };
}

/**
 * A visit's time and place (its request row; the package's name stands for the problem the staff
 * read). A time the customer has just chosen within VISIT_REMINDER_HOURS counts as reminded of.
 */
export async function placeVisit(tx: Db, visitId: number, sub: SubscriptionRow, at: Date) {
  const soon = at.getTime() - Date.now() <= VISIT_REMINDER_HOURS * 3600_000;
  await tx.insert(mr).values({
    orderId: visitId,
    problem: `${sub.nameAr} / ${sub.nameEn}`,
    place: '',
    scheduledAt: at,
    location: sub.location,
    remindedFor: soon ? at : null,
  });
}

/** One visit of the subscription at `at` (its place is the subscription's); a time already past is left to pick again. */
export async function makeVisit(tx: Db, parent: OrderRow, sub: SubscriptionRow, at: Date | null) {
  const id = await nextOrderId(tx);
  const now = new Date();
  const [visit] = await tx
    .insert(o)
    .values({
      id,
      kind: VISIT,
      number: orderNumber(VISIT, id, now),
      userId: parent.userId,
      parentId: parent.id,
      status: 'scheduled',
      paymentMethod: parent.paymentMethod,
      taxRate: parent.taxRate,
      total: 0,
      cityId: parent.cityId,
      createdAt: now,
    })
    .returning();
  await placeVisit(tx, id, sub, at ?? now);
  await startOrder(tx, visit!, SYSTEM);
  if (!at || at.getTime() <= now.getTime()) await transition(tx, visit!, { to: 'unscheduled', actor: SYSTEM });
}

/** The period `from` starts, for the subscription's validity. */
export const periodFrom = (sub: Pick<SubscriptionRow, 'validityDays'>, from: Date) => ({
  startsAt: from,
  endsAt: new Date(from.getTime() + sub.validityDays * DAY_MS),
});

/**
 * The subscription was paid: its period starts now for its validity, and its
 * visits are made at the times chosen. Once: a second delivery finds the period
 * started (the subscription row is locked).
 */
export async function activate(tx: Db, orderId: number) {
  const [row] = await tx
    .select({ order: o, sub: s })
    .from(o)
    .innerJoin(s, eq(s.orderId, o.id))
    .where(eq(o.id, orderId))
    .for('update');
  if (!row || row.sub.startsAt || row.order.status !== 'active') return;
  await tx.update(s).set(periodFrom(row.sub, new Date())).where(eq(s.orderId, orderId));
  for (const at of row.sub.slots) await makeVisit(tx, row.order, row.sub, new Date(at));
}

/** Cancels a subscription's visits not yet under way (it ended); answers how many. */
export async function cancelOpenVisits(tx: Db, subscriptionId: number) {
  const open = await tx
    .select()
    .from(o)
    .where(and(eq(o.parentId, subscriptionId), inArray(o.status, CANCELLABLE_VISIT_STATES)))
    .for('update');
  for (const visit of open) await transition(tx, visit, { to: 'cancelled', actor: SYSTEM });
  return open.length;
}

/** Visits of the subscription not done and not cancelled. */
export async function remainingVisits(db: Db, subscriptionId: number) {
  const rows = await db
    .select({ id: o.id })
    .from(o)
    .where(and(eq(o.parentId, subscriptionId), notInArray(o.status, ['done', 'cancelled'])));
  return rows.length;
}

/**
 * The customer (or an admin, with a reason) cancels: unpaid, it is simply
 * cancelled; active, its visits not under way are cancelled and the wallet gets
 * back the total pro rata of those (once: the wallet's refund of an order is unique).
 */
export async function cancelSubscription(
  app: App,
  id: number,
  actor: Actor,
  why: { reasonId?: number; note?: string } = {},
) {
  const reasonId = await checkCancelReason(app.db, why.reasonId, actor);
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, id, {
      kind: KIND,
      userId: actor.type === 'customer' ? actor.userId : undefined,
    });
    const [sub] = await tx.select().from(s).where(eq(s.orderId, id));
    const active = row.status === 'active';
    const cancelled = active ? await cancelOpenVisits(tx, id) : 0;
    const refund = refundFor(row.total, sub!.visits, cancelled);
    const { order: done } = await transition(tx, row, {
      to: 'cancelled',
      actor,
      reason: why.note ?? null,
      reasonId,
      patch: {
        cancelReasonId: reasonId,
        cancelNote: why.note ?? null,
        ...(refund > 0 ? { refundStatus: 'wallet' as const } : {}),
      },
    });
    if (refund > 0) await credit(tx, row.userId, refund, 'refund', { orderId: id });
    return done;
  });
  await app.events.deliver();
  return order;
}

/** Turns the automatic renewal on or off (an active subscription only). */
export async function setAutoRenew(app: App, userId: number, id: number, on: boolean) {
  await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, id, { kind: KIND, userId });
    if (row.status !== 'active') throw new AppError('fail', 'packages.not_active', { status: 409 });
    await tx.update(s).set({ autoRenew: on }).where(eq(s.orderId, id));
  });
}

/** Checks a time a visit may take: in the future and inside the subscription's period. */
export function checkVisitTime(sub: SubscriptionRow, at: Date) {
  if (at.getTime() <= Date.now()) throw fieldError('time', 'validation.future_date');
  if (!sub.endsAt || at.getTime() > sub.endsAt.getTime()) throw fieldError('date', 'packages.slot_after_end');
}
