/**
 * A package visit's hooks in the order kernel (kernel/kinds.ts; ADR 0018): the
 * on-site rules of every visit (on the way from its lead time, no finishing
 * with an extra service open), and the customer's taking a visit back only
 * VISIT_CANCEL_HOURS or more before it, which frees its technician and its
 * time. Imports nothing of the orders module, so the kernel may import it.
 */
import { eq } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { VISIT_CANCEL_HOURS } from '@pool/contracts';
import { AppError } from '../../lib/errors.ts';
import { checkVisitMove } from '../maintenance/index.ts';

type Ctx = { tx: Db; order: { id: number }; move: { to: string; by: string } };

const mr = tables.maintenanceRequests;

/** When the visit is (null while unscheduled). */
export async function visitTime(db: Db, visitId: number) {
  const [row] = await db.select({ at: mr.scheduledAt }).from(mr).where(eq(mr.orderId, visitId));
  return row?.at ?? null;
}

/** Whether the customer may still take a visit at `at` back: VISIT_CANCEL_HOURS or more ahead. */
export const cancellableAt = (at: Date | null, now = Date.now()) =>
  at !== null && at.getTime() - now >= VISIT_CANCEL_HOURS * 3600_000;

export const packageVisitHooks = {
  async beforeMove({ tx, order, move }: Ctx) {
    await checkVisitMove(tx, order.id, move.to, 'done');
    if (move.to !== 'unscheduled') return;
    const at = move.by === 'customer' ? await visitTime(tx, order.id) : null;
    if (at && !cancellableAt(at)) {
      throw new AppError('fail', 'packages.visit_cancel_too_late', {
        status: 409,
        params: { hours: VISIT_CANCEL_HOURS },
      });
    }
    // Unscheduled, the visit has no technician.
    return { staffId: null };
  },
  async afterMove({ tx, order, move }: Ctx) {
    // Unscheduled, it has no time or place either: the staff's day and assignment skip it.
    if (move.to === 'unscheduled') await tx.delete(mr).where(eq(mr.orderId, order.id));
  },
};
