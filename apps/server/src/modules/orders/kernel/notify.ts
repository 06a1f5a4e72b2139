/**
 * The outbox subscriber that tells people about an order's moves: each type
 * its declaration names goes to that type's audience in the notification
 * catalogue (the customer when reachable, the staff member assigned), and the
 * admins' type to the admins who see orders, in both languages. It runs
 * in the dispatcher's transaction: rows, live announcement and push rows are
 * written once with the event's delivery.
 */
import { adminOrderPage, NOTIFICATION_CATALOGUE, notificationPage, type NotificationType } from '@pool/contracts';
import { translate } from '@pool/i18n';
import type { Subscriber } from '../../events/index.ts';
import { withinTransaction } from '../../events/index.ts';
import type { NotificationParams, OrderNoticeEvent } from '../../events/index.ts';
import { adminsWhoCan, notifyAdmins, notifyStaff, notifyUsers } from '../../realtime/index.ts';

/** A left-to-right isolate: an order number (`M2611-00003`) keeps its order inside Arabic text. */
const ltr = (text: string) => `\u2066${text}\u2069`;

/** The catalogue's texts of `type` about order `number` (and more `params`), in both languages. */
export const notificationText = (type: NotificationType, number: string, params: NotificationParams = {}) => {
  const ar = { ...params, number: ltr(number) };
  const en = { ...params, number };
  return {
    type,
    title_ar: translate('ar', `events.${type}_title`, ar),
    title_en: translate('en', `events.${type}_title`, en),
    body_ar: translate('ar', `events.${type}_body`, ar),
    body_en: translate('en', `events.${type}_body`, en),
  };
};

/** Tells of an order's moves and of its notices (`order.notice`: extra services proposed, accepted, rejected). */
export const orderNotifications: Subscriber = async (app, tx, event) => {
  if (event.type !== 'order.moved' && event.type !== 'order.notice') return;
  const p: OrderNoticeEvent['payload'] = event.payload;
  const within = withinTransaction(app, tx);
  const data = { order_id: p.order_id, kind: p.kind };
  for (const type of p.notify) {
    const { audience } = NOTIFICATION_CATALOGUE[type];
    const text = { ...notificationText(type, p.number, p.params), order_id: p.order_id, data };
    // The customer's page of the type (the order, or its rating page for rate_employee).
    const link = notificationPage(type, { order_id: p.order_id, kind: p.kind });
    if (audience.includes('customer')) await notifyUsers(within, [p.user_id], { ...text, link });
    if (audience.includes('staff') && p.staff_id) await notifyStaff(within, [p.staff_id], text);
  }
  if (p.notify_admins) {
    const ids = await adminsWhoCan(tx, 'orders.view');
    if (ids.length) {
      await notifyAdmins(within, ids, {
        ...notificationText(p.notify_admins, p.number, p.params),
        link: adminOrderPage(p.kind, p.order_id),
        data,
      });
    }
  }
};
