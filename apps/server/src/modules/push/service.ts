/** Push devices (customers' and staff's), browser subscriptions and the push outbox (one row per message per device). */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { Lang, PushPayload, WebPushSubscription } from '@pool/contracts';
import type { NotificationRow } from '../realtime/index.ts';
import { configuredPushKinds, type PushKind } from '../../integrations/push/index.ts';
import type { NotificationListener } from '../../app-type.ts';

const d = tables.devices;

/** Whose device it is: a customer's, or an engineer's or technician's (never both). */
export type DeviceOwner = { userId: number } | { staffId: number };

const ownerOf = (owner: DeviceOwner) =>
  'userId' in owner ? { userId: owner.userId, staffId: null } : { userId: null, staffId: owner.staffId };

const ownedBy = (owner: DeviceOwner) => ('userId' in owner ? eq(d.userId, owner.userId) : eq(d.staffId, owner.staffId));

/**
 * Binds an app's push token, or a browser subscription, to its owner. The token
 * or endpoint is the device's id: it moves over from whoever held it before.
 */
export async function registerDevice(
  db: Db,
  owner: DeviceOwner,
  device: Pick<typeof d.$inferInsert, 'deviceId' | 'deviceType' | 'pushKind' | 'subscription'> & { lang: Lang },
) {
  const values = { ...ownerOf(owner), pushKind: 'fcm' as const, subscription: null, ...device };
  await db
    .insert(d)
    .values(values)
    .onConflictDoUpdate({ target: d.deviceId, set: { ...values, updatedAt: sql`now()` } });
}

/** A browser's Web Push subscription; its endpoint is the device id. */
export async function subscribeWebPush(db: Db, owner: DeviceOwner, sub: WebPushSubscription, lang: Lang) {
  const subscription = { endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh, auth: sub.keys.auth } };
  await registerDevice(db, owner, {
    deviceId: sub.endpoint,
    deviceType: 'web',
    pushKind: 'webpush',
    subscription,
    lang,
  });
}

/** Drops the owner's own subscription (someone else's endpoint is left alone). */
export async function unsubscribeWebPush(db: Db, owner: DeviceOwner, endpoint: string) {
  await db.delete(d).where(and(eq(d.deviceId, endpoint), ownedBy(owner)));
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

type Target = { deviceId: number; ownerId: number; lang: string };

/** The devices of customers who have notifications on (in the customer's language). */
function customerDevices(db: Db, ids: number[], kinds: PushKind[]): Promise<Target[]> {
  const u = tables.users;
  return db
    .select({ deviceId: d.id, ownerId: u.id, lang: u.lang })
    .from(d)
    .innerJoin(u, eq(u.id, d.userId))
    .where(and(inArray(d.userId, ids), inArray(d.pushKind, kinds), eq(u.isNotify, true), isNull(u.deletedAt)));
}

/** The devices of staff members still at work (in the language each device registered with). */
function staffDevices(db: Db, ids: number[], kinds: PushKind[]): Promise<Target[]> {
  const st = tables.staff;
  return db
    .select({ deviceId: d.id, ownerId: st.id, lang: d.lang })
    .from(d)
    .innerJoin(st, eq(st.id, d.staffId))
    .where(and(inArray(d.staffId, ids), inArray(d.pushKind, kinds), eq(st.isBlocked, false), isNull(st.deletedAt)));
}

/**
 * Queues one push per device of each recipient, customer or staff member, for
 * the device kinds this server can deliver. Admin notifications (the dashboard's) are not pushed.
 */
export async function enqueuePush(db: Db, rows: NotificationRow[], kinds: PushKind[] = ['fcm', 'webpush']) {
  if (!kinds.length) return 0;
  const ids = (pick: (r: NotificationRow) => number | null) => [
    ...new Set(rows.map(pick).filter((id): id is number => id != null)),
  ];
  const userIds = ids((r) => r.userId);
  const staffIds = ids((r) => r.staffId);
  const [customers, staff] = await Promise.all([
    userIds.length ? customerDevices(db, userIds, kinds) : [],
    staffIds.length ? staffDevices(db, staffIds, kinds) : [],
  ]);
  const values = rows.flatMap((row) => {
    const [targets, ownerId] = row.userId != null ? [customers, row.userId] : [staff, row.staffId];
    return targets
      .filter((t) => t.ownerId === ownerId)
      .map((t) => ({ deviceId: t.deviceId, payload: pushPayload(row, t.lang) as Record<string, string> }));
  });
  if (values.length) await db.insert(tables.pushOutbox).values(values);
  return values.length;
}

/** The notification listener that queues every stored customer and staff notification for push, then asks for a delivery run. */
export const pushNotifications: NotificationListener = async (app, rows) => {
  if (await enqueuePush(app.db, rows, configuredPushKinds(app.config))) await app.jobs.send('push-deliver');
};
