/**
 * The outbox subscriber that asks for an order's pay-by check when it enters
 * `pending_payment`: one `order-pay-deadline` job per order, due at its pay-by
 * time and sent in the dispatcher's transaction (so it exists once the event
 * is delivered, and once however often the event is).
 */
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import { AWAITING_PAYMENT } from '@pool/contracts';
import type { Subscriber } from '../../events/index.ts';

export const PAY_DEADLINE_JOB = 'order-pay-deadline';
export type PayDeadline = { order_id: number };

export const payDeadlines: Subscriber = async (app, tx, event) => {
  if (event.type !== 'order.moved' || event.payload.to !== AWAITING_PAYMENT) return;
  const orderId = event.payload.order_id;
  const [order] = await tx
    .select({ payBy: tables.orders.payBy })
    .from(tables.orders)
    .where(eq(tables.orders.id, orderId));
  if (!order?.payBy) return;
  const data: PayDeadline = { order_id: orderId };
  await app.jobs.send(PAY_DEADLINE_JOB, { data, at: order.payBy, key: String(orderId), db: tx });
};
