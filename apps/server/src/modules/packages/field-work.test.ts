/**
 * A package's visit runs through the field work of immediate maintenance (ADR
 * 0018): assigned by the dashboard to a technician of the city, it shows in
 * their day; on the way, arrived, an extra service paid from the wallet, the
 * report, done; the customer rates the technician. Other staff and customers
 * are told nothing exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeCity, makeStaff, tables } from '@pool/db';
import { REPORT_CHECKLIST, riyadhDateTime, type SubscriptionView } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminToken } from '../admin-content/testing.ts';
import { ok, staffCall, toldTypes, uploadPhoto, userCall } from '../field-work/testing.ts';
import { riyadhSlot } from '../maintenance/testing.ts';
import { customer, fillWallet } from '../orders/testing.ts';
import { issueStaffToken } from '../staff/sessions.ts';

describe("a package's visit in the field", () => {
  let app: TestApp;
  let boss: string;
  let cityId: number;
  let packageId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    boss = await adminToken(app);
    cityId = (await makeCity(app.db, { nameAr: 'جدة', nameEn: 'Jeddah' })).id;
    const pkg = await app.inject({
      method: 'POST',
      url: '/api/admin/packages',
      headers: { authorization: `Bearer ${boss}` },
      payload: { name_ar: 'باقة', name_en: 'Care', price_sar: '100', visits: 1, validity_days: 30 },
    });
    packageId = ok<{ id: number }>(pkg).id;
  });
  afterAll(() => app.close());

  it('goes from assignment to rating through the staff view and the customer’s routes', async () => {
    const c = await customer(app);
    await fillWallet(app, c.user.id, 50_000);
    const { subscription } = ok<{ subscription: SubscriptionView }>(
      await userCall(app, 'POST', `/packages/${packageId}/subscribe`, c.token, {
        body: { slots: [riyadhSlot(2)], city_id: cityId, short_code: 'RRRD2929', payment_method: 'wallet' },
      }),
    );
    const visit = subscription.visits[0]!;
    const tech = await makeStaff(app.db, { job: 'technician' });
    await app.db.insert(tables.staffCities).values({ staffId: tech.id, cityId });
    const other = await makeStaff(app.db, { job: 'technician' });
    const assign = (staffId: number) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/orders/${visit.id}/assign`,
        headers: { authorization: `Bearer ${boss}`, lang: 'en' },
        payload: { staff_id: staffId },
      });
    // A technician who does not serve the city cannot take it.
    expect((await assign(other.id)).statusCode).toBe(422);
    ok(await assign(tech.id));
    const token = await issueStaffToken(app.db, tech.id, 'android');
    const otherToken = await issueStaffToken(app.db, other.id, 'android');

    const { date } = riyadhDateTime(new Date(visit.scheduled_at!));
    const day = ok<{ visits: { id: number; kind: string; next_statuses: string[]; problem: string }[] }>(
      await staffCall(app, 'GET', `/day?date=${date}`, token),
    );
    expect(day.visits.find((v) => v.id === visit.id)).toMatchObject({
      kind: 'package_visit',
      next_statuses: ['on_the_way'],
      problem: 'باقة / Care',
    });
    expect(
      (await staffCall(app, 'POST', `/orders/${visit.id}/on-the-way`, otherToken, { eta_minutes: 20 })).statusCode,
    ).toBe(404);

    ok(await staffCall(app, 'POST', `/orders/${visit.id}/on-the-way`, token, { eta_minutes: 20 }));
    ok(await staffCall(app, 'POST', `/orders/${visit.id}/arrived`, token));
    const extra = ok<{ id: number; total: number }>(
      await staffCall(app, 'POST', `/orders/${visit.id}/extras`, token, {
        lines: [{ name_ar: 'تنظيف الفلتر', name_en: 'Filter cleaning', unit_price: 8_000 }],
      }),
    );
    // Not finished while the extra waits for the customer.
    expect((await staffCall(app, 'POST', `/orders/${visit.id}/finish`, token)).statusCode).toBe(409);
    ok(
      await userCall(app, 'POST', `/package-visits/${visit.id}/extras/${extra.id}/accept`, c.token, {
        body: { payment_method: 'wallet' },
        headers: { 'idempotency-key': `visit-extra-${extra.id}` },
      }),
    );
    const photo = await uploadPhoto(app, visit.id, token);
    ok(
      await staffCall(app, 'PUT', `/orders/${visit.id}/report`, token, {
        checklist: Object.fromEntries(REPORT_CHECKLIST.map((k) => [k, true])),
        photos_before: [photo],
        photos_after: [photo],
        readings: { ph: 7.4 },
      }),
    );
    ok(await staffCall(app, 'POST', `/orders/${visit.id}/finish`, token));

    const status = async (id: number) =>
      (await app.db.select().from(tables.orders).where(eq(tables.orders.id, id)))[0]!.status;
    expect(await status(visit.id)).toBe('done');
    // Its only visit done, the subscription is complete.
    expect(await status(subscription.id)).toBe('completed');
    const report = ok<{ readings: { ph: number } }>(
      await userCall(app, 'GET', `/package-visits/${visit.id}/report`, c.token),
    );
    expect(report.readings.ph).toBe(7.4);
    ok(await userCall(app, 'POST', `/package-visits/${visit.id}/rate`, c.token, { body: { stars: 5 } }));
    const [rated] = await app.db.select().from(tables.staff).where(eq(tables.staff.id, tech.id));
    expect(rated).toMatchObject({ ratingAvg: 500, ratingCount: 1 });
    // Another customer's visit does not exist for them.
    const stranger = await customer(app);
    expect((await userCall(app, 'GET', `/package-visits/${visit.id}/report`, stranger.token)).statusCode).toBe(404);

    expect(await toldTypes(app, { userId: c.user.id })).toEqual(
      expect.arrayContaining([
        'order_payed',
        'assign_technician',
        'going_to_client',
        'arrived',
        'extra_service_order',
        'visit_finished',
        'rate_employee',
        'package_completed',
      ]),
    );
    expect(await toldTypes(app, { staffId: tech.id })).toEqual(['assign_technician', 'accept_extra_service']);
  });
});
