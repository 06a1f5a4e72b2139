/**
 * An extra service accepted for a card and never paid: its `extra-pay-deadline`
 * job (sent at the first acceptance, due EXTRA_PAY_MINUTES later) expires it
 * through the queue, once, telling the technician and the admins; the visit can
 * then finish; a payment arriving after goes to the customer's wallet, once;
 * the `orders-due` sweep is the floor, and a payment the gateway already took
 * marks it paid rather than expired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, tables } from '@pool/db';
import { EXTRA_PAY_MINUTES, REPORT_CHECKLIST } from '@pool/contracts';
import { translate } from '@pool/i18n';
import type { TestApp } from '../../testing/app.ts';
import { until } from '../../testing/until.ts';
import { runOrderJobs } from '../../jobs/auto-cancel.ts';
import { cardFlow, SUCCESS, walletState } from '../payments/testing.ts';
import { EXTRA_PAY_DEADLINE_JOB } from './index.ts';
import {
  adminTold,
  assignedOrder,
  fieldWorkSetup,
  ok,
  staffCall,
  technician,
  toldTypes,
  uploadPhoto,
  userCall,
} from './testing.ts';

type Extra = { id: number; status: string; total: number; pay_by: string | null };

describe('field work: an extra service accepted for a card and not paid', () => {
  let app: TestApp;
  let adminId = 0;
  const card = cardFlow(() => app);

  beforeAll(async () => {
    ({ app, adminId } = await fieldWorkSetup());
  });
  afterAll(() => app.close());

  /** A technician on site with the report done, an extra (100 SAR + VAT) proposed and accepted for a card. */
  async function acceptedForCard() {
    const tech = await technician(app);
    const o = await assignedOrder(app, tech.staff.id, { status: 'arrived' });
    const base = `/orders/${o.order.id}`;
    const after = await uploadPhoto(app, o.order.id, tech.token);
    ok(
      await staffCall(app, 'PUT', `${base}/report`, tech.token, {
        checklist: Object.fromEntries(REPORT_CHECKLIST.map((k) => [k, true])),
        photos_after: [after],
      }),
    );
    const proposed = ok<Extra>(
      await staffCall(app, 'POST', `${base}/extras`, tech.token, {
        lines: [{ name_ar: 'تغيير الرمل', name_en: 'Sand change', unit_price: 10_000 }],
      }),
    );
    const path = `/maintenance-orders/${o.order.id}/extras/${proposed.id}`;
    const accept = () => userCall(app, 'POST', `${path}/accept`, o.token, { body: { payment_method: 'electronic' } });
    const first = ok<{ extra: Extra; redirect_url: string }>(await accept());
    const finish = () => staffCall(app, 'POST', `${base}/finish`, tech.token);
    return { tech, ...o, extra: first.extra, page: first.redirect_url, path, accept, finish };
  }

  const extraRow = async (id: number) =>
    (await app.db.select().from(tables.orderExtras).where(eq(tables.orderExtras.id, id)))[0]!;
  const jobsOf = (extraId: number) =>
    queryRows<{ id: string; start_after: string; state: string }>(
      app.db,
      sql`select id, start_after, state from pgboss.job where name = ${EXTRA_PAY_DEADLINE_JOB} and singleton_key = ${String(extraId)}`,
    );
  const overdue = (extraId: number) =>
    app.db
      .update(tables.orderExtras)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(eq(tables.orderExtras.id, extraId));

  it('expires through the queue at its pay-by time, once; the visit finishes; a late payment goes to the wallet once', async () => {
    await app.jobs.start();
    try {
      const o = await acceptedForCard();
      const row = await extraRow(o.extra.id);
      expect(o.extra).toMatchObject({ status: 'accepted', pay_by: row.payBy!.toISOString() });
      const minutes = (row.payBy!.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(EXTRA_PAY_MINUTES - 1);
      expect(minutes).toBeLessThanOrEqual(EXTRA_PAY_MINUTES);
      // Paying again (the first page closed) keeps the deadline and asks for no second job.
      const again = ok<{ extra: Extra; redirect_url: string }>(await o.accept());
      expect(again.extra.pay_by).toBe(o.extra.pay_by);
      const [job, ...others] = await jobsOf(o.extra.id);
      expect(others).toHaveLength(0);
      expect(new Date(job!.start_after).getTime()).toBe(row.payBy!.getTime());
      expect(job!.state).toBe('created');
      expect((await o.finish()).statusCode).toBe(409);

      // Thirty minutes later (moved back rather than waited for): the queue's worker runs it.
      await overdue(o.extra.id);
      await app.db.execute(sql`update pgboss.job set start_after = now() where id = ${job!.id}`);
      await until(async () => (await extraRow(o.extra.id)).status === 'expired');
      await until(async () => (await jobsOf(o.extra.id))[0]!.state === 'completed');
      await app.events.deliver();
      expect(await toldTypes(app, { staffId: o.tech.staff.id })).toEqual(['reject_extra_service']);
      const [staffNote] = await app.db
        .select()
        .from(tables.notifications)
        .where(eq(tables.notifications.staffId, o.tech.staff.id));
      expect(staffNote!.bodyEn).toBe(
        `The customer did not pay the extra service of order ${o.order.number} in time, so it lapsed. The visit can finish, or propose it again.`,
      );
      expect(staffNote!.titleAr).toBe('انتهت مهلة دفع خدمة إضافية');
      const admins = await adminTold(app, adminId, o.order.id, ['reject_extra_service']);
      expect(admins).toHaveLength(1);
      expect(admins[0]!.bodyEn).toContain('did not pay the extra service');
      // The sweep later finds nothing more to do: expired once.
      await runOrderJobs(app);
      expect(await toldTypes(app, { staffId: o.tech.staff.id })).toEqual(['reject_extra_service']);

      // The customer can no longer pay or answer it; the technician finishes the visit.
      const late = await o.accept();
      expect(late.statusCode).toBe(409);
      expect(late.json().msg).toBe('This extra service was already answered');
      expect(
        (await userCall(app, 'POST', `${o.path}/reject`, o.token, { body: { reason: 'Too late' } })).statusCode,
      ).toBe(409);
      expect(ok<{ status: string }>(await o.finish()).status).toBe('completed');

      // The page left open is paid after the expiry: refunded to the wallet, once however often it is confirmed.
      const paid = await card.form(o.page, { card: SUCCESS });
      expect(paid.statusCode).toBe(303);
      const [payment] = (await card.paymentRows(o.user.id)).filter((p) => p.gatewayId && o.page.includes(p.gatewayId));
      for (let i = 0; i < 3; i++) {
        expect((await card.webhook(card.event(payment!.gatewayId!))).statusCode).toBe(200);
        await card.follow(String(paid.headers.location));
      }
      expect(await walletState(app.db, o.user.id)).toMatchObject({ balance: 11_500, ledger: 11_500, entries: 1 });
      expect(await extraRow(o.extra.id)).toMatchObject({ status: 'expired', paymentId: null, paidAt: null });

      // The customer's page: expired, no pay-by time left, in both languages.
      for (const lang of ['ar', 'en'] as const) {
        const d = ok<{ extras: Extra[] }>(
          await userCall(app, 'GET', `/maintenance-orders/${o.order.id}`, o.token, { lang }),
        );
        expect(d.extras).toMatchObject([{ id: o.extra.id, status: 'expired', pay_by: null }]);
      }
    } finally {
      await app.jobs.stop();
    }
  });

  it('is expired by the orders-due sweep when its job was lost; one the gateway took is paid instead', async () => {
    // Jobs not started: the accept's job request is a no-op, as in a process that lost it.
    const lost = await acceptedForCard();
    const took = await acceptedForCard();
    expect(await jobsOf(lost.extra.id)).toEqual([]);
    // The second customer paid on the page, but no webhook came.
    expect((await card.form(took.page, { card: SUCCESS })).statusCode).toBe(303);
    await Promise.all([overdue(lost.extra.id), overdue(took.extra.id)]);
    await Promise.all([runOrderJobs(app), runOrderJobs(app)]);
    expect((await extraRow(lost.extra.id)).status).toBe('expired');
    expect((await extraRow(took.extra.id)).status).toBe('paid');
    expect(await toldTypes(app, { staffId: lost.tech.staff.id })).toEqual(['reject_extra_service']);
    expect(await toldTypes(app, { staffId: took.tech.staff.id })).toEqual(['accept_extra_service']);
    expect(await walletState(app.db, took.user.id)).toMatchObject({ balance: 0 });
    expect(ok<{ status: string }>(await lost.finish()).status).toBe('completed');
    expect(ok<{ status: string }>(await took.finish()).status).toBe('completed');
    // A wallet extra never expires: the deadline is only for a card.
    const n = tables.notifications;
    expect(
      await app.db
        .select()
        .from(n)
        .where(and(eq(n.staffId, took.tech.staff.id), eq(n.type, 'reject_extra_service'))),
    ).toEqual([]);
  });

  it('tells the customer why an extra expired, in Arabic and English', () => {
    for (const lang of ['ar', 'en'] as const) {
      for (const key of [
        'field-work.extra_status_expired',
        'field-work.extra_expired_note',
        'field-work.extra_pay_by',
      ]) {
        const text = translate(lang, key, { minutes: String(EXTRA_PAY_MINUTES), time: '10:30' });
        expect(text, `${lang} ${key}`).not.toBe(key);
        expect(text).not.toContain('{{');
      }
    }
    expect(translate('en', 'field-work.extra_expired_note', { minutes: '30' })).toContain('30 minutes');
    expect(translate('ar', 'field-work.extra_status_expired')).toBe('انتهت مهلة الدفع');
  });
});
