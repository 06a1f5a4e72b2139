/**
 * A package visit's reminder the day before (ADR 0019), a step of the `packages-due` job:
 * VISIT_REMINDER_HOURS before a visit that is still to come (scheduled, or with its technician),
 * its customer is sent `visit_reminder` with the visit's day and time (Riyadh), opening the visit.
 *
 * Once: each visit is claimed by a conditional update of its time row, `reminded_for` (the time
 * reminded of) set where it is not that time yet, in the notice's own transaction, so two runs at
 * once send it once. A visit moved to another time is reminded of the new one; one booked within
 * the last VISIT_REMINDER_HOURS is not (placeVisit marks it: the customer has just chosen it).
 */
import { and, eq, exists, gt, inArray, lte, sql } from 'drizzle-orm';
import { tables } from '@pool/db';
import { VISIT_REMINDER_HOURS } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { tellCustomer } from './notices.ts';

const o = tables.orders;
const mr = tables.maintenanceRequests;
/** A visit still to come: its reminder is due. */
const TO_COME = ['scheduled', 'technician_assigned'];

const notRemindedOfItsTime = sql`${mr.remindedFor} is distinct from ${mr.scheduledAt}`;

/** Sends the reminders due at `now`; answers how many visits it looked at. */
export async function remindVisits(app: App, now: Date) {
  const due = await app.db
    .select({ id: o.id, number: o.number, userId: o.userId, at: mr.scheduledAt })
    .from(o)
    .innerJoin(mr, eq(mr.orderId, o.id))
    .where(
      and(
        eq(o.kind, 'package_visit'),
        inArray(o.status, TO_COME),
        gt(mr.scheduledAt, now),
        lte(mr.scheduledAt, new Date(now.getTime() + VISIT_REMINDER_HOURS * 3600_000)),
        notRemindedOfItsTime,
      ),
    );
  for (const visit of due) {
    await app.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(mr)
        .set({ remindedFor: visit.at })
        .where(
          and(
            eq(mr.orderId, visit.id),
            eq(mr.scheduledAt, visit.at),
            notRemindedOfItsTime,
            exists(
              tx
                .select({ id: o.id })
                .from(o)
                .where(and(eq(o.id, mr.orderId), inArray(o.status, TO_COME))),
            ),
          ),
        )
        .returning({ id: mr.orderId });
      if (!claimed) return;
      await tellCustomer(app, tx, { ...visit, kind: 'package_visit' }, 'visit_reminder', { at: visit.at.getTime() });
    });
  }
  return due.length;
}
