/**
 * Timed work, on the job queue (pg-boss, in the database's `pgboss` schema).
 * Every job is fetched by one worker (SKIP LOCKED) and every cron tick is sent
 * once, so each runs once however many server processes work the queue; no
 * process keeps a timer of its own. What leaves work behind asks for a run
 * (`app.jobs.send`), at once or at a time; a job's cron is the floor when a
 * request was lost.
 */
import { lt } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { App } from '../app-type.ts';
import type { Config } from '../config.ts';
import { pruneRateEvents } from '../modules/account/limits.ts';
import { deliverDuePushes } from '../modules/push/index.ts';
import { EXTRA_PAY_DEADLINE_JOB, expireUnpaidExtra, type ExtraPayDeadline } from '../modules/field-work/index.ts';
import {
  PAY_DEADLINE_JOB,
  REFUND_JOB,
  settleRefunds,
  type PayDeadline,
  type RefundDue,
} from '../modules/orders/index.ts';
import { runPackageJobs } from '../modules/packages/jobs.ts';
import { cancelUnpaidOrder, runOrderJobs } from './auto-cancel.ts';

const HOUR = 60 * 60 * 1000;

/** Removes limit events older than the longest window, expired rate-limit counters and codes older than a day. */
export async function pruneAuthData(app: App) {
  await pruneRateEvents(app.db);
  await app.db.delete(tables.rateLimits).where(lt(tables.rateLimits.expire, new Date(Date.now() - HOUR)));
  await app.db.delete(tables.otpCodes).where(lt(tables.otpCodes.createdAt, new Date(Date.now() - 24 * HOUR)));
  await app.db
    .delete(tables.phoneVerifications)
    .where(lt(tables.phoneVerifications.expiresAt, new Date(Date.now() - 24 * HOUR)));
}

export type JobDefinition = {
  /** When it also runs unasked (cron, Asia/Riyadh). */
  cron?: string;
  /** `data`: what the request carried (null from the cron). */
  run: (app: App, data: unknown) => Promise<unknown>;
  /** How often a worker looks for a requested run, in seconds (pg-boss's default is 2). */
  pollSeconds?: (config: Config) => number;
};

export const JOBS = {
  // One order's pay-by time (sent when it enters pending_payment; one per order).
  [PAY_DEADLINE_JOB]: { run: (app, data) => cancelUnpaidOrder(app, (data as PayDeadline).order_id) },
  // One extra service's pay-by time (sent when the customer first accepts it for a card; one per extra).
  [EXTRA_PAY_DEADLINE_JOB]: { run: (app, data) => expireUnpaidExtra(app, (data as ExtraPayDeadline).extra_id) },
  // One order's card refunds, due since a transaction that committed (a payment of an order no longer pending).
  [REFUND_JOB]: { run: (app, data) => settleRefunds(app, (data as RefundDue).order_id) },
  // The floor: overdue orders and extra services whose deadline job was lost, refunds left half-done.
  'orders-due': { cron: '*/5 * * * *', run: (app) => runOrderJobs(app) },
  // Subscriptions: renewal reminders, the last day's notice, renewal from the wallet or expiry.
  'packages-due': { cron: '*/10 * * * *', run: (app) => runPackageJobs(app) },
  // Domain events committed but not delivered (the process died, or a subscriber failed).
  'events-sweep': { cron: '* * * * *', run: (app) => app.events.deliver() },
  'push-deliver': {
    cron: '* * * * *',
    run: (app) => deliverDuePushes(app),
    pollSeconds: (config) => config.PUSH_WORKER_INTERVAL_MS / 1000,
  },
  'auth-prune': { cron: '17 * * * *', run: pruneAuthData },
} satisfies Record<string, JobDefinition>;

export type JobName = keyof typeof JOBS;
