/** Helpers for the immediate-maintenance tests (not a test file itself). */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeCity, makeStaff, tables } from '@pool/db';
import { riyadhDateTime, type MaintenanceOrderDetail, type ServiceOrderDetail } from '@pool/contracts';
import type { Lang } from '@pool/i18n';
import type { TestApp } from '../../testing/app.ts';
import { adminToken } from '../admin-content/testing.ts';
import { api, customer, ok } from '../orders/testing.ts';

export { api, customer, ok };

/** A Riyadh date and time: `{ date, time }` as the customer picks them. */
export type Slot = { date: string; time: string };
/** When a test's visit is: hours ahead of now, or a Riyadh slot (for times that must share a day). */
export type When = number | Slot;

/** A Riyadh date and time `hoursAhead` from now (whole minutes), or the slot given. */
export function riyadhSlot(when: When = 24): Slot {
  return typeof when === 'number' ? riyadhDateTime(new Date(Date.now() + when * 3600_000)) : when;
}

/** `time` on the Riyadh day `daysAhead` of today there, whatever the hour now. */
export const riyadhDayAt = (daysAhead: number, time: string): Slot => ({
  date: riyadhDateTime(new Date(Date.now() + daysAhead * 86_400_000)).date,
  time,
});

/** A request body at a map pin in Riyadh, at `when`. */
export const requestBody = (cityId: number, when: When = 24, o: Record<string, unknown> = {}) => ({
  problem: 'المضخة متوقفة ولا تعمل',
  place: 'الفناء الخلفي',
  ...riyadhSlot(when),
  lat: 24.7136,
  lng: 46.6753,
  city_id: cityId,
  ...o,
});

/** A call to /api/admin<path> with any method (PUT included). */
export function admin(
  app: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token: string,
  body?: object,
  lang: Lang = 'ar',
) {
  return app.inject({
    method,
    url: `/api/admin${path}`,
    headers: { lang, authorization: `Bearer ${token}` },
    ...(body ? { payload: body } : {}),
  });
}

/** One service line of 200 SAR and a spare part of 50 SAR × 2: 300 SAR before VAT, 345 with it. */
export const OFFER = [
  { kind: 'service', name_ar: 'إصلاح المضخة', name_en: 'Pump repair', quantity: 1, unit_price: 20_000 },
  { kind: 'spare_part', name_ar: 'مانع تسرب', name_en: 'Seal', quantity: 2, unit_price: 5_000 },
];

export type World = Awaited<ReturnType<typeof maintenanceWorld>>;

/** A city, a super admin, a technician serving the city, and steps to move an order along. */
export async function maintenanceWorld(app: TestApp) {
  const city = await makeCity(app.db, { nameAr: 'الرياض', nameEn: 'Riyadh' });
  const boss = await adminToken(app);
  const tech = await makeStaff(app.db, { name: 'فهد الدوسري' });
  await app.db.insert(tables.staffCities).values({ staffId: tech.id, cityId: city.id });

  async function request(token: string, when: When = 24, o: Record<string, unknown> = {}) {
    return ok<{ id: number; number: string; status: string }>(
      await api(app, 'POST', '/immediate-maintenance', { token, body: requestBody(city.id, when, o) }),
    );
  }
  const move = async (path: string, body?: object) =>
    ok<ServiceOrderDetail>(await admin(app, 'POST', path, boss, body));
  const approve = (id: number) => move(`/service-orders/${id}/approve`);
  const offer = async (id: number, send = true, lines: object[] = OFFER) =>
    ok<ServiceOrderDetail>(await admin(app, 'PUT', `/service-orders/${id}/offer`, boss, { lines, send }));
  const accept = (token: string, id: number, method: 'wallet' | 'electronic', key?: string) =>
    api(app, 'POST', `/maintenance-orders/${id}/accept`, {
      token,
      body: { payment_method: method },
      headers: key ? { 'idempotency-key': key } : {},
    });
  const detail = async (token: string, id: number, lang: Lang = 'ar') =>
    ok<MaintenanceOrderDetail>(await api(app, 'GET', `/maintenance-orders/${id}`, { token, lang }));
  const status = async (id: number) =>
    (await app.db.select().from(tables.orders).where(eq(tables.orders.id, id)))[0]!.status;

  /** A customer's order with an offer sent (total 345 SAR). */
  async function offered(when: When = 24) {
    const c = await customer(app);
    const { id } = await request(c.token, when);
    await approve(id);
    await offer(id);
    expect(await status(id)).toBe('offer_sent');
    return { ...c, id };
  }

  /** A paid order (wallet), ready for assignment. */
  async function paid(when: When = 24) {
    const o = await offered(when);
    const { credit } = await import('../wallet/index.ts');
    await credit(app.db, o.user.id, 34_500, 'charge');
    ok(await accept(o.token, o.id, 'wallet'));
    expect(await status(o.id)).toBe('paid');
    return o;
  }

  return { city, boss, tech, request, approve, offer, accept, detail, status, offered, paid, move };
}
