import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { makeNotification, makeUser, tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { issueUserToken } from '../../lib/sessions.ts';
import { createPushDrivers, PushError, type PushDriver, type PushDrivers } from '../../integrations/push/index.ts';
import { fakeFcm } from '../../integrations/push/fake-fcm.ts';
import { enqueuePush, pushPayload } from './service.ts';
import { backoffMs, MAX_ATTEMPTS, runPushBatch } from './worker.ts';

/** `http_ece` (a dependency of web-push) decrypts what a browser would receive. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (body: Buffer, params: { version: string; privateKey: unknown; authSecret: string }) => Buffer;
};

type Received = { headers: IncomingHttpHeaders; body: Buffer; url: string };

/** A browser's side of Web Push: its key pair and auth secret, and a push service answering `status`. */
async function fakeBrowser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16).toString('base64url');
  const received: Received[] = [];
  const state = { status: 201 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks), url: req.url ?? '' });
      res.statusCode = state.status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/${randomBytes(8).toString('hex')}`;
  return {
    received,
    state,
    subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret } },
    decrypt: (body: Buffer) =>
      JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString('utf8')),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('push', () => {
  let app: TestApp;
  let fcm: Awaited<ReturnType<typeof fakeFcm>>;
  let drivers: PushDrivers;
  const vapid = webpush.generateVAPIDKeys();
  const o = tables.pushOutbox;

  beforeAll(async () => {
    fcm = await fakeFcm();
    app = await buildTestApp({
      poolSize: 4,
      config: {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
        ...fcm.config,
      },
    });
    drivers = createPushDrivers(app.config);
  });
  afterAll(async () => {
    await app.close();
    await fcm.close();
  });
  beforeEach(async () => {
    await app.db.delete(o);
  });

  async function customer(values: Parameters<typeof makeUser>[1] = {}) {
    const user = await makeUser(app.db, values);
    const token = await issueUserToken(app.db, user.id);
    return { user, headers: { authorization: `Bearer ${token}` } };
  }
  const outbox = () => app.db.select().from(o).orderBy(o.id);
  const device = (deviceId: string) =>
    app.db
      .select()
      .from(tables.devices)
      .where(eq(tables.devices.deviceId, deviceId))
      .then((r) => r[0]);
  /** Makes every pending row due now (instead of waiting for the back-off). */
  const makeDue = () => app.db.update(o).set({ nextAttemptAt: sql`now() - interval '1 second'` });
  const drain = (d: PushDrivers = drivers) => runPushBatch(app.db, d, app.log);

  describe('routes', () => {
    it('gives the VAPID public key without signing in', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ key: 'success', data: { public_key: vapid.publicKey } });
    });

    it('subscribes and unsubscribes a browser, in both languages', async () => {
      const browser = await fakeBrowser();
      const { user, headers } = await customer();
      const anon = await app.inject({ method: 'POST', url: '/api/user/push/subscribe', payload: browser.subscription });
      expect(anon.statusCode).toBe(401);

      const res = await app.inject({
        method: 'POST',
        url: '/api/user/push/subscribe',
        headers: { ...headers, lang: 'en' },
        payload: browser.subscription,
      });
      expect(res.json()).toEqual({ msg: 'Notifications enabled', key: 'success', data: null });
      expect(await device(browser.subscription.endpoint)).toMatchObject({
        userId: user.id,
        pushKind: 'webpush',
        deviceType: 'web',
        subscription: browser.subscription,
      });

      // The same browser signed in as someone else moves over.
      const other = await customer();
      const again = await app.inject({
        method: 'POST',
        url: '/api/user/push/subscribe',
        headers: other.headers,
        payload: browser.subscription,
      });
      expect(again.json()).toMatchObject({ msg: 'تم تفعيل الإشعارات', key: 'success' });
      expect((await device(browser.subscription.endpoint))?.userId).toBe(other.user.id);

      // Only the owner can remove it.
      await app.inject({
        method: 'DELETE',
        url: '/api/user/push/subscribe',
        headers,
        payload: { endpoint: browser.subscription.endpoint },
      });
      expect(await device(browser.subscription.endpoint)).toBeDefined();
      const del = await app.inject({
        method: 'DELETE',
        url: '/api/user/push/subscribe',
        headers: { ...other.headers, lang: 'en' },
        payload: { endpoint: browser.subscription.endpoint },
      });
      expect(del.json()).toMatchObject({ msg: 'Notifications disabled', key: 'success' });
      expect(await device(browser.subscription.endpoint)).toBeUndefined();
      await browser.close();
    });

    it('refuses a malformed subscription with field errors', async () => {
      const { headers } = await customer();
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/push/subscribe',
        headers: { ...headers, lang: 'en' },
        payload: { endpoint: 'not a url', keys: { p256dh: 'short', auth: '' } },
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().data)).toEqual(expect.arrayContaining(['endpoint']));
    });
  });

  describe('outbox', () => {
    it('queues one row per device of each recipient whose notifications are on', async () => {
      const on = await makeUser(app.db, { lang: 'en' });
      const off = await makeUser(app.db, { isNotify: false });
      await app.db.insert(tables.devices).values([
        { userId: on.id, deviceId: `fcm-${on.id}-a`, deviceType: 'android' },
        { userId: on.id, deviceId: `fcm-${on.id}-b`, deviceType: 'ios' },
        { userId: off.id, deviceId: `fcm-${off.id}`, deviceType: 'android' },
      ]);
      const forOn = await makeNotification(app.db, {
        userId: on.id,
        type: 'order_payed',
        titleAr: 'تم الدفع',
        titleEn: 'Paid',
        bodyAr: 'شكراً لك',
        bodyEn: 'Thank you',
        orderId: 42,
        link: '/orders/42',
      });
      const forOff = await makeNotification(app.db, { userId: off.id });
      expect(await enqueuePush(app.db, [forOn, forOff])).toBe(2);
      const rows = await outbox();
      expect(rows).toHaveLength(2);
      expect(rows[0]!.payload).toEqual({
        type: 'order_payed',
        title: 'Paid',
        title_en: 'Paid',
        title_ar: 'تم الدفع',
        body: 'Thank you',
        body_en: 'Thank you',
        body_ar: 'شكراً لك',
        link: '/orders/42',
        order_id: '42',
        notification_id: String(forOn.id),
      });
      expect(rows.every((r) => r.status === 'pending' && r.attempts === 0)).toBe(true);
    });
    it('is registered as a listener of new notifications', async () => {
      const user = await makeUser(app.db);
      await app.db.insert(tables.devices).values({ userId: user.id, deviceId: `fcm-${user.id}`, deviceType: 'ios' });
      const row = await makeNotification(app.db, { userId: user.id });
      for (const listener of app.notificationListeners) await listener(app, [row]);
      expect((await outbox()).map((r) => r.payload)).toEqual([pushPayload(row, 'ar')]);
    });
  });

  describe('Web Push delivery', () => {
    it('sends an encrypted, VAPID-signed message the browser can decrypt', async () => {
      const browser = await fakeBrowser();
      const { user, headers } = await customer();
      await app.inject({ method: 'POST', url: '/api/user/push/subscribe', headers, payload: browser.subscription });
      const row = await makeNotification(app.db, {
        userId: user.id,
        type: 'offer_sent',
        titleAr: 'عرض سعر جديد',
        titleEn: 'New price offer',
        bodyAr: 'وصلك عرض سعر',
        bodyEn: 'You received a price offer',
        orderId: 9,
      });
      await enqueuePush(app.db, [row]);
      expect(await drain()).toBe(1);

      expect(browser.received).toHaveLength(1);
      const req = browser.received[0]!;
      expect(req.url).toBe(new URL(browser.subscription.endpoint).pathname);
      expect(req.headers['content-encoding']).toBe('aes128gcm');
      expect(req.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`),
      );
      expect(Number(req.headers.ttl)).toBeGreaterThan(0);
      expect(browser.decrypt(req.body)).toEqual(pushPayload(row, 'ar'));
      expect(browser.decrypt(req.body)).toMatchObject({ title: 'عرض سعر جديد', order_id: '9' });

      const [sent] = await outbox();
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
      expect(sent!.sentAt).toBeInstanceOf(Date);
      // Sent once: nothing left to claim.
      expect(await drain()).toBe(0);
      await browser.close();
    });

    it.each([410, 404])('drops the subscription when the push service answers %i', async (status) => {
      const browser = await fakeBrowser();
      browser.state.status = status;
      const { user, headers } = await customer();
      await app.inject({ method: 'POST', url: '/api/user/push/subscribe', headers, payload: browser.subscription });
      await enqueuePush(app.db, [await makeNotification(app.db, { userId: user.id })]);
      await drain();
      expect(browser.received).toHaveLength(1);
      expect(await device(browser.subscription.endpoint)).toBeUndefined();
      expect(await outbox()).toEqual([]); // went with the device
      await browser.close();
    });

    it('marks a message failed when its kind has no configured driver', async () => {
      const browser = await fakeBrowser();
      const { user, headers } = await customer();
      await app.inject({ method: 'POST', url: '/api/user/push/subscribe', headers, payload: browser.subscription });
      await enqueuePush(app.db, [await makeNotification(app.db, { userId: user.id })]);
      await drain({});
      expect(await outbox()).toMatchObject([{ status: 'failed', attempts: 1, lastError: 'not configured' }]);
      expect(browser.received).toHaveLength(0);
      await browser.close();
    });
  });

  describe('FCM delivery', () => {
    beforeEach(() => {
      fcm.seen.send.length = 0;
      fcm.seen.token.length = 0;
    });

    async function fcmMessage() {
      const user = await makeUser(app.db);
      const token = `fcm-token-${user.id}`;
      await app.db.insert(tables.devices).values({ userId: user.id, deviceId: token, deviceType: 'android' });
      await enqueuePush(app.db, [await makeNotification(app.db, { userId: user.id, titleAr: 'مرحباً' })]);
      return token;
    }

    it('retries a 500 later, then sends with the cached access token', async () => {
      const token = await fcmMessage();
      fcm.answer.send = { status: 500, body: { error: { status: 'INTERNAL' } } };
      const before = Date.now();
      await drain();
      const [row] = await outbox();
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
      expect(row!.lastError).toContain('500');
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 30_000 - 1000);
      expect(await drain()).toBe(0); // not due yet

      fcm.answer.send = { status: 200, body: { name: 'projects/pool-test/messages/1' } };
      await makeDue();
      await drain();
      expect(await outbox()).toMatchObject([{ status: 'sent', attempts: 2 }]);
      expect(fcm.seen.send).toHaveLength(2);
      expect(fcm.seen.send.map((s) => JSON.parse(s.body).message.token)).toEqual([token, token]);
      expect(fcm.seen.send.map((s) => JSON.parse(s.body).message.notification.title)).toEqual(['مرحباً', 'مرحباً']);
      expect(fcm.seen.token.length).toBeLessThanOrEqual(1); // cached across batches
    });

    it('drops the device on UNREGISTERED', async () => {
      const token = await fcmMessage();
      fcm.answer.send = {
        status: 404,
        body: { error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } },
      };
      await drain();
      expect(await device(token)).toBeUndefined();
      expect(await outbox()).toEqual([]);
    });
  });

  describe('worker', () => {
    /** A driver that records what it sends and fails as told. */
    function recorder(failWith?: PushError, delayMs = 0) {
      const sent: string[] = [];
      const driver: PushDriver = {
        kind: 'fcm',
        async send(target, payload) {
          await new Promise((r) => setTimeout(r, delayMs));
          if (failWith) throw failWith;
          sent.push(payload.notification_id ?? (target.kind === 'fcm' ? target.token : ''));
        },
      };
      return { sent, drivers: { fcm: driver } };
    }

    async function queue(count: number) {
      const user = await makeUser(app.db);
      const [dev] = await app.db
        .insert(tables.devices)
        .values({ userId: user.id, deviceId: `worker-${user.id}`, deviceType: 'android' })
        .returning();
      const notes = [];
      for (let i = 0; i < count; i++) notes.push(await makeNotification(app.db, { userId: user.id }));
      await enqueuePush(app.db, notes);
      return dev!;
    }

    it('backs off exponentially and gives up after the last attempt', async () => {
      await queue(1);
      const { drivers: failing } = recorder(new PushError('retry', 'unavailable', 503));
      const delays: number[] = [];
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await makeDue();
        const before = Date.now();
        expect(await drain(failing)).toBe(1);
        const [row] = await outbox();
        expect(row!.attempts).toBe(attempt);
        if (attempt < MAX_ATTEMPTS) {
          expect(row!.status).toBe('pending');
          delays.push(Math.round((row!.nextAttemptAt.getTime() - before) / 1000));
        } else {
          expect(row).toMatchObject({ status: 'failed', lastError: 'unavailable' });
          expect(row!.failedAt).toBeInstanceOf(Date);
        }
      }
      expect(delays.map((d) => Math.round(d / 10) * 10)).toEqual([30, 60, 120, 240, 480]);
      expect([1, 2, 3].map(backoffMs)).toEqual([30_000, 60_000, 120_000]);
      await makeDue();
      expect(await drain(failing)).toBe(0);
    });

    it('gives each row to exactly one of two concurrent workers', async () => {
      await queue(120);
      const a = recorder(undefined, 2);
      const b = recorder(undefined, 2);
      const loop = async (d: PushDrivers) => {
        while ((await runPushBatch(app.db, d, app.log)) > 0);
      };
      await Promise.all([loop(a.drivers), loop(b.drivers)]);
      const all = [...a.sent, ...b.sent];
      expect(all).toHaveLength(120);
      expect(new Set(all).size).toBe(120);
      const rows = await outbox();
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    });

    it('leaves a row leased by another worker alone until the lease expires', async () => {
      await queue(1);
      const { sent, drivers: ok } = recorder();
      await app.db.update(o).set({ lockedUntil: sql`now() + interval '30 seconds'` });
      expect(await drain(ok)).toBe(0);
      await app.db.update(o).set({ lockedUntil: sql`now() - interval '1 second'` });
      expect(await drain(ok)).toBe(1);
      expect(sent).toHaveLength(1);
      const ids = (await outbox()).map((r) => r.id);
      expect(await app.db.select().from(o).where(inArray(o.id, ids))).toMatchObject([{ status: 'sent' }]);
    });
  });
});
