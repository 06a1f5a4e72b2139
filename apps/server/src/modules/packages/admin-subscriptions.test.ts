/**
 * The dashboard's subscriptions (orders.view): the list filtered by state,
 * package, city and a number or phone search, one subscription with its visits
 * (state, time, technician); permissions and bad filters answered clearly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeCity, makeStaff, tables } from '@pool/db';
import type {
  AdminPackage,
  AdminSubscriptionDetail,
  AdminSubscriptionItem,
  Pagination,
  SubscriptionView,
} from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminCall, adminToken, expectFields, expectOk, expectStatus } from '../admin-content/testing.ts';
import { riyadhSlot } from '../maintenance/testing.ts';
import { api, customer, ok } from '../orders/testing.ts';
import { credit } from '../wallet/index.ts';

const PACKAGE = {
  name_ar: 'باقة الصيانة الشهرية',
  name_en: 'Monthly care',
  features_ar: ['تنظيف'],
  features_en: ['Cleaning'],
  price_sar: '400',
  visits: 2,
  validity_days: 30,
};

type List = { data: AdminSubscriptionItem[]; pagination: Pagination };

describe('dashboard subscriptions', () => {
  let app: TestApp;
  let boss: string;
  let riyadh: number;
  let jeddah: number;
  let monthly: AdminPackage;
  let quarterly: AdminPackage;

  /** A customer (with this phone) subscribed to `pkg` in `cityId`, by wallet (active) or card (unpaid). */
  async function subscribed(pkg: AdminPackage, cityId: number, phone: string, method: 'wallet' | 'electronic') {
    const c = await customer(app, { phone });
    await credit(app.db, c.user.id, 200_000, 'charge');
    const slots = Array.from({ length: pkg.visits }, (_, i) => riyadhSlot(48 + 48 * i));
    const { subscription } = ok<{ subscription: SubscriptionView }>(
      await api(app, 'POST', `/packages/${pkg.id}/subscribe`, {
        token: c.token,
        body: { slots, city_id: cityId, lat: 24.7136, lng: 46.6753, payment_method: method },
      }),
    );
    return { ...c, subscription };
  }
  const list = async (query: Record<string, string> = {}, lang: 'ar' | 'en' = 'ar', token = boss) =>
    expectOk<List>(await adminCall(app, 'GET', '/subscriptions', { token, query, lang }), 'server.success', lang);

  let a: Awaited<ReturnType<typeof subscribed>>;
  let b: Awaited<ReturnType<typeof subscribed>>;
  let unpaid: Awaited<ReturnType<typeof subscribed>>;

  beforeAll(async () => {
    app = await buildTestApp({ poolSize: 20 });
    boss = await adminToken(app);
    riyadh = (await makeCity(app.db, { nameAr: 'الرياض', nameEn: 'Riyadh' })).id;
    jeddah = (await makeCity(app.db, { nameAr: 'جدة', nameEn: 'Jeddah' })).id;
    monthly = expectOk<AdminPackage>(
      await adminCall(app, 'POST', '/packages', { token: boss, body: PACKAGE }),
      'cms.created',
    );
    quarterly = expectOk<AdminPackage>(
      await adminCall(app, 'POST', '/packages', {
        token: boss,
        body: { ...PACKAGE, name_ar: 'الباقة الفصلية', name_en: 'Quarterly care', visits: 3, validity_days: 90 },
      }),
      'cms.created',
    );
    a = await subscribed(monthly, riyadh, '511110001', 'wallet');
    b = await subscribed(quarterly, jeddah, '522220002', 'wallet');
    unpaid = await subscribed(monthly, jeddah, '533330003', 'electronic');
  });
  afterAll(() => app.close());

  it('lists subscriptions newest first with customer, package, state, period, visits left and total', async () => {
    const all = await list();
    expect(all.data.map((s) => s.id)).toEqual([unpaid.subscription.id, b.subscription.id, a.subscription.id]);
    expect(all.pagination).toMatchObject({ total_items: 3, current_page: 1, total_pages: 1 });
    const first = all.data.find((s) => s.id === a.subscription.id)!;
    expect(first).toMatchObject({
      number: a.subscription.number,
      status: 'active',
      customer_id: a.user.id,
      customer_name: a.user.name,
      customer_phone: '+966 511110001',
      package_id: monthly.id,
      package_name: 'باقة الصيانة الشهرية',
      city: 'الرياض',
      visits_total: 2,
      visits_remaining: 2,
      auto_renew: false,
      total: 46_000,
      payment_method: 'wallet',
      period: 1,
    });
    expect(Date.parse(first.ends_at!) - Date.parse(first.starts_at!)).toBe(30 * 86_400_000);
    const pending = all.data.find((s) => s.id === unpaid.subscription.id)!;
    expect(pending).toMatchObject({ status: 'pending_payment', starts_at: null, visits_remaining: 0 });
    // In English, the package and the city in English.
    const en = await list({ package_id: String(quarterly.id) }, 'en');
    expect(en.data.map((s) => [s.package_name, s.city])).toEqual([['Quarterly care', 'Jeddah']]);
  });

  it('filters by state, package and city, and searches the number or the customer’s phone', async () => {
    const ids = async (query: Record<string, string>) => (await list(query)).data.map((s) => s.id);
    expect(await ids({ status: 'active' })).toEqual([b.subscription.id, a.subscription.id]);
    expect(await ids({ status: 'pending_payment' })).toEqual([unpaid.subscription.id]);
    expect(await ids({ package_id: String(monthly.id) })).toEqual([unpaid.subscription.id, a.subscription.id]);
    expect(await ids({ city_id: String(jeddah) })).toEqual([unpaid.subscription.id, b.subscription.id]);
    expect(await ids({ city_id: String(jeddah), status: 'active' })).toEqual([b.subscription.id]);
    expect(await ids({ q: b.subscription.number })).toEqual([b.subscription.id]);
    expect(await ids({ q: b.subscription.number.toLowerCase().slice(-5) })).toEqual([b.subscription.id]);
    for (const phone of ['522220002', '0522220002', '+966522220002', '966 52222 0002']) {
      expect(await ids({ q: phone }), phone).toEqual([b.subscription.id]);
    }
    expect(await ids({ q: '599999999' })).toEqual([]);
    expect(await ids({ status: 'completed' })).toEqual([]);
    // A visit's number is not a subscription.
    expect(await ids({ q: a.subscription.visits[0]!.number })).toEqual([]);
  });

  it('shows one subscription with its visits: state, time and technician', async () => {
    const [first, second] = a.subscription.visits;
    const tech = await makeStaff(app.db, { name: 'فني الاختبار' });
    await app.db
      .update(tables.orders)
      .set({ staffId: tech.id, status: 'technician_assigned' })
      .where(eq(tables.orders.id, second!.id));
    ok(await api(app, 'POST', `/package-visits/${first!.id}/cancel`, { token: a.token }));
    const d = expectOk<AdminSubscriptionDetail>(
      await adminCall(app, 'GET', `/subscriptions/${a.subscription.id}`, { token: boss }),
    );
    expect(d).toMatchObject({
      id: a.subscription.id,
      status: 'active',
      visits_total: 2,
      visits_remaining: 2,
      visits_done: 0,
      customer_phone: '+966 511110001',
    });
    const byId = new Map(d.visits.map((v) => [v.id, v]));
    expect(byId.get(first!.id)).toMatchObject({
      number: first!.number,
      status: 'unscheduled',
      scheduled_at: null,
      staff: null,
    });
    expect(byId.get(second!.id)).toMatchObject({
      status: 'technician_assigned',
      scheduled_at: second!.scheduled_at,
      staff: { id: tech.id, name: 'فني الاختبار' },
    });
    // One done: one fewer left.
    await app.db.update(tables.orders).set({ status: 'done' }).where(eq(tables.orders.id, second!.id));
    const after = expectOk<AdminSubscriptionDetail>(
      await adminCall(app, 'GET', `/subscriptions/${a.subscription.id}`, { token: boss }),
    );
    expect(after).toMatchObject({ visits_done: 1, visits_remaining: 1 });
    const row = (await list({ q: a.subscription.number })).data[0]!;
    expect(row.visits_remaining).toBe(1);

    // Unknown ids, and a visit's id, are 404.
    expectStatus(await adminCall(app, 'GET', '/subscriptions/999999', { token: boss }), 404, 'notFound');
    expectStatus(await adminCall(app, 'GET', `/subscriptions/${first!.id}`, { token: boss }), 404, 'notFound');
  });

  it('needs orders.view, and answers a bad filter in the admin’s language', async () => {
    const viewer = await adminToken(app, ['orders.view']);
    expect((await list({}, 'ar', viewer)).data).toHaveLength(3);
    const packagesOnly = await adminToken(app, ['packages.view']);
    expect((await adminCall(app, 'GET', '/subscriptions', { token: packagesOnly })).statusCode).toBe(403);
    expect(
      (await adminCall(app, 'GET', `/subscriptions/${a.subscription.id}`, { token: packagesOnly })).statusCode,
    ).toBe(403);
    expect((await adminCall(app, 'GET', '/subscriptions')).statusCode).toBe(401);
    expectFields(
      await adminCall(app, 'GET', '/subscriptions', {
        token: boss,
        lang: 'en',
        query: { status: 'nonsense', city_id: 'x' },
      }),
      { status: 'validation.invalid', city_id: 'validation.invalid' },
      'en',
    );
  });

  it('cancels an active subscription with a reason (orders.cancel): the unused share to the wallet once', async () => {
    const c = await subscribed(monthly, riyadh, '544440004', 'wallet');
    const id = c.subscription.id;
    const path = `/subscriptions/${id}/cancel`;
    const shown = expectOk<AdminSubscriptionDetail>(
      await adminCall(app, 'GET', `/subscriptions/${id}`, { token: boss }),
    );
    expect(shown).toMatchObject({ can_cancel: true, refund_if_cancelled: 46_000, cancel_reason: null });
    const viewer = await adminToken(app, ['orders.view']);
    expect((await adminCall(app, 'POST', path, { token: viewer, body: { note: 'x' } })).statusCode).toBe(403);
    // A reason is required, in the admin's language; nothing changes without one.
    expectFields(
      await adminCall(app, 'POST', path, { token: boss, lang: 'en', body: {} }),
      { cancel_reason_id: 'orders.reason_required' },
      'en',
    );
    const [first, second] = await Promise.all(
      [1, 2].map(() => adminCall(app, 'POST', path, { token: boss, body: { note: 'العميل انتقل إلى مدينة أخرى' } })),
    );
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    const done = expectOk<AdminSubscriptionDetail>(
      await adminCall(app, 'GET', `/subscriptions/${id}`, { token: boss }),
    );
    expect(done).toMatchObject({
      status: 'cancelled',
      can_cancel: false,
      refund_if_cancelled: 0,
      cancel_reason: 'العميل انتقل إلى مدينة أخرى',
    });
    expect(done.visits.map((v) => v.status)).toEqual(['cancelled', 'cancelled']);
    const [wallet] = await app.db.select().from(tables.wallets).where(eq(tables.wallets.userId, c.user.id));
    expect(wallet!.balance).toBe(200_000);
    const told = await app.db
      .select({ type: tables.notifications.type })
      .from(tables.notifications)
      .where(eq(tables.notifications.orderId, id));
    expect(told.map((n) => n.type)).toContain('cancelled');
    expect(
      (await adminCall(app, 'POST', `/subscriptions/999999/cancel`, { token: boss, body: { note: 'x' } })).statusCode,
    ).toBe(404);
  });
});
