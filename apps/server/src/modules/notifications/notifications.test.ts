import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeNotification, makeUser, tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { issueUserToken } from '../../lib/sessions.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const en = { lang: 'en' };

describe('notifications', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  /** A fresh active customer with a bearer token. */
  async function customer(o: Parameters<typeof makeUser>[1] = {}) {
    const user = await makeUser(app.db, o);
    const token = await issueUserToken(app.db, user.id);
    return { user, auth: { authorization: `Bearer ${token}` } };
  }
  const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
    app.inject({ method, url: `/api/user/${url}`, headers, ...(payload ? { payload } : {}) });

  /** `n` notifications, the first one oldest. */
  async function notificationsFor(userId: number, n: number) {
    const base = Date.now() - n * 60_000;
    const rows = [];
    for (let i = 0; i < n; i++) {
      rows.push(
        await makeNotification(app.db, {
          userId,
          titleAr: `عنوان ${i}`,
          titleEn: `Title ${i}`,
          bodyAr: `نص ${i}`,
          bodyEn: `Body ${i}`,
          link: i % 2 ? '/orders' : null,
          createdAt: new Date(base + i * 60_000),
        }),
      );
    }
    return rows;
  }

  const endpoints: [Method, string, object?][] = [
    ['GET', 'notifications'],
    ['DELETE', 'delete-notification/1'],
    ['DELETE', 'delete-notifications'],
    ['GET', 'count-notifications'],
    ['PATCH', 'switch-notify', {}],
    ['GET', 'device?device_id=abc&device_type=web'],
    ['POST', 'device', { device_id: 'abc', device_type: 'web' }],
  ];

  describe('access', () => {
    it.each(endpoints)(
      '%s %s answers 401 without a token and with a revoked or unknown one',
      async (method, url, body) => {
        const none = await call(method, url, {}, body);
        expect(none.statusCode).toBe(401);
        expect(none.json()).toEqual({ msg: 'انتهت جلستك، يرجى تسجيل الدخول', key: 'unauthenticated', data: null });
        const bogus = await call(method, url, { authorization: `Bearer ${'x'.repeat(43)}`, ...en }, body);
        expect(bogus.statusCode).toBe(401);
        expect(bogus.json()).toEqual({
          msg: 'Your session has ended, please sign in',
          key: 'unauthenticated',
          data: null,
        });
      },
    );

    it.each(endpoints)('%s %s answers 403 forbidden to a guest', async (method, url, body) => {
      const guest = await issueUserToken(app.db, null);
      const res = await call(method, url, { authorization: `Bearer ${guest}` }, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: 'عذراً، أنت غير مسجل في الموقع.', key: 'forbidden', data: null });
    });

    it('answers blocked to a blocked customer', async () => {
      const { auth } = await customer({ isBlocked: true });
      const res = await call('GET', 'count-notifications', { ...auth, ...en });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ key: 'blocked' });
    });

    it('documents the bearer security on every route', async () => {
      const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const ops = [
        doc.paths['/api/user/notifications'].get,
        doc.paths['/api/user/delete-notification/{id}'].delete,
        doc.paths['/api/user/delete-notifications'].delete,
        doc.paths['/api/user/count-notifications'].get,
        doc.paths['/api/user/switch-notify'].patch,
        doc.paths['/api/user/device'].get,
        doc.paths['/api/user/device'].post,
      ];
      for (const op of ops) expect(op.security).toEqual([{ bearer: [] }]);
    });
  });

  describe('GET notifications', () => {
    it('pages 23 notifications 10 at a time, newest first, with the pagination fields', async () => {
      const { user, auth } = await customer();
      const other = await customer();
      await notificationsFor(other.user.id, 2);
      const rows = await notificationsFor(user.id, 23);
      const newestFirst = [...rows].reverse();

      const p1 = await call('GET', 'notifications', auth);
      expect(p1.statusCode).toBe(200);
      const body1 = p1.json();
      expect(body1).toMatchObject({ msg: 'تمت العملية بنجاح', key: 'success' });
      expect(body1.data.notifications.pagination).toEqual({
        total_items: 23,
        per_page: 10,
        total_pages: 3,
        current_page: 1,
      });
      expect(body1.data.notifications.data.map((n: { id: number }) => n.id)).toEqual(
        newestFirst.slice(0, 10).map((r) => r.id),
      );
      const top = newestFirst[0]!;
      expect(body1.data.notifications.data[0]).toEqual({
        id: top.id,
        type: 'admin_notify',
        title: 'عنوان 22',
        body: 'نص 22',
        title_ar: 'عنوان 22',
        title_en: 'Title 22',
        body_ar: 'نص 22',
        body_en: 'Body 22',
        link: null,
        order_id: null,
        read: false,
        created_at: top.createdAt.toISOString(),
      });
      expect(body1.data.notifications.data[1].link).toBe('/orders');

      const p3 = (await call('GET', 'notifications?page=3', { ...auth, ...en })).json();
      expect(p3.msg).toBe('Done successfully');
      expect(p3.data.notifications.pagination).toEqual({
        total_items: 23,
        per_page: 10,
        total_pages: 3,
        current_page: 3,
      });
      expect(p3.data.notifications.data.map((n: { id: number }) => n.id)).toEqual(
        newestFirst.slice(20).map((r) => r.id),
      );
      expect(p3.data.notifications.data[0]).toMatchObject({ title: 'Title 2', body: 'Body 2', title_ar: 'عنوان 2' });

      const p4 = (await call('GET', 'notifications?page=4', auth)).json();
      expect(p4.data.notifications).toEqual({
        data: [],
        pagination: { total_items: 23, per_page: 10, total_pages: 3, current_page: 4 },
      });
    });

    it('answers an empty first page with total_pages 1', async () => {
      const { auth } = await customer();
      const res = (await call('GET', 'notifications', auth)).json();
      expect(res.data.notifications).toEqual({
        data: [],
        pagination: { total_items: 0, per_page: 10, total_pages: 1, current_page: 1 },
      });
    });

    it('marks the returned ones read, and only those', async () => {
      const { user, auth } = await customer();
      await notificationsFor(user.id, 12);
      expect((await call('GET', 'count-notifications', auth)).json().data).toEqual({ count: 12 });
      const first = (await call('GET', 'notifications', auth)).json();
      expect(first.data.notifications.data.every((n: { read: boolean }) => !n.read)).toBe(true);
      expect((await call('GET', 'count-notifications', auth)).json().data).toEqual({ count: 2 });
      const again = (await call('GET', 'notifications', auth)).json();
      expect(again.data.notifications.data.every((n: { read: boolean }) => n.read)).toBe(true);
      await call('GET', 'notifications?page=2', auth);
      expect((await call('GET', 'count-notifications', auth)).json().data).toEqual({ count: 0 });
    });

    it.each(['0', '-1', 'abc', '1.5', '100001'])('refuses page=%s with 422', async (page) => {
      const { auth } = await customer();
      const res = await call('GET', `notifications?page=${page}`, { ...auth, ...en });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        key: 'fail',
        msg: 'Please correct the highlighted fields',
        data: { page: expect.any(String) },
      });
    });
  });

  describe('DELETE delete-notification/:id', () => {
    it('deletes my notification', async () => {
      const { user, auth } = await customer();
      const [a, b] = await notificationsFor(user.id, 2);
      const res = await call('DELETE', `delete-notification/${a!.id}`, auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: 'تم حذف الإشعار', key: 'success', data: null });
      const left = await app.db.select().from(tables.notifications).where(eq(tables.notifications.userId, user.id));
      expect(left.map((n) => n.id)).toEqual([b!.id]);
      const again = await call('DELETE', `delete-notification/${b!.id}`, { ...auth, ...en });
      expect(again.json().msg).toBe('The notification has been deleted');
    });

    it("answers 404 for another customer's notification or an unknown id, and deletes nothing", async () => {
      const { auth } = await customer();
      const other = await customer();
      const [theirs] = await notificationsFor(other.user.id, 1);
      const res = await call('DELETE', `delete-notification/${theirs!.id}`, auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: 'العنصر المطلوب غير موجود', key: 'notFound', data: null });
      const unknown = await call('DELETE', 'delete-notification/999999', { ...auth, ...en });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ msg: 'The requested item was not found', key: 'notFound', data: null });
      const still = await app.db.select().from(tables.notifications).where(eq(tables.notifications.id, theirs!.id));
      expect(still).toHaveLength(1);
    });

    it.each(['abc', '0', '-3', '99999999999'])('refuses id %s with 422', async (id) => {
      const { auth } = await customer();
      const res = await call('DELETE', `delete-notification/${id}`, auth);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ key: 'fail', data: { id: expect.any(String) } });
    });
  });

  describe('DELETE delete-notifications', () => {
    it("deletes all of mine and none of another customer's", async () => {
      const { user, auth } = await customer();
      const other = await customer();
      await notificationsFor(user.id, 3);
      await notificationsFor(other.user.id, 2);
      const res = await call('DELETE', 'delete-notifications', { ...auth, ...en });
      expect(res.json()).toEqual({ msg: 'All notifications have been deleted', key: 'success', data: null });
      expect((await call('GET', 'notifications', auth)).json().data.notifications.pagination.total_items).toBe(0);
      expect((await call('GET', 'count-notifications', other.auth)).json().data).toEqual({ count: 2 });
      expect((await call('DELETE', 'delete-notifications', auth)).json().msg).toBe('تم حذف جميع الإشعارات');
    });
  });

  describe('GET count-notifications', () => {
    it('counts my unread notifications only', async () => {
      const { user, auth } = await customer();
      const other = await customer();
      await notificationsFor(other.user.id, 4);
      await notificationsFor(user.id, 3);
      await makeNotification(app.db, { userId: user.id, readAt: new Date() });
      const res = await call('GET', 'count-notifications', auth);
      expect(res.json()).toEqual({ msg: 'تمت العملية بنجاح', key: 'success', data: { count: 3 } });
      expect((await call('GET', 'count-notifications', { ...auth, ...en })).json().msg).toBe('Done successfully');
    });
  });

  describe('PATCH switch-notify', () => {
    const flag = async (userId: number) =>
      (await app.db.select().from(tables.users).where(eq(tables.users.id, userId)))[0]!.isNotify;

    it('toggles without a body', async () => {
      const { user, auth } = await customer();
      const off = await call('PATCH', 'switch-notify', auth);
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ msg: 'تم إيقاف الإشعارات', key: 'success', data: { is_notify: false } });
      expect(await flag(user.id)).toBe(false);
      const on = await call('PATCH', 'switch-notify', { ...auth, ...en }, {});
      expect(on.json()).toEqual({ msg: 'Notifications are on', key: 'success', data: { is_notify: true } });
      expect(await flag(user.id)).toBe(true);
    });

    it('sets the value from is_notify (JSON boolean or form string)', async () => {
      const { user, auth } = await customer();
      const res = await call('PATCH', 'switch-notify', { ...auth, ...en }, { is_notify: true });
      expect(res.json()).toEqual({ msg: 'Notifications are on', key: 'success', data: { is_notify: true } });
      const form = await app.inject({
        method: 'PATCH',
        url: '/api/user/switch-notify',
        headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'is_notify=0',
      });
      expect(form.json()).toEqual({ msg: 'تم إيقاف الإشعارات', key: 'success', data: { is_notify: false } });
      expect(await flag(user.id)).toBe(false);
      const same = await call('PATCH', 'switch-notify', auth, { is_notify: 'false' });
      expect(same.json().data).toEqual({ is_notify: false });
    });

    it('refuses a value that is not a boolean and changes nothing', async () => {
      const { user, auth } = await customer();
      const res = await call('PATCH', 'switch-notify', { ...auth, ...en }, { is_notify: 'maybe' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        key: 'fail',
        msg: 'Please correct the highlighted fields',
        data: { is_notify: expect.any(String) },
      });
      expect(await flag(user.id)).toBe(true);
    });
  });

  describe('device', () => {
    const devices = (deviceId: string) =>
      app.db.select().from(tables.devices).where(eq(tables.devices.deviceId, deviceId));

    it('registers a push token by query (GET) and answers is_notify', async () => {
      const { user, auth } = await customer({ isNotify: false });
      const res = await call('GET', 'device?device_id=fcm-token-1&device_type=android', auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: 'تم تسجيل الجهاز', key: 'success', data: { is_notify: false } });
      expect(await devices('fcm-token-1')).toMatchObject([{ userId: user.id, deviceType: 'android' }]);
    });

    it('registers by body (POST), defaults the type to web, and moves a token to the new owner', async () => {
      const first = await customer();
      const second = await customer();
      const res = await call('POST', 'device', { ...first.auth, ...en }, { device_id: 'shared-token' });
      expect(res.json()).toEqual({ msg: 'The device has been registered', key: 'success', data: { is_notify: true } });
      expect(await devices('shared-token')).toMatchObject([{ userId: first.user.id, deviceType: 'web' }]);
      await call('POST', 'device', second.auth, { device_id: 'shared-token', device_type: 'ios' });
      expect(await devices('shared-token')).toMatchObject([{ userId: second.user.id, deviceType: 'ios' }]);
      // Registering the same token again is harmless.
      expect((await call('GET', 'device?device_id=shared-token&device_type=ios', second.auth)).statusCode).toBe(200);
      expect(await devices('shared-token')).toHaveLength(1);
    });

    it('refuses a missing device_id or an unknown device_type', async () => {
      const { auth } = await customer();
      const missing = await call('GET', 'device?device_type=web', auth);
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toMatchObject({
        key: 'fail',
        msg: 'يرجى تصحيح الحقول المشار إليها',
        data: { device_id: expect.any(String) },
      });
      const badType = await call('POST', 'device', { ...auth, ...en }, { device_id: 'abc', device_type: 'fax' });
      expect(badType.statusCode).toBe(422);
      expect(badType.json()).toMatchObject({ key: 'fail', data: { device_type: expect.any(String) } });
    });
  });
});
