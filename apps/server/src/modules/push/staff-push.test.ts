/** Push for engineers and technicians: their browsers and app devices, and their order notices reaching them. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { makeNotification, makeStaff, tables } from '@pool/db';
import type { PushPayload } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { issueUserToken } from '../../lib/sessions.ts';
import { fakeFcm } from '../../integrations/push/fake-fcm.ts';
import { issueStaffToken } from '../staff/sessions.ts';
import { admin, maintenanceWorld, type World } from '../maintenance/testing.ts';
import { enqueuePush } from './service.ts';

/** A browser's subscription as PushSubscription.toJSON() gives it (keys of the right shape). */
const subscription = (n: number) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/staff-${n}`,
  keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) },
});

describe('staff push', () => {
  let app: TestApp;
  let world: World;
  let fcm: Awaited<ReturnType<typeof fakeFcm>>;
  const vapid = webpush.generateVAPIDKeys();
  const d = tables.devices;

  beforeAll(async () => {
    fcm = await fakeFcm();
    app = await buildTestApp({
      config: {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
        ...fcm.config,
      },
    });
    world = await maintenanceWorld(app);
  });
  afterAll(async () => {
    await app.close();
    await fcm.close();
  });
  beforeEach(async () => {
    await app.db.delete(tables.pushOutbox);
    await app.db.delete(d);
  });

  const bearer = (token: string, lang = 'en') => ({ authorization: `Bearer ${token}`, lang });
  const deviceOf = async (deviceId: string) => (await app.db.select().from(d).where(eq(d.deviceId, deviceId)))[0];
  const queued = async () =>
    (await app.db.select().from(tables.pushOutbox)).map((r) => ({
      deviceId: r.deviceId,
      ...(r.payload as PushPayload),
    }));

  it("subscribes a staff member's browser in the page's language, and only to their own account", async () => {
    const tech = await makeStaff(app.db);
    const token = await issueStaffToken(app.db, tech.id, 'web');
    const sub = subscription(1);
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff/push/subscribe',
      headers: bearer(token),
      payload: sub,
    });
    expect(res.json()).toMatchObject({ key: 'success', msg: 'Notifications enabled' });
    expect(await deviceOf(sub.endpoint)).toMatchObject({
      staffId: tech.id,
      userId: null,
      lang: 'en',
      pushKind: 'webpush',
      subscription: sub,
    });

    // A customer's token does not reach the staff route, nor a staff token the customer's.
    const user = await issueUserToken(app.db, (await world.offered()).user.id);
    for (const [url, t] of [
      ['/api/staff/push/subscribe', user],
      ['/api/user/push/subscribe', token],
    ] as const) {
      const refused = await app.inject({ method: 'POST', url, headers: bearer(t), payload: subscription(2) });
      expect(refused.statusCode).toBe(401);
    }
    expect(await deviceOf(subscription(2).endpoint)).toBeUndefined();

    // Another staff member cannot drop it; its owner can.
    const other = await issueStaffToken(app.db, (await makeStaff(app.db)).id, 'web');
    const drop = (t: string) =>
      app.inject({
        method: 'DELETE',
        url: '/api/staff/push/subscribe',
        headers: bearer(t),
        payload: { endpoint: sub.endpoint },
      });
    expect((await drop(other)).statusCode).toBe(200);
    expect(await deviceOf(sub.endpoint)).toBeDefined();
    expect((await drop(token)).json()).toMatchObject({ key: 'success' });
    expect(await deviceOf(sub.endpoint)).toBeUndefined();
  });

  it('moves a browser between a customer and a staff member without keeping both owners', async () => {
    const tech = await makeStaff(app.db);
    const staffToken = await issueStaffToken(app.db, tech.id, 'web');
    const { user, token: userToken } = await world.offered();
    const sub = subscription(3);
    const subscribe = (url: string, token: string, lang: string) =>
      app.inject({ method: 'POST', url, headers: bearer(token, lang), payload: sub });

    expect((await subscribe('/api/user/push/subscribe', userToken, 'ar')).statusCode).toBe(200);
    expect(await deviceOf(sub.endpoint)).toMatchObject({ userId: user.id, staffId: null });
    expect((await subscribe('/api/staff/push/subscribe', staffToken, 'ar')).statusCode).toBe(200);
    expect(await deviceOf(sub.endpoint)).toMatchObject({ userId: null, staffId: tech.id, lang: 'ar' });
    expect((await subscribe('/api/user/push/subscribe', userToken, 'en')).statusCode).toBe(200);
    expect(await deviceOf(sub.endpoint)).toMatchObject({ userId: user.id, staffId: null });
  });

  it("registers the staff app's token at sign-in and by its own route; bad input changes nothing", async () => {
    const tech = await makeStaff(app.db);
    const token = await issueStaffToken(app.db, tech.id, 'android');
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff/device',
      headers: bearer(token, 'ar'),
      payload: { device_id: 'fcm-token-staff-1', device_type: 'android' },
    });
    expect(res.json()).toMatchObject({ key: 'success' });
    expect(await deviceOf('fcm-token-staff-1')).toMatchObject({ staffId: tech.id, pushKind: 'fcm', lang: 'ar' });

    const bad = await app.inject({
      method: 'POST',
      url: '/api/staff/device',
      headers: bearer(token),
      payload: { device_id: '', device_type: 'toaster' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().key).toBe('fail');
    expect(await app.db.select().from(d)).toHaveLength(1);
  });

  it("pushes an assignment to the technician's devices in each device's language, opening the staff order page", async () => {
    const order = await world.paid();
    const web = subscription(4);
    const staffToken = await issueStaffToken(app.db, world.tech.id, 'web');
    await app.inject({ method: 'POST', url: '/api/staff/push/subscribe', headers: bearer(staffToken), payload: web });
    await app.inject({
      method: 'POST',
      url: '/api/staff/device',
      headers: bearer(staffToken, 'ar'),
      payload: { device_id: 'fcm-token-staff-2', device_type: 'ios' },
    });
    const assigned = await admin(app, 'POST', `/service-orders/${order.id}/assign`, world.boss, {
      staff_id: world.tech.id,
    });
    expect(assigned.json().key).toBe('success');

    const staffDevices = new Set([(await deviceOf(web.endpoint))!.id, (await deviceOf('fcm-token-staff-2'))!.id]);
    const staffPushes = (await queued()).filter((p) => staffDevices.has(p.deviceId));
    expect(staffPushes).toHaveLength(2);
    const byDevice = new Map(staffPushes.map((p) => [p.deviceId, p]));
    const webPush = byDevice.get((await deviceOf(web.endpoint))!.id)!;
    const appPush = byDevice.get((await deviceOf('fcm-token-staff-2'))!.id)!;
    expect(webPush).toMatchObject({
      type: 'assign_technician',
      link: `/staff/orders/${order.id}`,
      order_id: String(order.id),
    });
    expect(webPush.title).toBe(webPush.title_en);
    expect(appPush.title).toBe(appPush.title_ar);
    expect(appPush).toMatchObject({ type: 'assign_technician', link: `/staff/orders/${order.id}` });
    expect(appPush.title_ar).not.toBe(appPush.title_en);
  });

  it("queues a staff notice only for a staff member still at work (a blocked one's devices get nothing)", async () => {
    const tech = await makeStaff(app.db);
    const token = await issueStaffToken(app.db, tech.id, 'web');
    const sub = subscription(5);
    await app.inject({ method: 'POST', url: '/api/staff/push/subscribe', headers: bearer(token), payload: sub });
    const notice = await makeNotification(app.db, { staffId: tech.id, type: 'new_message', link: '/staff/orders/1' });
    expect(await enqueuePush(app.db, [notice])).toBe(1);
    await app.db.update(tables.staff).set({ isBlocked: true }).where(eq(tables.staff.id, tech.id));
    expect(await enqueuePush(app.db, [notice])).toBe(0);
    expect(await queued()).toHaveLength(1);
  });
});
