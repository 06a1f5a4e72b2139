/**
 * Push outbox worker (the `push-deliver` job). A run claims due rows with `FOR UPDATE SKIP
 * LOCKED` and a 30 s lease (locked_until), so a row is sent once however many processes run;
 * a lease left by a crashed process expires and the row is claimed again.
 * Failures are retried with exponential back-off and only logged (spec §8).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, tables, type Db } from '@pool/db';
import type { PushPayload } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { createPushDrivers, PushError, type PushDrivers, type PushTarget } from '../../integrations/push/index.ts';

export const CLAIM_LIMIT = 50;
export const MAX_ATTEMPTS = 6;
export const BACKOFF_BASE_MS = 30_000;

/** Delay before the next try after `attempts` failed tries: 30 s, 1 min, 2 min, 4 min… */
export const backoffMs = (attempts: number) => BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1);

type Claimed = { id: number; device_id: number; payload: PushPayload; attempts: number };

export async function claimDue(db: Db, limit = CLAIM_LIMIT) {
  return queryRows<Claimed>(
    db,
    sql`update push_outbox
        set locked_until = now() + interval '30 seconds', attempts = attempts + 1
        where id in (
          select id from push_outbox
          where status = 'pending' and next_attempt_at <= now()
            and (locked_until is null or locked_until < now())
          order by id
          for update skip locked
          limit ${limit})
        returning id, device_id, payload, attempts`,
  );
}

const o = tables.pushOutbox;

function targetOf(device: typeof tables.devices.$inferSelect): PushTarget | null {
  if (device.pushKind === 'webpush')
    return device.subscription ? { kind: 'webpush', subscription: device.subscription } : null;
  return { kind: 'fcm', token: device.deviceId };
}

async function fail(db: Db, id: number, error: string) {
  await db
    .update(o)
    .set({ status: 'failed', failedAt: new Date(), lockedUntil: null, lastError: error })
    .where(eq(o.id, id));
}

/** Claims one batch and delivers it; answers how many rows were claimed. */
export async function runPushBatch(db: Db, drivers: PushDrivers, log: FastifyBaseLogger) {
  const rows = await claimDue(db);
  if (!rows.length) return 0;
  const devices = await db
    .select()
    .from(tables.devices)
    .where(
      inArray(
        tables.devices.id,
        rows.map((r) => r.device_id),
      ),
    );
  const byId = new Map(devices.map((dv) => [dv.id, dv]));
  await Promise.all(
    rows.map(async (row) => {
      const device = byId.get(row.device_id);
      if (!device) return; // deleted meanwhile: the row went with it (cascade)
      const driver = drivers[device.pushKind];
      const target = targetOf(device);
      if (!driver || !target) {
        log.warn({ push: { id: row.id, kind: device.pushKind } }, 'push driver not configured; message dropped');
        return fail(db, row.id, 'not configured');
      }
      try {
        await driver.send(target, row.payload);
        await db
          .update(o)
          .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
          .where(eq(o.id, row.id));
      } catch (err) {
        const e = err instanceof PushError ? err : new PushError('fatal', String(err));
        log.warn(
          { push: { id: row.id, kind: device.pushKind, failure: e.failure, status: e.status }, err: e.message },
          'push failed',
        );
        if (e.failure === 'dead') {
          // The token is gone for good: drop the device (its queued rows go with it).
          await db.delete(tables.devices).where(eq(tables.devices.id, device.id));
        } else if (e.failure === 'retry' && row.attempts < MAX_ATTEMPTS) {
          await db
            .update(o)
            .set({
              nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
              lockedUntil: null,
              lastError: e.message,
            })
            .where(eq(o.id, row.id));
        } else {
          await fail(db, row.id, e.message);
        }
      }
    }),
  );
  return rows.length;
}

/** Delivers every due row, batch after batch (the `push-deliver` job, one run at a time). */
export async function deliverDuePushes(app: App, drivers: PushDrivers = createPushDrivers(app.config)) {
  let sent = 0;
  for (let n = CLAIM_LIMIT; n === CLAIM_LIMIT; sent += n) n = await runPushBatch(app.db, drivers, app.log);
  return sent;
}
