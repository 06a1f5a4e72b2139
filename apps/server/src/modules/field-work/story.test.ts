/**
 * One immediate-maintenance order from request to rating through the API of
 * both modules: the dashboard assigns the technician, who sees it in their
 * day, goes, arrives, proposes an extra service the customer pays from the
 * wallet, writes the report and finishes; the customer's order page shows the
 * extra, the report with its flags and the rating, and the technician's card
 * carries the new average.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import { REPORT_CHECKLIST } from '@pool/contracts';
import { issueStaffToken } from '../staff/sessions.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { admin, maintenanceWorld, type World } from '../maintenance/testing.ts';
import { fillWallet } from '../orders/testing.ts';
import { ok, staffCall, toldTypes, uploadPhoto, userCall } from './testing.ts';

describe('field work in the whole story of an immediate-maintenance order', () => {
  let app: TestApp;
  let world: World;

  beforeAll(async () => {
    app = await buildTestApp();
    world = await maintenanceWorld(app);
  });
  afterAll(() => app.close());

  it('goes from assignment to rating, each side seeing the same extra, report and rating', async () => {
    const o = await world.paid(3);
    ok(await admin(app, 'POST', `/service-orders/${o.id}/assign`, world.boss, { staff_id: world.tech.id }));
    const token = await issueStaffToken(app.db, world.tech.id, 'ios');

    // The visit's Riyadh day (3 hours ahead may already be tomorrow there).
    const { date } = await world.detail(o.token, o.id, 'en');
    const day = ok<{ visits: { id: number; next_statuses: string[] }[] }>(
      await staffCall(app, 'GET', `/day?date=${date}`, token),
    );
    expect(day.visits.find((v) => v.id === o.id)?.next_statuses).toEqual(['on_the_way']);

    ok(await staffCall(app, 'POST', `/orders/${o.id}/on-the-way`, token, { eta_minutes: 30 }));
    const onTheWay = await world.detail(o.token, o.id, 'en');
    expect(onTheWay.status).toBe('on_the_way');
    expect(onTheWay.arrival?.estimate).not.toBeNull();
    ok(await staffCall(app, 'POST', `/orders/${o.id}/arrived`, token));

    const extra = ok<{ id: number; total: number }>(
      await staffCall(app, 'POST', `/orders/${o.id}/extras`, token, {
        lines: [{ name_ar: 'تنظيف الفلتر', name_en: 'Filter cleaning', unit_price: 8_000 }],
      }),
    );
    expect(extra.total).toBe(9_200);
    await fillWallet(app, o.user.id, 9_200);
    ok(
      await userCall(app, 'POST', `/maintenance-orders/${o.id}/extras/${extra.id}/accept`, o.token, {
        body: { payment_method: 'wallet' },
        headers: { 'idempotency-key': `extra-${extra.id}` },
      }),
    );

    const photo = await uploadPhoto(app, o.id, token);
    ok(
      await staffCall(app, 'PUT', `/orders/${o.id}/report`, token, {
        checklist: Object.fromEntries(REPORT_CHECKLIST.map((k) => [k, true])),
        photos_before: [photo],
        photos_after: [photo],
        parts: [{ name_ar: 'مانع تسرب', name_en: 'Seal', quantity: 1 }],
        notes: 'تم تغيير مانع التسرب.',
        readings: { ph: 7.5, free_chlorine: 0.5 },
      }),
    );
    ok(await staffCall(app, 'POST', `/orders/${o.id}/finish`, token));

    const done = await world.detail(o.token, o.id, 'en');
    expect(done.status).toBe('completed');
    expect(done.extras).toMatchObject([{ id: extra.id, status: 'paid', total: 9_200 }]);
    expect(done.report).toMatchObject({ photos_after: [photo], readings: { ph: 7.5, free_chlorine: 0.5 } });
    expect(done.can_rate).toBe(true);

    ok(await userCall(app, 'POST', `/maintenance-orders/${o.id}/rate`, o.token, { body: { stars: 4 } }));
    const rated = await world.detail(o.token, o.id, 'en');
    expect(rated).toMatchObject({ can_rate: false, rating: { stars: 4 }, staff: { rating: 4, rating_count: 1 } });

    expect(await toldTypes(app, { userId: o.user.id })).toEqual(
      expect.arrayContaining([
        'assign_technician',
        'going_to_client',
        'arrived',
        'extra_service_order',
        'visit_finished',
        'completed',
        'rate_employee',
      ]),
    );
    expect(await toldTypes(app, { staffId: world.tech.id })).toEqual(['assign_technician', 'accept_extra_service']);
    // The rating prompt opens the rating page; the other moves open the order.
    const links = await app.db
      .select({ type: tables.notifications.type, link: tables.notifications.link })
      .from(tables.notifications)
      .where(eq(tables.notifications.userId, o.user.id));
    expect(links.find((n) => n.type === 'rate_employee')?.link).toBe(`/orders/evaluation/${o.id}`);
    expect(links.find((n) => n.type === 'completed')?.link).toBe(`/order-details?id=${o.id}`);
  });
});
