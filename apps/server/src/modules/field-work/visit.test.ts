/**
 * One visit of mine (`GET /api/staff/orders/:id/visit`) whatever its day or state, with what its
 * page shows; nobody else's. And "on the way" only from ON_THE_WAY_LEAD_HOURS before the visit,
 * through either route that moves it, with the time it opens in the refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeStaff, tables } from '@pool/db';
import { dayStart, ON_THE_WAY_LEAD_HOURS, REPORT_CHECKLIST, type StaffVisitDetail } from '@pool/contracts';
import { issueStaffToken } from '../staff/sessions.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { admin, maintenanceWorld, riyadhDayAt, riyadhSlot, type Slot, type World } from '../maintenance/testing.ts';
import { withoutCity } from './day.ts';
import { assignedOrder, ok, staffCall, technician, uploadPhoto } from './testing.ts';

/** The instant of a Riyadh slot. */
const instantOf = (s: Slot) =>
  new Date(dayStart(s.date).getTime() + (Number(s.time.slice(0, 2)) * 60 + Number(s.time.slice(3))) * 60_000);

describe('field work: one visit of mine', () => {
  let app: TestApp;
  let world: World;

  beforeAll(async () => {
    app = await buildTestApp();
    world = await maintenanceWorld(app);
  });
  afterAll(() => app.close());

  /** A paid order at `when`, assigned to a new technician serving the city, and their token. */
  async function assigned(when: Slot | number) {
    const o = await world.paid(when);
    const tech = await makeStaff(app.db, { job: 'technician' });
    await app.db.insert(tables.staffCities).values({ staffId: tech.id, cityId: world.city.id });
    ok(await admin(app, 'POST', `/service-orders/${o.id}/assign`, world.boss, { staff_id: tech.id }));
    return { ...o, staffToken: await issueStaffToken(app.db, tech.id, 'android') };
  }

  it('opens a visit three days ahead with its day, time, address, links and next move; 404 for another technician', async () => {
    const slot = riyadhDayAt(3, '10:30');
    const o = await assigned(slot);
    const detail = ok<StaffVisitDetail>(await staffCall(app, 'GET', `/orders/${o.id}/visit`, o.staffToken));
    expect(detail.visit).toMatchObject({
      id: o.id,
      status: 'technician_assigned',
      day: slot.date,
      time: '10:30',
      scheduled_at: instantOf(slot).toISOString(),
      map_url: 'https://www.google.com/maps/dir/?api=1&destination=24.7136,46.6753',
      next_statuses: ['on_the_way'],
      problem: 'المضخة متوقفة ولا تعمل',
    });
    expect(detail.visit.phone_link).toMatch(/^tel:\+966\d{9}$/);
    expect(detail).toMatchObject({ extras: [], report: null, chat_path: `/api/staff/orders/${o.id}/chat` });

    const other = await technician(app);
    const refused = await staffCall(app, 'GET', `/orders/${o.id}/visit`, other.token);
    expect(refused.statusCode).toBe(404);
    expect((await staffCall(app, 'GET', '/orders/99999999/visit', o.staffToken)).statusCode).toBe(404);
  });

  it("names the city once, in the reader's language: not again inside the address", async () => {
    const o = await assigned(riyadhDayAt(2, '09:00'));
    const mr = tables.maintenanceRequests;
    // A saved address's text, as the request stores it: the city's Arabic name first.
    await app.db
      .update(mr)
      .set({
        location: {
          lat: null,
          lng: null,
          short_code: null,
          text: 'الرياض، الياسمين، شارع الثمامة، 4321',
        },
      })
      .where(eq(mr.orderId, o.id));
    const en = ok<StaffVisitDetail>(await staffCall(app, 'GET', `/orders/${o.id}/visit`, o.staffToken));
    expect(en.visit).toMatchObject({ address: 'الياسمين، شارع الثمامة، 4321', city: 'Riyadh' });
    expect(decodeURIComponent(en.visit.map_url!)).toContain('destination=الياسمين، شارع الثمامة، 4321, Riyadh');
    const ar = ok<StaffVisitDetail>(
      await staffCall(app, 'GET', `/orders/${o.id}/visit`, o.staffToken, undefined, 'ar'),
    );
    expect(ar.visit).toMatchObject({ address: 'الياسمين، شارع الثمامة، 4321', city: 'الرياض' });
    expect(withoutCity('Riyadh', { nameAr: 'الرياض', nameEn: 'Riyadh' })).toBeNull();
    expect(withoutCity('RRRD2929', { nameAr: 'الرياض', nameEn: 'Riyadh' })).toBe('RRRD2929');
  });

  it('opens a finished visit with its report, though the day no longer lists it', async () => {
    const me = await technician(app);
    const { order } = await assignedOrder(app, me.staff.id, { status: 'arrived' });
    const photo = await uploadPhoto(app, order.id, me.token);
    ok(
      await staffCall(app, 'PUT', `/orders/${order.id}/report`, me.token, {
        checklist: Object.fromEntries(REPORT_CHECKLIST.map((k) => [k, true])),
        photos_after: [photo],
        notes: 'Cleaned the filter.',
      }),
    );
    ok(await staffCall(app, 'POST', `/orders/${order.id}/finish`, me.token));

    const detail = ok<StaffVisitDetail>(await staffCall(app, 'GET', `/orders/${order.id}/visit`, me.token));
    expect(detail.visit).toMatchObject({ id: order.id, status: 'completed', next_statuses: [] });
    expect(detail.report).toMatchObject({ complete: true, photos_after: [photo], notes: 'Cleaned the filter.' });
    const day = ok<{ visits: { id: number }[] }>(
      await staffCall(app, 'GET', `/day?date=${detail.visit.day}`, me.token),
    );
    expect(day.visits.map((v) => v.id)).not.toContain(order.id);
  });

  it('refuses "on the way" before its lead time, in the reader\'s language with the time it opens, by either route', async () => {
    const slot = riyadhSlot(ON_THE_WAY_LEAD_HOURS + 2);
    const o = await assigned(slot);
    const opens = new Date(instantOf(slot).getTime() - ON_THE_WAY_LEAD_HOURS * 3600_000);
    const hhmm = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Riyadh', hour: '2-digit', minute: '2-digit' });

    const en = await staffCall(app, 'POST', `/orders/${o.id}/on-the-way`, o.staffToken, { eta_minutes: 20 });
    expect(en.statusCode).toBe(409);
    expect(en.json().msg).toMatch(/^On the way can be sent from .+ \(Riyadh time\)$/);
    expect(en.json().msg).toContain(hhmm.format(opens));
    expect(en.json().data).toEqual({ on_the_way_from: opens.toISOString() });

    const ar = await staffCall(app, 'POST', `/orders/${o.id}/status`, o.staffToken, { status: 'on_the_way' }, 'ar');
    expect(ar.statusCode).toBe(409);
    expect(ar.json().msg).toContain('بتوقيت الرياض');
    expect(ar.json().msg).toContain(hhmm.format(opens));
    expect(await world.status(o.id)).toBe('technician_assigned');
    const mr = tables.maintenanceRequests;
    const [request] = await app.db.select({ arrivalAt: mr.arrivalAt }).from(mr).where(eq(mr.orderId, o.id));
    expect(request?.arrivalAt).toBeNull();
  });

  it('allows "on the way" once within the lead time, by either route; arrived keeps its order', async () => {
    const a = await assigned(riyadhSlot(ON_THE_WAY_LEAD_HOURS - 1));
    // Arrived before on the way is still out of order.
    expect((await staffCall(app, 'POST', `/orders/${a.id}/arrived`, a.staffToken)).statusCode).toBe(409);
    const moved = ok<{ status: string; arrival_at: string | null }>(
      await staffCall(app, 'POST', `/orders/${a.id}/on-the-way`, a.staffToken, { eta_minutes: 20 }),
    );
    expect(moved).toMatchObject({ status: 'on_the_way' });
    expect(moved.arrival_at).not.toBeNull();
    ok(await staffCall(app, 'POST', `/orders/${a.id}/arrived`, a.staffToken));

    // The generic route, on the lead time's edge (the slot's whole minute is at most now + 3 h).
    const b = await assigned(riyadhSlot(ON_THE_WAY_LEAD_HOURS));
    ok(await staffCall(app, 'POST', `/orders/${b.id}/status`, b.staffToken, { status: 'on_the_way' }));
    expect(await world.status(b.id)).toBe('on_the_way');
  });
});
