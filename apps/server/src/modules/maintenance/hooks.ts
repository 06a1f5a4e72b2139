/**
 * The immediate-maintenance kind's hooks in the order kernel (kernel/kinds.ts):
 * "on the way" only from ON_THE_WAY_LEAD_HOURS before the visit's time
 * (whichever route moves it), and the order cannot finish while an extra
 * service proposed on site is still open (proposed, or accepted and unpaid).
 * `pay_by` and the offer's rules are the kernel's (kernel/offer.ts). This file imports nothing of the orders module, so the kernel may
 * import it.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { onTheWayFrom } from '@pool/contracts';
import { AppError } from '../../lib/errors.ts';

type Ctx = { tx: Db; order: { id: number; total: number }; move: { to: string } };

/** Extra services still waiting for the customer's answer or payment. */
export const OPEN_EXTRAS = ['proposed', 'accepted'] as const;

export async function openExtrasCount(db: Db, orderId: number) {
  const x = tables.orderExtras;
  const [row] = await db
    .select({ n: count() })
    .from(x)
    .where(and(eq(x.orderId, orderId), inArray(x.status, [...OPEN_EXTRAS])));
  return row?.n ?? 0;
}

/** Refuses "on the way" before its lead time; the message gives the time it opens (Riyadh, in the reader's language). */
async function assertOnTheWayOpen(db: Db, orderId: number) {
  const mr = tables.maintenanceRequests;
  const [request] = await db.select({ scheduledAt: mr.scheduledAt }).from(mr).where(eq(mr.orderId, orderId));
  if (!request) return;
  const from = onTheWayFrom(request.scheduledAt);
  if (Date.now() < from.getTime()) {
    throw new AppError('fail', 'field-work.on_the_way_too_early', {
      status: 409,
      params: { from: from.getTime() },
      data: { on_the_way_from: from.toISOString() },
    });
  }
}

/**
 * The rules of a visit on site, whatever the kind (an immediate maintenance, a
 * package's visit): on the way only from its lead time, and no finishing (the
 * kind's `finished` state) while an extra service is open.
 */
export async function checkVisitMove(tx: Db, orderId: number, to: string, finished: string) {
  if (to === 'on_the_way') await assertOnTheWayOpen(tx, orderId);
  if (to === finished && (await openExtrasCount(tx, orderId)) > 0) {
    throw new AppError('fail', 'maintenance.open_extras', { status: 409 });
  }
}

export const maintenanceHooks = {
  async beforeMove({ tx, order, move }: Ctx): Promise<void> {
    await checkVisitMove(tx, order.id, move.to, 'completed');
  },
};
