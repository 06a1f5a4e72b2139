import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeCity, makeNotification, makeUser, tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { issueUserToken } from '../../lib/sessions.ts';
import { as, expectAudited, signedInAdmin } from './testing.ts';

describe('admin-people: app users', () => {
  let app: TestApp;
  let boss: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await buildTestApp();
    boss = await signedInAdmin(app, ['users.view', 'users.block']);
  });
  afterAll(() => app.close());

  it('lists non-deleted users with search by name or phone, city and status filters', async () => {
    const jeddah = await makeCity(app.db, { nameAr: 'جدة', nameEn: 'Jeddah' });
    const found = await makeUser(app.db, { name: 'Faisal Poolman', phone: '512340001', cityId: jeddah.id });
    await makeUser(app.db, { name: 'Blocked Person', cityId: jeddah.id, isBlocked: true });
    await makeUser(app.db, { name: 'Faisal Deleted', cityId: jeddah.id, deletedAt: new Date() });

    const byName = (await as(app, boss.token).get('users?q=poolman')).json();
    expect(byName.data.data).toEqual([
      expect.objectContaining({ id: found.id, city: { id: jeddah.id, name: 'جدة' }, is_blocked: false }),
    ]);
    expect((await as(app, boss.token).get('users?q=512340001')).json().data.data).toHaveLength(1);
    expect((await as(app, boss.token).get('users?q=%2B966512340001')).json().data.data).toHaveLength(1);
    expect((await as(app, boss.token).get('users?q=Faisal')).json().data.data).toHaveLength(1);

    const city = (await as(app, boss.token, 'en').get(`users?city_id=${jeddah.id}`)).json().data;
    expect(city.pagination).toEqual({ total_items: 2, per_page: 20, total_pages: 1, current_page: 1 });
    expect(city.data[0].city.name).toBe('Jeddah');
    const blocked = (await as(app, boss.token).get(`users?city_id=${jeddah.id}&status=blocked`)).json().data;
    expect(blocked.data.map((x: { name: string }) => x.name)).toEqual(['Blocked Person']);
    const active = (await as(app, boss.token).get(`users?city_id=${jeddah.id}&status=active`)).json().data;
    expect(active.data.map((x: { id: number }) => x.id)).toEqual([found.id]);

    const bad = await as(app, boss.token, 'en').get('users?city_id=-4&status=x');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data).toEqual({ city_id: 'The value is not valid', status: 'The value is not valid' });
    const badAr = await as(app, boss.token).get('users?status=x');
    expect(badAr.json()).toMatchObject({
      msg: 'يرجى تصحيح الحقول المشار إليها',
      data: { status: 'القيمة المدخلة غير صالحة' },
    });
  });

  it('shows a profile with notification and device counts; 404 for unknown or deleted users', async () => {
    const user = await makeUser(app.db, { name: 'Counted' });
    await makeNotification(app.db, { userId: user.id });
    await makeNotification(app.db, { userId: user.id });
    await app.db.insert(tables.devices).values({ userId: user.id, deviceId: `dev-${user.id}`, deviceType: 'android' });
    const res = await as(app, boss.token).get(`users/${user.id}`);
    expect(res.json()).toMatchObject({
      key: 'success',
      data: { id: user.id, name: 'Counted', notifications_count: 2, devices_count: 1, city: null },
    });
    expect((await as(app, boss.token).get('users/999999')).statusCode).toBe(404);
    const gone = await makeUser(app.db, { deletedAt: new Date() });
    expect((await as(app, boss.token, 'en').get(`users/${gone.id}`)).json()).toEqual({
      msg: 'The requested item was not found',
      key: 'notFound',
      data: null,
    });
  });

  it('blocks: sessions end, the next call answers blocked and a `block` notification is stored; unblock undoes it', async () => {
    const user = await makeUser(app.db);
    const token = await issueUserToken(app.db, user.id);
    const profile = () =>
      app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } });
    expect((await profile()).statusCode).toBe(200);

    const res = await as(app, boss.token).post(`users/${user.id}/block`);
    expect(res.json()).toMatchObject({ msg: 'تم حظر المستخدم', key: 'success', data: { is_blocked: true } });
    const answer = await profile();
    expect(answer.statusCode).toBe(403);
    expect(answer.json().key).toBe('blocked');
    await expectAudited(app, boss.admin.id, 'POST', `users/${user.id}/block`, 'Block an app user');

    const n = tables.notifications;
    const notes = () => app.db.select().from(n).where(eq(n.userId, user.id));
    expect(await notes()).toEqual([
      expect.objectContaining({ type: 'block', titleAr: 'تم حظر حسابك', titleEn: 'Your account has been blocked' }),
    ]);
    // Blocking again changes nothing and stores nothing.
    expect((await as(app, boss.token).post(`users/${user.id}/block`)).statusCode).toBe(200);
    expect(await notes()).toHaveLength(1);

    const un = await as(app, boss.token, 'en').post(`users/${user.id}/unblock`);
    expect(un.json()).toMatchObject({ msg: 'The user has been unblocked', data: { is_blocked: false } });
    // The block ended the sessions: the customer signs in again.
    expect((await profile()).statusCode).toBe(401);
    const again = await issueUserToken(app.db, user.id);
    const fresh = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${again}` },
    });
    expect(fresh.statusCode).toBe(200);
    const unblocked = await app.db
      .select()
      .from(n)
      .where(and(eq(n.userId, user.id), eq(n.type, 'un_blocked')));
    expect(unblocked).toHaveLength(1);
    await expectAudited(app, boss.admin.id, 'POST', `users/${user.id}/unblock`, 'Unblock an app user');

    expect((await as(app, boss.token).post('users/999999/block')).statusCode).toBe(404);
    expect((await as(app, boss.token).post('users/x/unblock')).statusCode).toBe(422);
  });
});
