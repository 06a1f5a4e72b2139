/** Helpers for the scheduled-maintenance tests (not a test file itself). */
import { eq } from 'drizzle-orm';
import { makeCity, makeStaff, tables } from '@pool/db';
import type { SubscriptionView } from '@pool/contracts';
import type { TestApp } from '../../testing/app.ts';
import { adminToken } from '../admin-content/testing.ts';
import { riyadhSlot, type When } from '../maintenance/testing.ts';
import { api, customer, ok } from '../orders/testing.ts';
import { issueStaffToken } from '../staff/sessions.ts';
import { credit } from '../wallet/index.ts';

export { api, customer, ok };

/** A super admin, a city and a package of `visits` visits within `validityDays` at 100 SAR before VAT (115 with it). */
export async function packagesWorld(app: TestApp, o: { visits?: number; validityDays?: number } = {}) {
  const boss = await adminToken(app);
  const cityId = (await makeCity(app.db, { nameAr: 'الرياض', nameEn: 'Riyadh' })).id;
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/packages',
    headers: { authorization: `Bearer ${boss}` },
    payload: {
      name_ar: 'باقة العناية',
      name_en: 'Care plan',
      price_sar: '100',
      visits: o.visits ?? 2,
      validity_days: o.validityDays ?? 30,
    },
  });
  return { boss, cityId, packageId: ok<{ id: number }>(res).id };
}

export type PackagesWorld = Awaited<ReturnType<typeof packagesWorld>>;

/** A new customer with `balance` halalas in the wallet, subscribed to the package with visits `when` hours ahead. */
export async function subscriber(
  app: TestApp,
  w: PackagesWorld,
  o: { when?: When[]; balance?: number; method?: 'wallet' | 'electronic' } = {},
) {
  const c = await customer(app, { name: 'نورة المشتركة' });
  if (o.balance ?? 11_500) await credit(app.db, c.user.id, o.balance ?? 11_500, 'charge');
  const { subscription, redirect_url } = ok<{ subscription: SubscriptionView; redirect_url: string | null }>(
    await api(app, 'POST', `/packages/${w.packageId}/subscribe`, {
      token: c.token,
      lang: 'en',
      body: {
        slots: (o.when ?? [48, 96]).map((h) => riyadhSlot(h)),
        city_id: w.cityId,
        short_code: 'RRRD2929',
        payment_method: o.method ?? 'wallet',
      },
    }),
  );
  return { ...c, subscription, redirectUrl: redirect_url };
}

/** A technician of the world's city and their staff token. */
export async function cityTechnician(app: TestApp, w: PackagesWorld, name = 'فهد الفني') {
  const staff = await makeStaff(app.db, { job: 'technician', name });
  await app.db.insert(tables.staffCities).values({ staffId: staff.id, cityId: w.cityId });
  return { staff, token: await issueStaffToken(app.db, staff.id, 'web') };
}

/** Assigns a visit to a technician through the dashboard. */
export async function assignVisit(app: TestApp, w: PackagesWorld, visitId: number, staffId: number) {
  ok(
    await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${visitId}/assign`,
      headers: { authorization: `Bearer ${w.boss}`, lang: 'en' },
      payload: { staff_id: staffId },
    }),
  );
}

/** The order row of `id`. */
export const orderRow = async (app: TestApp, id: number) =>
  (await app.db.select().from(tables.orders).where(eq(tables.orders.id, id)))[0]!;

/** My subscription as the API answers it. */
export const mySubscription = async (app: TestApp, token: string, id: number) =>
  ok<SubscriptionView>(await api(app, 'GET', `/subscriptions/${id}`, { token, lang: 'en' }));
