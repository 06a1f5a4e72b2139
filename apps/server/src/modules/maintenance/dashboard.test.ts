/** The dashboard home counts immediate maintenance orders and their revenue (the order and its paid extra services). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { admin, ok, maintenanceWorld, type World } from './testing.ts';

type Summary = {
  orders: number;
  sales: number;
  daily: { day: string; sales: number }[];
  by_kind: { kind: string; orders: number; sales: number }[];
  newest_orders: { id: number; kind: string }[];
};

describe('the dashboard home with service orders', () => {
  let app: TestApp;
  let w: World;
  beforeAll(async () => {
    app = await buildTestApp();
    w = await maintenanceWorld(app);
  });
  afterAll(() => app.close());

  it("counts this month's maintenance orders, their paid totals and paid extras, not refused ones", async () => {
    const summary = async () => ok<Summary>(await admin(app, 'GET', '/dashboard', w.boss));
    const before = await summary();
    const paid = await w.paid();
    const refused = await w.paid();
    ok(await admin(app, 'POST', `/service-orders/${refused.id}/refuse`, w.boss, { note: 'خارج النطاق' }));
    const waiting = await w.offered();
    // An extra service paid on site (1,000 + VAT), and one still proposed.
    await app.db.insert(tables.orderExtras).values([
      { orderId: paid.id, status: 'paid', subtotal: 1_000, tax: 150, total: 1_150, paidAt: new Date() },
      { orderId: paid.id, status: 'proposed', subtotal: 5_000, tax: 750, total: 5_750 },
    ]);
    const after = await summary();
    const kind = (s: Summary) => s.by_kind.find((k) => k.kind === 'immediate_maintenance')!;
    expect(kind(after).orders - kind(before).orders).toBe(3);
    expect(kind(after).sales - kind(before).sales).toBe(34_500 + 1_150);
    expect(after.orders - before.orders).toBe(3);
    expect(after.sales - before.sales).toBe(34_500 + 1_150);
    expect(after.daily.at(-1)!.sales - before.daily.at(-1)!.sales).toBe(34_500 + 1_150);
    expect(after.by_kind.map((k) => k.kind)).toEqual([
      'store',
      'immediate_maintenance',
      'package_subscription',
      'pool_construction',
    ]);
    expect(after.newest_orders.map((o) => [o.id, o.kind])).toContainEqual([waiting.id, 'immediate_maintenance']);
  });
});
