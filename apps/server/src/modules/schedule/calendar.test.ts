/**
 * The visits calendar: exactly the visits of the week's Riyadh days (Saturday 00:00 to the end of
 * Friday) in a calendar state, of both field-visit kinds; the lanes (active technicians, the
 * city's when filtered); orders.view to read; and moving a visit to another technician through
 * the assignment route: allowed to a free technician of the city, refused (with the message in
 * the admin's language, nothing changed) on an overlap, a city not served, the same technician,
 * or a visit already on its way. The live `visits` signal follows every move of a visit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeCity, makeStaff, makeUser, tables, type Db } from '@pool/db';
import { dayStart, riyadhDateTime, saudiWeek, type VisitsCalendar, type SubscriptionView } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminToken } from '../admin-content/testing.ts';
import { admin, maintenanceWorld, riyadhSlot, type World } from '../maintenance/testing.ts';
import { customer, fillWallet, ok } from '../orders/testing.ts';
import { createBus, type Signal } from '../realtime/bus.ts';
import { areaOf } from './calendar.ts';

const o = tables.orders;
const mr = tables.maintenanceRequests;

/** A visit written straight to the tables (any time, past ones too), for the week's edges. */
async function visitAt(
  db: Db,
  at: Date,
  o2: { kind?: 'immediate_maintenance' | 'package_visit'; status?: string; cityId: number; staffId?: number | null },
) {
  const user = await makeUser(db);
  const kind = o2.kind ?? 'immediate_maintenance';
  const [row] = await db
    .insert(o)
    .values({
      kind,
      number: `T-${Math.random().toString(36).slice(2, 10)}`,
      userId: user.id,
      status: o2.status ?? 'paid',
      paymentMethod: 'wallet',
      taxRate: 1500,
      total: 0,
      cityId: o2.cityId,
      staffId: o2.staffId ?? null,
    })
    .returning();
  await db.insert(mr).values({
    orderId: row!.id,
    problem: 'p',
    place: '',
    scheduledAt: at,
    location: { lat: null, lng: null, short_code: 'RRRD2929', text: null },
  });
  return row!;
}

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe('the visits calendar', () => {
  let app: TestApp;
  let w: World;
  let boss: string;
  const week = (query: string, token = boss, lang: 'ar' | 'en' = 'ar') =>
    admin(app, 'GET', `/visits-calendar${query}`, token, undefined, lang);

  beforeAll(async () => {
    app = await buildTestApp();
    w = await maintenanceWorld(app);
    boss = w.boss;
  });
  afterAll(() => app.close());

  it('holds exactly the visits of the Saudi week’s Riyadh days, in a calendar state, of both kinds', async () => {
    const city = await makeCity(app.db, { nameAr: 'الخبر', nameEn: 'Khobar' });
    // A week of 2027: Saturday 2 January to Friday 8 January.
    const { from, to, days } = saudiWeek('2027-01-06');
    expect({ from, to }).toEqual({ from: '2027-01-02', to: '2027-01-08' });
    const saturday = dayStart(from);
    const nextSaturday = dayStart('2027-01-09');
    const inside = [
      await visitAt(app.db, saturday, { cityId: city.id }),
      await visitAt(app.db, minutesAfter(nextSaturday, -1), { cityId: city.id, status: 'technician_assigned' }),
      await visitAt(app.db, minutesAfter(saturday, 3 * 1440 + 600), {
        cityId: city.id,
        kind: 'package_visit',
        status: 'scheduled',
      }),
      await visitAt(app.db, minutesAfter(saturday, 1440 + 720), { cityId: city.id, status: 'arrived' }),
    ];
    // Friday 23:59 of the week before, the next Saturday 00:00, and states off the calendar.
    await visitAt(app.db, minutesAfter(saturday, -1), { cityId: city.id });
    await visitAt(app.db, nextSaturday, { cityId: city.id });
    for (const status of ['completed', 'cancelled', 'new', 'offer_sent', 'pending_payment']) {
      await visitAt(app.db, minutesAfter(saturday, 600), { cityId: city.id, status });
    }
    for (const status of ['done', 'cancelled']) {
      await visitAt(app.db, minutesAfter(saturday, 600), { cityId: city.id, kind: 'package_visit', status });
    }

    const cal = ok<VisitsCalendar>(await week(`?week=2027-01-06&city_id=${city.id}`));
    expect(cal.week).toMatchObject({ from, to, days });
    expect(cal.visits.map((v) => v.id)).toEqual(
      [inside[0]!, inside[3]!, inside[2]!, inside[1]!].map((v) => v.id), // in time order
    );
    expect(cal.visits[0]).toMatchObject({ date: '2027-01-02', time: '00:00', minutes: 90, area: 'RRRD2929' });
    expect(cal.visits[3]).toMatchObject({ date: '2027-01-08', time: '23:59', status: 'technician_assigned' });
    expect(cal.visits.map((v) => v.can_assign)).toEqual([true, false, true, true]);
    expect(cal.visits[2]).toMatchObject({ kind: 'package_visit', status: 'scheduled' });
    // The Friday and the Saturday give the same week; the day after, the next one.
    expect(ok<VisitsCalendar>(await week(`?week=2027-01-08&city_id=${city.id}`)).week.from).toBe(from);
    expect(ok<VisitsCalendar>(await week(`?week=2027-01-02&city_id=${city.id}`)).week.from).toBe(from);
    const next = ok<VisitsCalendar>(await week(`?week=2027-01-09&city_id=${city.id}`));
    expect(next.week.from).toBe('2027-01-09');
    expect(next.visits).toHaveLength(1);
    // Another city's filter leaves them out.
    expect(ok<VisitsCalendar>(await week(`?week=2027-01-06&city_id=${w.city.id}`)).visits).toEqual([]);
  });

  it('has a lane for each active technician, the city’s when filtered, and for anyone a visit is assigned to', async () => {
    const city = await makeCity(app.db, { nameAr: 'الدمام', nameEn: 'Dammam' });
    const serving = await makeStaff(app.db, { name: 'أحمد' });
    const blocked = await makeStaff(app.db, { name: 'بدر', isBlocked: true });
    const engineer = await makeStaff(app.db, { name: 'جمال', job: 'engineer' });
    for (const s of [serving, blocked, engineer]) {
      await app.db.insert(tables.staffCities).values({ staffId: s.id, cityId: city.id });
    }
    await visitAt(app.db, dayStart('2027-02-10'), {
      cityId: city.id,
      staffId: blocked.id,
      status: 'technician_assigned',
    });
    const cal = ok<VisitsCalendar>(await week(`?week=2027-02-10&city_id=${city.id}`));
    expect(cal.technicians.map((t) => [t.name, t.available])).toEqual([
      ['أحمد', true],
      ['بدر', false],
    ]);
    expect(cal.technicians[0]!.city_ids).toEqual([city.id]);
    // Without a city: every active technician (the world's and this one), the blocked one only for its visit.
    const all = ok<VisitsCalendar>(await week('?week=2027-02-10'));
    expect(all.technicians.filter((t) => t.available).map((t) => t.id)).toEqual(
      expect.arrayContaining([serving.id, w.tech.id]),
    );
    expect(all.technicians.find((t) => t.id === engineer.id)).toBeUndefined();
  });

  it('is this week by default, needs orders.view, and refuses a day that is no day', async () => {
    const cal = ok<VisitsCalendar>(await week(''));
    expect(cal.week.days).toContain(riyadhDateTime(new Date()).date);
    expect(new Date(`${cal.week.from}T12:00:00Z`).getUTCDay()).toBe(6); // Saturday
    expect(cal.week.today).toBe(riyadhDateTime(new Date()).date);
    const viewer = await adminToken(app, ['orders.view']);
    expect((await week('', viewer)).statusCode).toBe(200);
    const other = await adminToken(app, ['products.view']);
    expect((await week('', other)).statusCode).toBe(403);
    const bad = await week('?week=2027-02-30', boss, 'en');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ key: 'fail', data: { week: expect.any(String) } });
  });

  describe('moving a visit to another technician', () => {
    const assign = (id: number, staffId: number, lang: 'ar' | 'en' = 'ar') =>
      admin(app, 'POST', `/service-orders/${id}/assign`, boss, { staff_id: staffId }, lang);
    const staffOf = async (id: number) => (await app.db.select().from(o).where(eq(o.id, id)))[0]!.staffId;

    it('reassigns an assigned maintenance order to a free technician of its city, on the calendar too', async () => {
      const other = await makeStaff(app.db, { name: 'سالم' });
      await app.db.insert(tables.staffCities).values({ staffId: other.id, cityId: w.city.id });
      const order = await w.paid(50);
      ok(await assign(order.id, w.tech.id));
      const moved = ok<{ status: string; staff: { id: number } | null; events: { status: string }[] }>(
        await assign(order.id, other.id),
      );
      expect(moved).toMatchObject({ status: 'technician_assigned', staff: { id: other.id } });
      expect(moved.events.filter((e) => e.status === 'technician_assigned')).toHaveLength(2);
      const { date } = riyadhDateTime(new Date(Date.now() + 50 * 3600_000));
      const cal = ok<VisitsCalendar>(await week(`?week=${date}&city_id=${w.city.id}`));
      expect(cal.visits.find((v) => v.id === order.id)).toMatchObject({ staff_id: other.id, can_assign: true });
      // The same technician again: refused, nothing changes.
      const again = await assign(order.id, other.id, 'en');
      expect(again.statusCode).toBe(422);
      expect(again.json().data.staff_id).toBe('This order is already assigned to this engineer or technician');
    });

    it('refuses an overlapping visit or a technician of another city, in the admin’s language, and keeps the visit', async () => {
      const first = await w.paid(70);
      const second = await w.paid(71); // one hour later: within 90 minutes
      const other = await makeStaff(app.db, { name: 'ماجد' });
      await app.db.insert(tables.staffCities).values({ staffId: other.id, cityId: w.city.id });
      ok(await assign(first.id, w.tech.id));
      ok(await assign(second.id, other.id));
      const busy = await assign(second.id, w.tech.id);
      expect(busy.statusCode).toBe(422);
      expect(busy.json()).toMatchObject({
        key: 'fail',
        data: { staff_id: 'هذا الفني لديه زيارة أخرى في هذا الوقت' },
      });
      expect((await assign(second.id, w.tech.id, 'en')).json().data.staff_id).toBe(
        'This technician has another visit at that time',
      );
      const elsewhere = await makeStaff(app.db, { name: 'نايف' });
      const far = await makeCity(app.db, { nameAr: 'أبها', nameEn: 'Abha' });
      await app.db.insert(tables.staffCities).values({ staffId: elsewhere.id, cityId: far.id });
      const city = await assign(second.id, elsewhere.id);
      expect(city.statusCode).toBe(422);
      expect(city.json().data.staff_id).toBe('هذا المهندس أو الفني لا يخدم مدينة الطلب');
      expect(await staffOf(second.id)).toBe(other.id);
    });

    it('moves a package’s visit, and not once its technician is on the way', async () => {
      const pkg = ok<{ id: number }>(
        await admin(app, 'POST', '/packages', boss, {
          name_ar: 'باقة الصيف',
          name_en: 'Summer care',
          price_sar: '100',
          visits: 2,
          validity_days: 60,
        }),
      );
      const c = await customer(app);
      await fillWallet(app, c.user.id, 100_000);
      const { subscription } = ok<{ subscription: SubscriptionView }>(
        await app.inject({
          method: 'POST',
          url: `/api/user/packages/${pkg.id}/subscribe`,
          headers: { authorization: `Bearer ${c.token}` },
          payload: {
            slots: [riyadhSlot(2), riyadhSlot(200)],
            city_id: w.city.id,
            short_code: 'RRRD2929',
            payment_method: 'wallet',
          },
        }),
      );
      const [soon, later] = subscription.visits;
      const other = await makeStaff(app.db, { name: 'وليد' });
      await app.db.insert(tables.staffCities).values({ staffId: other.id, cityId: w.city.id });
      ok(await assign(later!.id, w.tech.id));
      ok(await assign(later!.id, other.id));
      expect(await staffOf(later!.id)).toBe(other.id);

      const { date } = riyadhDateTime(new Date(later!.scheduled_at!));
      const cal = ok<VisitsCalendar>(await week(`?week=${date}&city_id=${w.city.id}`));
      expect(cal.visits.find((v) => v.id === later!.id)).toMatchObject({
        kind: 'package_visit',
        package_name: 'باقة الصيف',
        staff_id: other.id,
      });
      // The console opens the visit with its subscription and which visit it is.
      const detail = ok<{ subscription: object; can_assign: boolean; can_cancel: boolean }>(
        await admin(app, 'GET', `/service-orders/${later!.id}`, boss),
      );
      expect(detail).toMatchObject({
        subscription: { id: subscription.id, package_name: 'باقة الصيف', visit_n: 2, visits_total: 2 },
        can_assign: true,
        // A visit ends with its subscription: no admin cancels it alone.
        can_cancel: false,
      });

      // The console lists it with the service orders, by kind and by its states, and pins it on the map.
      type Item = { id: number; kind: string; status: string; staff: { id: number } | null };
      const listed = async (query: string) =>
        ok<{ data: Item[] }>(await admin(app, 'GET', `/service-orders?${query}`, boss)).data.map((i) => i.id);
      expect(await listed(`kind=package_visit&q=${later!.number}`)).toEqual([later!.id]);
      expect(await listed(`q=${later!.number}`)).toEqual([later!.id]);
      expect(await listed(`kind=immediate_maintenance&q=${later!.number}`)).toEqual([]);
      expect(await listed(`status=technician_assigned&q=${later!.number}`)).toEqual([later!.id]);
      expect(await listed(`status=scheduled&q=${soon!.number}`)).toEqual([soon!.id]);
      const item = ok<{ data: Item[] }>(await admin(app, 'GET', `/service-orders?q=${later!.number}`, boss)).data[0];
      expect(item).toMatchObject({ kind: 'package_visit', status: 'technician_assigned', staff: { id: other.id } });
      expect((await admin(app, 'GET', '/service-orders?kind=store', boss)).statusCode).toBe(422);

      ok(await assign(soon!.id, w.tech.id));
      const { issueStaffToken } = await import('../staff/sessions.ts');
      const token = await issueStaffToken(app.db, w.tech.id, 'android');
      ok(
        await app.inject({
          method: 'POST',
          url: `/api/staff/orders/${soon!.id}/on-the-way`,
          headers: { authorization: `Bearer ${token}` },
          payload: { eta_minutes: 20 },
        }),
      );
      const late = await assign(soon!.id, other.id);
      expect(late.statusCode).toBe(409);
      expect(await staffOf(soon!.id)).toBe(w.tech.id);
    });

    it('signals the admins’ streams with each move of a visit', async () => {
      const signals: Signal[] = [];
      const bus = createBus(app);
      const viewer = await import('@pool/db').then(({ makeAdmin }) => makeAdmin(app.db, { passwordHash: 'x' }));
      const stop = await bus.subscribe(
        'a',
        viewer.id,
        () => {},
        (s) => signals.push(s),
      );
      const order = await w.paid(90);
      ok(await assign(order.id, w.tech.id));
      await expect
        .poll(() => signals.filter((s) => s.event === 'visits').map((s) => s.data))
        .toContainEqual({
          order_id: order.id,
        });
      expect(signals.find((s) => s.event === 'visits')!.permission).toBe('orders.view');
      stop();
      await bus.close();
    });
  });

  it('names the area: a saved address’s district without its city, else the short code', () => {
    const city = { nameAr: 'الرياض', nameEn: 'Riyadh' };
    expect(areaOf({ text: 'الرياض، الملقا، طريق الملك فهد، 1234' }, city)).toBe('الملقا');
    expect(areaOf({ text: null, short_code: 'RRRD2929' }, city)).toBe('RRRD2929');
    expect(areaOf({ text: null, short_code: null }, city)).toBeNull();
  });
});
