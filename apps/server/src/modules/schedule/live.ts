/**
 * The calendar's live signal: each move of a field visit (assigned, reassigned, on the way,
 * finished, cancelled, taken back or rescheduled by the customer) tells the admins' open streams
 * (`visits` {order_id}, orders.view), at the commit of the dispatcher's transaction; an open
 * calendar reads its week again.
 */
import { isFieldVisitKind } from '@pool/contracts';
import type { Subscriber } from '../events/index.ts';
import { publishSignal } from '../realtime/index.ts';

export const scheduleSignals: Subscriber = async (_app, tx, event) => {
  if (event.type !== 'order.moved' || !isFieldVisitKind(event.payload.kind)) return;
  await publishSignal(tx, 'a', null, {
    event: 'visits',
    data: { order_id: event.payload.order_id },
    permission: 'orders.view',
  });
};
