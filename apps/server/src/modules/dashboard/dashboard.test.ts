import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables, makeAdmin, makeNotification, makeRole, makeUser } from '@pool/db';
import { and, eq } from 'drizzle-orm';
import { SANDBOX_CARDS, type SandboxGateway } from '../../integrations/payments/sandbox.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminToken } from '../admin-content/testing.ts';
import { packagesWorld, subscriber, type PackagesWorld } from '../packages/testing.ts';
import { verifyPayment } from '../payments/index.ts';
import { api, ok } from '../orders/testing.ts';
import { issueAdminToken } from '../../lib/sessions.ts';

describe('dashboard month summary', () => {
  let app: TestApp;
  let token: string;
  let adminId: number;
  beforeAll(async () => {
    app = await buildTestApp();
    const role = await makeRole(app.db, { permissions: ['dashboard.view'] });
    adminId = (await makeAdmin(app.db, { passwordHash: 'x', roleId: role.id })).id;
    token = await issueAdminToken(app.db, adminId);
  });
  afterAll(() => app.close());

  const get = (t = token) =>
    app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { authorization: `Bearer ${t}`, lang: 'en' } });

  it('counts this month’s new customers and contact messages, and lists the admin’s newest notifications', async () => {
    const lastYear = new Date(Date.now() - 400 * 86_400_000);
    await makeUser(app.db);
    await makeUser(app.db);
    await makeUser(app.db, { createdAt: lastYear });
    await makeUser(app.db, { isActive: false });
    await app.db.insert(tables.contactMessages).values([
      { name: 'A', phone: '500000000', message: 'Hello there friends', status: 'handled' },
      { name: 'B', phone: '500000000', message: 'Hello there friends' },
      { name: 'C', phone: '500000000', message: 'Hello there friends', createdAt: lastYear },
    ]);
    for (let i = 1; i <= 6; i++) await makeNotification(app.db, { adminId, titleEn: `Admin note ${i}` });
    await makeNotification(app.db, { titleEn: 'someone else' });

    const res = await get();
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ new_users: 2, contact_messages: 2, unhandled_messages: 1 });
    expect(data.newest_notifications.map((n: { title: string }) => n.title)).toEqual([
      'Admin note 6',
      'Admin note 5',
      'Admin note 4',
      'Admin note 3',
      'Admin note 2',
    ]);
  });

  it('needs the dashboard.view permission', async () => {
    const other = await makeAdmin(app.db, {
      passwordHash: 'x',
      roleId: (await makeRole(app.db, { permissions: ['users.view'] })).id,
    });
    expect((await get(await issueAdminToken(app.db, other.id))).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });
});

describe('dashboard store figures', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await buildTestApp();
    const admin = await makeAdmin(app.db, { passwordHash: 'x', isSuper: true });
    token = await issueAdminToken(app.db, admin.id);
  });
  afterAll(() => app.close());

  it('sums this month’s paid orders net of cancelled ones, counts visitors once a day, lists sold-out products', async () => {
    const customer = await makeUser(app.db, { name: 'Sara' });
    const now = new Date();
    const lastYear = new Date(Date.now() - 400 * 86_400_000);
    const order = (n: string, status: string, total: number, paidAt: Date | null, createdAt = now) => ({
      kind: 'store' as const,
      number: n,
      userId: customer.id,
      status,
      paymentMethod: 'electronic' as const,
      taxRate: 1500,
      total,
      paidAt,
      createdAt,
    });
    await app.db
      .insert(tables.orders)
      .values([
        order('S-1', 'new', 10_000, now),
        order('S-2', 'delivered', 25_000, now),
        order('S-3', 'cancelled', 40_000, now),
        order('S-4', 'pending_payment', 5_000, null),
        order('S-5', 'delivered', 99_000, lastYear, lastYear),
      ]);
    await app.db.insert(tables.products).values([
      { nameAr: 'مضخة نفدت', nameEn: 'Sold-out pump', price: 100, stock: 0 },
      { nameAr: 'فلتر متوفر', nameEn: 'Filter in stock', price: 100, stock: 3 },
    ]);
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156', 'x-forwarded-for': '198.51.100.7' };
    const { recordVisit } = await import('../visits/service.ts');
    await recordVisit(app.db, 'k'.repeat(32), { ip: '198.51.100.7', agent: browser['user-agent'] });
    await recordVisit(app.db, 'k'.repeat(32), { ip: '198.51.100.7', agent: browser['user-agent'] });
    await recordVisit(app.db, 'k'.repeat(32), { ip: '198.51.100.8', agent: browser['user-agent'] });

    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${token}`, lang: 'en' },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ orders: 4, pending_payment_orders: 1, sales: 35_000, visitors: 2 });
    expect(data.monthly_target).toBeGreaterThan(0);
    expect(data.sold_out).toEqual([{ id: expect.any(Number), name: 'Sold-out pump' }]);
    expect(data.newest_orders).toHaveLength(5);
    expect(data.newest_orders[0]).toMatchObject({ customer: 'Sara' });
    // One row per day of the month so far, today last.
    expect(data.daily[0].day).toMatch(/-01$/);
    expect(data.daily.at(-1)).toMatchObject({ orders: 2, sales: 35_000, visitors: 2 });
    expect(data.daily.slice(0, -1).every((d: { sales: number }) => d.sales === 0)).toBe(true);
  });
});

describe('dashboard package figures', () => {
  let app: TestApp;
  let w: PackagesWorld;
  beforeAll(async () => {
    app = await buildTestApp();
    w = await packagesWorld(app);
  });
  afterAll(() => app.close());

  const PRICE = 11_500;
  const renew = (token: string, id: number, method: 'wallet' | 'electronic') =>
    api(app, 'POST', `/subscriptions/${id}/renew`, { token, body: { payment_method: method } });
  /** Its period ends tomorrow: it may be renewed now. */
  const endingSoon = (id: number) =>
    app.db
      .update(tables.packageSubscriptions)
      .set({ endsAt: new Date(Date.now() + 86_400_000) })
      .where(eq(tables.packageSubscriptions.orderId, id));

  it('counts renewals as the subscriptions’ sales, once each; a late second card payment is no sale', async () => {
    const byWallet = await subscriber(app, w, { balance: 2 * PRICE });
    await endingSoon(byWallet.subscription.id);
    ok(await renew(byWallet.token, byWallet.subscription.id, 'wallet'));

    const byCard = await subscriber(app, w);
    await endingSoon(byCard.subscription.id);
    ok(await renew(byCard.token, byCard.subscription.id, 'electronic'));
    ok(await renew(byCard.token, byCard.subscription.id, 'electronic'));
    const payments = await app.db
      .select()
      .from(tables.payments)
      .where(and(eq(tables.payments.orderId, byCard.subscription.id), eq(tables.payments.purpose, 'package_renewal')))
      .orderBy(tables.payments.id);
    expect(payments).toHaveLength(2);
    for (const payment of payments) {
      (app.payments as SandboxGateway).pay(payment.gatewayId!, SANDBOX_CARDS.success);
      await verifyPayment(app, payment.id);
    }
    await app.events.deliver();

    const token = await adminToken(app, ['dashboard.view']);
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      sales: number;
      by_kind: { kind: string; orders: number; sales: number; renewals: number }[];
    };
    // Two subscriptions and two renewals (the second card payment went back to the wallet).
    expect(data.by_kind.find((k) => k.kind === 'package_subscription')).toEqual({
      kind: 'package_subscription',
      orders: 2,
      sales: 4 * PRICE,
      renewals: 2,
    });
    expect(data.by_kind.find((k) => k.kind === 'store')).toMatchObject({ renewals: 0 });
    expect(data.sales).toBe(4 * PRICE);
  });
});
