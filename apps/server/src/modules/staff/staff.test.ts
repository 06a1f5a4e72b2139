/**
 * The staff actor: managed from the dashboard with `staff.*` permissions, signing in
 * with a mobile-number code of their own purpose, holding tokens that reach only
 * /api/staff and only the work assigned to them; blocking ends their sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeCity, tables } from '@pool/db';
import { REPORT_CHECKLIST } from '@pool/contracts';
import { buildTestApp, lastCode, type TestApp } from '../../testing/app.ts';
import { adminCall, adminToken, expectFields } from '../admin-content/testing.ts';
import { seedCountries } from '../account/testing.ts';
import { customer, ok } from '../orders/testing.ts';
import { nextOrderId, orderNumber } from '../orders/kernel/transition.ts';
import { openSse } from '../realtime/testing.ts';
import { staffCall, uploadPhoto } from '../field-work/testing.ts';
import { issueStaffToken } from './sessions.ts';

type Staff = { id: number; name: string; is_blocked: boolean; cities: { id: number }[]; open_orders: number };

describe('engineers and technicians', () => {
  let app: TestApp;
  let boss = '';
  let cityId = 0;
  let otherCityId = 0;
  let seq = 0;

  beforeAll(async () => {
    app = await buildTestApp();
    boss = await adminToken(app);
    await seedCountries(app);
    cityId = (await makeCity(app.db, { nameAr: 'جدة', nameEn: 'Jeddah' })).id;
    otherCityId = (await makeCity(app.db)).id;
  });
  afterAll(() => app.close());

  const newPhone = () => `57${String(1_000_000 + ((Date.now() + ++seq * 7907) % 8_999_999)).padStart(7, '0')}`;

  const staffApi = (method: 'GET' | 'POST' | 'DELETE', path: string, token?: string, body?: object) =>
    app.inject({
      method,
      url: `/api/staff${path}`,
      headers: { lang: 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { payload: body } : {}),
    });

  async function addStaff(job: 'engineer' | 'technician', cities = [cityId]) {
    const phone = newPhone();
    const res = await adminCall(app, 'POST', '/staff', {
      token: boss,
      body: {
        name: job === 'engineer' ? 'م. خالد العتيبي' : 'فهد الدوسري',
        country_code: '966',
        phone,
        job,
        city_ids: cities,
        working_hours: { '0': { from: '08:00', to: '17:00' } },
      },
    });
    return { ...ok<Staff>(res), phone };
  }

  /** Signs a staff member in through the code sent by SMS. */
  async function signIn(phone: string) {
    ok(await staffApi('POST', '/send-code', undefined, { country_code: '966', phone }));
    const code = lastCode(app, `966${phone}`);
    const session = ok<{ token: string; staff: { id: number } }>(
      await staffApi('POST', '/check-code', undefined, { country_code: '966', phone, code }),
    );
    return session.token;
  }

  /** A paid immediate-maintenance order of a customer in `city`. */
  async function paidMaintenance(city = cityId) {
    const { user, token } = await customer(app);
    const id = await nextOrderId(app.db);
    const [row] = await app.db
      .insert(tables.orders)
      .values({
        id,
        kind: 'immediate_maintenance',
        number: orderNumber('immediate_maintenance', id, new Date()),
        userId: user.id,
        status: 'paid',
        paymentMethod: 'wallet',
        taxRate: 1500,
        total: 23_000,
        cityId: city,
        paidAt: new Date(),
      })
      .returning();
    return { order: row!, user, token };
  }

  it('are added, listed with filters and edited from the dashboard; the fields are checked in the language asked', async () => {
    const tech = await addStaff('technician');
    const eng = await addStaff('engineer', [cityId, otherCityId]);
    expect(eng.cities.map((c) => c.id).sort()).toEqual([cityId, otherCityId].sort());
    const list = ok<{ data: Staff[] }>(
      await adminCall(app, 'GET', '/staff', { token: boss, query: { job: 'engineer' } }),
    );
    expect(list.data.map((s) => s.id)).toContain(eng.id);
    expect(list.data.map((s) => s.id)).not.toContain(tech.id);

    const bad = await adminCall(app, 'POST', '/staff', {
      token: boss,
      lang: 'en',
      body: {
        name: 'x',
        country_code: '966',
        phone: tech.phone,
        job: 'pilot',
        city_ids: [],
        working_hours: { '1': { from: '18:00', to: '09:00' } },
      },
    });
    expect(bad.statusCode).toBe(422);
    const fields = (bad.json() as { data: Record<string, string> }).data;
    expect(Object.keys(fields).sort()).toEqual(['city_ids', 'job', 'name', 'working_hours.1.to'].sort());
    expect(fields['working_hours.1.to']).toBe('The end time must be after the start time');

    // The same number twice is refused.
    const taken = await adminCall(app, 'POST', '/staff', {
      token: boss,
      lang: 'en',
      body: { name: 'Another one', country_code: '966', phone: tech.phone, job: 'technician', city_ids: [cityId] },
    });
    expectFields(taken, { phone: 'staff.phone_taken' }, 'en');

    const edited = ok<Staff>(
      await adminCall(app, 'POST', `/staff/${tech.id}`, {
        token: boss,
        body: {
          name: 'فهد الدوسري',
          country_code: '966',
          phone: tech.phone,
          job: 'technician',
          city_ids: [otherCityId],
        },
      }),
    );
    expect(edited.cities.map((c) => c.id)).toEqual([otherCityId]);
  });

  it('need the staff permissions in the dashboard', async () => {
    const viewer = await adminToken(app, ['staff.view']);
    expect((await adminCall(app, 'GET', '/staff', { token: viewer })).statusCode).toBe(200);
    const refused = await adminCall(app, 'POST', '/staff', {
      token: viewer,
      body: { name: 'Someone', country_code: '966', phone: newPhone(), job: 'technician', city_ids: [cityId] },
    });
    expect(refused.statusCode).toBe(403);
    const none = await adminToken(app, ['orders.view']);
    expect((await adminCall(app, 'GET', '/staff', { token: none })).statusCode).toBe(403);
  });

  it('sign in with a code of their own; a stranger costs no SMS; the token reaches /api/staff only', async () => {
    const tech = await addStaff('technician');
    const sentBefore = app.outbox().length;
    const stranger = newPhone();
    ok(await staffApi('POST', '/send-code', undefined, { country_code: '966', phone: stranger }));
    expect(app.outbox().length).toBe(sentBefore);

    const token = await signIn(tech.phone);
    const me = ok<{ id: number; name: string }>(await staffApi('GET', '/profile', token));
    expect(me.id).toBe(tech.id);
    // Not a customer's token, nor an admin's.
    const asCustomer = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asCustomer.statusCode).toBe(401);
    expect((await adminCall(app, 'GET', '/staff', { token })).statusCode).toBe(401);
    // And a customer's token is not a staff one.
    const { token: customerToken } = await customer(app);
    expect((await staffApi('GET', '/orders', customerToken)).statusCode).toBe(401);
    expect((await staffApi('GET', '/orders', boss)).statusCode).toBe(401);
  });

  it('see and move only the work assigned to them, in order, and the customer is told', async () => {
    const tech = await addStaff('technician');
    const other = await addStaff('technician');
    const eng = await addStaff('engineer');
    const mine = await paidMaintenance();
    const theirs = await paidMaintenance();
    const far = await paidMaintenance(otherCityId);

    // The assignment: the right job, a city they serve.
    expectFields(
      await adminCall(app, 'POST', `/orders/${mine.order.id}/assign`, { token: boss, body: { staff_id: eng.id } }),
      { staff_id: 'staff.wrong_job_technician' },
    );
    expectFields(
      await adminCall(app, 'POST', `/orders/${far.order.id}/assign`, { token: boss, body: { staff_id: tech.id } }),
      { staff_id: 'staff.city_not_served' },
    );
    ok(await adminCall(app, 'POST', `/orders/${mine.order.id}/assign`, { token: boss, body: { staff_id: tech.id } }));
    ok(
      await adminCall(app, 'POST', `/orders/${theirs.order.id}/assign`, { token: boss, body: { staff_id: other.id } }),
    );

    const token = await signIn(tech.phone);
    const open = ok<{ data: { id: number; next_statuses: string[] }[] }>(await staffApi('GET', '/orders', token));
    expect(open.data.map((o) => o.id)).toEqual([mine.order.id]);
    expect(open.data[0]!.next_statuses).toEqual(['on_the_way']);
    expect((await staffApi('GET', `/orders/${theirs.order.id}`, token)).statusCode).toBe(404);
    const foreign = await staffApi('POST', `/orders/${theirs.order.id}/status`, token, { status: 'on_the_way' });
    expect(foreign.statusCode).toBe(404);

    // Out of order is refused; in order goes through.
    expect((await staffApi('POST', `/orders/${mine.order.id}/status`, token, { status: 'completed' })).statusCode).toBe(
      409,
    );
    for (const status of ['on_the_way', 'arrived']) {
      ok(await staffApi('POST', `/orders/${mine.order.id}/status`, token, { status }));
    }
    // Finishing needs the visit report (field work), also through this route: its checklist and a photo after.
    const finish = () => staffApi('POST', `/orders/${mine.order.id}/status`, token, { status: 'completed' });
    expect((await finish()).statusCode).toBe(409);
    const photo = await uploadPhoto(app, mine.order.id, token);
    const checklist = Object.fromEntries(REPORT_CHECKLIST.map((k) => [k, true]));
    ok(await staffCall(app, 'PUT', `/orders/${mine.order.id}/report`, token, { checklist, photos_after: [photo] }));
    ok(await finish());
    const finished = ok<{ data: { id: number }[] }>(await staffApi('GET', '/orders?scope=finished', token));
    expect(finished.data.map((o) => o.id)).toEqual([mine.order.id]);

    const history = await app.db
      .select()
      .from(tables.orderEvents)
      .where(and(eq(tables.orderEvents.orderId, mine.order.id), eq(tables.orderEvents.actor, 'staff')));
    expect(history.map((h) => [h.toStatus, h.staffId])).toEqual([
      ['on_the_way', tech.id],
      ['arrived', tech.id],
      ['completed', tech.id],
    ]);
    const told = await app.db
      .select({ type: tables.notifications.type })
      .from(tables.notifications)
      .where(eq(tables.notifications.userId, mine.user.id));
    expect(told.map((n) => n.type).sort()).toEqual(
      ['assign_technician', 'going_to_client', 'arrived', 'visit_finished', 'completed', 'rate_employee'].sort(),
    );
    // The other customer heard only of their own assignment.
    const toOther = await app.db
      .select({ type: tables.notifications.type })
      .from(tables.notifications)
      .where(eq(tables.notifications.userId, theirs.user.id));
    expect(toOther.map((n) => n.type)).toEqual(['assign_technician']);
  });

  it('are told of the work assigned to them, live and in their own list; nobody else sees it', async () => {
    const tech = await addStaff('technician');
    const other = await addStaff('technician');
    const [token, otherToken] = [await signIn(tech.phone), await signIn(other.phone)];
    const { order, token: customerToken } = await paidMaintenance();
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/staff/notifications/stream`;
    const refused = await app.inject({
      method: 'GET',
      url: '/api/staff/notifications/stream',
      headers: { accept: 'text/event-stream', authorization: `Bearer ${customerToken}` },
    });
    expect(refused.statusCode).toBe(401);
    const sse = await openSse(`${url}?lang=en`, { authorization: `Bearer ${token}` });
    try {
      expect(sse.status).toBe(200);
      expect((await sse.next('count')).data).toEqual({ count: 0 });
      ok(await adminCall(app, 'POST', `/orders/${order.id}/assign`, { token: boss, body: { staff_id: tech.id } }));
      const live = (await sse.next('notification')).data;
      expect(live).toMatchObject({ type: 'assign_technician', order_id: order.id, title: 'A technician was assigned' });
      expect((await sse.next('count')).data).toEqual({ count: 1 });
    } finally {
      sse.close();
    }
    const mine = ok<{ notifications: { data: { type: string; order_id: number }[] } }>(
      await staffApi('GET', '/notifications', token),
    );
    expect(mine.notifications.data).toMatchObject([{ type: 'assign_technician', order_id: order.id }]);
    expect(ok<{ count: number }>(await staffApi('GET', '/notifications/count', token)).count).toBe(0);
    const theirs = ok<{ notifications: { data: unknown[] } }>(await staffApi('GET', '/notifications', otherToken));
    expect(theirs.notifications.data).toEqual([]);
    // A customer's token does not open the staff's list, nor a staff token the customer's.
    expect((await staffApi('GET', '/notifications', customerToken)).statusCode).toBe(401);
    const asCustomer = await app.inject({
      method: 'GET',
      url: '/api/user/notifications',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asCustomer.statusCode).toBe(401);
  });

  it('blocking ends their sessions at once and stops new codes', async () => {
    const tech = await addStaff('technician');
    const token = await signIn(tech.phone);
    ok(await staffApi('GET', '/profile', token));
    const blocked = ok<Staff>(await adminCall(app, 'POST', `/staff/${tech.id}/block`, { token: boss }));
    expect(blocked.is_blocked).toBe(true);
    const after = await staffApi('GET', '/profile', token);
    expect(after.statusCode).toBe(403);
    expect((after.json() as { key: string }).key).toBe('blocked');
    const code = await staffApi('POST', '/send-code', undefined, { country_code: '966', phone: tech.phone });
    expect((code.json() as { key: string }).key).toBe('blocked');
    const tokens = await app.db.select().from(tables.staffTokens).where(eq(tables.staffTokens.staffId, tech.id));
    expect(tokens.every((t) => t.revokedReason === 'blocked')).toBe(true);
    // The old session stays ended once unblocked; a new one works.
    ok(await adminCall(app, 'POST', `/staff/${tech.id}/unblock`, { token: boss }));
    expect((await staffApi('GET', '/profile', token)).statusCode).toBe(401);
    ok(await staffApi('GET', '/profile', await issueStaffToken(app.db, tech.id, 'android')));
  });
});
