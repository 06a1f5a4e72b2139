/**
 * The notices of scheduled maintenance that are not moves of an order (the timed work of
 * jobs.ts, a renewal, a visit's reminder): one type of the catalogue to the order's customer,
 * in both languages (each reads their own, and the push goes in theirs), opening the page the
 * catalogue gives it, written in the caller's transaction.
 */
import { notificationPage, type NotificationType, type OrderKind } from '@pool/contracts';
import type { Db } from '@pool/db';
import type { App } from '../../app-type.ts';
import { withinTransaction, type NotificationParams } from '../events/index.ts';
import { notificationText } from '../orders/index.ts';
import { notifyUsers } from '../realtime/index.ts';

export type Notice = { id: number; number: string; userId: number; kind?: OrderKind };

export async function tellCustomer(
  app: App,
  tx: Db,
  order: Notice,
  type: NotificationType,
  params?: NotificationParams,
) {
  const ref = { order_id: order.id, kind: order.kind ?? 'package_subscription' };
  await notifyUsers(withinTransaction(app, tx), [order.userId], {
    ...notificationText(type, order.number, params),
    order_id: order.id,
    link: notificationPage(type, ref),
    data: ref,
  });
}
