/**
 * Scheduled maintenance (DOMAIN.md; ADR 0018): the dashboard's packages, the
 * site's list, subscribing (exactly N dates or a clear error; wallet once;
 * card until paid), the visits made on payment as orders of their own kind,
 * taking a visit back and picking its time, cancelling with the unused share
 * refunded once, and the last visit done completing the subscription.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeCity, makeStaff, tables } from '@pool/db';
import type { AdminPackage, PublicPackage, SubscriptionView } from '@pool/contracts';
import { SANDBOX_CARDS, type SandboxGateway } from '../../integrations/payments/sandbox.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminToken } from '../admin-content/testing.ts';
import { riyadhDayAt, riyadhSlot, type When } from '../maintenance/testing.ts';
import { lockOrder, SYSTEM, staffActor, transition } from '../orders/index.ts';
import { api, customer, ok } from '../orders/testing.ts';
import { cardFlow, walletState } from '../payments/testing.ts';
import { credit } from '../wallet/index.ts';

const PACKAGE = {
  name_ar: 'باقة الصيانة الشهرية',
  name_en: 'Monthly care',
  description_ar: 'زيارتان لتنظيف المسبح وفحص المياه',
  description_en: 'Two visits to clean the pool and test the water',
  features_ar: ['تنظيف', 'فحص المياه'],
  features_en: ['Cleaning', 'Water test'],
  price_sar: '400',
  visits: 2,
  validity_days: 30,
};

describe('scheduled maintenance packages', () => {
  let app: TestApp;
  let boss: string;
  let cityId: number;
  let pkg: AdminPackage;

  const adminCall = (method: 'GET' | 'POST' | 'DELETE', path: string, token = boss, body?: object) =>
    app.inject({
      method,
      url: `/api/admin${path}`,
      headers: { authorization: `Bearer ${token}`, lang: 'en' },
      ...(body ? { payload: body } : {}),
    });
  const slots = (...when: When[]) => when.map((w) => riyadhSlot(w));
  const subscribeBody = (s: object[], method: 'wallet' | 'electronic' = 'wallet') => ({
    slots: s,
    city_id: cityId,
    lat: 24.7136,
    lng: 46.6753,
    payment_method: method,
  });
  const subscribe = (token: string, body: object, id = pkg.id, lang: 'ar' | 'en' = 'en') =>
    api(app, 'POST', `/packages/${id}/subscribe`, { token, body, lang });
  const status = async (id: number) =>
    (await app.db.select().from(tables.orders).where(eq(tables.orders.id, id)))[0]!.status;
  const visitsOf = (id: number) =>
    app.db.select().from(tables.orders).where(eq(tables.orders.parentId, id)).orderBy(tables.orders.id);

  /** A customer with `balance` in the wallet, subscribed by wallet to `pkg` with visits `when` hours ahead. */
  async function subscribed(when: When[] = [48, 96], balance = 100_000) {
    const c = await customer(app);
    await credit(app.db, c.user.id, balance, 'charge');
    const { subscription } = ok<{ subscription: SubscriptionView }>(
      await subscribe(c.token, subscribeBody(slots(...when))),
    );
    return { ...c, subscription };
  }

  beforeAll(async () => {
    app = await buildTestApp({ poolSize: 20 });
    boss = await adminToken(app);
    cityId = (await makeCity(app.db, { nameAr: 'الرياض', nameEn: 'Riyadh' })).id;
    pkg = ok<AdminPackage>(await adminCall('POST', '/packages', boss, PACKAGE));
  });
  afterAll(() => app.close());

  describe('the dashboard and the site', () => {
    it('creates, edits, deactivates and deletes packages, with VAT shown; the site lists only active ones', async () => {
      expect(pkg).toMatchObject({ price: 40_000, price_with_vat: 46_000, visits: 2, validity_days: 30 });
      const other = ok<AdminPackage>(await adminCall('POST', '/packages', boss, { ...PACKAGE, name_en: 'Quarterly' }));
      const edited = ok<AdminPackage>(
        await adminCall('POST', `/packages/${other.id}`, boss, { ...PACKAGE, name_en: 'Quarterly care', visits: 6 }),
      );
      expect(edited).toMatchObject({ name_en: 'Quarterly care', visits: 6 });
      ok(await adminCall('POST', `/packages/${other.id}/deactivate`));
      const site = ok<PublicPackage[]>(await api(app, 'GET', '/packages', { lang: 'ar' }));
      expect(site.map((p) => p.id)).toEqual([pkg.id]);
      expect(site[0]).toMatchObject({ name: PACKAGE.name_ar, features: PACKAGE.features_ar, price_with_vat: 46_000 });
      expect((await api(app, 'GET', `/packages/${other.id}`)).statusCode).toBe(404);
      ok(await adminCall('DELETE', `/packages/${other.id}`));
      expect((await adminCall('GET', `/packages/${other.id}`)).statusCode).toBe(404);
    });

    it('checks permissions and answers bad input in the admin’s language, changing nothing', async () => {
      const viewer = await adminToken(app, ['packages.view']);
      expect((await adminCall('GET', '/packages', viewer)).statusCode).toBe(200);
      expect((await adminCall('POST', '/packages', viewer, PACKAGE)).statusCode).toBe(403);
      const bad = await adminCall('POST', '/packages', boss, { ...PACKAGE, visits: 0, price_sar: 'abc', name_ar: '' });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().data).sort()).toEqual(['name_ar', 'price_sar', 'visits']);
      const before = await app.db.select().from(tables.packages);
      expect(before.filter((p) => !p.deletedAt)).toHaveLength(1);
    });
  });

  describe('subscribing', () => {
    it('asks for exactly the package’s number of dates, each in the future, within its validity, none twice', async () => {
      const c = await customer(app);
      await credit(app.db, c.user.id, 100_000, 'charge');
      const fieldOf = async (body: object, lang: 'ar' | 'en' = 'en') => {
        const res = await subscribe(c.token, body, pkg.id, lang);
        expect(res.statusCode, res.body).toBe(422);
        return res.json().data as Record<string, string>;
      };
      expect((await fieldOf(subscribeBody(slots(48)))).slots).toBe('Please choose 2 dates exactly');
      expect((await fieldOf(subscribeBody(slots(48)), 'ar')).slots).toBe('يرجى اختيار 2 تواريخ بالضبط');
      expect(await fieldOf(subscribeBody(slots(48, -2)))).toHaveProperty(['slots.1.time']);
      expect((await fieldOf(subscribeBody(slots(48, 48))))['slots.1.time']).toBe(
        'Two visits cannot be at the same time',
      );
      expect((await fieldOf(subscribeBody(slots(48, 24 * 40))))['slots.1.date']).toMatch(/30 days/);
      expect(await fieldOf({ ...subscribeBody(slots(48, 96)), lat: undefined, lng: undefined })).toHaveProperty(
        'address_id',
      );
      expect((await subscribe(c.token, subscribeBody(slots(48, 96)), 999_999)).statusCode).toBe(404);
      const orders = await app.db.select().from(tables.orders).where(eq(tables.orders.userId, c.user.id));
      expect(orders).toEqual([]);
      expect((await walletState(app.db, c.user.id)).balance).toBe(100_000);
    });

    it('pays from the wallet once and makes the visits at the chosen times, as orders of their own', async () => {
      const { user, token, subscription } = await subscribed([riyadhDayAt(3, '09:00'), riyadhDayAt(10, '16:30')]);
      expect(subscription).toMatchObject({ status: 'active', visits_total: 2, visits_remaining: 2, total: 46_000 });
      expect(subscription.visits.map((v) => v.status)).toEqual(['scheduled', 'scheduled']);
      expect(subscription.visits.map((v) => v.number)).toEqual([
        expect.stringMatching(/^V\d{4}-\d{5}$/),
        expect.stringMatching(/^V\d{4}-\d{5}$/),
      ]);
      const hours = subscription.visits.map((v) =>
        new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Riyadh', hour: '2-digit', minute: '2-digit' }).format(
          new Date(v.scheduled_at!),
        ),
      );
      expect(hours).toEqual(['09:00', '16:30']);
      const days = (Date.parse(subscription.ends_at!) - Date.parse(subscription.starts_at!)) / 86_400_000;
      expect(days).toBe(30);
      expect((await walletState(app.db, user.id)).balance).toBe(100_000 - 46_000);
      // The customer's orders show the subscription, not its visits.
      const mine = ok<{ data: { id: number; kind: string }[] }>(await api(app, 'GET', '/orders', { token }));
      expect(mine.data.map((o) => o.kind)).toEqual(['package_subscription']);
      const told = await app.db
        .select({ type: tables.notifications.type })
        .from(tables.notifications)
        .where(eq(tables.notifications.userId, user.id));
      expect(told.map((n) => n.type)).toEqual(['order_payed']);
    });

    it('refuses a short wallet with nothing written', async () => {
      const c = await customer(app);
      await credit(app.db, c.user.id, 10_000, 'charge');
      const res = await subscribe(c.token, subscribeBody(slots(48, 96)));
      expect(res.statusCode).toBe(422);
      expect(await app.db.select().from(tables.orders).where(eq(tables.orders.userId, c.user.id))).toEqual([]);
    });

    it('waits for a card payment; once paid (webhook twice) the visits are made once', async () => {
      const flow = cardFlow(() => app);
      const c = await customer(app);
      const { subscription, redirect_url } = ok<{ subscription: SubscriptionView; redirect_url: string }>(
        await subscribe(c.token, subscribeBody(slots(48, 96), 'electronic')),
      );
      expect(subscription).toMatchObject({ status: 'pending_payment', visits: [] });
      expect(subscription.pay_by).not.toBeNull();
      expect(redirect_url).toMatch(/^\/api\/payments\/sandbox\//);
      const [payment] = await app.db.select().from(tables.payments).where(eq(tables.payments.orderId, subscription.id));
      (app.payments as SandboxGateway).pay(payment!.gatewayId!, SANDBOX_CARDS.success);
      for (const h of await Promise.all([1, 2].map(() => flow.webhook(flow.event(payment!.gatewayId!))))) {
        expect(h.statusCode, h.body).toBeLessThan(300);
      }
      await app.events.deliver();
      expect(await status(subscription.id)).toBe('active');
      expect(await visitsOf(subscription.id)).toHaveLength(2);
    });
  });

  describe('visits', () => {
    it('takes a visit back 24 hours or more before it (freeing its technician), and books its new time', async () => {
      const { token, subscription } = await subscribed([48, 96]);
      const [first, second] = subscription.visits;
      const tech = await makeStaff(app.db);
      await app.db
        .update(tables.orders)
        .set({ staffId: tech.id, status: 'technician_assigned' })
        .where(eq(tables.orders.id, first!.id));
      expect(first!.can_cancel).toBe(true);
      const back = ok<SubscriptionView>(
        await api(app, 'POST', `/package-visits/${first!.id}/cancel`, { token, lang: 'en' }),
      );
      const taken = back.visits.find((v) => v.id === first!.id)!;
      expect(taken).toMatchObject({ status: 'unscheduled', scheduled_at: null, staff: null, can_reschedule: true });
      expect(back.visits_remaining).toBe(2);
      expect(
        await app.db.select().from(tables.maintenanceRequests).where(eq(tables.maintenanceRequests.orderId, first!.id)),
      ).toEqual([]);

      // A time after the subscription ends, or in the past, is refused; one inside it is booked.
      const after = await api(app, 'POST', `/package-visits/${first!.id}/schedule`, {
        token,
        lang: 'en',
        body: riyadhSlot(24 * 35),
      });
      expect(after.statusCode).toBe(422);
      expect(after.json().data.date).toBe('The visit must be before the subscription ends');
      const booked = ok<SubscriptionView>(
        await api(app, 'POST', `/package-visits/${first!.id}/schedule`, { token, body: riyadhSlot(24 * 5) }),
      );
      expect(booked.visits.find((v) => v.id === first!.id)).toMatchObject({ status: 'scheduled', can_cancel: true });

      // Less than 24 hours before: refused, nothing changes.
      await app.db
        .update(tables.maintenanceRequests)
        .set({ scheduledAt: new Date(Date.now() + 20 * 3600_000) })
        .where(eq(tables.maintenanceRequests.orderId, second!.id));
      const late = await api(app, 'POST', `/package-visits/${second!.id}/cancel`, { token, lang: 'en' });
      expect(late.statusCode).toBe(409);
      expect(late.json().msg).toBe('A visit can be cancelled up to 24 hours before it');
      expect(await status(second!.id)).toBe('scheduled');

      // A visit names its subscription (its notification opens that page), for its customer only.
      expect(ok(await api(app, 'GET', `/package-visits/${second!.id}`, { token }))).toEqual({
        id: second!.id,
        subscription_id: subscription.id,
      });
      expect((await api(app, 'GET', `/package-visits/${subscription.id}`, { token })).statusCode).toBe(404);

      // Another customer's visit does not exist for them.
      const stranger = await customer(app);
      expect((await api(app, 'GET', `/package-visits/${second!.id}`, { token: stranger.token })).statusCode).toBe(404);
      expect(
        (await api(app, 'POST', `/package-visits/${second!.id}/cancel`, { token: stranger.token })).statusCode,
      ).toBe(404);
    });

    it('completes the subscription when its last visit is done (package_completed)', async () => {
      const { user, subscription } = await subscribed([48, 96]);
      const tech = await makeStaff(app.db);
      for (const v of subscription.visits) {
        await app.db
          .update(tables.orders)
          .set({ staffId: tech.id, status: 'arrived' })
          .where(eq(tables.orders.id, v.id));
        await app.db.transaction(async (tx) =>
          transition(tx, await lockOrder(tx, v.id), { to: 'done', actor: staffActor(tech.id) }),
        );
        await app.events.deliver();
      }
      expect(await status(subscription.id)).toBe('completed');
      const told = await app.db
        .select({ type: tables.notifications.type })
        .from(tables.notifications)
        .where(and(eq(tables.notifications.userId, user.id), eq(tables.notifications.orderId, subscription.id)));
      expect(told.map((n) => n.type)).toContain('package_completed');
    });
  });

  describe('cancelling', () => {
    it('refunds the unused share to the wallet once and cancels the open visits', async () => {
      const { user, token, subscription } = await subscribed([48, 96]);
      // One visit done: half of 460 SAR comes back.
      const [done] = subscription.visits;
      await app.db.update(tables.orders).set({ status: 'done' }).where(eq(tables.orders.id, done!.id));
      const before = ok<SubscriptionView>(await api(app, 'GET', `/subscriptions/${subscription.id}`, { token }));
      expect(before.refund_if_cancelled).toBe(23_000);
      const answers = await Promise.all(
        [1, 2, 3].map(() => api(app, 'POST', `/subscriptions/${subscription.id}/cancel`, { token })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await status(subscription.id)).toBe('cancelled');
      expect((await visitsOf(subscription.id)).map((v) => v.status)).toEqual(['done', 'cancelled']);
      expect((await walletState(app.db, user.id)).balance).toBe(100_000 - 46_000 + 23_000);
      // The cancelled subscription shows what came back, where and when.
      const after = ok<SubscriptionView>(await api(app, 'GET', `/subscriptions/${subscription.id}`, { token }));
      expect(after.refund).toMatchObject({ amount: 23_000, to: 'wallet', pending: false });
      expect(after.refund!.refunded_at).toEqual(expect.any(String));
    });

    it('leaves a visit under way to its technician and refunds only the visits cancelled', async () => {
      const { user, token, subscription } = await subscribed([48, 96]);
      const [underWay] = subscription.visits;
      const tech = await makeStaff(app.db);
      await app.db
        .update(tables.orders)
        .set({ staffId: tech.id, status: 'on_the_way' })
        .where(eq(tables.orders.id, underWay!.id));
      const before = ok<SubscriptionView>(await api(app, 'GET', `/subscriptions/${subscription.id}`, { token }));
      expect(before.refund_if_cancelled).toBe(23_000);
      ok(await api(app, 'POST', `/subscriptions/${subscription.id}/cancel`, { token }));
      expect((await visitsOf(subscription.id)).map((v) => v.status)).toEqual(['on_the_way', 'cancelled']);
      expect((await walletState(app.db, user.id)).balance).toBe(100_000 - 46_000 + 23_000);
      // The technician still finishes it; the cancelled subscription stays cancelled.
      await app.db.update(tables.orders).set({ status: 'arrived' }).where(eq(tables.orders.id, underWay!.id));
      await app.db.transaction(async (tx) =>
        transition(tx, await lockOrder(tx, underWay!.id), { to: 'done', actor: staffActor(tech.id) }),
      );
      await app.events.deliver();
      expect(await status(subscription.id)).toBe('cancelled');
    });

    it('cancels an unpaid subscription after 2 hours without making visits', async () => {
      const c = await customer(app);
      const { subscription } = ok<{ subscription: SubscriptionView }>(
        await subscribe(c.token, subscribeBody(slots(48, 96), 'electronic')),
      );
      await app.db.transaction(async (tx) =>
        transition(tx, await lockOrder(tx, subscription.id), { to: 'cancelled', actor: SYSTEM }),
      );
      await app.events.deliver();
      expect(await visitsOf(subscription.id)).toEqual([]);
    });
  });
});
