/**
 * The timed work of subscriptions (the `packages-due` job, DOMAIN.md): the
 * renewal reminder RENEWAL_REMINDER_DAYS before the period ends, the notice on
 * its last Riyadh day, and at its end the automatic renewal from the wallet
 * (a new period with its visits to schedule, renewal.ts: `renew_package`) or,
 * without it or when the wallet is short (`fail_renew_package`), expiry; and
 * each visit's reminder the day before (reminders.ts). Each step claims its
 * subscription or visit with a conditional update or under the order's lock
 * and checks the state it finds, so it happens once however many processes
 * run it.
 */
import { and, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { RENEWAL_REMINDER_DAYS, type NotificationType } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { AppError } from '../../lib/errors.ts';
import { SYSTEM, transition } from '../orders/index.ts';
import { debit } from '../wallet/index.ts';
import { tellCustomer, type Notice } from './notices.ts';
import { remindVisits } from './reminders.ts';
import { lockSubscription, renewalTotal, startNextPeriod } from './renewal.ts';
import { cancelOpenVisits } from './subscriptions.ts';

const DAY_MS = 86_400_000;
const o = tables.orders;
const s = tables.packageSubscriptions;

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
      if (claimed) await tellCustomer(app, tx, sub, type);
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
 * package's price as subscribed with today's VAT is taken, the visits left of
 * the old period are cancelled and the next period starts at its end
 * (renewal.ts). Otherwise the subscription expires (`fail_renew_package`
 * first when the wallet was short).
 */
async function endPeriod(app: App, orderId: number, now: Date) {
  await app.db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, orderId);
    const { order, sub } = locked;
    if (order.status !== 'active' || !sub.endsAt || sub.endsAt > now) return;
    if (sub.autoRenew) {
      const paid = await debit(tx, order.userId, await renewalTotal(tx, sub), { orderId }).then(
        () => true,
        (err: unknown) => {
          if (err instanceof AppError && err.msgKey === 'wallet.insufficient_balance') return false;
          throw err;
        },
      );
      if (paid) {
        await cancelOpenVisits(tx, orderId);
        await startNextPeriod(app, tx, locked, sub.endsAt);
        return;
      }
      await tellCustomer(app, tx, order, 'fail_renew_package');
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
  const visits = await remindVisits(app, now);
  await app.events.deliver();
  return reminded + noticed + ended + visits;
}
