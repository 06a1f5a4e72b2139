/**
 * Immediate maintenance through the API: the request and its validation, each
 * move by its actor (customer, admin with and without the permission), other
 * customers and staff kept out, the offer's VAT, assignment rules, the lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { makeSetting, makeStaff, tables } from '@pool/db';
import { vatOf, type ServiceOrderDetail } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminToken, expectFields, multipart, png } from '../admin-content/testing.ts';
import { address } from '../orders/testing.ts';
import { issueStaffToken } from '../staff/sessions.ts';
import { credit } from '../wallet/index.ts';
import {
  admin,
  api,
  customer,
  ok,
  OFFER,
  requestBody,
  riyadhDayAt,
  riyadhSlot,
  maintenanceWorld,
  type World,
} from './testing.ts';

describe('immediate maintenance', () => {
  let app: TestApp;
  let w: World;
  beforeAll(async () => {
    app = await buildTestApp();
    w = await maintenanceWorld(app);
  });
  afterAll(() => app.close());

  /** The customer's notifications about an order. */
  const customerNotes = (orderId: number) =>
    app.db
      .select()
      .from(tables.notifications)
      .where(and(isNotNull(tables.notifications.userId), eq(tables.notifications.orderId, orderId)));
  /** The admins' notifications about an order (they carry it in `data`). */
  const adminNotes = (orderId: number) =>
    app.db
      .select()
      .from(tables.notifications)
      .where(
        and(
          isNotNull(tables.notifications.adminId),
          sql`(${tables.notifications.data}->>'order_id')::int = ${orderId}`,
        ),
      );

  describe('the request', () => {
    it('creates a new order (M number, city of the pin, total 0) with its request, and tells the admins', async () => {
      const c = await customer(app);
      const slot = riyadhSlot(30);
      const res = await api(app, 'POST', '/immediate-maintenance', {
        token: c.token,
        lang: 'en',
        body: requestBody(w.city.id, 30),
      });
      const created = ok<{ id: number; number: string; status: string }>(res);
      expect(res.json().msg).toBe('Your maintenance request was sent');
      expect(created.number).toMatch(/^M\d{4}-\d{5}$/);
      expect(created.status).toBe('new');
      const d = await w.detail(c.token, created.id, 'en');
      expect(d).toMatchObject({
        kind: 'immediate_maintenance',
        status: 'new',
        tab: 'new',
        total: 0,
        offer: null,
        staff: null,
        arrival: null,
        extras: [],
        report: null,
        can_cancel: true,
        can_accept: false,
        can_pay: false,
        city: 'Riyadh',
      });
      expect(d.request).toMatchObject({
        problem: 'المضخة متوقفة ولا تعمل',
        date: slot.date,
        time: slot.time,
        city_id: w.city.id,
        location: { type: 'pin', lat: 24.7136, lng: 46.6753, short_code: null },
      });
      expect(d.events.map((e) => e.status)).toEqual(['new']);
      const told = (await adminNotes(created.id)).filter((n) => n.type === 'new_instant_maintenance_order');
      expect(told.length).toBeGreaterThan(0);
      expect(told[0]!.link).toBe(`/admin/service-orders/${created.id}`);
    });

    it('takes a saved address (its city) or a short code (upper-cased), and uploaded images', async () => {
      const c = await customer(app);
      const { id: addressId } = await address(app, c.token, w.city.id);
      const form = multipart({}, { image: { filename: 'pump.png', type: 'image/png', data: await png() } });
      const up = await app.inject({
        method: 'POST',
        url: '/api/user/maintenance-images',
        headers: { authorization: `Bearer ${c.token}`, lang: 'ar', ...form.headers },
        payload: form.payload,
      });
      const { url } = ok<{ url: string }>(up);
      expect(url).toMatch(/^\/uploads\/maintenance\/[0-9a-f]{32}\.png$/);
      const { id } = await w.request(c.token, 24, {
        lat: undefined,
        lng: undefined,
        city_id: undefined,
        address_id: addressId,
        images: [url],
      });
      const d = await w.detail(c.token, id);
      expect(d.request.location).toMatchObject({ type: 'address', address_id: addressId });
      expect(d.request.images).toEqual([url]);
      expect(d.request.city_id).toBe(w.city.id);
      const { id: coded } = await w.request(c.token, 24, { lat: undefined, lng: undefined, short_code: 'rrrd2929' });
      expect((await w.detail(c.token, coded)).request.location).toMatchObject({
        type: 'short_code',
        short_code: 'RRRD2929',
      });
    });

    it('refuses bad input with field errors in the language asked, and changes nothing', async () => {
      const c = await customer(app);
      const before = (await app.db.select().from(tables.orders)).length;
      const send = (o: Record<string, unknown>, lang: 'ar' | 'en' = 'en') =>
        api(app, 'POST', '/immediate-maintenance', { token: c.token, lang, body: requestBody(w.city.id, 24, o) });
      // An hour ago in Riyadh.
      expectFields(await send(riyadhSlot(-1)), { time: 'validation.future_date' }, 'en');
      expectFields(await send(riyadhSlot(-1), 'ar'), { time: 'validation.future_date' }, 'ar');
      expectFields(await send({ date: '2026-02-30' }), { date: 'validation.invalid' }, 'en');
      expectFields(await send({ time: '24:00' }), { time: 'validation.invalid' }, 'en');
      expectFields(
        await send({ lat: undefined, lng: undefined, short_code: 'RRR2929' }),
        { short_code: 'validation.invalid' },
        'en',
      );
      expectFields(await send({ lat: 51.5, lng: -0.12 }), { lat: 'maintenance.outside_saudi' }, 'en');
      expectFields(
        await send({ lat: undefined, lng: undefined }),
        { address_id: 'maintenance.location_required' },
        'en',
      );
      expectFields(await send({ short_code: 'RRRD2929' }), { address_id: 'maintenance.location_single' }, 'en');
      expectFields(await send({ city_id: undefined }), { city_id: 'validation.required' }, 'en');
      expectFields(await send({ problem: 'ab' }), { problem: ['validation.min_chars', { min: 3 }] }, 'en');
      expectFields(await send({ images: ['/uploads/users/x.png'] }), { images: 'maintenance.image_invalid' }, 'en');
      expectFields(
        await send({ images: Array(7).fill('/uploads/maintenance/a.png') }),
        { images: 'validation.invalid' },
        'en',
      );
      // Another customer's saved address.
      const other = await customer(app);
      const { id: theirs } = await address(app, other.token, w.city.id);
      expectFields(
        await send({ lat: undefined, lng: undefined, city_id: undefined, address_id: theirs }),
        { address_id: 'validation.invalid' },
        'en',
      );
      expectFields(await send({ city_id: 999_999 }), { city_id: 'validation.invalid' }, 'en');
      for (const body of [null, [], 'x', { problem: 5, date: 7, time: [], lat: 'a', images: 'x' }]) {
        const res = await api(app, 'POST', '/immediate-maintenance', { token: c.token, body: body as object });
        expect(res.statusCode, res.body).toBeLessThan(500);
      }
      expect((await app.db.select().from(tables.orders)).length).toBe(before);
    });

    it('is for signed-in customers only: no token 401, a staff token 401, a guest 403', async () => {
      expect((await api(app, 'POST', '/immediate-maintenance', { body: requestBody(w.city.id) })).statusCode).toBe(401);
      const staffToken = await issueStaffToken(app.db, w.tech.id, 'web');
      expect(
        (await api(app, 'POST', '/immediate-maintenance', { token: staffToken, body: requestBody(w.city.id) }))
          .statusCode,
      ).toBe(401);
      expect((await api(app, 'GET', '/maintenance-orders', { token: staffToken })).statusCode).toBe(401);
      expect((await admin(app, 'GET', '/service-orders', staffToken)).statusCode).toBe(401);
    });
  });

  describe('moves by role', () => {
    it('walks new → approved → offer_sent → offer_rejected → offer_sent → pending_payment → paid, told at each step', async () => {
      const c = await customer(app);
      const { id } = await w.request(c.token);
      const approved = await w.approve(id);
      expect(approved.status).toBe('approved');
      expect(approved.can_edit_offer).toBe(true);
      // A saved draft stays invisible to the customer.
      const draft = await w.offer(id, false);
      expect(draft.status).toBe('approved');
      expect(draft.offer!.prices.total).toBe(34_500);
      expect((await w.detail(c.token, id)).offer).toBeNull();
      const sent = ok<ServiceOrderDetail>(await admin(app, 'POST', `/service-orders/${id}/send-offer`, w.boss));
      expect(sent.status).toBe('offer_sent');
      expect(sent.can_edit_offer).toBe(false);
      // Not editable once sent.
      const late = await admin(app, 'PUT', `/service-orders/${id}/offer`, w.boss, { lines: OFFER });
      expect(late.statusCode).toBe(409);

      const seen = await w.detail(c.token, id, 'en');
      expect(seen).toMatchObject({ status: 'offer_sent', tab: 'waiting', can_accept: true, can_reject: true });
      expect(seen.offer!.prices).toMatchObject({ service: 20_000, spare_parts: 10_000, tax: 4_500, total: 34_500 });

      expectFields(
        await api(app, 'POST', `/maintenance-orders/${id}/reject`, { token: c.token, lang: 'en', body: {} }),
        { reason: 'validation.required' },
        'en',
      );
      const rejected = await api(app, 'POST', `/maintenance-orders/${id}/reject`, {
        token: c.token,
        lang: 'en',
        body: { reason: 'السعر مرتفع' },
      });
      expect(ok(rejected)).toMatchObject({ status: 'offer_rejected', can_accept: false });
      expect(rejected.json().msg).toBe('The reason was sent');
      const rejectedAr = await api(app, 'POST', `/maintenance-orders/${id}/reject`, {
        token: c.token,
        body: { reason: 'مرة أخرى' },
      });
      expect(rejectedAr.statusCode).toBe(409);

      // A new draft after the rejection is not shown to the customer until sent.
      await w.offer(id, false, [{ ...OFFER[0], unit_price: 15_000 }]);
      expect((await w.detail(c.token, id)).offer).toBeNull();
      const cheaper = await w.offer(id, true, [{ ...OFFER[0], unit_price: 15_000 }]);
      expect(cheaper).toMatchObject({ status: 'offer_sent' });
      expect(cheaper.offer!.lines).toHaveLength(1);
      expect(cheaper.offer!.prices.total).toBe(17_250);

      await credit(app.db, c.user.id, 20_000, 'charge');
      const res = await w.accept(c.token, id, 'wallet');
      expect(ok(res)).toEqual({ status: 'paid', redirect_url: null });
      const d = await w.detail(c.token, id);
      expect(d).toMatchObject({ status: 'paid', tab: 'current', payment_method: 'wallet', can_cancel: false });
      expect(d.events.map((e) => e.status)).toEqual([
        'new',
        'approved',
        'offer_sent',
        'offer_rejected',
        'offer_sent',
        'pending_payment',
        'paid',
      ]);
      expect(d.events[3]!.note).toBe('السعر مرتفع');
      const [wallet] = await app.db.select().from(tables.wallets).where(eq(tables.wallets.userId, c.user.id));
      expect(wallet!.balance).toBe(20_000 - 17_250);
      const toCustomer = (await customerNotes(id)).map((n) => n.type);
      const types = [...toCustomer, ...(await adminNotes(id)).map((n) => n.type)];
      for (const type of ['owner_approved', 'wait_for_price', 'offer_sent', 'reject_offer', 'accept_offer']) {
        expect(types, `${type} in ${types.join()}`).toContain(type);
      }
      // Paid from the wallet at once: told it is paid, never asked to pay within 2 hours.
      expect(toCustomer).toContain('order_payed');
      expect(toCustomer).not.toContain('wait_payment');
    });

    it('refuses a wallet without enough money and leaves the offer open', async () => {
      const o = await w.offered();
      const res = await w.accept(o.token, o.id, 'wallet');
      expect(res.statusCode).toBe(422);
      expect(await w.status(o.id)).toBe('offer_sent');
    });

    it('answers the card page for electronic; pay again works while pending', async () => {
      const o = await w.offered();
      const data = ok<{ status: string; redirect_url: string }>(await w.accept(o.token, o.id, 'electronic'));
      expect(data.status).toBe('pending_payment');
      expect(data.redirect_url).toMatch(/^\/api\/payments\/sandbox\//);
      expect((await customerNotes(o.id)).map((n) => n.type)).toContain('wait_payment');
      const d = await w.detail(o.token, o.id);
      expect(d).toMatchObject({ can_pay: true, can_cancel: true, tab: 'pending_payment' });
      expect(d.pay_by).not.toBeNull();
      const again = ok<{ redirect_url: string }>(
        await api(app, 'POST', `/maintenance-orders/${o.id}/pay`, { token: o.token }),
      ).redirect_url;
      // Another attempt at the gateway, for the offer's total (345 SAR).
      expect(again).toMatch(/^\/api\/payments\/sandbox\//);
      expect(again).not.toBe(data.redirect_url);
      const attempts = await app.db.select().from(tables.payments).where(eq(tables.payments.orderId, o.id));
      expect(attempts.map((p) => [p.purpose, p.amount, p.status])).toEqual([
        ['order', 34_500, 'initiated'],
        ['order', 34_500, 'initiated'],
      ]);
    });

    it('pays again from the wallet after a declined card: paid once, a second tap answers 409', async () => {
      const o = await w.offered();
      ok(await w.accept(o.token, o.id, 'electronic'));
      const pay = (method: string, key: string) =>
        api(app, 'POST', `/maintenance-orders/${o.id}/pay`, {
          token: o.token,
          body: { payment_method: method },
          headers: { 'idempotency-key': key },
        });
      // Not enough in the wallet: refused, the order still waits.
      expect((await pay('wallet', 'k0')).statusCode).toBe(422);
      expect(await w.status(o.id)).toBe('pending_payment');
      await credit(app.db, o.user.id, 50_000, 'charge');
      expect(ok(await pay('wallet', 'k1'))).toEqual({ status: 'paid', redirect_url: null });
      // The same key repeats the first answer; another key finds it paid.
      expect(ok(await pay('wallet', 'k1'))).toEqual({ status: 'paid', redirect_url: null });
      expect((await pay('wallet', 'k2')).statusCode).toBe(409);
      expect((await pay('electronic', 'k3')).statusCode).toBe(409);
      const [wallet] = await app.db.select().from(tables.wallets).where(eq(tables.wallets.userId, o.user.id));
      expect(wallet!.balance).toBe(50_000 - 34_500);
      const d = await w.detail(o.token, o.id);
      expect(d).toMatchObject({ status: 'paid', payment_method: 'wallet', can_pay: false });
      expect((await customerNotes(o.id)).map((n) => n.type)).toContain('order_payed');
    });

    it("answers 404 for another customer's order on every customer route; 409 for a move out of order", async () => {
      const o = await w.offered();
      const other = await customer(app);
      for (const [method, path, body] of [
        ['GET', `/maintenance-orders/${o.id}`, undefined],
        ['POST', `/maintenance-orders/${o.id}/accept`, { payment_method: 'wallet' }],
        ['POST', `/maintenance-orders/${o.id}/reject`, { reason: 'لا أريده' }],
        ['POST', `/maintenance-orders/${o.id}/cancel`, { note: 'لا أريده' }],
        ['POST', `/maintenance-orders/${o.id}/pay`, undefined],
      ] as const) {
        const res = await api(app, method, path, { token: other.token, body });
        expect(res.statusCode, `${path}: ${res.body}`).toBe(404);
      }
      expect(await w.status(o.id)).toBe('offer_sent');
      const paid = await w.paid();
      const again = await api(app, 'POST', `/maintenance-orders/${paid.id}/cancel`, {
        token: paid.token,
        body: { note: 'x' },
      });
      expect(again.statusCode).toBe(409);
    });

    it('lets the customer cancel with a reason before paying; a paid wallet order cancelled by an admin is refunded', async () => {
      const c = await customer(app);
      const { id } = await w.request(c.token);
      expectFields(
        await api(app, 'POST', `/maintenance-orders/${id}/cancel`, { token: c.token, lang: 'en', body: {} }),
        { cancel_reason_id: 'orders.reason_required' },
        'en',
      );
      const done = await api(app, 'POST', `/maintenance-orders/${id}/cancel`, {
        token: c.token,
        body: { note: 'تم الإصلاح' },
      });
      expect(ok(done)).toMatchObject({
        status: 'cancelled',
        tab: 'finished',
        cancel_note: 'تم الإصلاح',
        can_cancel: false,
      });

      const p = await w.paid();
      const res = await admin(app, 'POST', `/service-orders/${p.id}/refuse`, w.boss, { note: 'لا نخدم هذا الموقع' });
      expect(ok<ServiceOrderDetail>(res)).toMatchObject({ status: 'refused', refund_status: 'wallet' });
      const [wallet] = await app.db.select().from(tables.wallets).where(eq(tables.wallets.userId, p.user.id));
      expect(wallet!.balance).toBe(34_500);
      // The refund shows on the customer's order page: amount, to the wallet, when.
      const mine = await w.detail(p.token, p.id);
      expect(mine.refund).toMatchObject({ amount: 34_500, to: 'wallet', pending: false });
      expect(mine.refund!.refunded_at).toEqual(expect.any(String));
    });

    it('checks the admin permissions: orders.view reads, orders.edit moves, orders.cancel cancels', async () => {
      const o = await w.offered();
      const viewer = await adminToken(app, ['orders.view']);
      const editor = await adminToken(app, ['orders.view', 'orders.edit']);
      const none = await adminToken(app, ['users.view']);
      expect((await admin(app, 'GET', '/service-orders', none)).statusCode).toBe(403);
      expect((await admin(app, 'GET', `/service-orders/${o.id}`, none)).statusCode).toBe(403);
      expect((await admin(app, 'GET', `/service-orders/${o.id}`, viewer)).statusCode).toBe(200);
      const c = await customer(app);
      const { id } = await w.request(c.token);
      expect((await admin(app, 'POST', `/service-orders/${id}/approve`, viewer)).statusCode).toBe(403);
      expect((await admin(app, 'PUT', `/service-orders/${id}/offer`, viewer, { lines: OFFER })).statusCode).toBe(403);
      expect((await admin(app, 'POST', `/service-orders/${id}/cancel`, editor, { note: 'x' })).statusCode).toBe(403);
      expect((await admin(app, 'POST', `/service-orders/${id}/approve`, editor)).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/admin/service-orders' })).statusCode).toBe(401);
      expect(await w.status(id)).toBe('approved');
      // A customer's token is not an admin's.
      expect((await admin(app, 'GET', '/service-orders', c.token)).statusCode).toBe(401);
    });
  });

  it('answers no request shape with a 5xx', async () => {
    const o = await w.offered();
    const c = await customer(app);
    const shapes = [
      null,
      [],
      'x',
      5,
      { lines: 'x' },
      { lines: [null] },
      { lines: [{ kind: 'x', unit_price: -1 }] },
      { staff_id: 'a' },
      { payment_method: 'cash' },
      { reason: ['x'] },
      { cancel_reason_id: 'abc', note: 7 },
      { send: 'maybe', lines: [{}] },
    ];
    for (const body of shapes) {
      for (const [method, path] of [
        ['PUT', `/service-orders/${o.id}/offer`],
        ['POST', `/service-orders/${o.id}/assign`],
        ['POST', `/service-orders/${o.id}/cancel`],
        ['POST', `/service-orders/abc/approve`],
      ] as const) {
        const res = await admin(app, method, path, w.boss, body as object);
        expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBeLessThan(500);
      }
      for (const path of ['accept', 'reject', 'cancel', 'pay']) {
        const res = await api(app, 'POST', `/maintenance-orders/${o.id}/${path}`, {
          token: c.token,
          body: body as object,
        });
        expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBeLessThan(500);
      }
    }
    const queries: Record<string, string>[] = [
      { page: '-1' },
      { tab: 'x' },
      { kind: 'store' },
      { staff_id: '1e99' },
      { q: 'x'.repeat(500) },
    ];
    for (const query of queries) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/admin/service-orders',
        query,
        headers: { authorization: `Bearer ${w.boss}` },
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      const mine = await api(app, 'GET', '/orders', { token: c.token, query });
      expect(mine.statusCode, mine.body).toBeLessThan(500);
    }
    expect(await w.status(o.id)).toBe('offer_sent');
  });

  describe('the offer', () => {
    it('computes VAT per line at the store rate, the discount taking its VAT off', async () => {
      const c = await customer(app);
      const { id } = await w.request(c.token);
      await w.approve(id);
      const lines = [
        { kind: 'service', name_ar: 'خدمة', name_en: 'Service', quantity: 1, unit_price: 10_001 },
        { kind: 'spare_part', name_ar: 'قطعة', name_en: 'Part', quantity: 3, unit_price: 333 },
        { kind: 'extra_service', name_ar: 'تنظيف', name_en: 'Cleaning', quantity: 1, unit_price: 5_000 },
        { kind: 'installation', name_ar: 'تركيب', name_en: 'Installation', quantity: 1, unit_price: 2_000 },
        { kind: 'delivery', name_ar: 'توصيل', name_en: 'Delivery', quantity: 1, unit_price: 1_500 },
        { kind: 'discount', name_ar: 'خصم', name_en: 'Discount', quantity: 1, unit_price: 1_003 },
      ];
      const d = await w.offer(id, false, lines);
      const vat = (n: number) => vatOf(n, 1500);
      const tax = vat(10_001) + vat(999) + vat(5_000) + vat(2_000) + vat(1_500) - vat(1_003);
      const net = 10_001 + 999 + 5_000 + 2_000 + 1_500 - 1_003;
      expect(d.offer!.prices).toEqual({
        service: 10_001,
        spare_parts: 999,
        extra_services: 5_000,
        installation: 2_000,
        delivery: 1_500,
        discount: 1_003,
        tax_rate: 15,
        tax,
        total: net + tax,
      });
      expect(d.offer!.lines.map((l) => [l.kind, l.net, l.vat])).toEqual([
        ['service', 10_001, vat(10_001)],
        ['spare_part', 999, vat(999)],
        ['extra_service', 5_000, vat(5_000)],
        ['installation', 2_000, vat(2_000)],
        ['delivery', 1_500, vat(1_500)],
        ['discount', -1_003, -vat(1_003)],
      ]);
      const [row] = await app.db.select().from(tables.orders).where(eq(tables.orders.id, id));
      expect(row).toMatchObject({
        servicePrice: 15_001,
        productsPrice: 999,
        installationPrice: 2_000,
        deliveryPrice: 1_500,
        discount: 1_003,
        tax,
        total: net + tax,
      });
      // An extra service's lines (extra_id) survive a new offer; the offer's own are replaced.
      const [extra] = await app.db
        .insert(tables.orderExtras)
        .values({ orderId: id, subtotal: 100, tax: 15, total: 115 })
        .returning();
      await app.db.insert(tables.orderItems).values({
        orderId: id,
        kind: 'extra_service',
        nameAr: 'إضافي',
        nameEn: 'Extra',
        unitPrice: 100,
        quantity: 1,
        extraId: extra!.id,
      });
      const again = await w.offer(id, false);
      expect(again.offer!.lines).toHaveLength(2);
      const items = await app.db.select().from(tables.orderItems).where(eq(tables.orderItems.orderId, id));
      expect(items.filter((i) => i.extraId !== null)).toHaveLength(1);
      expect(again.extras).toHaveLength(1);
      expect(again.extras[0]!.lines[0]!.name).toBe('إضافي');
    });

    it('refuses offers without a service or spare part, a discount above the sum, unknown items; sending without an offer', async () => {
      const c = await customer(app);
      const { id } = await w.request(c.token);
      await w.approve(id);
      const put = (lines: object[]) =>
        admin(app, 'PUT', `/service-orders/${id}/offer`, w.boss, { lines, send: true }, 'en');
      expectFields(
        await put([{ kind: 'delivery', name_ar: 'توصيل', name_en: 'Delivery', unit_price: 100 }]),
        {
          lines: 'maintenance.offer_needs_service',
        },
        'en',
      );
      expectFields(await put([]), { lines: 'maintenance.offer_needs_service' }, 'en');
      expectFields(
        await put([OFFER[0]!, { kind: 'discount', name_ar: 'خصم', name_en: 'Discount', unit_price: 20_001 }]),
        { 'lines.1.unit_price': 'maintenance.discount_too_large' },
        'en',
      );
      expectFields(await put([{ ...OFFER[0], quantity: 0 }]), { 'lines.0.quantity': 'validation.invalid' }, 'en');
      expectFields(await put([{ ...OFFER[0], item_id: 999_999 }]), { 'lines.0.item_id': 'validation.invalid' }, 'en');
      const [part] = await app.db
        .insert(tables.serviceItems)
        .values({ kind: 'spare_part', nameAr: 'مانع تسرب', nameEn: 'Seal', price: 5_000 })
        .returning();
      expectFields(
        await put([OFFER[0]!, { ...OFFER[0], item_id: part!.id }]),
        { 'lines.1.item_id': 'validation.invalid' },
        'en',
      );
      const noOffer = await admin(app, 'POST', `/service-orders/${id}/send-offer`, w.boss, undefined, 'en');
      expect(noOffer.statusCode).toBe(409);
      expect(noOffer.json().msg).toBe('Save a price offer with an amount above zero before sending it');
      expect(await w.status(id)).toBe('approved');
      // The part's own line kind is accepted.
      expect(ok<ServiceOrderDetail>(await put([OFFER[0]!, { ...OFFER[1], item_id: part!.id }])).status).toBe(
        'offer_sent',
      );
    });

    it('keeps the catalogue item a line was picked from, answered back to the admin and the customer', async () => {
      const c = await customer(app);
      const { id } = await w.request(c.token);
      await w.approve(id);
      const [part, old] = await app.db
        .insert(tables.serviceItems)
        .values([
          { kind: 'spare_part', nameAr: 'مضخة', nameEn: 'Pump', price: 80_000 },
          { kind: 'spare_part', nameAr: 'فلتر قديم', nameEn: 'Old filter', price: 9_000, isActive: false },
        ])
        .returning();
      const typed = OFFER[0]!;
      const picked = { kind: 'spare_part', item_id: part!.id, name_ar: 'مضخة', name_en: 'Pump', unit_price: 75_000 };
      const put = (lines: object[], send = false) =>
        admin(app, 'PUT', `/service-orders/${id}/offer`, w.boss, { lines, send }, 'en');
      // An inactive item, or one unknown, is refused as before; nothing is saved.
      expectFields(
        await put([typed, { ...picked, item_id: old!.id }]),
        { 'lines.1.item_id': 'validation.invalid' },
        'en',
      );
      expectFields(
        await put([typed, { ...picked, item_id: 999_999 }]),
        { 'lines.1.item_id': 'validation.invalid' },
        'en',
      );
      expect((await admin(app, 'GET', `/service-orders/${id}`, w.boss)).json().data.offer).toBeNull();

      const saved = ok<ServiceOrderDetail>(await put([typed, picked]));
      expect(saved.offer!.lines.map((l) => [l.kind, l.item_id, l.unit_price])).toEqual([
        ['service', null, typed.unit_price],
        ['spare_part', part!.id, 75_000],
      ]);
      const rows = await app.db.select().from(tables.orderItems).where(eq(tables.orderItems.orderId, id));
      expect(rows.map((r) => r.serviceItemId).sort()).toEqual([part!.id, null].sort());
      // Read back (the editor reopens linked) and once sent, by the customer too.
      const read = ok<ServiceOrderDetail>(await admin(app, 'GET', `/service-orders/${id}`, w.boss));
      expect(read.offer!.lines.map((l) => l.item_id)).toEqual([null, part!.id]);
      ok(await put([typed, picked], true));
      expect((await w.detail(c.token, id)).offer!.lines.map((l) => l.item_id)).toEqual([null, part!.id]);
    });

    it("answers the VAT rate a save would apply (the settings') while editable, the offer's after", async () => {
      const c = await customer(app);
      const { id } = await w.request(c.token);
      await w.approve(id);
      const rateOf = async () =>
        ok<ServiceOrderDetail>(await admin(app, 'GET', `/service-orders/${id}`, w.boss)).tax_rate;
      expect(await rateOf()).toBe(15);
      await makeSetting(app.db, 'vat_rate', 12.5);
      try {
        expect(await rateOf()).toBe(12.5);
        const sent = await w.offer(id);
        expect(sent.offer!.prices.tax_rate).toBe(12.5);
        expect(sent.offer!.prices.tax).toBe(
          OFFER.reduce((s, l) => s + vatOf(l.unit_price * (l.quantity ?? 1), 1250), 0),
        );
        // Sent, the order keeps the rate it was priced at though the setting changes again.
        await makeSetting(app.db, 'vat_rate', 15);
        expect(await rateOf()).toBe(12.5);
      } finally {
        await makeSetting(app.db, 'vat_rate', 15);
      }
    });
  });

  describe('assignment', () => {
    it('assigns a free technician of the city; refuses another city, a blocked one, an engineer, a busy one', async () => {
      const first = await w.paid(riyadhDayAt(2, '10:00'));
      const listed = ok<{ id: number; free: boolean; visits: unknown[] }[]>(
        await admin(app, 'GET', `/service-orders/${first.id}/assignable-staff`, w.boss),
      );
      expect(listed.find((s) => s.id === w.tech.id)).toMatchObject({ free: true, visits: [] });

      const elsewhere = await makeStaff(app.db, { name: 'فني مدينة أخرى' });
      const blocked = await makeStaff(app.db, { isBlocked: true });
      const engineer = await makeStaff(app.db, { job: 'engineer' });
      await app.db.insert(tables.staffCities).values([
        { staffId: blocked.id, cityId: w.city.id },
        { staffId: engineer.id, cityId: w.city.id },
      ]);
      const assign = (id: number, staffId: number) =>
        admin(app, 'POST', `/service-orders/${id}/assign`, w.boss, { staff_id: staffId }, 'en');
      expectFields(await assign(first.id, elsewhere.id), { staff_id: 'staff.city_not_served' }, 'en');
      expectFields(await assign(first.id, blocked.id), { staff_id: 'staff.not_assignable' }, 'en');
      expectFields(await assign(first.id, engineer.id), { staff_id: 'staff.wrong_job_technician' }, 'en');
      const assigned = ok<ServiceOrderDetail>(await assign(first.id, w.tech.id));
      expect(assigned).toMatchObject({ status: 'technician_assigned', staff: { id: w.tech.id, name: 'فهد الدوسري' } });
      expect(assigned.arrival).not.toBeNull();
      const start = Date.parse(assigned.request.scheduled_at);
      expect(Date.parse(assigned.arrival!.from)).toBe(start - 30 * 60_000);
      expect(Date.parse(assigned.arrival!.to)).toBe(start + 30 * 60_000);
      const seen = await w.detail(first.token, first.id);
      expect(seen.staff).toMatchObject({ id: w.tech.id, job: 'technician' });
      // On the way with an estimate: the window narrows to it, ± 15 minutes.
      const eta = new Date(start + 20 * 60_000);
      await app.db
        .update(tables.maintenanceRequests)
        .set({ arrivalAt: eta })
        .where(eq(tables.maintenanceRequests.orderId, first.id));
      const narrowed = (await w.detail(first.token, first.id)).arrival!;
      expect(narrowed.estimate).toBe(eta.toISOString());
      expect(Date.parse(narrowed.from)).toBe(eta.getTime() - 15 * 60_000);
      expect(Date.parse(narrowed.to)).toBe(eta.getTime() + 15 * 60_000);

      // One hour later the same day overlaps [start, start + 90 min); three hours later does not.
      const clash = await w.paid(riyadhDayAt(2, '11:00'));
      const free = await w.paid(riyadhDayAt(2, '13:00'));
      const options = ok<{ id: number; free: boolean; visits: { order_id: number }[] }[]>(
        await admin(app, 'GET', `/service-orders/${clash.id}/assignable-staff`, w.boss),
      );
      expect(options.find((s) => s.id === w.tech.id)).toMatchObject({ free: false });
      expect(options.find((s) => s.id === w.tech.id)!.visits.map((v) => v.order_id)).toContain(first.id);
      expectFields(await assign(clash.id, w.tech.id), { staff_id: 'maintenance.staff_busy' }, 'en');
      expect(await w.status(clash.id)).toBe('paid');
      expect(ok<ServiceOrderDetail>(await assign(free.id, w.tech.id)).status).toBe('technician_assigned');
      // Not paid yet: no assignment move from there.
      const unpaid = await w.offered();
      expect((await assign(unpaid.id, w.tech.id)).statusCode).toBe(409);
    });
  });

  describe('lists', () => {
    it("lists my maintenance orders by tab, all my orders across kinds, and the dashboard's filters", async () => {
      const c = await customer(app);
      const a = await w.request(c.token, riyadhDayAt(3, '10:00'));
      const b = await w.request(c.token, riyadhDayAt(3, '11:00'));
      await w.approve(b.id);
      const [store] = await app.db
        .insert(tables.orders)
        .values({
          kind: 'store',
          number: `S-${b.id}`,
          userId: c.user.id,
          status: 'new',
          paymentMethod: 'wallet',
          taxRate: 1500,
          total: 100,
        })
        .returning();
      const mine = async (query: Record<string, string>) =>
        ok<{ data: { id: number }[] }>(await api(app, 'GET', '/maintenance-orders', { token: c.token, query })).data;
      expect((await mine({})).map((x) => x.id)).toEqual([b.id, a.id]);
      expect((await mine({ tab: 'new' })).map((x) => x.id)).toEqual([a.id]);
      expect((await mine({ tab: 'waiting' })).map((x) => x.id)).toEqual([b.id]);
      const all = ok<{ data: { id: number; kind: string; path: string }[] }>(
        await api(app, 'GET', '/orders', { token: c.token, query: { tab: 'new' } }),
      ).data;
      expect(all.map((x) => [x.id, x.kind])).toEqual([
        [store!.id, 'store'],
        [a.id, 'immediate_maintenance'],
      ]);
      expect(all[1]!.path).toBe(`/orders/immediate_maintenance/${a.id}`);

      const list = async (query: Record<string, string>) =>
        ok<{ data: { id: number }[] }>(
          await app.inject({
            method: 'GET',
            url: '/api/admin/service-orders',
            query,
            headers: { authorization: `Bearer ${w.boss}`, lang: 'ar' },
          }),
        ).data.map((x) => x.id);
      expect(await list({ q: b.number })).toEqual([b.id]);
      expect(await list({ q: `0${c.user.phone}` })).toEqual([b.id, a.id]);
      expect(await list({ q: c.user.phone, status: 'approved' })).toEqual([b.id]);
      expect(await list({ q: c.user.phone, date: riyadhDayAt(3, '10:00').date })).toContain(a.id);
      expect(await list({ q: c.user.phone, date: '2020-01-01' })).toEqual([]);
      expect(await list({ q: c.user.phone, city_id: String(w.city.id) })).toHaveLength(2);
      expect(await list({ q: c.user.phone, staff_id: String(w.tech.id) })).toEqual([]);
      const bad = await app.inject({
        method: 'GET',
        url: '/api/admin/service-orders?date=tomorrow&status=flying',
        headers: { authorization: `Bearer ${w.boss}`, lang: 'en' },
      });
      expect(bad.statusCode).toBe(422);

      // The map: every open order the filters keep, with its pin; a finished one leaves it. One with no pin
      // (a national address short code) is counted apart, for the console to say why it is not on the map.
      const map = async (query: Record<string, string>) =>
        ok<{ pins: { id: number; lat: number; lng: number }[]; unpinned: number }>(
          await app.inject({
            method: 'GET',
            url: '/api/admin/service-orders/pins',
            query,
            headers: { authorization: `Bearer ${w.boss}`, lang: 'ar' },
          }),
        );
      const pins = async (query: Record<string, string>) => (await map(query)).pins;
      expect(await map({ q: c.user.phone })).toMatchObject({ unpinned: 0 });
      const coded = await w.request(c.token, 30, { lat: undefined, lng: undefined, short_code: 'rrrd2929' });
      expect((await pins({ q: c.user.phone })).map((x) => x.id)).toEqual([b.id, a.id]);
      expect(await map({ q: c.user.phone })).toMatchObject({ unpinned: 1 });
      expect(await map({ q: c.user.phone, status: 'approved' })).toMatchObject({ unpinned: 0 });
      await app.db.update(tables.orders).set({ closedAt: new Date() }).where(eq(tables.orders.id, coded.id));
      expect(await map({ q: c.user.phone })).toMatchObject({ unpinned: 0 });
      expect((await pins({ q: c.user.phone }))[0]).toMatchObject({ lat: 24.7136, lng: 46.6753 });
      expect((await pins({ q: c.user.phone, status: 'approved' })).map((x) => x.id)).toEqual([b.id]);
      ok(
        await api(app, 'POST', `/maintenance-orders/${a.id}/cancel`, {
          token: c.token,
          body: { note: 'لم أعد بحاجة' },
        }),
      );
      expect((await pins({ q: c.user.phone })).map((x) => x.id)).toEqual([b.id]);
      const viewer = await adminToken(app, ['orders.view']);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/api/admin/service-orders/pins',
            headers: { authorization: `Bearer ${viewer}` },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('shows in my lists the total I paid: the offer and the paid extra services (not the unpaid ones)', async () => {
      const o = await w.paid();
      await app.db.insert(tables.orderExtras).values([
        { orderId: o.id, status: 'paid', subtotal: 8_000, tax: 1_200, total: 9_200, paymentMethod: 'wallet' },
        { orderId: o.id, status: 'paid', subtotal: 2_000, tax: 300, total: 2_300, paymentMethod: 'electronic' },
        { orderId: o.id, status: 'rejected', subtotal: 1_000, tax: 150, total: 1_150 },
        { orderId: o.id, status: 'proposed', subtotal: 1_000, tax: 150, total: 1_150 },
        { orderId: o.id, status: 'expired', subtotal: 1_000, tax: 150, total: 1_150 },
      ]);
      const paid = 34_500 + 9_200 + 2_300;
      const mine = ok<{ data: { id: number; total: number }[] }>(
        await api(app, 'GET', '/maintenance-orders', { token: o.token }),
      ).data;
      expect(mine.map((x) => [x.id, x.total])).toEqual([[o.id, paid]]);
      const all = ok<{ data: { id: number; total: number }[] }>(
        await api(app, 'GET', '/orders', { token: o.token }),
      ).data;
      expect(all.map((x) => [x.id, x.total])).toEqual([[o.id, paid]]);
      // The order's own total (what pay again charges) stays the offer's.
      expect((await w.detail(o.token, o.id)).total).toBe(34_500);
    });

    it("shows the customer, history and payment on the dashboard's order", async () => {
      const p = await w.paid();
      const d = ok<ServiceOrderDetail>(await admin(app, 'GET', `/service-orders/${p.id}`, w.boss));
      expect(d).toMatchObject({
        customer_id: p.user.id,
        can_assign: true,
        next_statuses: ['technician_assigned', 'cancelled', 'refused'],
      });
      expect(d.events.at(-1)).toMatchObject({ status: 'paid', actor: 'system' });
      expect((await admin(app, 'GET', '/service-orders/999999', w.boss)).statusCode).toBe(404);
    });
  });
});
