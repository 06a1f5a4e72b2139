/**
 * Pool construction on the order kernel (DOMAIN.md, "Pool construction"):
 * the customer's request (the design with its estimate at request time and
 * its snapshot), the stages the engineer posts while the work is in progress,
 * and the dashboard's completion and cancellation. Every state change is the
 * kernel's `transition()` on a locked row: the assignment through
 * kernel/assign.ts, the offer (save, send, accept and pay, reject) through
 * kernel/offer.ts, money and refunds through kernel/money.ts; the declared
 * notifications go out from the `order.moved` event.
 *
 * A stage sends no notification: no type of spec section 9 says "a stage was
 * posted", and the customer sees the stages on the order's page (and the
 * engineer may write in the order's chat, which notifies).
 */
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import {
  CONSTRUCTION_IMAGE_FOLDER,
  CONSTRUCTION_STAGE_FOLDER,
  type ConstructionRequestBody,
  type ConstructionStageBody,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { locationOf } from '../maintenance/index.ts';
import { cancelOrder, lockOrder, startOfferOrder, transition, type Actor } from '../orders/index.ts';
import { isStoredImage } from '../uploads/index.ts';
import { estimateDesign } from './catalogue.ts';

export const KIND = 'pool_construction' as const;
const o = tables.orders;
const cr = tables.constructionRequests;
const dm = (metres: number) => Math.round(metres * 10);

/** Refuses a picture that is not one of ours, uploaded to `folder` (a field error on `field`). */
function checkImages(app: App, urls: readonly string[], field: string, folder: string) {
  if (urls.some((url) => !isStoredImage(app, url, folder))) throw fieldError(field, 'maintenance.image_invalid');
}

/**
 * Creates the order (`new`, total 0 until the offer) and its request in one
 * transaction: the design as made, its estimate at today's prices, the
 * snapshot, where, notes and pictures; the admins are told.
 */
export async function requestConstruction(app: App, userId: number, b: ConstructionRequestBody) {
  checkImages(app, [b.snapshot], 'snapshot', CONSTRUCTION_IMAGE_FOLDER);
  checkImages(app, b.images, 'images', CONSTRUCTION_IMAGE_FOLDER);
  const order = await retryTransaction(app.db, async (tx) => {
    const { type, estimate } = await estimateDesign(tx, b);
    const { cityId, location } = await locationOf(tx, userId, b);
    const row = await startOfferOrder(tx, { kind: KIND, userId, cityId });
    await tx.insert(cr).values({
      orderId: row.id,
      designTypeId: b.design_type_id,
      colourId: b.colour_id,
      shape: type.shape,
      lengthDm: dm(b.length),
      widthDm: dm(b.width),
      depthDm: dm(b.depth),
      options: b.options,
      measures: estimate.measures,
      estimateLow: estimate.low,
      estimateHigh: estimate.high,
      snapshot: b.snapshot,
      notes: b.notes ?? null,
      images: [...new Set(b.images)],
      location,
    });
    return row;
  });
  await app.events.deliver();
  return order;
}

/** Posts a stage of the work: by the engineer assigned (404 for anyone else), only while it is in progress. */
export async function addStage(app: App, staffId: number, orderId: number, b: ConstructionStageBody) {
  checkImages(app, b.photos, 'photos', CONSTRUCTION_STAGE_FOLDER);
  return retryTransaction(app.db, async (tx) => {
    const order = await lockOrder(tx, orderId, { kind: KIND });
    if (order.staffId !== staffId) throw notFound();
    if (order.status !== 'in_progress') {
      throw new AppError('fail', 'construction.stage_not_allowed', { status: 409 });
    }
    const [stage] = await tx
      .insert(tables.constructionStages)
      .values({ orderId, staffId, title: b.title, note: b.note ?? null, photos: [...new Set(b.photos)] })
      .returning();
    await tx.update(o).set({ updatedAt: new Date() }).where(eq(o.id, orderId));
    return stage!;
  });
}

/** An admin's (or the engineer's) move without a reason: sending the saved offer, completing the work. */
export async function moveConstruction(app: App, orderId: number, to: 'offer_sent' | 'completed', actor: Actor) {
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, orderId, { kind: KIND });
    return (await transition(tx, row, { to, actor })).order;
  });
  await app.events.deliver();
  return order;
}

/** Cancels (or refuses) with a reason where the machine lets `actor`; a paid amount is refunded (kernel). */
export const closeConstruction = (
  app: App,
  orderId: number,
  actor: Actor,
  to: 'cancelled' | 'refused',
  body: { cancel_reason_id?: number; note?: string },
) => cancelOrder(app, { orderId, kind: KIND, actor, to, reasonId: body.cancel_reason_id, note: body.note });
