/**
 * The timed work of subscriptions (the `packages-due` job, DOMAIN.md): the
 * renewal reminder RENEWAL_REMINDER_DAYS before the period ends, the notice on
 * its last Riyadh day, and at its end the automatic renewal from the wallet
 * (a new period with its visits to schedule: `renew_package`) or, without it
 * or when the wallet is short (`fail_renew_package`), expiry. Each step claims
 * its subscription with a conditional update or under the order's lock and
 * checks the state it finds, so it happens once however many processes run it.
 */
import { and, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { notificationPage, RENEWAL_REMINDER_DAYS, vatOf, type NotificationType } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { AppError } from '../../lib/errors.ts';
import { vatRateBp } from '../cart/index.ts';
import { withinTransaction } from '../events/index.ts';
import { lockOrder, notificationText, SYSTEM, transition } from '../orders/index.ts';
import { notifyUsers } from '../realtime/index.ts';
import { debit } from '../wallet/index.ts';
import { cancelOpenVisits, makeVisit } from './subscriptions.ts';

const DAY_MS = 86_400_000;
const o = tables.orders;
const s = tables.packageSubscriptions;

type Notice = { id: number; number: string; userId: number };

async function tell(app: App, tx: Db, order: Notice, type: NotificationType) {
  const ref = { order_id: order.id, kind: 'package_subscription' };
  await notifyUsers(withinTransaction(app, tx), [order.userId], {
    ...notificationText(type, order.number),
    order_id: order.id,
    link: notificationPage(type, ref),
    data: ref,
  });
}

/** Active subscriptions matching `where`, with their order's number and customer. */
const active = (db: Db, where: SQL | undefined) =>
  db
    .select({ id: o.id, number: o.number, userId: o.userId })
    .from(s)
    .innerJoin(o, eq(o.id, s.orderId))
    .where(and(eq(o.status, 'active'), where));

type Mark = 'renewalRemindedAt' | 'expiryNoticeAt';

/**
 * Sends `type` once to each subscription `due` picks: the mark (`column`) is
 * set by a conditional update in the notice's own transaction.
 */
async function noticeOnce(app: App, due: Notice[], mark: Mark, type: NotificationType) {
  for (const sub of due) {
    await app.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(s)
        .set({ [mark]: new Date() })
        .where(and(eq(s.orderId, sub.id), isNull(s[mark])))
        .returning({ id: s.orderId });
      if (claimed) await tell(app, tx, sub, type);
    });
  }
  return due.length;
}

/** The period ends within RENEWAL_REMINDER_DAYS (a period longer than that): `package_renewal_reminder`. */
async function remindRenewal(app: App, now: Date) {
  const soon = new Date(now.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS);
  const due = await active(
    app.db,
    and(isNull(s.renewalRemindedAt), gt(s.endsAt, now), lte(s.endsAt, soon), gt(s.validityDays, RENEWAL_REMINDER_DAYS)),
  );
  return noticeOnce(app, due, 'renewalRemindedAt', 'package_renewal_reminder');
}

/** Today (Riyadh) is the period's last day: `package_expires_today`. */
async function noticeLastDay(app: App, now: Date) {
  const riyadhDay = (at: unknown) => sql`(${at} at time zone 'Asia/Riyadh')::date`;
  const due = await active(
    app.db,
    and(
      isNull(s.expiryNoticeAt),
      gt(s.endsAt, now),
      sql`${riyadhDay(s.endsAt)} = ${riyadhDay(sql`${now.toISOString()}::timestamptz`)}`,
    ),
  );
  return noticeOnce(app, due, 'expiryNoticeAt', 'package_expires_today');
}

/**
 * The period is over. With automatic renewal and enough in the wallet: the
 * package's price with today's VAT is taken, the visits left of the old period
 * are cancelled and the new period starts with its visits to schedule
 * (`renew_package`). Otherwise the subscription expires (`fail_renew_package`
 * first when the wallet was short).
 */
async function endPeriod(app: App, orderId: number, now: Date) {
  await app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const [sub] = await tx.select().from(s).where(eq(s.orderId, orderId)).for('update');
    if (order.status !== 'active' || !sub?.endsAt || sub.endsAt > now) return;
    if (sub.autoRenew) {
      const amount = sub.price + vatOf(sub.price, await vatRateBp(tx));
      const paid = await debit(tx, order.userId, amount, { orderId }).then(
        () => true,
        (err: unknown) => {
          if (err instanceof AppError && err.msgKey === 'wallet.insufficient_balance') return false;
          throw err;
        },
      );
      if (paid) {
        await cancelOpenVisits(tx, orderId);
        const [renewed] = await tx
          .update(s)
          .set({
            startsAt: sub.endsAt,
            endsAt: new Date(sub.endsAt.getTime() + sub.validityDays * DAY_MS),
            period: sub.period + 1,
            renewalRemindedAt: null,
            expiryNoticeAt: null,
          })
          .where(eq(s.orderId, orderId))
          .returning();
        for (let i = 0; i < sub.visits; i++) await makeVisit(tx, order, renewed!, null);
        await tell(app, tx, order, 'renew_package');
        return;
      }
      await tell(app, tx, order, 'fail_renew_package');
    }
    await transition(tx, order, { to: 'expired', actor: SYSTEM });
  });
}

async function endPeriods(app: App, now: Date) {
  const due = await active(app.db, lte(s.endsAt, now));
  for (const sub of due) await endPeriod(app, sub.id, now);
  return due.length;
}

/** One run of the `packages-due` job; answers how many subscriptions it looked at. */
export async function runPackageJobs(app: App, now = new Date()) {
  const reminded = await remindRenewal(app, now);
  const noticed = await noticeLastDay(app, now);
  const ended = await endPeriods(app, now);
  await app.events.deliver();
  return reminded + noticed + ended;
}
