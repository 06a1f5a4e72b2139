/**
 * The customer's hand on a subscription's visits (DOMAIN.md): taking one back
 * VISIT_CANCEL_HOURS or more before it (the kind's hook checks the time and
 * frees its technician), and picking a new time within the subscription's
 * period. The visit itself then runs through field work like any visit.
 */
import { eq } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { riyadhInstant } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { customerActor, lockOrder, transition } from '../orders/index.ts';
import { checkVisitTime, placeVisit } from './subscriptions.ts';

const VISIT = 'package_visit' as const;

/** The visit (locked) and its subscription's details, for its customer; 404 for anyone else's. */
async function lockMyVisit(tx: Db, userId: number, id: number) {
  const visit = await lockOrder(tx, id, { kind: VISIT, userId });
  const s = tables.packageSubscriptions;
  const [row] = await tx
    .select({ sub: s, status: tables.orders.status })
    .from(s)
    .innerJoin(tables.orders, eq(tables.orders.id, s.orderId))
    .where(eq(s.orderId, visit.parentId!));
  if (!row) throw notFound();
  return { visit, sub: row.sub, subscriptionStatus: row.status };
}

export async function cancelVisit(app: App, userId: number, id: number) {
  const visit = await retryTransaction(app.db, async (tx) => {
    const { visit } = await lockMyVisit(tx, userId, id);
    return (await transition(tx, visit, { to: 'unscheduled', actor: customerActor(userId) })).order;
  });
  await app.events.deliver();
  return visit;
}

export async function rescheduleVisit(app: App, userId: number, id: number, slot: { date: string; time: string }) {
  const at = riyadhInstant(slot.date, slot.time);
  const visit = await retryTransaction(app.db, async (tx) => {
    const { visit, sub, subscriptionStatus } = await lockMyVisit(tx, userId, id);
    if (subscriptionStatus !== 'active') throw new AppError('fail', 'packages.not_active', { status: 409 });
    checkVisitTime(sub, at);
    const { order } = await transition(tx, visit, { to: 'scheduled', actor: customerActor(userId) });
    await placeVisit(tx, id, sub, at);
    return order;
  });
  await app.events.deliver();
  return visit;
}
