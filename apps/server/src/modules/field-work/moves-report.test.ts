/**
 * The technician's side of a service order: their day, the moves in order
 * only (another's order 404, other tokens refused), the arrival estimate in
 * the customer's notification, the visit report's rules and reading flags,
 * and finishing only with a complete report and no open extra service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import { dayStart, flagReadings, READING_RANGES, REPORT_CHECKLIST, riyadhDayAndTime } from '@pool/contracts';
import type { TestApp } from '../../testing/app.ts';
import { customer } from '../orders/testing.ts';
import {
  assignedOrder,
  fieldWorkSetup,
  ok,
  staffCall,
  technician,
  toldTypes,
  uploadPhoto,
  userCall,
} from './testing.ts';

type Visit = { id: number; time: string; map_url: string; phone_link: string; next_statuses: string[] };
type Report = { complete: boolean; flags: { key: string; level: string }[]; readings: Record<string, number> };

const FULL_CHECKLIST = Object.fromEntries(REPORT_CHECKLIST.map((k, n) => [k, n % 2 === 0]));

describe('field work: the staff side', () => {
  let app: TestApp;
  let boss = '';
  let cityId = 0;

  beforeAll(async () => {
    ({ app, boss, cityId } = await fieldWorkSetup());
  });
  afterAll(() => app.close());

  it("lists my open visits of a Riyadh day in time order, with directions and a tap-to-call link; nobody else's", async () => {
    const me = await technician(app);
    const other = await technician(app);
    // 2026-12-01 in Riyadh: 09:00, 14:30 and 23:30 (the last is 20:30 UTC, still the 1st in Riyadh).
    const day = '2026-12-01';
    const at = (h: number, m: number) => new Date(dayStart(day).getTime() + (h * 60 + m) * 60_000);
    const late = await assignedOrder(app, me.staff.id, { scheduledAt: at(23, 30), cityId, pin: false });
    const early = await assignedOrder(app, me.staff.id, { scheduledAt: at(9, 0) });
    const noon = await assignedOrder(app, me.staff.id, { scheduledAt: at(14, 30), status: 'on_the_way' });
    await assignedOrder(app, me.staff.id, { scheduledAt: at(10, 0), status: 'completed' });
    await assignedOrder(app, me.staff.id, { scheduledAt: at(24, 10) });
    await assignedOrder(app, other.staff.id, { scheduledAt: at(11, 0) });

    const res = ok<{ date: string; visits: Visit[] }>(await staffCall(app, 'GET', `/day?date=${day}`, me.token));
    expect(res.date).toBe(day);
    expect(res.visits.map((v) => v.id)).toEqual([early.order.id, noon.order.id, late.order.id]);
    expect(res.visits.map((v) => v.time)).toEqual(['09:00', '14:30', '23:30']);
    const first = res.visits[0]!;
    expect(first).toMatchObject({
      map_url: 'https://www.google.com/maps/dir/?api=1&destination=24.7136,46.6753',
      next_statuses: ['on_the_way'],
      problem: 'المضخة لا تعمل',
      place: 'المسبح الخلفي',
      address: 'حي الملقا، طريق الملك فهد',
    });
    expect(first.phone_link).toMatch(/^tel:\+966\d{9}$/);
    expect(res.visits[1]!.next_statuses).toEqual(['arrived']);
    // No pin: the directions search the address in words, with its city.
    expect(res.visits[2]).toMatchObject({
      city: 'Riyadh',
      lat: null,
      map_url: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('حي الملقا، طريق الملك فهد, Riyadh')}`,
    });

    // Today by default; a bad day is a field error.
    const today = ok<{ date: string }>(await staffCall(app, 'GET', '/day', me.token));
    expect(today.date).toBe(riyadhDayAndTime(new Date()).day);
    const bad = await staffCall(app, 'GET', '/day?date=2026-02-30', me.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data).toHaveProperty('date');
  });

  it('refuses customer and admin tokens, and answers 404 for another staff member’s order', async () => {
    const me = await technician(app);
    const other = await technician(app);
    const { order, token: customerToken } = await assignedOrder(app, other.staff.id);
    for (const token of [customerToken, boss]) {
      expect((await staffCall(app, 'GET', '/day', token)).statusCode).toBe(401);
      expect(
        (await staffCall(app, 'POST', `/orders/${order.id}/on-the-way`, token, { eta_minutes: 20 })).statusCode,
      ).toBe(401);
    }
    for (const [path, body] of [
      ['on-the-way', { eta_minutes: 20 }],
      ['arrived', undefined],
      ['finish', undefined],
      ['extras', { lines: [{ name_ar: 'تنظيف', name_en: 'Cleaning', unit_price: 1000 }] }],
    ] as const) {
      expect((await staffCall(app, 'POST', `/orders/${order.id}/${path}`, me.token, body)).statusCode, path).toBe(404);
    }
    expect((await staffCall(app, 'PUT', `/orders/${order.id}/report`, me.token, {})).statusCode).toBe(404);
    expect((await staffCall(app, 'GET', `/orders/${order.id}/report`, me.token)).statusCode).toBe(404);
    const [row] = await app.db.select().from(tables.orders).where(eq(tables.orders.id, order.id));
    expect(row!.status).toBe('technician_assigned');
  });

  it('moves in order only; on the way keeps the estimate and tells the customer the arrival time', async () => {
    const me = await technician(app);
    const { order, user } = await assignedOrder(app, me.staff.id);
    const base = `/orders/${order.id}`;
    // Out of order: 409 from the kernel, nothing written.
    for (const path of ['arrived', 'finish']) {
      const refused = await staffCall(app, 'POST', `${base}/${path}`, me.token);
      expect(refused.statusCode, path).toBe(409);
    }
    // The estimate is checked (5 to 240 minutes).
    for (const eta of [4, 241, 'soon']) {
      const bad = await staffCall(app, 'POST', `${base}/on-the-way`, me.token, { eta_minutes: eta });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().data).toHaveProperty('eta_minutes');
    }
    const before = Date.now();
    const moved = ok<{ status: string; arrival_at: string; next_statuses: string[] }>(
      await staffCall(app, 'POST', `${base}/on-the-way`, me.token, { eta_minutes: 25 }),
    );
    expect(moved.status).toBe('on_the_way');
    expect(moved.next_statuses).toEqual(['arrived']);
    const eta = new Date(moved.arrival_at).getTime();
    expect(eta - before).toBeGreaterThanOrEqual(25 * 60_000 - 1000);
    expect(eta - Date.now()).toBeLessThanOrEqual(25 * 60_000);
    const [told] = await app.db.select().from(tables.notifications).where(eq(tables.notifications.userId, user.id));
    const time = riyadhDayAndTime(new Date(moved.arrival_at)).time;
    expect(told).toMatchObject({ type: 'going_to_client' });
    expect(told!.bodyEn).toContain(`at about ${time}`);
    expect(told!.bodyAr).toContain(time);
    // Twice is refused.
    expect((await staffCall(app, 'POST', `${base}/on-the-way`, me.token, { eta_minutes: 10 })).statusCode).toBe(409);

    ok(await staffCall(app, 'POST', `${base}/arrived`, me.token));
    expect((await staffCall(app, 'POST', `${base}/arrived`, me.token)).statusCode).toBe(409);
    expect(await toldTypes(app, { userId: user.id })).toEqual(['going_to_client', 'arrived']);
  });

  it('finishes only with a complete report (checklist and a photo after) and no open extra service', async () => {
    const me = await technician(app);
    const { order, user, token: customerToken } = await assignedOrder(app, me.staff.id, { status: 'arrived' });
    const base = `/orders/${order.id}`;
    const finish = () => staffCall(app, 'POST', `${base}/finish`, me.token);

    const noReport = await finish();
    expect(noReport.statusCode).toBe(409);
    expect(noReport.json().msg).toBe(
      'Complete the visit report first: every checklist item and at least one photo after the work',
    );

    const before = await uploadPhoto(app, order.id, me.token);
    const after = await uploadPhoto(app, order.id, me.token);
    expect(before).toMatch(/^\/uploads\/visit-reports\/[0-9a-f]{32}\.png$/);
    // Without a photo after, or with the checklist half done: still refused.
    ok(await staffCall(app, 'PUT', `${base}/report`, me.token, { checklist: FULL_CHECKLIST, photos_before: [before] }));
    expect((await finish()).statusCode).toBe(409);
    const half = ok<Report>(
      await staffCall(app, 'PUT', `${base}/report`, me.token, { checklist: { pump: true }, photos_after: [after] }),
    );
    expect(half.complete).toBe(false);
    expect((await finish()).statusCode).toBe(409);
    const full = ok<Report>(
      await staffCall(app, 'PUT', `${base}/report`, me.token, {
        checklist: FULL_CHECKLIST,
        photos_before: [before],
        photos_after: [after],
        notes: 'Replaced the pump seal.',
      }),
    );
    expect(full.complete).toBe(true);

    // An extra service waiting for the customer blocks it; rejected, it does not.
    const extra = ok<{ id: number }>(
      await staffCall(app, 'POST', `${base}/extras`, me.token, {
        lines: [{ name_ar: 'تنظيف الفلتر', name_en: 'Filter cleaning', unit_price: 5000 }],
      }),
    );
    const open = await finish();
    expect(open.statusCode).toBe(409);
    expect(open.json().msg).toBe(
      "The visit cannot finish while an extra service waits for the customer's answer or payment",
    );
    ok(
      await userCall(app, 'POST', `/maintenance-orders/${order.id}/extras/${extra.id}/reject`, customerToken, {
        body: { reason: 'Not now, thank you' },
      }),
    );
    const done = ok<{ status: string; next_statuses: string[] }>(await finish());
    expect(done).toMatchObject({ status: 'completed', next_statuses: [] });
    expect(await toldTypes(app, { userId: user.id })).toEqual([
      'extra_service_order',
      'visit_finished',
      'completed',
      'rate_employee',
    ]);
    // The report is closed once the visit is over.
    const closed = await staffCall(app, 'PUT', `${base}/report`, me.token, { checklist: FULL_CHECKLIST });
    expect(closed.statusCode).toBe(409);
  });

  it('checks the report and flags readings out of their healthy ranges, for the staff, the customer and the admin', async () => {
    const me = await technician(app);
    const { order, token: customerToken } = await assignedOrder(app, me.staff.id, { status: 'on_the_way' });
    const base = `/orders/${order.id}`;
    const other = await assignedOrder(app, me.staff.id, { status: 'on_the_way' });
    const foreignPhoto = await uploadPhoto(app, other.order.id, me.token);

    const bad = await staffCall(app, 'PUT', `${base}/report`, me.token, {
      checklist: { pump: 'maybe', boiler: true },
      photos_before: ['/uploads/users/0123456789abcdef0123456789abcdef.png'],
      photos_after: Array.from({ length: 9 }, () => foreignPhoto),
      parts: [{ name_ar: '', name_en: 'Seal', quantity: 0 }],
      notes: 'x'.repeat(2001),
      readings: { ph: 15, temperature: 'warm' },
    });
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().data as Record<string, string>;
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining([
        'checklist.pump',
        'photos_after',
        'parts.0.name_ar',
        'parts.0.quantity',
        'notes',
        'readings.ph',
        'readings.temperature',
      ]),
    );
    expect(fields.photos_after).toBe('No more than 8 may be sent');
    // A photo not uploaded for reports is refused by its place.
    const stranger = await staffCall(app, 'PUT', `${base}/report`, me.token, {
      photos_before: ['/uploads/users/0123456789abcdef0123456789abcdef.png'],
    });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().data).toEqual({ 'photos_before.0': 'This photo was not uploaded for this report' });
    expect(await app.db.select().from(tables.visitReports).where(eq(tables.visitReports.orderId, order.id))).toEqual(
      [],
    );

    const readings = {
      ph: 8.1,
      free_chlorine: 2,
      total_alkalinity: 70,
      calcium_hardness: 250,
      cyanuric_acid: 40,
      temperature: 31.5,
    };
    const saved = ok<Report>(
      await staffCall(app, 'PUT', `${base}/report`, me.token, {
        checklist: FULL_CHECKLIST,
        photos_before: [foreignPhoto],
        parts: [{ name_ar: 'جلدة المضخة', name_en: 'Pump seal', quantity: 2 }],
        readings,
      }),
    );
    expect(saved.readings).toEqual(readings);
    const levels = Object.fromEntries(saved.flags.map((f) => [f.key, f.level]));
    expect(levels).toEqual({
      ph: 'high',
      free_chlorine: 'ok',
      total_alkalinity: 'low',
      calcium_hardness: 'ok',
      cyanuric_acid: 'ok',
      temperature: 'high',
    });
    // The range edges are healthy; the ranges are the one declaration.
    expect(flagReadings({ ph: READING_RANGES.ph.min, free_chlorine: READING_RANGES.free_chlorine.max })).toMatchObject([
      { level: 'ok' },
      { level: 'ok' },
    ]);

    const forCustomer = ok<Report & { parts: { name: string }[] }>(
      await userCall(app, 'GET', `/maintenance-orders/${order.id}/report`, customerToken, { lang: 'ar' }),
    );
    expect(forCustomer.flags).toEqual(saved.flags);
    expect(forCustomer.parts[0]!.name).toBe('جلدة المضخة');
    const forAdmin = ok<Report>(await userCall(app, 'GET', `/api/admin/service-orders/${order.id}/report`, boss));
    expect(forAdmin.flags).toEqual(saved.flags);
    // Another customer does not see it.
    const { token: stranger2 } = await customer(app);
    expect((await userCall(app, 'GET', `/maintenance-orders/${order.id}/report`, stranger2)).statusCode).toBe(404);
    // Before "on the way" no report is written.
    const early = await assignedOrder(app, me.staff.id);
    expect((await staffCall(app, 'PUT', `/orders/${early.order.id}/report`, me.token, {})).statusCode).toBe(409);
  });
});
