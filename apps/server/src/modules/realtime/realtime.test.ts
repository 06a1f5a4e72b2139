import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { makeAdmin, makeCity, makeRole, makeUser, tables } from '@pool/db';
import { encodeAuthCookie } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { issueAdminToken, issueUserToken } from '../../lib/sessions.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { notifyAdmins, notifyUsers, publishSignal, type NotificationRow } from './service.ts';
import { publish } from './bus.ts';
import { openSse } from './testing.ts';
import { until } from '../../testing/until.ts';

const text = { title_ar: 'عنوان', title_en: 'Title', body_ar: 'نص', body_en: 'Body' };
const n = tables.notifications;

describe('realtime notifications: service and routes', () => {
  let app: TestApp;
  let passwordHash = '';
  beforeAll(async () => {
    app = await buildTestApp();
    passwordHash = await hashPassword('Admin-password-1');
  });
  afterAll(() => app.close());

  async function adminWith(permissions: string[] | 'super') {
    const admin =
      permissions === 'super'
        ? await makeAdmin(app.db, { passwordHash, isSuper: true })
        : await makeAdmin(app.db, { passwordHash, roleId: (await makeRole(app.db, { permissions })).id });
    return { admin, auth: { authorization: `Bearer ${await issueAdminToken(app.db, admin.id)}` } };
  }
  const rowsOf = (userId: number) => app.db.select().from(n).where(eq(n.userId, userId));

  describe('service', () => {
    it('stores one row per customer, with the order page as link, and calls the listeners', async () => {
      const [a, b] = [await makeUser(app.db), await makeUser(app.db)];
      const seen: NotificationRow[][] = [];
      const listener = async (_app: unknown, rows: NotificationRow[]) => void seen.push(rows);
      const failing = async () => {
        throw new Error('push is down');
      };
      const listeners = app.notificationListeners;
      app.notificationListeners = [failing, listener];
      try {
        const rows = await notifyUsers(app, [a.id, b.id], { ...text, type: 'offer_sent', order_id: 42, link: '/x' });
        expect(rows.map((r) => r.userId).sort()).toEqual([a.id, b.id].sort());
        expect(rows[0]).toMatchObject({ type: 'offer_sent', link: '/order-details?id=42', orderId: 42, readAt: null });
        expect(seen).toEqual([rows]);
      } finally {
        app.notificationListeners = listeners;
      }
      const [other] = await notifyUsers(app, [a.id], { ...text, type: 'admin_notify', link: '/orders' });
      expect(other).toMatchObject({ link: '/orders', orderId: null, titleAr: 'عنوان', bodyEn: 'Body' });
      expect(await rowsOf(a.id)).toHaveLength(2);
    });

    it('reaches every active customer, or those of one city, in one insert', async () => {
      const city = await makeCity(app.db);
      const inCity = await makeUser(app.db, { cityId: city.id });
      const elsewhere = await makeUser(app.db);
      const blocked = await makeUser(app.db, { cityId: city.id, isBlocked: true });
      const pending = await makeUser(app.db, { cityId: city.id, isActive: false });
      const gone = await makeUser(app.db, { cityId: city.id, deletedAt: new Date() });

      const byCity = await notifyUsers(app, { cityId: city.id }, { ...text, type: 'admin_notify' });
      expect(byCity.map((r) => r.userId)).toEqual([inCity.id]);

      const all = await notifyUsers(app, { all: true }, { ...text, type: 'admin_notify' });
      const ids = all.map((r) => r.userId);
      expect(ids).toEqual(expect.arrayContaining([inCity.id, elsewhere.id]));
      for (const u of [blocked, pending, gone]) expect(ids).not.toContain(u.id);
      expect(await notifyUsers(app, [], { ...text, type: 'admin_notify' })).toEqual([]);
    });

    it('notifies admins, all or some', async () => {
      const { admin } = await adminWith('super');
      const blocked = await makeAdmin(app.db, { passwordHash, isBlocked: true });
      const all = await notifyAdmins(app, 'all', { ...text, type: 'new_ecommerce_order', order_id: 7 });
      expect(all.map((r) => r.adminId)).toContain(admin.id);
      expect(all.map((r) => r.adminId)).not.toContain(blocked.id);
      expect(all.every((r) => r.userId === null && r.link === '/order-details?id=7')).toBe(true);
      const one = await notifyAdmins(app, [admin.id], { ...text, type: 'new' });
      expect(one).toHaveLength(1);
    });
  });

  describe('admin routes', () => {
    it('lists and counts my notifications; the list marks them read', async () => {
      const { admin, auth } = await adminWith(['notifications.view']);
      await notifyAdmins(app, [admin.id], { ...text, type: 'new' });
      await notifyAdmins(app, [admin.id], { ...text, title_en: 'Second', type: 'new' });
      const count = await app.inject({ method: 'GET', url: '/api/admin/notifications/count', headers: auth });
      expect(count.json()).toMatchObject({ key: 'success', data: { count: 2 } });
      const list = await app.inject({
        method: 'GET',
        url: '/api/admin/notifications',
        headers: { ...auth, lang: 'en' },
      });
      const { data, pagination } = list.json().data.notifications;
      expect(pagination).toMatchObject({ total_items: 2, per_page: 10, current_page: 1 });
      expect(data[0]).toMatchObject({ title: 'Second', read: false, type: 'new' });
      const after = await app.inject({ method: 'GET', url: '/api/admin/notifications/count', headers: auth });
      expect(after.json().data.count).toBe(0);
    });

    it('sends to one customer, to all, to a city; leaves an audit entry', async () => {
      const { admin, auth } = await adminWith(['notifications.send']);
      const city = await makeCity(app.db);
      const [u1, u2] = [await makeUser(app.db, { cityId: city.id }), await makeUser(app.db)];
      const send = (body: object, lang = 'ar') =>
        app.inject({
          method: 'POST',
          url: '/api/admin/notifications/send',
          headers: { ...auth, lang },
          payload: { ...text, ...body },
        });

      const one = await send({ target: 'user', user_id: u2.id }, 'en');
      expect(one.json()).toMatchObject({
        key: 'success',
        msg: 'The notification was sent to 1 user',
        data: { sent: 1 },
      });
      expect(await rowsOf(u2.id)).toMatchObject([{ type: 'admin_notify', titleAr: 'عنوان', link: null }]);

      const byCity = await send({ target: 'city', city_id: city.id });
      expect(byCity.json()).toMatchObject({
        key: 'success',
        msg: 'تم إرسال الإشعار إلى مستخدم واحد',
        data: { sent: 1 },
      });
      expect(await rowsOf(u1.id)).toHaveLength(1);

      const all = await send({ target: 'all' });
      expect(all.json().data.sent).toBeGreaterThanOrEqual(2);
      expect(await rowsOf(u2.id)).toHaveLength(2);

      const audit = await app.db
        .select()
        .from(tables.auditLogs)
        .where(and(eq(tables.auditLogs.adminId, admin.id), eq(tables.auditLogs.url, '/api/admin/notifications/send')));
      expect(audit).toHaveLength(3);
    });

    it('sends to the other admins who can read notifications, not to the sender', async () => {
      const sender = await adminWith(['notifications.send']);
      const reader = await adminWith(['notifications.view']);
      const superAdmin = await adminWith('super');
      const deaf = await adminWith(['users.view']);
      const blocked = await makeAdmin(app.db, {
        passwordHash,
        isBlocked: true,
        roleId: (await makeRole(app.db, { permissions: ['notifications.view'] })).id,
      });
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/notifications/send',
        headers: { ...sender.auth, lang: 'en' },
        payload: { target: 'admins', ...text },
      });
      expect(res.statusCode).toBe(200);
      const { sent } = res.json().data;
      const received = await app.db
        .select()
        .from(n)
        .where(and(eq(n.type, 'admin_notify'), eq(n.titleEn, 'Title')));
      const ids = received.filter((r) => r.adminId !== null).map((r) => r.adminId);
      expect(ids).toEqual(expect.arrayContaining([reader.admin.id, superAdmin.admin.id]));
      for (const id of [sender.admin.id, deaf.admin.id, blocked.id]) expect(ids).not.toContain(id);
      expect(ids).toHaveLength(sent);
      expect(res.json().msg).toBe(`The notification was sent to ${sent} admins`);
      expect(received.find((r) => r.adminId === reader.admin.id)).toMatchObject({
        userId: null,
        link: '/admin/notifications',
        titleAr: 'عنوان',
      });
      const inbox = await app.inject({ method: 'GET', url: '/api/admin/notifications/count', headers: reader.auth });
      expect(inbox.json().data.count).toBe(1);
    });

    it('validates in both languages and refuses unknown customers', async () => {
      const { auth } = await adminWith('super');
      const post = (payload: object, lang: string) =>
        app.inject({ method: 'POST', url: '/api/admin/notifications/send', headers: { ...auth, lang }, payload });

      const ar = await post({ target: 'all', title_ar: 'ع', body_ar: 'ن', body_en: ' ' }, 'ar');
      expect(ar.statusCode).toBe(422);
      expect(ar.json().data).toMatchObject({ title_en: 'هذا الحقل مطلوب', body_en: 'هذا الحقل مطلوب' });
      const en = await post({ target: 'everyone', ...text }, 'en');
      expect(en.json().data).toEqual({ target: 'The value is not valid' });
      const noUser = await post({ target: 'user', ...text }, 'en');
      expect(noUser.json().data).toEqual({ user_id: 'This field is required' });
      const noCity = await post({ target: 'city', ...text }, 'ar');
      expect(noCity.json().data).toEqual({ city_id: 'هذا الحقل مطلوب' });

      const blocked = await makeUser(app.db, { isBlocked: true });
      const missing = await post({ target: 'user', user_id: blocked.id, ...text }, 'en');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ key: 'notFound', msg: 'No users match this target' });
      expect(await rowsOf(blocked.id)).toEqual([]);
    });

    it('checks permissions', async () => {
      const viewer = await adminWith(['notifications.view']);
      const sender = await adminWith(['notifications.send']);
      const body = { target: 'all', ...text };
      const send = (auth: Record<string, string>) =>
        app.inject({ method: 'POST', url: '/api/admin/notifications/send', headers: auth, payload: body });
      expect((await send(viewer.auth)).statusCode).toBe(403);
      expect((await send({})).statusCode).toBe(401);
      for (const url of ['/api/admin/notifications', '/api/admin/notifications/count']) {
        expect((await app.inject({ method: 'GET', url, headers: sender.auth })).statusCode).toBe(403);
        expect((await app.inject({ method: 'GET', url, headers: viewer.auth })).statusCode).toBe(200);
      }
      const customer = await makeUser(app.db);
      const userAuth = { authorization: `Bearer ${await issueUserToken(app.db, customer.id)}` };
      expect((await send(userAuth)).statusCode).toBe(401);
    });
  });

  describe('streams', () => {
    it('answer 406 without Accept: text/event-stream, and need a session', async () => {
      const user = await makeUser(app.db);
      const token = await issueUserToken(app.db, user.id);
      const plain = await app.inject({
        method: 'GET',
        url: '/api/user/notifications/stream',
        headers: { authorization: `Bearer ${token}`, lang: 'en' },
      });
      expect(plain.statusCode).toBe(406);
      expect(plain.json().key).toBe('fail');
      const sse = { accept: 'text/event-stream' };
      const anon = await app.inject({ method: 'GET', url: '/api/user/notifications/stream', headers: sse });
      expect(anon.statusCode).toBe(401);
      // The site's cookie alone counts only when the browser says the request is same-origin.
      const cookie = `auth=${encodeAuthCookie({ token, is_guest: false } as never)}`;
      for (const site of ['cross-site', 'same-site']) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/user/notifications/stream',
          headers: { ...sse, cookie, 'sec-fetch-site': site },
        });
        expect(res.statusCode).toBe(401);
      }
      const admin = await app.inject({ method: 'GET', url: '/api/admin/notifications/stream', headers: sse });
      expect(admin.statusCode).toBe(401);
      // The dashboard's cookie, likewise, only on a same-origin request; and only the dashboard's cookie.
      const { auth } = await adminWith(['notifications.view']);
      const adminToken = auth.authorization.slice('Bearer '.length);
      for (const [cookie, site] of [
        [`admin_auth=${adminToken}`, 'cross-site'],
        [`admin_auth=${adminToken}`, 'same-site'],
        [`admin_auth=${adminToken}`, undefined],
        [`auth=${adminToken}`, 'same-origin'],
      ] as const) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/admin/notifications/stream',
          headers: { ...sse, cookie, ...(site ? { 'sec-fetch-site': site } : {}) },
        });
        expect(res.statusCode, `${cookie.split('=')[0]} ${site}`).toBe(401);
      }
    });

    /** The app's address, listening from the first stream test on. */
    async function origin() {
      if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    }

    it('stream the count and each new notification (same-origin cookie), localized', async () => {
      const port = new URL(await origin()).port;
      const user = await makeUser(app.db);
      const token = await issueUserToken(app.db, user.id);
      const cookie = `auth=${encodeAuthCookie({ token, is_guest: false } as never)}`;
      const sse = await openSse(`http://127.0.0.1:${port}/api/user/notifications/stream?lang=en`, {
        cookie,
        'sec-fetch-site': 'same-origin',
      });
      try {
        expect(sse.status).toBe(200);
        expect(sse.headers.get('content-type')).toMatch(/^text\/event-stream/);
        expect(sse.headers.get('cache-control')).toContain('no-cache');
        expect(sse.headers.get('x-accel-buffering')).toBe('no');
        expect(sse.headers.get('content-encoding')).toBeNull();
        expect((await sse.next('count')).data).toEqual({ count: 0 });
        expect(sse.raw()).toMatch(/^retry: \d+\n\n/);
        const [row] = await notifyUsers(app, [user.id], { ...text, type: 'arrived', order_id: 9 });
        const event = await sse.next('notification');
        expect(event.id).toBe(String(row!.id));
        expect(event.data).toMatchObject({ id: row!.id, title: 'Title', body: 'Body', link: '/order-details?id=9' });
        expect((await sse.next('count')).data).toEqual({ count: 1 });
      } finally {
        sse.close();
      }
    });

    /** The ids of the `notification` events a stream received, in order. */
    const streamedIds = (raw: string) =>
      [...raw.matchAll(/^id: (\d+)\nevent: notification$/gm)].map((m) => Number(m[1]));

    it('resume after Last-Event-ID: the missed ones first, oldest first, then live ones, none twice', async () => {
      const base = await origin();
      const user = await makeUser(app.db);
      const token = await issueUserToken(app.db, user.id);
      const before = [];
      for (let i = 0; i < 3; i++) before.push((await notifyUsers(app, [user.id], { ...text, type: 'arrived' }))[0]!);
      // A lock on the table holds the catch-up while a new notification is stored and announced: it
      // arrives live while the missed ones are being read.
      const locker = new pg.Client({ connectionString: app.directUrl });
      await locker.connect();
      let sse: Awaited<ReturnType<typeof openSse>> | undefined;
      try {
        await locker.query('begin');
        await locker.query('lock table notifications in access exclusive mode');
        const opening = openSse(`${base}/api/user/notifications/stream`, {
          authorization: `Bearer ${token}`,
          lang: 'en',
          'last-event-id': String(before[0]!.id),
        });
        await until(async () => {
          const { rows } = await locker.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return rows[0]!.n > 0;
        }, 5000);
        const {
          rows: [during],
        } = await locker.query<{ id: number }>(
          `insert into notifications (user_id, type, title_ar, title_en, body_ar, body_en) values ($1, 'arrived', 'ع', 'T', 'ن', 'B') returning id`,
          [user.id],
        );
        await locker.query(`select pg_notify('pool_notifications', $1)`, [
          JSON.stringify({ r: 'u', n: [[during!.id, user.id]] }),
        ]);
        await locker.query('commit');
        sse = await opening;
        expect(sse.status).toBe(200);
        await sse.next('ready');
        expect((await sse.next('count')).data).toEqual({ count: 4 });
        const [live] = await notifyUsers(app, [user.id], { ...text, type: 'arrived' });
        expect((await sse.next('notification')).id).toBe(String(live!.id));
        await new Promise((r) => setTimeout(r, 300));
        expect(streamedIds(sse.raw())).toEqual([before[1]!.id, before[2]!.id, during!.id, live!.id]);
        const first = (sse.raw().match(/^event: notification\ndata: (.*)$/m) ?? [])[1];
        expect(JSON.parse(first!)).toMatchObject({ id: before[1]!.id, title: 'Title' });
      } finally {
        sse?.close();
        await locker.end();
      }
    });

    it('a row that comes after a higher one goes without an event id: a reconnect asks for nothing twice', async () => {
      const base = await origin();
      const user = await makeUser(app.db);
      const token = await issueUserToken(app.db, user.id);
      const headers = { authorization: `Bearer ${token}`, lang: 'en' };
      const sse = await openSse(`${base}/api/user/notifications/stream`, headers);
      const [lower, higher] = await app.db
        .insert(n)
        .values(
          [1, 2].map((i) => ({
            userId: user.id,
            type: 'arrived' as const,
            titleAr: 'ع',
            titleEn: `T ${i}`,
            bodyAr: 'ن',
            bodyEn: 'B',
          })),
        )
        .returning({ id: n.id });
      const announce = (id: number) => publish(app.db, 'u', [{ id, recipient: user.id }]);
      // EventSource keeps the id of the last event that had one, and sends it back on reconnecting.
      let lastEventId: string | undefined;
      try {
        await sse.next('ready');
        await announce(higher!.id);
        const first = await sse.next('notification');
        await announce(lower!.id);
        const second = await sse.next('notification');
        expect([first.data, second.data]).toMatchObject([{ id: higher!.id }, { id: lower!.id }]);
        expect([first.id, second.id]).toEqual([String(higher!.id), undefined]);
        lastEventId = second.id ?? first.id;
      } finally {
        sse.close();
      }
      const resumed = await openSse(`${base}/api/user/notifications/stream`, {
        ...headers,
        'last-event-id': lastEventId!,
      });
      try {
        await resumed.next('ready');
        expect(resumed.raw()).not.toContain('event: notification');
      } finally {
        resumed.close();
      }
    });

    it('resume catches up the newest 100 at most; a malformed Last-Event-ID catches up nothing', async () => {
      const base = await origin();
      const user = await makeUser(app.db);
      const token = await issueUserToken(app.db, user.id);
      const rows = await app.db
        .insert(n)
        .values(
          Array.from({ length: 105 }, (_, i) => ({
            userId: user.id,
            type: 'arrived' as const,
            titleAr: `ع ${i}`,
            titleEn: `T ${i}`,
            bodyAr: 'ن',
            bodyEn: 'B',
          })),
        )
        .returning({ id: n.id });
      const ids = rows.map((r) => r.id).sort((a, b) => a - b);
      const headers = { authorization: `Bearer ${token}`, lang: 'en' };
      const resumed = await openSse(`${base}/api/user/notifications/stream`, {
        ...headers,
        'last-event-id': String(ids[0]! - 1),
      });
      try {
        await resumed.next('ready');
        expect(streamedIds(resumed.raw())).toEqual(ids.slice(5));
      } finally {
        resumed.close();
      }
      for (const bad of ['abc', '-1', '1e3', '99999999999999999999', '']) {
        const sse = await openSse(`${base}/api/user/notifications/stream`, { ...headers, 'last-event-id': bad });
        try {
          expect(sse.status).toBe(200);
          expect((await sse.next('count')).data).toEqual({ count: 105 });
          expect(streamedIds(sse.raw())).toEqual([]);
        } finally {
          sse.close();
        }
      }
    });

    it('stream to the dashboard with the admin_auth cookie (same-origin): the count, then each notification for me', async () => {
      const { admin, auth } = await adminWith(['notifications.view']);
      const other = await adminWith(['notifications.view']);
      await notifyAdmins(app, [admin.id], { ...text, type: 'new' });
      const token = auth.authorization.slice('Bearer '.length);
      const sse = await openSse(`${await origin()}/api/admin/notifications/stream?lang=ar`, {
        cookie: `admin_auth=${token}`,
        'sec-fetch-site': 'same-origin',
      });
      try {
        expect(sse.status).toBe(200);
        expect(sse.headers.get('content-type')).toMatch(/^text\/event-stream/);
        expect((await sse.next('count')).data).toEqual({ count: 1 });
        // Another admin's notification does not reach this stream.
        await notifyAdmins(app, [other.admin.id], { ...text, title_ar: 'لغيري', type: 'new' });
        const [row] = await notifyAdmins(app, [admin.id], {
          ...text,
          title_ar: 'طلب متجر جديد',
          type: 'new_ecommerce_order',
          order_id: 5,
        });
        let event = await sse.next('notification');
        // The first one, stored before the stream opened, may reach this process's bus after it (a busy machine).
        if (event.id !== String(row!.id)) event = await sse.next('notification');
        expect(event.id).toBe(String(row!.id));
        expect(event.data).toMatchObject({
          id: row!.id,
          title: 'طلب متجر جديد',
          body: 'نص',
          type: 'new_ecommerce_order',
        });
        expect((await sse.next('count')).data).toEqual({ count: 2 });
        expect(sse.raw()).not.toContain('لغيري');
      } finally {
        sse.close();
      }
    });

    it('open for any admin, but carry notifications and their count only with notifications.view', async () => {
      const { admin, auth } = await adminWith(['users.view']);
      // The list and the count stay refused.
      for (const url of ['/api/admin/notifications', '/api/admin/notifications/count']) {
        expect((await app.inject({ method: 'GET', url, headers: auth })).statusCode, url).toBe(403);
      }
      const sse = await openSse(`${await origin()}/api/admin/notifications/stream?lang=ar`, auth);
      try {
        expect(sse.status).toBe(200);
        await sse.next('ready');
        await notifyAdmins(app, [admin.id], { ...text, title_ar: 'ليس لي أن أقرأه', type: 'new' });
        // A signal of no permission reaches every admin's stream: once it is here, so would the notification be.
        await publishSignal(app.db, 'a', [admin.id], { event: 'probe', data: { n: 1 } });
        expect((await sse.next('probe')).data).toEqual({ n: 1 });
        expect(sse.raw()).not.toContain('event: notification');
        expect(sse.raw()).not.toContain('event: count');
        expect(sse.raw()).not.toContain('ليس لي أن أقرأه');
      } finally {
        sse.close();
      }
    });

    it('send a signal needing a permission only to the admins holding it (super admins hold all)', async () => {
      const holders = [await adminWith(['orders.view']), await adminWith('super')];
      const other = await adminWith(['notifications.view']);
      const url = `${await origin()}/api/admin/notifications/stream`;
      const streams = await Promise.all([...holders, other].map((a) => openSse(url, a.auth)));
      try {
        for (const s of streams) await s.next('ready');
        await publishSignal(app.db, 'a', null, { event: 'chat', data: { order_id: 7 }, permission: 'orders.view' });
        await publishSignal(app.db, 'a', null, { event: 'probe', data: {} });
        for (const s of streams.slice(0, 2)) expect((await s.next('chat')).data).toEqual({ order_id: 7 });
        // Signals keep their order: the probe after the chat signal proves the other had its chance.
        await streams[2]!.next('probe');
        expect(streams[2]!.raw()).not.toContain('event: chat');
      } finally {
        for (const s of streams) s.close();
      }
    });
  });
});

describe('realtime notifications: the streams’ heartbeat', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ config: { STREAM_HEARTBEAT_MS: '200' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  /** Resolves true when the stream ends within `ms`, false otherwise. */
  const endsWithin = (ended: Promise<void>, ms: number) =>
    Promise.race([ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

  it('pings the open streams and ends, at its next beat, those of a signed-out, blocked or deleted owner', async () => {
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
    const [stays, signsOut, blocked, deleted] = await Promise.all([1, 2, 3, 4].map(() => makeUser(app.db)));
    const tokens = await Promise.all([stays, signsOut, blocked, deleted].map((u) => issueUserToken(app.db, u!.id)));
    const admin = await makeAdmin(app.db, { passwordHash: 'unused', isSuper: true });
    const adminAuth = { authorization: `Bearer ${await issueAdminToken(app.db, admin.id)}` };
    const streams = await Promise.all([
      ...tokens.map((t) => openSse(`${base}/user/notifications/stream`, { authorization: `Bearer ${t}` })),
      openSse(`${base}/admin/notifications/stream`, adminAuth),
    ]);
    try {
      for (const s of streams) await s.next('ready');
      const signOut = await app.inject({
        method: 'DELETE',
        url: '/api/user/sign-out',
        headers: { authorization: `Bearer ${tokens[1]}` },
      });
      expect(signOut.statusCode).toBe(200);
      await app.db.update(tables.users).set({ isBlocked: true }).where(eq(tables.users.id, blocked!.id));
      await app.db.update(tables.users).set({ deletedAt: new Date() }).where(eq(tables.users.id, deleted!.id));
      await app.db.update(tables.admins).set({ isBlocked: true }).where(eq(tables.admins.id, admin.id));
      const [first, ...gone] = streams;
      expect(await Promise.all(gone.map((s) => endsWithin(s.ended, 5000)))).toEqual([true, true, true, true]);
      // The other customer's stream is still open and was kept alive.
      expect(await endsWithin(first!.ended, 500)).toBe(false);
      expect(first!.raw()).toContain(': ping\n\n');
      const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/^sse_streams_open\{audience="customer"\} 1$/m);
      expect(metrics).toMatch(/^sse_streams_open\{audience="admin"\} 0$/m);
    } finally {
      for (const s of streams) s.close();
    }
  });
});
