/**
 * Money of any order kind through the kernel (DOMAIN.md): the card payment of
 * a pending order, its verified payment (the kind's `paid` move), cancellation
 * with its refund, and settling card refunds.
 *
 * Concurrency (SECURITY.md 21-25): every move locks the order row and checks
 * its state first, so a move (a cancellation, a payment, the 2-hour job)
 * happens once and the losers see the new state; card refunds are claimed with
 * a conditional UPDATE of `refund_status`. Transactions are retried on
 * 40001/40P01 (lib/retry.ts).
 */
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { ORDER_MACHINES, ORDER_PAGE, V, type Lang, type OrderKind } from '@pool/contracts';
import type { App } from '../../../app-type.ts';
import { AppError, fieldError } from '../../../lib/errors.ts';
import { retryTransaction } from '../../../lib/retry.ts';
import { refundPayment, startPayment, type PaymentRow } from '../../payments/index.ts';
import { credit, debit } from '../../wallet/index.ts';
import type { Actor } from './actor.ts';
import { SYSTEM } from './actor.ts';
import type { OrderRow } from './hooks.ts';
import { lockOrder, transition } from './transition.ts';

const o = tables.orders;
/** A claimed card refund whose process died is taken over after this long. */
const REFUND_LEASE_MS = 10 * 60 * 1000;

/** The order's page on the site, where the payer comes back to. */
export const orderPath = (lang: Lang, order: Pick<OrderRow, 'kind' | 'id'>) =>
  `${lang === 'en' ? '/en' : ''}${ORDER_PAGE[order.kind]}/${order.id}`;

/** Opens a card payment of a pending order; answers the gateway's page. */
export async function startOrderPayment(app: App, order: OrderRow, lang: Lang) {
  const started = await startPayment(app, app.db, {
    userId: order.userId,
    purpose: 'order',
    orderId: order.id,
    amount: order.total,
    lang,
    returnPath: orderPath(lang, order),
  });
  return started.redirect_url;
}

/**
 * After the commit: the gateway's page of an order still waiting for payment,
 * or null (paid at once, or the card could not start: the customer pays again).
 */
export async function cardPageIfPending(app: App, order: OrderRow, lang: Lang) {
  if (order.status !== 'pending_payment') return null;
  return startOrderPayment(app, order, lang).catch((err: unknown) => {
    app.log.error({ err, orderId: order.id, kind: order.kind }, 'the card payment could not start; pay again');
    return null;
  });
}

/** Pays a locked pending order from its customer's wallet in the caller's transaction (422 when short). */
export async function payFromWallet(tx: Db, order: OrderRow) {
  if (order.total > 0) await debit(tx, order.userId, order.total, { orderId: order.id });
  return markPaid(tx, order, null);
}

/** Starts another card payment of my pending order (`pay again`); 409 when it is not pending any more. */
export async function payAgain(app: App, order: OrderRow, lang: Lang) {
  if (order.status !== 'pending_payment' || order.paymentMethod !== 'electronic') {
    throw new AppError('fail', 'orders.not_payable', { status: 409 });
  }
  return startOrderPayment(app, order, lang);
}

/**
 * A verified payment of a locked pending order: the kind's `paid` move, inside
 * the caller's transaction. Answers the order as it is after.
 */
export async function markPaid(tx: Db, order: OrderRow, paymentId: number | null) {
  const to = ORDER_MACHINES[order.kind].paid;
  if (order.status !== 'pending_payment' || !to) return order;
  const { order: paid } = await transition(tx, order, {
    to,
    actor: SYSTEM,
    patch: { paidAt: new Date(), paymentId },
  });
  return paid;
}

/** The job that settles an order's card refunds (sent when a refund became due inside a transaction). */
export const REFUND_JOB = 'order-refund';
export type RefundDue = { order_id: number };

/**
 * The `order` purpose's paid handler (app.paidHandlers), in the payment's
 * transaction. A verified payment of a pending order moves it to its kind's
 * paid state; a payment of an order that is no longer pending (cancelled
 * meanwhile, or paid twice) is to be refunded: the refund job is sent with
 * this transaction, so it runs after the commit (and the sweep catches it if lost).
 */
export async function orderPaid(app: App, tx: Db, payment: PaymentRow) {
  if (!payment.orderId) return;
  const [exists] = await tx.select({ id: o.id }).from(o).where(eq(o.id, payment.orderId));
  if (!exists) return;
  const order = await lockOrder(tx, payment.orderId);
  if (order.status === 'pending_payment') {
    await markPaid(tx, order, payment.id);
    return;
  }
  await tx
    .update(o)
    .set({ refundStatus: 'pending', refundClaimedAt: null })
    .where(and(eq(o.id, order.id), or(sql`${o.refundStatus} is null`, inArray(o.refundStatus, ['card', 'wallet']))));
  await app.jobs.send(REFUND_JOB, { data: { order_id: order.id } satisfies RefundDue, key: String(order.id), db: tx });
}

/**
 * Checks a chosen cancel reason: it exists and is one the actor gives (a
 * customer's reason for a customer, an admin's for an admin); else a field error.
 */
export async function checkCancelReason(db: Db, reasonId: number | undefined, actor: Actor) {
  if (!reasonId) return null;
  const cr = tables.cancelReasons;
  const [reason] = await db.select().from(cr).where(eq(cr.id, reasonId));
  const use = actor.type === 'customer' ? 'customer' : 'admin';
  if (!reason || reason.use !== use) throw fieldError('cancel_reason_id', V.invalid);
  return reason.id;
}

export type CancelInput = {
  orderId: number;
  /** Answers 404 for an order of another kind (the kind's own routes). */
  kind?: OrderKind;
  actor: Actor;
  to: 'cancelled' | 'refused';
  reasonId?: number;
  note?: string;
};

/**
 * Cancels (or refuses) an order where its kind's declaration allows it for the
 * actor: the kind's hooks give back what it held (the store's units and coupon
 * use), the paid amount is refunded (wallet in this transaction; card right
 * after it), and the customer is told through the outbox.
 */
export async function cancelOrder(app: App, input: CancelInput) {
  const reasonId = await checkCancelReason(app.db, input.reasonId, input.actor);
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, input.orderId, {
      kind: input.kind,
      userId: input.actor.type === 'customer' ? input.actor.userId : undefined,
    });
    const wasPaid = row.paidAt !== null;
    const refund = !wasPaid || row.total === 0 ? null : row.paymentMethod === 'wallet' ? 'wallet' : 'pending';
    const { order: done } = await transition(tx, row, {
      to: input.to,
      actor: input.actor,
      reason: input.note ?? null,
      reasonId,
      patch: {
        cancelReasonId: reasonId,
        cancelNote: input.note ?? null,
        ...(refund ? { refundStatus: refund, refundClaimedAt: null } : {}),
      },
    });
    if (refund === 'wallet') await credit(tx, row.userId, row.total, 'refund', { orderId: row.id });
    return done;
  });
  await app.events.deliver();
  if (order.refundStatus === 'pending') {
    await settleRefunds(app, order.id).catch((err: unknown) =>
      app.log.error({ err, orderId: order.id }, 'refund: settling failed; the job will try again'),
    );
  }
  return order;
}

/**
 * Refunds what is due of an order's card payments: every paid payment when the
 * order is cancelled or refused, else the paid payments other than the one that
 * paid it. Claimed once (`refund_status` pending -> processing); a card that
 * cannot be refunded is refunded to the wallet.
 */
export async function settleRefunds(app: App, orderId: number) {
  const now = new Date();
  const [order] = await app.db
    .update(o)
    .set({ refundStatus: 'processing', refundClaimedAt: now })
    .where(
      and(
        eq(o.id, orderId),
        or(
          eq(o.refundStatus, 'pending'),
          and(eq(o.refundStatus, 'processing'), lt(o.refundClaimedAt, new Date(now.getTime() - REFUND_LEASE_MS))),
        ),
      ),
    )
    .returning();
  if (!order) return null;
  const closed = order.status === 'cancelled' || order.status === 'refused';
  const pay = tables.payments;
  const we = tables.walletEntries;
  const due = await app.db
    .select()
    .from(pay)
    .where(
      and(
        eq(pay.orderId, orderId),
        eq(pay.purpose, 'order'),
        inArray(pay.status, ['paid', 'refunded']),
        lt(pay.refundedAmount, pay.amount),
        sql`not exists (select 1 from ${we} where ${we.paymentId} = ${pay.id} and ${we.kind} = 'refund')`,
      ),
    )
    .orderBy(asc(pay.id));
  let where: 'card' | 'wallet' = 'card';
  for (const payment of due.filter((x) => closed || x.id !== order.paymentId)) {
    const remaining = payment.amount - payment.refundedAmount;
    try {
      await refundPayment(app, app.db, payment.id, remaining);
    } catch (err) {
      if (err instanceof AppError && err.msgKey === 'payments.refund_not_allowed') continue;
      app.log.warn(
        { err, orderId, paymentId: payment.id },
        'refund: the card cannot be refunded; refunding to the wallet',
      );
      await app.db.transaction(async (tx) => {
        const move = await credit(tx, order.userId, remaining, 'refund', { orderId, paymentId: payment.id });
        if (move.duplicate) await credit(tx, order.userId, remaining, 'refund', { paymentId: payment.id });
      });
      where = 'wallet';
    }
  }
  const [done] = await app.db
    .update(o)
    .set({ refundStatus: where, updatedAt: new Date() })
    .where(and(eq(o.id, orderId), eq(o.refundStatus, 'processing'), eq(o.refundClaimedAt, now)))
    .returning();
  return done ?? null;
}
