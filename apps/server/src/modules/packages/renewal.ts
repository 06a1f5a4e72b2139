/**
 * Renewing a subscription (DOMAIN.md, "Scheduled maintenance"; ADR 0019). One place starts a
 * period again (`startNextPeriod`), for the automatic renewal at the end of a period (jobs.ts)
 * and for the customer's renewing by hand:
 *
 * - when: an active subscription within RENEWAL_REMINDER_DAYS of its end, or an expired one
 *   within RENEW_EXPIRED_DAYS of it (`renewalStart`; the view's `renewal` says it);
 * - what it costs: the package's price as subscribed with today's VAT (`renewalTotal`), as the
 *   automatic renewal takes it; paid from the wallet at once, or by card (`package_renewal`
 *   payments, renewed when the payment is verified: `renewalPaid`);
 * - the new period starts at the current end while the subscription is active (nothing of the
 *   paid period is lost, and the visits still open stay bookable until the new end), or on the day
 *   of renewing once it has expired (the subscription is taken back to `active`);
 * - its visits are made unscheduled: the customer picks their times as after an automatic
 *   renewal (`renew_package` tells them so).
 *
 * Every step locks the subscription's order and row first and checks the state it finds, so a
 * renewal happens once however many taps, payments or job runs race: the loser's card payment goes
 * to the wallet.
 */
import { eq } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { RENEW_EXPIRED_DAYS, RENEWAL_REMINDER_DAYS, vatOf, type Lang, type PaymentMethod } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { AppError } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { vatRateBp } from '../cart/index.ts';
import { lockOrder, orderPath, SYSTEM, transition } from '../orders/index.ts';
import { startPayment, type PaymentRow } from '../payments/index.ts';
import { credit, debit } from '../wallet/index.ts';
import { tellCustomer } from './notices.ts';
import { makeVisit, mySubscription, periodFrom, type SubscriptionRow } from './subscriptions.ts';

const KIND = 'package_subscription' as const;
const DAY_MS = 86_400_000;
const s = tables.packageSubscriptions;

type OrderRow = typeof tables.orders.$inferSelect;
export type LockedSubscription = { order: OrderRow; sub: SubscriptionRow };

/** Locks a subscription for a change of period: its order, then its row (404 when not one, or not `userId`'s). */
export async function lockSubscription(tx: Db, id: number, userId?: number): Promise<LockedSubscription> {
  const order = await lockOrder(tx, id, { kind: KIND, userId });
  const [sub] = await tx.select().from(s).where(eq(s.orderId, id)).for('update');
  return { order, sub: sub! };
}

/** What a new period costs (halalas): the price as subscribed, with VAT at `rateBp`. */
export const renewalPrice = (sub: Pick<SubscriptionRow, 'price'>, rateBp: number) =>
  sub.price + vatOf(sub.price, rateBp);

/** What a new period costs now: at today's VAT rate. */
export const renewalTotal = async (db: Db, sub: Pick<SubscriptionRow, 'price'>) =>
  renewalPrice(sub, await vatRateBp(db));

/**
 * Where a period renewed by hand now would start: the current end of an active subscription in
 * its last RENEWAL_REMINDER_DAYS, or now for one expired at most RENEW_EXPIRED_DAYS ago; null when
 * it cannot be renewed now.
 */
export function renewalStart(
  order: Pick<OrderRow, 'status' | 'closedAt'>,
  sub: Pick<SubscriptionRow, 'endsAt'>,
  now = new Date(),
): Date | null {
  if (order.status === 'active' && sub.endsAt) {
    return sub.endsAt.getTime() - now.getTime() <= RENEWAL_REMINDER_DAYS * DAY_MS ? sub.endsAt : null;
  }
  if (order.status === 'expired' && order.closedAt) {
    return now.getTime() - order.closedAt.getTime() <= RENEW_EXPIRED_DAYS * DAY_MS ? now : null;
  }
  return null;
}

/**
 * The one place a period starts again, paid by the caller: an expired subscription is taken back
 * to `active`; the period runs from `from` for the validity, its reminders are due again, and the
 * package's visits are made to be scheduled by the customer, who is told (`renew_package`).
 */
export async function startNextPeriod(app: App, tx: Db, { order, sub }: LockedSubscription, from: Date) {
  if (order.status === 'expired') await transition(tx, order, { to: 'active', actor: SYSTEM });
  const [renewed] = await tx
    .update(s)
    .set({ ...periodFrom(sub, from), period: sub.period + 1, renewalRemindedAt: null, expiryNoticeAt: null })
    .where(eq(s.orderId, order.id))
    .returning();
  for (let i = 0; i < sub.visits; i++) await makeVisit(tx, order, renewed!, null);
  await tellCustomer(app, tx, order, 'renew_package');
}

const notRenewable = () =>
  new AppError('fail', 'packages.not_renewable', { status: 409, params: { days: RENEW_EXPIRED_DAYS } });

/**
 * The customer renews by hand. From the wallet: paid and renewed in one locked transaction (409
 * when it cannot be renewed now, 422 when the wallet is short; nothing changed). By card: answers
 * the gateway's page for the renewal's total; the payment, once verified, renews (renewalPaid).
 */
export async function renewByHand(app: App, userId: number, id: number, method: PaymentMethod, lang: Lang) {
  if (method === 'wallet') {
    await retryTransaction(app.db, async (tx) => {
      const locked = await lockSubscription(tx, id, userId);
      const from = renewalStart(locked.order, locked.sub);
      if (!from) throw notRenewable();
      await debit(tx, userId, await renewalTotal(tx, locked.sub), { orderId: id });
      await startNextPeriod(app, tx, locked, from);
    });
    await app.events.deliver();
    return { redirectUrl: null };
  }
  const { order, sub } = await mySubscription(app.db, userId, id);
  if (!renewalStart(order, sub)) throw notRenewable();
  const started = await startPayment(app, app.db, {
    userId,
    purpose: 'package_renewal',
    orderId: id,
    amount: await renewalTotal(app.db, sub),
    lang,
    returnPath: orderPath(lang, order),
  });
  return { redirectUrl: started.redirect_url };
}

/**
 * The `package_renewal` purpose's paid handler (app.paidHandlers), in the payment's transaction:
 * renews once if the subscription may still be renewed now; when it may not (renewed meanwhile by
 * another payment or the automatic renewal, cancelled, or too late), the amount goes to the wallet.
 */
export async function renewalPaid(app: App, tx: Db, payment: PaymentRow) {
  const [exists] = payment.orderId
    ? await tx.select({ id: tables.orders.id }).from(tables.orders).where(eq(tables.orders.id, payment.orderId))
    : [];
  if (exists) {
    const locked = await lockSubscription(tx, exists.id);
    const from = renewalStart(locked.order, locked.sub);
    if (from) return startNextPeriod(app, tx, locked, from);
  }
  await credit(tx, payment.userId, payment.amount, 'refund', { paymentId: payment.id });
}
