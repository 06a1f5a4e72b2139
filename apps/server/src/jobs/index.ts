/**
 * Timed housekeeping. Every job must be safe when N processes run it at once
 * (idempotent deletes here); each process runs them on its own timer.
 */
import { lt } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { App } from '../app-type.ts';
import { pruneRateEvents } from '../modules/account/limits.ts';
import { startPushWorker } from '../modules/push/worker.ts';
import { runStoreOrderJobs } from './auto-cancel.ts';

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

export function startJobs(app: App) {
  const run = () =>
    pruneAuthData(app).catch((err) => {
      app.log.warn({ err }, 'pruning auth data failed');
    });
  const timer = setInterval(run, HOUR);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  startPushWorker(app);
  // Unpaid orders are cancelled 2 h after checkout; checked every minute.
  const orders = setInterval(() => {
    runStoreOrderJobs(app).catch((err: unknown) => app.log.warn({ err }, 'order jobs failed'));
  }, 60_000);
  orders.unref();
  app.addHook('onClose', async () => clearInterval(orders));
  // Domain events a request committed but did not deliver (its process died, or delivery failed).
  const sweep = setInterval(() => void app.events.deliver(), 10_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
