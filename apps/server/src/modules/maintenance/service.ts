/**
 * Immediate maintenance on the order kernel (DOMAIN.md, "Immediate
 * maintenance"): the customer's request, the dashboard's price offer, the
 * customer's answer and payment. Every state change is the kernel's
 * `transition()` on a locked row (payment, cancellation and refunds through
 * kernel/money.ts, assignment through kernel/assign.ts); the declared
 * notifications go out from the `order.moved` event.
 *
 * Concurrency (SECURITY.md 21-25): accepting locks the order and checks its
 * state, so one of many taps moves it and takes the wallet's money (in the
 * same transaction); the others see the new state (409). A repeat with the
 * same `Idempotency-Key` gets the first answer (lib/idempotency.ts).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  findMove,
  offerTotals,
  riyadhInstant,
  V,
  type Lang,
  type MaintenanceRequestBody,
  type OfferBody,
  type PaymentMethod,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { locationOf } from './location.ts';
import { vatRateBp } from '../cart/index.ts';
import {
  cancelOrder,
  customerActor,
  lockOrder,
  cardPageIfPending,
  moveRefused,
  nextOrderId,
  orderNumber,
  payAgain,
  startOrder,
  payFromWallet,
  transition,
  type Actor,
} from '../orders/index.ts';
import { isStoredImage } from '../uploads/index.ts';

const KIND = 'immediate_maintenance' as const;
const o = tables.orders;
const oi = tables.orderItems;
const mr = tables.maintenanceRequests;

export type OrderRow = typeof o.$inferSelect;

/** The customer's own maintenance order, or 404 (another customer's, or another kind's). */
export async function myOrder(db: Db, userId: number, orderId: number) {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.id, orderId), eq(o.userId, userId), eq(o.kind, KIND)));
  if (!row) throw notFound();
  return row;
}

/** A maintenance order for the dashboard, or 404. */
export async function findMaintenanceOrder(db: Db, orderId: number) {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.id, orderId), eq(o.kind, KIND)));
  if (!row) throw notFound();
  return row;
}

/* ---------------------------------------------------------------- request */

/**
 * Creates the order (`new`, total 0 until the offer, card payment until the
 * customer chooses) and its request in one transaction; the admins are told.
 */
export async function requestMaintenance(app: App, userId: number, b: MaintenanceRequestBody) {
  const badImage = b.images.findIndex((url) => !isStoredImage(app, url, 'maintenance'));
  if (badImage >= 0) throw fieldError('images', 'maintenance.image_invalid');
  const scheduledAt = riyadhInstant(b.date, b.time);
  const order = await retryTransaction(app.db, async (tx) => {
    const { cityId, location } = await locationOf(tx, userId, b);
    const id = await nextOrderId(tx);
    const now = new Date();
    const [row] = await tx
      .insert(o)
      .values({
        id,
        kind: KIND,
        number: orderNumber(KIND, id, now),
        userId,
        status: 'new',
        paymentMethod: 'electronic',
        taxRate: await vatRateBp(tx),
        total: 0,
        cityId,
        createdAt: now,
      })
      .returning();
    await tx.insert(mr).values({
      orderId: id,
      problem: b.problem,
      place: b.place,
      images: [...new Set(b.images)],
      scheduledAt,
      location,
    });
    await startOrder(tx, row!, customerActor(userId));
    return row!;
  });
  await app.events.deliver();
  return order;
}

/* ------------------------------------------------------------------ offer */

/** Whether the offer may still change: the admin's next move from here would send it. */
export const offerEditable = (status: string) => findMove(KIND, status, 'offer_sent', 'admin') !== undefined;

/**
 * Saves the offer's lines (replacing the previous offer's, never an extra
 * service's) with VAT per line at the store's rate, and the order's totals;
 * `send` also moves the order to `offer_sent` in the same transaction. A line
 * picked from the catalogue keeps its item (`service_item_id`): an active,
 * undeleted spare part or extra service of the line's own kind.
 */
export async function saveOffer(app: App, orderId: number, body: OfferBody, actor: Actor) {
  const si = tables.serviceItems;
  const itemIds = [...new Set(body.lines.flatMap((l) => (l.item_id ? [l.item_id] : [])))];
  // The catalogue's names and prices are the dashboard's starting point; the lines as sent are the offer.
  const items = itemIds.length
    ? await app.db
        .select({ id: si.id, kind: si.kind })
        .from(si)
        .where(and(inArray(si.id, itemIds), eq(si.isActive, true), isNull(si.deletedAt)))
    : [];
  const kindOf = new Map(items.map((i) => [i.id, i.kind]));
  // A catalogue item stands for a line of its own kind (a spare part, or an extra service).
  const index = body.lines.findIndex((l) => l.item_id && kindOf.get(l.item_id) !== l.kind);
  if (index >= 0) throw fieldError(`lines.${index}.item_id`, V.invalid);
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, orderId, { kind: KIND });
    if (!offerEditable(row.status)) throw new AppError('fail', 'maintenance.offer_not_editable', { status: 409 });
    const rate = await vatRateBp(tx);
    const totals = offerTotals(body.lines, rate);
    await tx.delete(oi).where(and(eq(oi.orderId, row.id), isNull(oi.extraId)));
    await tx.insert(oi).values(
      body.lines.map((l, i) => ({
        orderId: row.id,
        kind: l.kind,
        serviceItemId: l.item_id ?? null,
        nameAr: l.name_ar,
        nameEn: l.name_en,
        unitPrice: l.unit_price,
        quantity: l.quantity,
        vatRate: rate,
        vat: totals.lines[i]!.vat,
      })),
    );
    const [saved] = await tx
      .update(o)
      .set({
        servicePrice: totals.service + totals.extra_services,
        productsPrice: totals.spare_parts,
        installationPrice: totals.installation,
        deliveryPrice: totals.delivery,
        discount: totals.discount,
        taxRate: rate,
        tax: totals.tax,
        total: totals.total,
        updatedAt: new Date(),
      })
      .where(eq(o.id, row.id))
      .returning();
    if (!body.send) return saved!;
    return (await transition(tx, saved!, { to: 'offer_sent', actor })).order;
  });
  await app.events.deliver();
  return order;
}

/* --------------------------------------------------------- admin moves */

/** An admin's move without a reason (approve; send the saved offer). */
export async function adminMove(app: App, orderId: number, to: 'approved' | 'offer_sent', actor: Actor) {
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, orderId, { kind: KIND });
    return (await transition(tx, row, { to, actor })).order;
  });
  await app.events.deliver();
  return order;
}

/* -------------------------------------------------------- customer answer */

/**
 * Accepts the offer: `offer_sent` -> `pending_payment` with the payment
 * method. A wallet pays at once in the same transaction (-> `paid`); a card
 * answers the gateway's page after the commit (null when it could not start:
 * the customer pays again from the order).
 */
export async function acceptOffer(app: App, userId: number, orderId: number, method: PaymentMethod, lang: Lang) {
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, orderId, { kind: KIND, userId });
    if (row.status !== 'offer_sent') throw moveRefused(row.status);
    const { order: waiting } = await transition(tx, row, {
      to: 'pending_payment',
      actor: customerActor(userId),
      patch: { paymentMethod: method },
      paidAtOnce: method === 'wallet',
    });
    return method === 'wallet' ? payFromWallet(tx, waiting) : waiting;
  });
  await app.events.deliver();
  return { order, redirectUrl: await cardPageIfPending(app, order, lang) };
}

/**
 * Pays again an order that waits for payment (a card was declined or left):
 * by card, the gateway's page opens again (kernel `payAgain`); from the wallet,
 * it is paid at once in one locked transaction, so of two taps one pays and
 * the other sees it paid (409). A card attempt still open that succeeds later
 * is refunded by the kernel (orderPaid).
 */
export async function payOrderAgain(app: App, userId: number, orderId: number, method: PaymentMethod, lang: Lang) {
  if (method !== 'wallet') {
    const row = await myOrder(app.db, userId, orderId);
    return { order: row, redirectUrl: await payAgain(app, row, lang) };
  }
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, orderId, { kind: KIND, userId });
    if (row.status !== 'pending_payment') throw new AppError('fail', 'orders.not_payable', { status: 409 });
    const [byWallet] = await tx.update(o).set({ paymentMethod: 'wallet' }).where(eq(o.id, row.id)).returning();
    return payFromWallet(tx, byWallet!);
  });
  await app.events.deliver();
  return { order, redirectUrl: null };
}

/** Rejects the offer with the customer's reason (kept in the timeline); the admins are told. */
export async function rejectOffer(app: App, userId: number, orderId: number, reason: string) {
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, orderId, { kind: KIND, userId });
    return (await transition(tx, row, { to: 'offer_rejected', actor: customerActor(userId), reason })).order;
  });
  await app.events.deliver();
  return order;
}

/** Cancels (or refuses) the order with a reason where the machine lets `actor`; a paid amount is refunded (kernel). */
export const closeOrder = (
  app: App,
  orderId: number,
  actor: Actor,
  to: 'cancelled' | 'refused',
  body: { cancel_reason_id?: number; note?: string },
) => cancelOrder(app, { orderId, kind: KIND, actor, to, reasonId: body.cancel_reason_id, note: body.note });
