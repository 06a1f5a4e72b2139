/**
 * The outbox subscriber of scheduled maintenance (ADR 0018), in the
 * dispatcher's transaction: a subscription paid makes its visits; one that
 * ends (cancelled unpaid or by an admin, expired) cancels the visits still
 * open; the last visit done completes its subscription (`package_completed`).
 * Each step checks the state it finds, so a second delivery changes nothing.
 */
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { Subscriber } from '../events/index.ts';
import { lockOrder, SYSTEM, transition } from '../orders/index.ts';
import { activate, cancelOpenVisits, remainingVisits } from './subscriptions.ts';

export const packageEvents: Subscriber = async (_app, tx, event) => {
  if (event.type !== 'order.moved') return;
  const { kind, to, order_id: id } = event.payload;
  if (kind === 'package_subscription') {
    if (to === 'active') await activate(tx, id);
    if (to === 'cancelled' || to === 'expired' || to === 'completed') await cancelOpenVisits(tx, id);
    return;
  }
  if (kind === 'package_visit' && to === 'done') {
    const [visit] = await tx
      .select({ parentId: tables.orders.parentId })
      .from(tables.orders)
      .where(eq(tables.orders.id, id));
    if (!visit?.parentId) return;
    const parent = await lockOrder(tx, visit.parentId);
    if (parent.status === 'active' && (await remainingVisits(tx, parent.id)) === 0) {
      await transition(tx, parent, { to: 'completed', actor: SYSTEM });
    }
  }
};
