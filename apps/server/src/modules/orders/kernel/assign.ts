/**
 * The dashboard assigns an engineer or technician through the kind's
 * assignment move (declared with `assigns`; from the assigned state too: a
 * reassignment to someone else): only an active staff member of
 * that job who serves the order's city and is free at the order's time: no
 * other open order of theirs with a visit overlapping [start, start + 90 min)
 * (DOMAIN.md, "Staff, assignment and time").
 */
import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { assignmentMove, VISIT_MINUTES } from '@pool/contracts';
import type { App } from '../../../app-type.ts';
import { fieldError } from '../../../lib/errors.ts';
import { retryTransaction } from '../../../lib/retry.ts';
import { findStaff } from '../../staff/index.ts';
import type { Actor } from './actor.ts';
import { lockOrder, moveRefused, transition } from './transition.ts';

const VISIT_MS = VISIT_MINUTES * 60_000;

/** When an order's visit starts (a maintenance request's chosen time), or null for an order without one. */
export async function visitStartOf(db: Db, orderId: number): Promise<Date | null> {
  const mr = tables.maintenanceRequests;
  const [row] = await db.select({ at: mr.scheduledAt }).from(mr).where(eq(mr.orderId, orderId));
  return row?.at ?? null;
}

/**
 * The staff member's open orders (not closed) other than `exceptOrderId` whose
 * visit overlaps [start, start + 90 min): two visits overlap when their starts
 * are less than 90 minutes apart.
 */
export async function overlappingVisits(db: Db, staffId: number, start: Date, exceptOrderId?: number) {
  const o = tables.orders;
  const mr = tables.maintenanceRequests;
  return db
    .select({ id: o.id, number: o.number, scheduledAt: mr.scheduledAt })
    .from(o)
    .innerJoin(mr, eq(mr.orderId, o.id))
    .where(
      and(
        eq(o.staffId, staffId),
        isNull(o.closedAt),
        exceptOrderId === undefined ? undefined : ne(o.id, exceptOrderId),
        gt(mr.scheduledAt, new Date(start.getTime() - VISIT_MS)),
        lt(mr.scheduledAt, new Date(start.getTime() + VISIT_MS)),
      ),
    );
}

export async function assignStaff(app: App, orderId: number, staffId: number, actor: Actor) {
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, orderId);
    const move = assignmentMove(row.kind, row.status);
    if (!move) throw moveRefused(row.status);
    const member = await findStaff(tx, staffId);
    if (!member || member.isBlocked) throw fieldError('staff_id', 'staff.not_assignable');
    if (member.job !== move.assigns) throw fieldError('staff_id', `staff.wrong_job_${move.assigns}`);
    // A reassignment moves the work to someone else: the same person again would only repeat the notices.
    if (row.staffId === staffId) throw fieldError('staff_id', 'staff.already_assigned');
    const sc = tables.staffCities;
    const [serves] = row.cityId
      ? await tx
          .select({ id: sc.cityId })
          .from(sc)
          .where(and(eq(sc.staffId, staffId), eq(sc.cityId, row.cityId)))
      : [];
    if (!serves) throw fieldError('staff_id', 'staff.city_not_served');
    const start = await visitStartOf(tx, row.id);
    if (start) {
      // Two assignments of one technician at once are serialised on the staff row.
      await tx.select({ id: tables.staff.id }).from(tables.staff).where(eq(tables.staff.id, staffId)).for('update');
      if ((await overlappingVisits(tx, staffId, start, row.id)).length) {
        throw fieldError('staff_id', 'maintenance.staff_busy');
      }
    }
    return (await transition(tx, row, { to: move.to, actor, patch: { staffId } })).order;
  });
  await app.events.deliver();
  return order;
}
