/**
 * What the customer does with the field work: extra services proposed on site
 * (accepted and paid by wallet or card exactly once, or rejected with a
 * reason; each side told), and the rating of the technician once per
 * completed order with the average kept right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { TestApp } from '../../testing/app.ts';
import { customer, fillWallet } from '../orders/testing.ts';
import { cardFlow, SUCCESS, walletState } from '../payments/testing.ts';
import { adminTold, assignedOrder, fieldWorkSetup, ok, staffCall, technician, toldTypes, userCall } from './testing.ts';

type Extra = {
  id: number;
  status: string;
  subtotal: number;
  tax: number;
  total: number;
  payment_method: string | null;
  lines: { kind: string; name: string; unit_price: number; quantity: number; net: number; vat: number }[];
};

describe('field work: extra services and ratings', () => {
  let app: TestApp;
  let adminId = 0;
  const card = cardFlow(() => app);

  beforeAll(async () => {
    ({ app, adminId } = await fieldWorkSetup());
  });
  afterAll(() => app.close());

  /** A technician on site at a new customer's order, and an extra of one typed line (100 SAR + VAT) proposed. */
  async function proposed(price = 10_000) {
    const tech = await technician(app);
    const o = await assignedOrder(app, tech.staff.id, { status: 'arrived' });
    const extra = ok<Extra>(
      await staffCall(app, 'POST', `/orders/${o.order.id}/extras`, tech.token, {
        lines: [{ name_ar: 'تغيير الرمل', name_en: 'Sand change', unit_price: price }],
      }),
    );
    const path = `/maintenance-orders/${o.order.id}/extras/${extra.id}`;
    return { tech, ...o, extra, path };
  }

  const extraRow = async (id: number) =>
    (await app.db.select().from(tables.orderExtras).where(eq(tables.orderExtras.id, id)))[0]!;

  it('are proposed on site from the catalogue or typed, VAT per line, and the customer is told', async () => {
    const tech = await technician(app);
    const { order, user, token } = await assignedOrder(app, tech.staff.id, { status: 'on_the_way' });
    const [part] = await app.db
      .insert(tables.serviceItems)
      .values({ kind: 'spare_part', nameAr: 'مضخة ١ حصان', nameEn: '1 HP pump', price: 120_050 })
      .returning();
    const [gone] = await app.db
      .insert(tables.serviceItems)
      .values({ kind: 'extra_service', nameAr: 'خدمة قديمة', nameEn: 'Old service', price: 100, isActive: false })
      .returning();
    const base = `/orders/${order.id}/extras`;
    const lines = [
      { item_id: part!.id, quantity: 2 },
      { name_ar: 'تنظيف الفلتر', name_en: 'Filter cleaning', unit_price: 3_333, quantity: 1 },
    ];
    // Not before arriving.
    expect((await staffCall(app, 'POST', base, tech.token, { lines })).statusCode).toBe(409);
    await app.db.update(tables.orders).set({ status: 'arrived' }).where(eq(tables.orders.id, order.id));

    const bad = await staffCall(app, 'POST', base, tech.token, {
      lines: [{ name_en: 'No Arabic name' }, { item_id: gone!.id }, { item_id: part!.id, quantity: 0 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().data).sort()).toEqual(['lines.0.name_ar', 'lines.0.unit_price', 'lines.2.quantity']);
    const inactive = await staffCall(app, 'POST', base, tech.token, { lines: [{ item_id: gone!.id }] });
    expect(inactive.json().data).toEqual({ 'lines.0.item_id': 'This item is not available in the catalogue' });
    expect((await staffCall(app, 'POST', base, tech.token, { lines: [] })).statusCode).toBe(422);
    expect(await app.db.select().from(tables.orderExtras).where(eq(tables.orderExtras.orderId, order.id))).toEqual([]);

    const extra = ok<Extra>(await staffCall(app, 'POST', base, tech.token, { lines }));
    expect(extra.status).toBe('proposed');
    expect(extra.lines).toMatchObject([
      { kind: 'spare_part', name: '1 HP pump', unit_price: 120_050, quantity: 2, net: 240_100, vat: 36_015 },
      { kind: 'extra_service', name: 'Filter cleaning', unit_price: 3_333, quantity: 1, net: 3_333, vat: 500 },
    ]);
    expect(extra).toMatchObject({ subtotal: 243_433, tax: 36_515, total: 279_948 });
    // Its lines are order lines of the extra, apart from the order's own.
    const rows = await app.db.select().from(tables.orderItems).where(eq(tables.orderItems.orderId, order.id));
    expect(rows.map((r) => r.extraId)).toEqual([extra.id, extra.id]);
    expect(rows.map((r) => r.vatRate)).toEqual([1500, 1500]);

    expect(await toldTypes(app, { userId: user.id })).toEqual(['extra_service_order']);
    const seen = ok<Extra[]>(
      await userCall(app, 'GET', `/maintenance-orders/${order.id}/extras`, token, { lang: 'ar' }),
    );
    expect(seen.map((e) => e.lines[0]!.name)).toEqual(['مضخة ١ حصان']);
    expect(ok<Extra[]>(await staffCall(app, 'GET', base, tech.token))).toHaveLength(1);
  });

  it('are paid from the wallet exactly once; the technician and the admins are told', async () => {
    const { tech, order, user, token, extra, path } = await proposed();
    const accept = (key?: string, who = token) =>
      userCall(app, 'POST', `${path}/accept`, who, {
        body: { payment_method: 'wallet' },
        headers: key ? { 'idempotency-key': key } : {},
      });
    // Another customer: 404; an empty wallet: 422 and nothing changes.
    const stranger = await customer(app);
    expect((await accept(undefined, stranger.token)).statusCode).toBe(404);
    const poor = await accept();
    expect(poor.statusCode).toBe(422);
    expect((await extraRow(extra.id)).status).toBe('proposed');

    await fillWallet(app, user.id, 50_000);
    const paid = ok<{ extra: Extra; redirect_url: string | null }>(await accept('k-1'));
    expect(paid).toMatchObject({ extra: { status: 'paid', payment_method: 'wallet' }, redirect_url: null });
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 50_000 - 11_500, ledger: 50_000 - 11_500 });
    // The same key again: the first answer; another tap: 409; the money moved once.
    const replay = await accept('k-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.extra.status).toBe('paid');
    expect((await accept('k-2')).statusCode).toBe(409);
    expect((await userCall(app, 'POST', `${path}/reject`, token, { body: { reason: 'Too late' } })).statusCode).toBe(
      409,
    );
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 38_500, entries: 2 });

    expect(await toldTypes(app, { staffId: tech.staff.id })).toEqual(['accept_extra_service']);
    expect(await adminTold(app, adminId, order.id, ['accept_extra_service'])).toHaveLength(1);
  });

  it('exactly once under 10 concurrent accepts with different keys', async () => {
    const { user, token, extra, path } = await proposed();
    await fillWallet(app, user.id, 100_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        userCall(app, 'POST', `${path}/accept`, token, {
          body: { payment_method: 'wallet' },
          headers: { 'idempotency-key': `tap-${n}` },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 100_000 - 11_500, entries: 2 });
    expect((await extraRow(extra.id)).status).toBe('paid');
  });

  it('are paid by card once its payment is verified (webhook); a second card payment paid late goes to the wallet', async () => {
    const { tech, order, user, token, extra, path } = await proposed(20_000);
    const accept = () => userCall(app, 'POST', `${path}/accept`, token, { body: { payment_method: 'electronic' } });
    const first = ok<{ extra: Extra; redirect_url: string }>(await accept());
    expect(first.extra).toMatchObject({ status: 'accepted', payment_method: 'electronic' });
    expect(first.redirect_url).toMatch(/^\/api\/payments\/sandbox\//);
    // A second try (the first page closed): another payment of the same extra.
    const second = ok<{ redirect_url: string }>(await accept());
    const payments = await card.paymentRows(user.id);
    expect(payments.map((p) => [p.purpose, p.extraId, p.orderId, p.amount])).toEqual([
      ['order_extra', extra.id, order.id, 23_000],
      ['order_extra', extra.id, order.id, 23_000],
    ]);
    // Still open: the visit cannot finish.
    expect((await staffCall(app, 'POST', `/orders/${order.id}/finish`, tech.token)).statusCode).toBe(409);

    // The customer pays on the first page; the gateway's webhook verifies it.
    expect((await card.form(first.redirect_url, { card: SUCCESS })).statusCode).toBe(303);
    const [p1] = (await card.paymentRows(user.id)).filter((p) => p.extraId === extra.id && p.gatewayId);
    const hook = await card.webhook(card.event(p1!.gatewayId!));
    expect(hook.statusCode, hook.body).toBe(200);
    expect(await extraRow(extra.id)).toMatchObject({ status: 'paid', paymentMethod: 'electronic', paymentId: p1!.id });
    // The replayed webhook changes nothing.
    expect((await card.webhook(card.event(p1!.gatewayId!))).statusCode).toBe(200);
    expect(await toldTypes(app, { staffId: tech.staff.id })).toEqual(['accept_extra_service']);
    expect(await adminTold(app, adminId, order.id, ['accept_extra_service'])).toHaveLength(1);

    // The second page is paid too: that money goes back to the wallet, once.
    const paid2 = await card.form(second.redirect_url, { card: SUCCESS });
    await card.follow(String(paid2.headers.location));
    await card.follow(String(paid2.headers.location));
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 23_000, entries: 1 });
    expect((await extraRow(extra.id)).paymentId).toBe(p1!.id);
    expect((await accept()).statusCode).toBe(409);
  });

  it('are rejected with a reason; the technician and the admins are told', async () => {
    const { tech, order, user, token, extra, path } = await proposed();
    const missing = await userCall(app, 'POST', `${path}/reject`, token, { body: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().data).toHaveProperty('reason');
    const other = await proposed();
    expect(
      (await userCall(app, 'POST', `${other.path}/reject`, token, { body: { reason: 'Not mine' } })).statusCode,
    ).toBe(404);
    const rejected = ok<Extra & { reject_reason: string }>(
      await userCall(app, 'POST', `${path}/reject`, token, { body: { reason: 'The price is high' } }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', reject_reason: 'The price is high' });
    await fillWallet(app, user.id, 50_000);
    const late = await userCall(app, 'POST', `${path}/accept`, token, { body: { payment_method: 'wallet' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe('This extra service was already answered');
    expect(await walletState(app.db, user.id)).toMatchObject({ balance: 50_000 });
    expect(await toldTypes(app, { staffId: tech.staff.id })).toEqual(['reject_extra_service']);
    expect(await adminTold(app, adminId, order.id, ['reject_extra_service'])).toHaveLength(1);
    expect(await toldTypes(app, { userId: user.id })).toEqual(['extra_service_order']);
    expect(extra.status).toBe('proposed');
  });

  it('rate the technician once per completed order; the average is stars × 100 over all their ratings', async () => {
    const tech = await technician(app);
    const orders = await Promise.all([5, 4, 4].map(() => assignedOrder(app, tech.staff.id, { status: 'completed' })));
    const open = await assignedOrder(app, tech.staff.id, { status: 'arrived' });
    const rate = (o: { order: { id: number }; token: string }, body: object) =>
      userCall(app, 'POST', `/maintenance-orders/${o.order.id}/rate`, o.token, { body });

    const notYet = await rate(open, { stars: 5 });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().msg).toBe('The order can be rated once it is finished');
    for (const body of [{}, { stars: 0 }, { stars: 6 }, { stars: 3.5 }, { stars: 4, comment: 'x'.repeat(1001) }]) {
      const bad = await rate(orders[0]!, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await rate({ order: orders[0]!.order, token: orders[1]!.token }, { stars: 1 })).statusCode).toBe(404);

    const page = ok<{ can_rate: boolean; staff: { id: number; rating: number }; number: string }>(
      await userCall(app, 'GET', `/evaluations/${orders[0]!.order.id}`, orders[0]!.token),
    );
    expect(page).toMatchObject({ can_rate: true, number: orders[0]!.order.number, staff: { id: tech.staff.id } });

    const first = ok<{ can_rate: boolean; rating: { stars: number; comment: string } }>(
      await rate(orders[0]!, { stars: 5, comment: 'Quick and tidy' }),
    );
    expect(first).toMatchObject({ can_rate: false, rating: { stars: 5, comment: 'Quick and tidy' } });
    const again = await rate(orders[0]!, { stars: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('You have already rated this order');

    // The other two in parallel: neither is lost.
    await Promise.all([rate(orders[1]!, { stars: 4 }), rate(orders[2]!, { stars: 4 })]).then((r) =>
      r.forEach((x) => ok(x)),
    );
    const [row] = await app.db.select().from(tables.staff).where(eq(tables.staff.id, tech.staff.id));
    expect(row).toMatchObject({ ratingCount: 3, ratingAvg: 433 });
    const after = ok<{ staff: { rating: number; rating_count: number } }>(
      await userCall(app, 'GET', `/evaluations/${orders[2]!.order.id}`, orders[2]!.token),
    );
    expect(after.staff).toMatchObject({ rating: 4.3, rating_count: 3 });
    expect((await userCall(app, 'GET', `/evaluations/${orders[2]!.order.id}`, orders[0]!.token)).statusCode).toBe(404);
  });
});
