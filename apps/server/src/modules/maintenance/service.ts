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
import { and, eq, inArray } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  riyadhInstant,
  SERVICE_ORDER_KINDS,
  type MaintenanceRequestBody,
  type OrderKind,
  type OfferBody,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { locationOf } from './location.ts';
import {
  cancelOrder,
  lockOrder,
  startOfferOrder,
  offerEditable as kernelOfferEditable,
  saveOffer as kernelSaveOffer,
  transition,
  type Actor,
} from '../orders/index.ts';
import { isStoredImage } from '../uploads/index.ts';

const KIND = 'immediate_maintenance' as const;
const o = tables.orders;
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

/** An order of a kind the dashboard's operations console opens (SERVICE_ORDER_KINDS), or 404. */
export async function findServiceOrder(db: Db, orderId: number) {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.id, orderId), inArray(o.kind, SERVICE_ORDER_KINDS)));
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
    const row = await startOfferOrder(tx, { kind: KIND, userId, cityId });
    await tx.insert(mr).values({
      orderId: row.id,
      problem: b.problem,
      place: b.place,
      images: [...new Set(b.images)],
      scheduledAt,
      location,
    });
    return row;
  });
  await app.events.deliver();
  return order;
}

/* ------------------------------------------------------------------ offer */

/** Whether the offer may still change (the kernel's rule for this kind). */
export const offerEditable = (status: string) => kernelOfferEditable(KIND, status);

/** Saves the offer's lines (and sends it with `send`): the kernel's offer (orders/kernel/offer.ts). */
export const saveOffer = (app: App, orderId: number, body: OfferBody, actor: Actor) =>
  kernelSaveOffer(app, KIND, orderId, body, actor);

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

/**
 * Cancels (or refuses) the order with a reason where the machine lets `actor`; a paid amount is
 * refunded (kernel). `kind`: the order's (the console's other kinds have their own machines).
 */
export const closeOrder = (
  app: App,
  orderId: number,
  actor: Actor,
  to: 'cancelled' | 'refused',
  body: { cancel_reason_id?: number; note?: string },
  kind: OrderKind = KIND,
) => cancelOrder(app, { orderId, kind, actor, to, reasonId: body.cancel_reason_id, note: body.note });
