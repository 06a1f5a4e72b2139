/**
 * The staff's moves with their meaning, each through the kernel (refused out
 * of order with 409, another staff member's order 404):
 * - on the way, with an arrival estimate: kept on the request and sent to the
 *   customer in `going_to_client` (its `_eta` text, the time in Riyadh);
 * - arrived;
 * - finish: only with no extra service open and a complete visit report
 *   (every checklist item answered and at least one photo after the work),
 *   checked under the order's lock (the report's save takes it too).
 */
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import { reportComplete, riyadhDayAndTime, visitFinishedState } from '@pool/contracts';
import { notFound } from '../../lib/errors.ts';
import type { App } from '../../app-type.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { staffActor, transition } from '../orders/index.ts';
import { lockAssigned } from './access.ts';
import { assertNoOpenExtras, conflict } from './extras.ts';
import { reportRow } from './report.ts';

export async function onTheWay(app: App, staffId: number, orderId: number, etaMinutes: number) {
  const arrivalAt = new Date(Date.now() + etaMinutes * 60_000);
  await retryTransaction(app.db, async (tx) => {
    const order = await lockAssigned(tx, orderId, staffId);
    await transition(tx, order, {
      to: 'on_the_way',
      actor: staffActor(staffId),
      notifyParams: { time: riyadhDayAndTime(arrivalAt).time, context: 'eta' },
    });
    const mr = tables.maintenanceRequests;
    await tx.update(mr).set({ arrivalAt }).where(eq(mr.orderId, orderId));
  });
  await app.events.deliver();
}

export async function arrived(app: App, staffId: number, orderId: number) {
  await retryTransaction(app.db, async (tx) =>
    transition(tx, await lockAssigned(tx, orderId, staffId), { to: 'arrived', actor: staffActor(staffId) }),
  );
  await app.events.deliver();
}

export async function finish(app: App, staffId: number, orderId: number) {
  await retryTransaction(app.db, async (tx) => {
    const order = await lockAssigned(tx, orderId, staffId);
    // Out of order is the kernel's refusal; on site, the visit's own conditions first.
    if (order.status === 'arrived') {
      await assertNoOpenExtras(tx, orderId);
      const report = await reportRow(tx, orderId);
      if (!report || !reportComplete({ checklist: report.checklist, photos_after: report.photosAfter })) {
        throw conflict('report_incomplete');
      }
    }
    const finished = visitFinishedState(order.kind);
    if (!finished) throw notFound();
    await transition(tx, order, { to: finished, actor: staffActor(staffId) });
  });
  await app.events.deliver();
}
