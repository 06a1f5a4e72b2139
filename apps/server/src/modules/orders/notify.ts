/**
 * Store order notifications (DOMAIN.md, "Store order"), written in the same
 * transaction as the change they announce: a rolled-back change notifies
 * nobody, a committed one exactly once. The live streams hear of them at
 * commit (PostgreSQL delivers NOTIFY then) and the push outbox rows commit
 * with them.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { NotificationType } from '@pool/contracts';
import { translate } from '@pool/i18n';
import type { App } from '../../app.ts';
import { adminsWhoCan, announce, notificationLink } from '../realtime/service.ts';

const n = tables.notifications;

export type OrderRef = { id: number; userId: number; number: string };

/** The app with its database handle swapped for the transaction (for `announce`). */
const within = (app: App, tx: Db) => Object.create(app, { db: { value: tx } }) as App;

const text = (type: NotificationType, part: 'title' | 'body', order: OrderRef) => ({
  ar: translate('ar', `orders.notify_${type}_${part}`, { number: order.number }),
  en: translate('en', `orders.notify_${type}_${part}`, { number: order.number }),
});

/** Tells the customer (reachable: active, not blocked or deleted); the notification opens the order. */
export async function notifyCustomer(app: App, tx: Db, order: OrderRef, type: NotificationType) {
  const u = tables.users;
  const [reachable] = await tx
    .select({ id: u.id })
    .from(u)
    .where(and(eq(u.id, order.userId), eq(u.isActive, true), eq(u.isBlocked, false), isNull(u.deletedAt)));
  if (!reachable) return [];
  const title = text(type, 'title', order);
  const body = text(type, 'body', order);
  const rows = await tx
    .insert(n)
    .values({
      userId: order.userId,
      type,
      titleAr: title.ar,
      titleEn: title.en,
      bodyAr: body.ar,
      bodyEn: body.en,
      link: notificationLink({ order_id: order.id }),
      orderId: order.id,
      data: { order_id: order.id, kind: 'store' },
    })
    .returning();
  return announce(within(app, tx), 'u', rows);
}

/** Tells the admins who can see orders; the notification opens the order in the dashboard. */
export async function notifyOrderAdmins(app: App, tx: Db, order: OrderRef, type: NotificationType) {
  const ids = await adminsWhoCan(tx, 'orders.view');
  if (!ids.length) return [];
  const title = text(type, 'title', order);
  const body = text(type, 'body', order);
  const rows = await tx
    .insert(n)
    .values(
      ids.map((adminId) => ({
        adminId,
        type,
        titleAr: title.ar,
        titleEn: title.en,
        bodyAr: body.ar,
        bodyEn: body.en,
        link: `/admin/store-orders/${order.id}`,
        data: { order_id: order.id, kind: 'store' },
      })),
    )
    .returning();
  return announce(within(app, tx), 'a', rows);
}
