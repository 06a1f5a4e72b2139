/**
 * The dashboard assigns an engineer or technician through the kind's
 * assignment move (declared with `assigns`): only an active staff member of
 * that job who serves the order's city (DOMAIN.md, "Staff, assignment and time").
 */
import { and, eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import { assignmentMove } from '@pool/contracts';
import type { App } from '../../../app-type.ts';
import { fieldError } from '../../../lib/errors.ts';
import { retryTransaction } from '../../../lib/retry.ts';
import { findStaff } from '../../staff/index.ts';
import type { Actor } from './actor.ts';
import { lockOrder, moveRefused, transition } from './transition.ts';

export async function assignStaff(app: App, orderId: number, staffId: number, actor: Actor) {
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, orderId);
    const move = assignmentMove(row.kind, row.status);
    if (!move) throw moveRefused(row.status);
    const member = await findStaff(tx, staffId);
    if (!member || member.isBlocked) throw fieldError('staff_id', 'staff.not_assignable');
    if (member.job !== move.assigns) throw fieldError('staff_id', `staff.wrong_job_${move.assigns}`);
    const sc = tables.staffCities;
    const [serves] = row.cityId
      ? await tx
          .select({ id: sc.cityId })
          .from(sc)
          .where(and(eq(sc.staffId, staffId), eq(sc.cityId, row.cityId)))
      : [];
    if (!serves) throw fieldError('staff_id', 'staff.city_not_served');
    return (await transition(tx, row, { to: move.to, actor, patch: { staffId } })).order;
  });
  await app.events.deliver();
  return order;
}
