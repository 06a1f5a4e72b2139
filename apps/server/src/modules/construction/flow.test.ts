/**
 * A construction order through the kernel, move by move and role by role:
 * the admin assigns an engineer (with and without the permission, only an
 * engineer who serves the city), the engineer (never another) prices and
 * sends the offer, the customer rejects with a reason or accepts and pays
 * (wallet once under concurrent taps, or card), the engineer posts stages,
 * the admin completes, the customer rates the engineer once; cancellations
 * and refunds; each notification sent exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows, tables } from '@pool/db';
import type { ConstructionAdminDetail, StaffConstructionDetail } from '@pool/contracts';
import { SANDBOX_CARDS, type SandboxGateway } from '../../integrations/payments/sandbox.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { until } from '../../testing/until.ts';
import { adminToken, t } from '../admin-content/testing.ts';
import { PAY_DEADLINE_JOB, settleRefunds } from '../orders/index.ts';
import { cardFlow, walletState } from '../payments/testing.ts';
import { credit } from '../wallet/index.ts';
import { admin, api, customer, ok, OFFER, constructionWorld, staffCall, upload, type World } from './testing.ts';

describe('pool construction: the order', () => {
  let app: TestApp;
  let w: World;
  beforeAll(async () => {
    app = await buildTestApp();
    w = await constructionWorld(app);
  });
  afterAll(() => app.close());

  const history = async (orderId: number, to: string) =>
    (await app.db.select().from(tables.orderEvents).where(eq(tables.orderEvents.orderId, orderId))).filter(
      (e) => e.toStatus === to,
    ).length;

  describe('assignment', () => {
    it('needs orders.edit; only an active engineer serving the city; tells the customer once', async () => {
      const c = await customer(app);
      const { id } = await w.request(c.token);
      const viewer = await adminToken(app, ['orders.view']);
      expect((await w.assign(id, w.engineer.id, viewer)).statusCode).toBe(403);
      const staffErr = async (staffId: number) => (await w.assign(id, staffId)).json().data.staff_id as string;
      expect(await staffErr(w.technician.id)).toBe(t('ar', 'staff.wrong_job_engineer'));
      expect(await staffErr(w.farEngineer.id)).toBe(t('ar', 'staff.city_not_served'));
      expect((await w.assign(id, 999_999)).statusCode).toBe(422);
      const engineers = ok<{ id: number; open_orders: number }[]>(
        await admin(app, 'GET', `/construction/orders/${id}/assignable-engineers`, viewer),
      );
      expect(engineers.map((e) => e.id).sort()).toEqual([w.engineer.id, w.otherEngineer.id].sort());
      const res = await w.assign(id);
      const d = ok<ConstructionAdminDetail>(res);
      expect(res.json().msg).toBe('تم تعيين المهندس');
      expect(d).toMatchObject({ status: 'engineer_assigned', staff: { id: w.engineer.id, job: 'engineer' } });
      expect(d.can_assign).toBe(false);
      expect(await w.customerNotes(id, 'assign_engineer')).toHaveLength(1);
      // Once assigned, it is not assignable again (409), and nothing more is sent.
      expect((await w.assign(id, w.otherEngineer.id)).statusCode).toBe(409);
      expect(await w.customerNotes(id, 'assign_engineer')).toHaveLength(1);
      expect((await w.detail(c.token, id)).staff).toMatchObject({ name: 'سلمان القحطاني', job: 'engineer' });
    });
  });

  describe('the engineer', () => {
    it('sees the order assigned to them; another engineer, a customer or an admin token does not', async () => {
      const o = await w.assigned();
      const d = await w.staffDetail(o.id);
      expect(d).toMatchObject({
        id: o.id,
        status: 'engineer_assigned',
        can_edit_offer: true,
        can_add_stage: false,
        offer: null,
        tax_rate: 15,
        chat_path: `/api/staff/orders/${o.id}/chat`,
        next_statuses: ['offer_sent'],
        lat: 24.7136,
        map_url: 'https://www.google.com/maps/dir/?api=1&destination=24.7136,46.6753',
      });
      expect(d.phone_link).toMatch(/^tel:\+966/);
      expect(d.design.design_type.shape).toBe('rectangle');
      expect((await staffCall(app, 'GET', `/construction/${o.id}`, w.otherEngineer.token)).statusCode).toBe(404);
      expect((await staffCall(app, 'GET', `/construction/${o.id}`, o.token)).statusCode).toBe(401);
      expect((await staffCall(app, 'GET', `/construction/${o.id}`, w.boss)).statusCode).toBe(401);
      const mine = ok<{ data: { id: number; kind: string }[] }>(
        await staffCall(app, 'GET', '/orders', w.engineer.token),
      );
      expect(mine.data).toContainEqual(expect.objectContaining({ id: o.id, kind: 'pool_construction' }));
    });

    it('saves a draft the customer does not see, then sends it (offer_sent once); another engineer is 404', async () => {
      const o = await w.assigned();
      expect((await w.staffOffer(o.id, true, OFFER, w.otherEngineer.token)).statusCode).toBe(404);
      const draft = ok<StaffConstructionDetail>(await w.staffOffer(o.id, false));
      expect(draft.status).toBe('engineer_assigned');
      expect(draft.offer!.prices).toMatchObject({ service: 20_000, spare_parts: 10_000, tax: 4_500, total: 34_500 });
      expect((await w.detail(o.token, o.id)).offer).toBeNull();
      const res = await w.staffOffer(o.id);
      expect(res.json().msg).toBe('تم إرسال عرض السعر للعميل');
      expect(ok<StaffConstructionDetail>(res)).toMatchObject({ status: 'offer_sent', can_edit_offer: false });
      const d = await w.detail(o.token, o.id);
      expect(d).toMatchObject({
        status: 'offer_sent',
        tab: 'waiting',
        can_accept: true,
        can_reject: true,
        total: 34_500,
      });
      expect(d.offer!.lines.map((l) => l.name)).toEqual(['إصلاح المضخة', 'مانع تسرب']);
      expect(await w.customerNotes(o.id, 'offer_sent')).toHaveLength(1);
      // Sent: no more edits until the customer answers.
      expect((await w.staffOffer(o.id)).statusCode).toBe(409);
    });

    it('cannot send an empty offer; the admin may price and send it too, but not without orders.edit', async () => {
      const o = await w.assigned();
      expect((await admin(app, 'POST', `/construction/orders/${o.id}/send-offer`, w.boss)).statusCode).toBe(409);
      const viewer = await adminToken(app, ['orders.view']);
      const put = (token: string) =>
        admin(app, 'PUT', `/construction/orders/${o.id}/offer`, token, { lines: OFFER, send: false });
      expect((await put(viewer)).statusCode).toBe(403);
      expect(ok<ConstructionAdminDetail>(await put(w.boss))).toMatchObject({
        can_edit_offer: true,
        status: 'engineer_assigned',
      });
      const sent = ok<ConstructionAdminDetail>(
        await admin(app, 'POST', `/construction/orders/${o.id}/send-offer`, w.boss),
      );
      expect(sent.status).toBe('offer_sent');
      expect(await w.customerNotes(o.id, 'offer_sent')).toHaveLength(1);
    });

    it('refuses a bad offer body with 422 (no service line, a discount above the lines, a negative price)', async () => {
      const o = await w.assigned();
      const bad = [
        { lines: [] },
        { lines: [{ kind: 'delivery', name_ar: 'توصيل', name_en: 'Delivery', unit_price: 100 }] },
        { lines: [...OFFER, { kind: 'discount', name_ar: 'خصم', name_en: 'Off', unit_price: 10_000_000 }] },
        { lines: [{ ...OFFER[0], unit_price: -5 }] },
        { lines: 'all' },
      ];
      for (const body of bad) {
        const res = await staffCall(app, 'POST', `/construction/${o.id}/offer`, w.engineer.token, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
      }
      expect(await w.status(o.id)).toBe('engineer_assigned');
    });
  });

  describe('the customer answer', () => {
    it('rejects with a reason (admins told once); another offer may follow; another customer is 404', async () => {
      const o = await w.offered();
      const other = await customer(app);
      const reject = (token: string, body: object) =>
        api(app, 'POST', `/construction-orders/${o.id}/reject`, { token, body });
      expect((await reject(other.token, { reason: 'السعر مرتفع جدًا' })).statusCode).toBe(404);
      expect((await reject(o.token, { reason: 'x' })).statusCode).toBe(422);
      const d = ok<{ status: string; can_accept: boolean; offer: unknown }>(
        await reject(o.token, { reason: 'السعر مرتفع جدًا' }),
      );
      expect(d).toMatchObject({ status: 'offer_rejected', can_accept: false, offer: null });
      expect(await w.adminNotes(o.id, 'reject_offer')).not.toHaveLength(0);
      const perAdmin = await w.adminNotes(o.id, 'reject_offer');
      expect(new Set(perAdmin.map((n) => n.adminId)).size).toBe(perAdmin.length);
      const events = (await w.detail(o.token, o.id)).events;
      expect(events.at(-1)).toMatchObject({ status: 'offer_rejected', actor: 'customer', note: 'السعر مرتفع جدًا' });
      ok(await w.staffOffer(o.id, true, [{ ...OFFER[0], unit_price: 15_000 }]));
      expect(await w.status(o.id)).toBe('offer_sent');
      expect(await w.customerNotes(o.id, 'offer_sent')).toHaveLength(2);
    });

    it('accepts with the wallet: paid once under 10 concurrent taps, in progress, the customer told once', async () => {
      const o = await w.offered();
      await credit(app.db, o.user.id, 100_000, 'charge');
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => w.accept(o.token, o.id, 'wallet', `c-accept-${o.id}-${i}`)),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
      const winner = answers.find((r) => r.statusCode === 200)!;
      expect(winner.json().data).toEqual({ status: 'in_progress', redirect_url: null });
      expect(winner.json().msg).toBe('تم الدفع');
      expect((await walletState(app.db, o.user.id)).balance).toBe(100_000 - 34_500);
      expect(await history(o.id, 'in_progress')).toBe(1);
      expect(await w.customerNotes(o.id, 'order_payed')).toHaveLength(1);
      expect(await w.customerNotes(o.id, 'wait_payment')).toHaveLength(0);
      expect((await w.accept(o.token, o.id, 'wallet')).statusCode).toBe(409);
      expect((await walletState(app.db, o.user.id)).balance).toBe(100_000 - 34_500);
      const d = await w.detail(o.token, o.id);
      expect(d).toMatchObject({ status: 'in_progress', tab: 'current', payment_method: 'wallet', can_cancel: false });
      expect(d.paid_at).not.toBeNull();
    });

    it('refuses a wallet too short (nothing taken, still offered)', async () => {
      const o = await w.offered();
      const res = await w.accept(o.token, o.id, 'wallet');
      expect(res.statusCode).toBe(422);
      expect(await w.status(o.id)).toBe('offer_sent');
    });

    it('accepts by card: the gateway page, then in progress once however often the webhook comes', async () => {
      const flow = cardFlow(() => app);
      const o = await w.offered();
      const res = await w.accept(o.token, o.id, 'electronic');
      const { status, redirect_url } = ok<{ status: string; redirect_url: string }>(res);
      expect(status).toBe('pending_payment');
      expect(redirect_url).toMatch(/^\/api\/payments\/sandbox\//);
      expect(await w.customerNotes(o.id, 'wait_payment')).toHaveLength(1);
      expect((await w.detail(o.token, o.id)).can_pay).toBe(true);
      const [payment] = await app.db.select().from(tables.payments).where(eq(tables.payments.orderId, o.id));
      expect(payment).toMatchObject({ purpose: 'order', amount: 34_500, status: 'initiated' });
      (app.payments as SandboxGateway).pay(payment!.gatewayId!, SANDBOX_CARDS.success);
      const hooks = await Promise.all([1, 2, 3].map(() => flow.webhook(flow.event(payment!.gatewayId!))));
      for (const h of hooks) expect(h.statusCode, h.body).toBeLessThan(300);
      await app.events.deliver();
      expect(await w.status(o.id)).toBe('in_progress');
      expect(await history(o.id, 'in_progress')).toBe(1);
      expect(await w.customerNotes(o.id, 'order_payed')).toHaveLength(1);
      expect((await api(app, 'POST', `/construction-orders/${o.id}/pay`, { token: o.token })).statusCode).toBe(409);
    });

    it('pays again from the wallet after leaving the card page', async () => {
      const o = await w.offered();
      ok(await w.accept(o.token, o.id, 'electronic'));
      await credit(app.db, o.user.id, 34_500, 'charge');
      const res = await api(app, 'POST', `/construction-orders/${o.id}/pay`, {
        token: o.token,
        body: { payment_method: 'wallet' },
      });
      expect(ok(res)).toEqual({ status: 'in_progress', redirect_url: null });
      expect((await walletState(app.db, o.user.id)).balance).toBe(0);
    });
  });

  describe('the work, completion and rating', () => {
    it('takes stages only from the engineer assigned, only in progress, with photos uploaded for stages', async () => {
      const early = await w.offered();
      expect((await w.stage(early.id)).statusCode).toBe(409);
      const o = await w.inProgress();
      expect((await w.stage(o.id, undefined, w.otherEngineer.token)).statusCode).toBe(404);
      expect((await w.stage(o.id, { title: '' })).statusCode).toBe(422);
      expect((await w.stage(o.id, { title: 'الحفر', photos: ['https://evil.example/p.png'] })).statusCode).toBe(422);
      const photo = ok<{ url: string }>(await upload(app, '/api/staff/construction-photos', w.engineer.token)).url;
      const res = await w.stage(o.id, { title: 'صب الخرسانة', note: 'تم صب الأرضية', photos: [photo] });
      expect(res.json().msg).toBe('تم نشر المرحلة');
      expect(ok<StaffConstructionDetail>(res).stages).toMatchObject([
        { title: 'صب الخرسانة', note: 'تم صب الأرضية', photos: [photo] },
      ]);
      expect((await w.detail(o.token, o.id)).stages).toHaveLength(1);
      expect((await w.adminDetail(o.id)).stages).toHaveLength(1);
      // A stage tells no one (documented): no notification about the order beyond the moves'.
      const types = (await w.customerNotes(o.id)).map((n) => n.type).sort();
      expect(types).toEqual(['assign_engineer', 'offer_sent', 'order_payed']);
    });

    it('completes by the admin (orders.edit) once a stage is posted: completed and rate_employee once; then the rating', async () => {
      const o = await w.inProgress();
      const complete = (token: string) => admin(app, 'POST', `/construction/orders/${o.id}/complete`, token);
      const viewer = await adminToken(app, ['orders.view']);
      expect((await complete(viewer)).statusCode).toBe(403);
      const early = await complete(w.boss);
      expect(early.statusCode).toBe(409);
      expect(early.json().msg).toBe('انشر مرحلة واحدة على الأقل من العمل قبل إكمال الطلب');
      ok(await w.stage(o.id));
      const done = ok<ConstructionAdminDetail>(await complete(w.boss));
      expect(done.status).toBe('completed');
      expect((await complete(w.boss)).statusCode).toBe(409);
      expect(await w.customerNotes(o.id, 'completed')).toHaveLength(1);
      expect(await w.customerNotes(o.id, 'rate_employee')).toHaveLength(1);

      const d = await w.detail(o.token, o.id);
      expect(d).toMatchObject({ status: 'completed', tab: 'finished', can_rate: true, can_chat: true, rating: null });
      const rate = (token: string, body: object) =>
        api(app, 'POST', `/construction-orders/${o.id}/rate`, { token, body });
      const other = await customer(app);
      expect((await rate(other.token, { stars: 5 })).statusCode).toBe(404);
      expect((await rate(o.token, { stars: 6 })).statusCode).toBe(422);
      const rated = ok<{ rating: unknown; can_rate: boolean; staff: { rating_count: number } }>(
        await rate(o.token, { stars: 4, comment: 'عمل متقن' }),
      );
      expect(rated).toMatchObject({ rating: { stars: 4, comment: 'عمل متقن' }, can_rate: false });
      expect(rated.staff.rating_count).toBeGreaterThanOrEqual(1);
      expect((await rate(o.token, { stars: 5 })).statusCode).toBe(409);
      const [engineer] = await app.db.select().from(tables.staff).where(eq(tables.staff.id, w.engineer.id));
      expect(engineer!.ratingCount).toBeGreaterThanOrEqual(1);
      // The generic rating page knows the order too.
      expect(
        ok<{ can_rate: boolean }>(await api(app, 'GET', `/evaluations/${o.id}`, { token: o.token })).can_rate,
      ).toBe(false);
    });

    it('lets the engineer complete through the staff moves too, with the same rule', async () => {
      const o = await w.inProgress();
      const move = () => staffCall(app, 'POST', `/orders/${o.id}/status`, w.engineer.token, { status: 'completed' });
      expect((await move()).statusCode).toBe(409);
      ok(await w.stage(o.id));
      ok(await move());
      expect(await w.status(o.id)).toBe('completed');
      expect(await w.customerNotes(o.id, 'rate_employee')).toHaveLength(1);
    });
  });

  describe('cancellation', () => {
    it('the customer cancels before paying with a reason; not once paid', async () => {
      const o = await w.offered();
      const cancel = (id: number, token: string, body: object) =>
        api(app, 'POST', `/construction-orders/${id}/cancel`, { token, body });
      expect((await cancel(o.id, o.token, {})).statusCode).toBe(422);
      const d = ok<{ status: string; can_cancel: boolean }>(await cancel(o.id, o.token, { note: 'غيرت رأيي' }));
      expect(d).toMatchObject({ status: 'cancelled', can_cancel: false });
      expect(await w.customerNotes(o.id, 'order_cancelled')).toHaveLength(1);
      const paid = await w.inProgress();
      expect((await cancel(paid.id, paid.token, { note: 'غيرت رأيي' })).statusCode).toBe(409);
    });

    it('the admin refuses a new order with orders.cancel only; once in progress nothing cancels it (the work started)', async () => {
      const c = await customer(app);
      const { id } = await w.request(c.token);
      const editor = await adminToken(app, ['orders.view', 'orders.edit']);
      const refuse = (token: string) =>
        admin(app, 'POST', `/construction/orders/${id}/refuse`, token, { note: 'خارج نطاق الخدمة' });
      expect((await refuse(editor)).statusCode).toBe(403);
      expect(ok<ConstructionAdminDetail>(await refuse(w.boss)).status).toBe('refused');
      expect(await w.customerNotes(id, 'refused')).toHaveLength(1);

      const o = await w.offered();
      await credit(app.db, o.user.id, 34_500, 'charge');
      ok(await w.accept(o.token, o.id, 'electronic'));
      ok(
        await api(app, 'POST', `/construction-orders/${o.id}/pay`, {
          token: o.token,
          body: { payment_method: 'wallet' },
        }),
      );
      expect((await walletState(app.db, o.user.id)).balance).toBe(0);
      // In progress: the machine has no cancel from there (the work has started).
      expect((await admin(app, 'POST', `/construction/orders/${o.id}/cancel`, w.boss, { note: 'x' })).statusCode).toBe(
        409,
      );
    });

    it('cancels an order waiting for a card payment (nothing taken); a card paid after is refunded, the order stays cancelled', async () => {
      const flow = cardFlow(() => app);
      const o = await w.offered();
      ok(await w.accept(o.token, o.id, 'electronic'));
      const d = ok<ConstructionAdminDetail>(
        await admin(app, 'POST', `/construction/orders/${o.id}/cancel`, w.boss, { note: 'لم يدفع' }),
      );
      expect(d).toMatchObject({ status: 'cancelled', refund_status: null });
      expect(await w.customerNotes(o.id, 'cancelled')).toHaveLength(1);
      const [payment] = await app.db.select().from(tables.payments).where(eq(tables.payments.orderId, o.id));
      (app.payments as SandboxGateway).pay(payment!.gatewayId!, SANDBOX_CARDS.success);
      const hook = await flow.webhook(flow.event(payment!.gatewayId!));
      expect(hook.statusCode, hook.body).toBeLessThan(300);
      await app.events.deliver();
      const [order] = await app.db.select().from(tables.orders).where(eq(tables.orders.id, o.id));
      expect(order!.status).toBe('cancelled');
      expect(order!.refundStatus).not.toBeNull();
      expect(await history(o.id, 'in_progress')).toBe(0);
      // The late card payment goes back to the card: due at first, then made; the order's page shows it.
      const refundShown = async () =>
        ok<ConstructionAdminDetail>(await admin(app, 'GET', `/construction/orders/${o.id}`, w.boss)).refund;
      expect(await refundShown()).toMatchObject({
        amount: payment!.amount,
        to: 'card',
        pending: true,
        refunded_at: null,
      });
      await settleRefunds(app, o.id);
      expect(await refundShown()).toMatchObject({ amount: payment!.amount, to: 'card', pending: false });
    });
  });

  describe('the pay-by time', () => {
    it('cancels an accepted order left unpaid by its queue job, once, telling the customer once', async () => {
      await app.jobs.start();
      try {
        const o = await w.offered();
        ok(await w.accept(o.token, o.id, 'electronic'));
        const jobs = () =>
          queryRows<{ id: string; state: string }>(
            app.db,
            sql`select id, state from pgboss.job where name = ${PAY_DEADLINE_JOB} and singleton_key = ${String(o.id)}`,
          );
        const [job, ...others] = await jobs();
        expect(others).toHaveLength(0);
        // The pay-by time moved back rather than waited for: the queue's worker runs the job.
        await app.db
          .update(tables.orders)
          .set({ payBy: new Date(Date.now() - 60_000) })
          .where(eq(tables.orders.id, o.id));
        await app.db.execute(sql`update pgboss.job set start_after = now() where id = ${job!.id}`);
        await until(async () => (await w.status(o.id)) === 'cancelled');
        await until(async () => (await w.customerNotes(o.id, 'order_cancelled')).length > 0);
        await until(async () => (await jobs())[0]!.state === 'completed');
        expect(await history(o.id, 'cancelled')).toBe(1);
        expect(await w.customerNotes(o.id, 'order_cancelled')).toHaveLength(1);
        const d = await w.detail(o.token, o.id, 'en');
        expect(d.cancel_reason).toBe('Cancelled automatically: not paid within 2 hours');
        expect(d.events.at(-1)).toMatchObject({ status: 'cancelled', actor: 'system' });
      } finally {
        await app.jobs.stop();
      }
    });
  });

  describe('the chat', () => {
    it('joins the customer, the engineer assigned and the admins; another engineer is kept out; new_message once', async () => {
      const o = await w.assigned();
      const sent = await api(app, 'POST', `/api/user/orders/${o.id}/chat`, {
        token: o.token,
        body: { text: 'متى تبدأ الزيارة؟' },
      });
      ok(sent);
      const thread = ok<{ messages: { text: string }[] }>(
        await staffCall(app, 'GET', `/orders/${o.id}/chat`, w.engineer.token),
      );
      expect(thread.messages.map((m) => m.text)).toEqual(['متى تبدأ الزيارة؟']);
      expect((await staffCall(app, 'GET', `/orders/${o.id}/chat`, w.otherEngineer.token)).statusCode).toBe(404);
      ok(await admin(app, 'GET', `/service-orders/${o.id}/chat`, w.boss));
      ok(await staffCall(app, 'POST', `/orders/${o.id}/chat`, w.engineer.token, { text: 'غدًا صباحًا' }));
      expect(await w.customerNotes(o.id, 'new_message')).toHaveLength(1);
    });
  });

  describe('the dashboard list', () => {
    it('filters by status, engineer and the number or phone', async () => {
      const o = await w.assigned();
      const list = (query: Record<string, string>) =>
        app.inject({
          method: 'GET',
          url: '/api/admin/construction/orders',
          query,
          headers: { authorization: `Bearer ${w.boss}`, lang: 'ar' },
        });
      const byStaff = ok<{ data: { id: number; staff: { id: number } | null }[] }>(
        await list({ staff_id: String(w.engineer.id), status: 'engineer_assigned' }),
      );
      expect(byStaff.data.map((x) => x.id)).toContain(o.id);
      expect(byStaff.data.every((x) => x.staff?.id === w.engineer.id)).toBe(true);
      const [order] = await app.db.select().from(tables.orders).where(eq(tables.orders.id, o.id));
      const byNumber = ok<{ data: { id: number }[] }>(await list({ q: order!.number }));
      expect(byNumber.data.map((x) => x.id)).toEqual([o.id]);
      expect((await list({ status: 'bogus' })).statusCode).toBe(422);
      const viewer = await adminToken(app, ['construction.view']);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/api/admin/construction/orders',
            headers: { authorization: `Bearer ${viewer}`, lang: 'ar' },
          })
        ).statusCode,
      ).toBe(403);
    });
  });
});
