/** Browser subscriptions and the push outbox (one row per message per device). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { PushPayload, WebPushSubscription } from '@pool/contracts';
import type { NotificationRow } from '../realtime/index.ts';
import { configuredPushKinds, type PushKind } from '../../integrations/push/index.ts';
import type { NotificationListener } from '../../app-type.ts';

const d = tables.devices;

/** Binds a browser subscription to the user; the endpoint is the device id (it moves over from another account). */
export async function subscribeWebPush(db: Db, userId: number, sub: WebPushSubscription) {
  const subscription = { endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh, auth: sub.keys.auth } };
  await db
    .insert(d)
    .values({ userId, deviceId: sub.endpoint, deviceType: 'web', pushKind: 'webpush', subscription })
    .onConflictDoUpdate({
      target: d.deviceId,
      set: { userId, deviceType: 'web', pushKind: 'webpush', subscription, updatedAt: sql`now()` },
    });
}

/** Drops the user's own subscription (another user's endpoint is left alone). */
export async function unsubscribeWebPush(db: Db, userId: number, endpoint: string) {
  await db.delete(d).where(and(eq(d.deviceId, endpoint), eq(d.userId, userId)));
}

/** Spec §3 push payload, with `title`/`body` in the recipient's language. */
export function pushPayload(row: NotificationRow, lang: string): PushPayload {
  const en = lang === 'en';
  const payload: PushPayload = {
    type: row.type,
    title: en ? row.titleEn : row.titleAr,
    title_en: row.titleEn,
    title_ar: row.titleAr,
    body: en ? row.bodyEn : row.bodyAr,
    body_en: row.bodyEn,
    body_ar: row.bodyAr,
    notification_id: String(row.id),
  };
  if (row.link) payload.link = row.link;
  if (row.orderId != null) payload.order_id = String(row.orderId);
  return payload;
}

/**
 * Queues one push per device of each recipient who has notifications on, for
 * the device kinds this server can deliver. Admin notifications (no user) are not pushed.
 */
export async function enqueuePush(db: Db, rows: NotificationRow[], kinds: PushKind[] = ['fcm', 'webpush']) {
  if (!kinds.length) return 0;
  const userIds = [...new Set(rows.map((r) => r.userId).filter((id): id is number => id != null))];
  if (!userIds.length) return 0;
  const u = tables.users;
  const targets = await db
    .select({ deviceId: d.id, userId: d.userId, lang: u.lang })
    .from(d)
    .innerJoin(u, eq(u.id, d.userId))
    .where(
      and(inArray(d.userId, userIds), inArray(d.pushKind, kinds), eq(u.isNotify, true), sql`${u.deletedAt} is null`),
    );
  const values = rows.flatMap((row) =>
    targets
      .filter((t) => t.userId === row.userId)
      .map((t) => ({ deviceId: t.deviceId, payload: pushPayload(row, t.lang) as Record<string, string> })),
  );
  if (values.length) await db.insert(tables.pushOutbox).values(values);
  return values.length;
}

/** The notification listener that queues every stored customer notification for push, then asks for a delivery run. */
export const pushNotifications: NotificationListener = async (app, rows) => {
  if (await enqueuePush(app.db, rows, configuredPushKinds(app.config))) await app.jobs.send('push-deliver');
};
