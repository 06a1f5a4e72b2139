/**
 * The `packages-due` job (DOMAIN.md): the renewal reminder 3 days before the
 * end, the last day's notice, renewal from the wallet or expiry at the end,
 * each once even when two runs overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeCity, tables } from '@pool/db';
import { riyadhInstant, type SubscriptionView } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminToken } from '../admin-content/testing.ts';
import { riyadhSlot } from '../maintenance/testing.ts';
import { api, customer, ok } from '../orders/testing.ts';
import { walletState } from '../payments/testing.ts';
import { credit } from '../wallet/index.ts';
import { runPackageJobs } from './jobs.ts';

const DAY = 86_400_000;

describe('the packages-due job', () => {
  let app: TestApp;
  let cityId: number;
  let packageId: number;

  beforeAll(async () => {
    app = await buildTestApp({ poolSize: 10 });
    const boss = await adminToken(app);
    cityId = (await makeCity(app.db)).id;
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/packages',
      headers: { authorization: `Bearer ${boss}` },
      payload: { name_ar: 'باقة', name_en: 'Care', price_sar: '100', visits: 2, validity_days: 30 },
    });
    packageId = ok<{ id: number }>(res).id;
  });
  afterAll(() => app.close());

  /** An active subscription (115 SAR paid from a wallet of `balance`), its period ending at `endsAt`. */
  async function subscription(o: { endsAt: Date; autoRenew?: boolean; balance?: number }) {
    const c = await customer(app);
    await credit(app.db, c.user.id, o.balance ?? 11_500, 'charge');
    const { subscription: sub } = ok<{ subscription: SubscriptionView }>(
      await api(app, 'POST', `/packages/${packageId}/subscribe`, {
        token: c.token,
        body: {
          slots: [riyadhSlot(48), riyadhSlot(72)],
          city_id: cityId,
          short_code: 'RRRD2929',
          payment_method: 'wallet',
        },
      }),
    );
    await app.db
      .update(tables.packageSubscriptions)
      .set({ endsAt: o.endsAt, autoRenew: o.autoRenew ?? false })
      .where(eq(tables.packageSubscriptions.orderId, sub.id));
    return { ...c, sub };
  }
  const told = async (orderId: number, type: string) =>
    app.db
      .select({ link: tables.notifications.link })
      .from(tables.notifications)
      .where(and(eq(tables.notifications.orderId, orderId), eq(tables.notifications.type, type as 'renew_package')));
  const order = async (id: number) => (await app.db.select().from(tables.orders).where(eq(tables.orders.id, id)))[0]!;
  const visits = (id: number) =>
    app.db.select().from(tables.orders).where(eq(tables.orders.parentId, id)).orderBy(tables.orders.id);
  const twice = (now?: Date) => Promise.all([runPackageJobs(app, now), runPackageJobs(app, now)]);

  it('reminds of the renewal once, 3 days before the end', async () => {
    const { sub } = await subscription({ endsAt: new Date(Date.now() + 2.5 * DAY) });
    const later = await subscription({ endsAt: new Date(Date.now() + 5 * DAY) });
    await twice();
    await twice();
    expect(await told(sub.id, 'package_renewal_reminder')).toHaveLength(1);
    expect(await told(later.sub.id, 'package_renewal_reminder')).toHaveLength(0);
  });

  it('tells on the last Riyadh day that the package ends today, once', async () => {
    const day = '2031-05-20';
    const { sub } = await subscription({ endsAt: riyadhInstant(day, '18:00') });
    await twice(riyadhInstant('2031-05-19', '23:00'));
    expect(await told(sub.id, 'package_expires_today')).toHaveLength(0);
    await twice(riyadhInstant(day, '00:30'));
    await twice(riyadhInstant(day, '09:00'));
    expect(await told(sub.id, 'package_expires_today')).toHaveLength(1);
  });

  it('renews from the wallet once at the end: a new period with its visits to schedule', async () => {
    const endsAt = new Date(Date.now() - 60_000);
    const { user, sub } = await subscription({ endsAt, autoRenew: true, balance: 11_500 * 2 });
    await twice();
    await twice();
    const renewed = (
      await app.db.select().from(tables.packageSubscriptions).where(eq(tables.packageSubscriptions.orderId, sub.id))
    )[0]!;
    expect(renewed).toMatchObject({ period: 2, startsAt: endsAt });
    expect(renewed.endsAt!.getTime() - endsAt.getTime()).toBe(30 * DAY);
    expect((await order(sub.id)).status).toBe('active');
    expect((await walletState(app.db, user.id)).balance).toBe(0);
    expect(await told(sub.id, 'renew_package')).toHaveLength(1);
    // The old period's open visits are cancelled; the new period's wait for their times.
    expect((await visits(sub.id)).map((v) => v.status)).toEqual([
      'cancelled',
      'cancelled',
      'unscheduled',
      'unscheduled',
    ]);
  });

  it('expires when the wallet is short, telling the customer to top it up', async () => {
    const { sub } = await subscription({ endsAt: new Date(Date.now() - 60_000), autoRenew: true });
    await twice();
    expect((await order(sub.id)).status).toBe('expired');
    expect(await told(sub.id, 'fail_renew_package')).toEqual([{ link: '/more/wallet' }]);
    expect((await visits(sub.id)).map((v) => v.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('expires without automatic renewal, taking nothing', async () => {
    const { user, sub } = await subscription({ endsAt: new Date(Date.now() - 60_000), balance: 20_000 });
    await twice();
    expect((await order(sub.id)).status).toBe('expired');
    expect((await walletState(app.db, user.id)).balance).toBe(20_000 - 11_500);
    expect(await told(sub.id, 'renew_package')).toHaveLength(0);
  });
});
