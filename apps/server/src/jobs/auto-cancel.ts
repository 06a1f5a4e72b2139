/**
 * Orders of any kind unpaid 2 hours after checkout are cancelled (SECURITY.md 24),
 * each by its own `order-pay-deadline` job and, as a floor, by the sweep: each order's card payments are first checked with the gateway (a paid one
 * makes the order `new`); then the cancellation, which moves the order only
 * while it is still `pending_payment` (the order row is locked and its status
 * checked), so stock and coupon use come back once even with N processes
 * running this at the same time. A payment that lands after the cancellation
 * is refunded by the `order-refund` job its paid handler sends. Refunds left half-done (a
 * process that died after claiming one) are finished here too.
 */
import { and, asc, eq, lt, or } from 'drizzle-orm';
import { tables } from '@pool/db';
import { AWAITING_PAYMENT } from '@pool/contracts';
import type { App } from '../app-type.ts';
import { AppError } from '../lib/errors.ts';
import { verifyOpenPayments } from '../modules/payments/service.ts';
import { SYSTEM } from '../modules/orders/kernel/actor.ts';
import { cancelOrder, settleRefunds } from '../modules/orders/kernel/money.ts';
import { expireUnpaidExtras } from '../modules/field-work/index.ts';

const o = tables.orders;
const HOUR = 60 * 60 * 1000;
/** While the gateway cannot be asked, an overdue order waits this long before it is cancelled anyway. */
const GATEWAY_GRACE_MS = HOUR;
const BATCH = 50;

type Due = { id: number; payBy: Date | null };
type Outcome = 'paid' | 'cancelled' | 'waiting' | 'none';

/**
 * The pay-by check of one order: its card payments asked of the gateway first,
 * then cancelled if still unpaid; while the gateway cannot be asked it waits
 * up to GATEWAY_GRACE_MS past the deadline.
 */
async function cancelIfUnpaid(app: App, order: Due, now: Date): Promise<Outcome> {
  const { paid, unsure } = await verifyOpenPayments(app, { orderId: order.id, purpose: 'order' });
  if (paid) return 'paid';
  if (unsure && order.payBy && now.getTime() - order.payBy.getTime() < GATEWAY_GRACE_MS) return 'waiting';
  try {
    await cancelOrder(app, { orderId: order.id, actor: SYSTEM, to: 'cancelled' });
    return 'cancelled';
  } catch (err) {
    // Paid or cancelled meanwhile (another process, the webhook, the customer): nothing to do.
    if (!(err instanceof AppError && err.status === 409)) throw err;
    return 'none';
  }
}

const overdue = (now: Date) => and(eq(o.status, AWAITING_PAYMENT), lt(o.payBy, now));

/** The `order-pay-deadline` job of one order, due at its pay-by time. */
export async function cancelUnpaidOrder(app: App, orderId: number, now = new Date()) {
  const [order] = await app.db
    .select({ id: o.id, payBy: o.payBy })
    .from(o)
    .where(and(eq(o.id, orderId), overdue(now)));
  return order ? cancelIfUnpaid(app, order, now) : 'none';
}

/** The sweep of every overdue order (the floor under the per-order jobs); answers what it did. */
export async function cancelUnpaidOrders(app: App, now = new Date()) {
  const due = await app.db
    .select({ id: o.id, payBy: o.payBy })
    .from(o)
    .where(overdue(now))
    .orderBy(asc(o.payBy))
    .limit(BATCH);
  const outcome = { paid: 0, cancelled: 0, waiting: 0 };
  for (const order of due) {
    const result = await cancelIfUnpaid(app, order, now);
    if (result !== 'none') outcome[result]++;
  }
  return outcome;
}

/** Finishes refunds that are due or whose claim expired. */
export async function settleDueRefunds(app: App) {
  const rows = await app.db
    .select({ id: o.id })
    .from(o)
    .where(or(eq(o.refundStatus, 'pending'), eq(o.refundStatus, 'processing')))
    .limit(BATCH);
  for (const { id } of rows) await settleRefunds(app, id);
  return rows.length;
}

/** The orders' timed work (the `orders-due` job); extra services unpaid past their pay-by time expire too. */
export async function runOrderJobs(app: App, now = new Date()) {
  await cancelUnpaidOrders(app, now);
  await expireUnpaidExtras(app, now);
  await settleDueRefunds(app);
}
