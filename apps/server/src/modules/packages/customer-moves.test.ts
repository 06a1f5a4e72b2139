/**
 * The customer's money moves on a subscription (ADR 0019) and rating its visits: paying again one
 * that waits for payment (wallet at once, card page again; once), renewing by hand (an active one
 * in its last days from its end, an expired one from today; wallet or card, the price as subscribed
 * with VAT; once however many taps, payments or job runs race; the loser's card payment to the
 * wallet), and a done visit's stars or the way to rate it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeStaff, tables } from '@pool/db';
import type { SubscriptionView } from '@pool/contracts';
import { SANDBOX_CARDS, type SandboxGateway } from '../../integrations/payments/sandbox.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { cardFlow, walletState } from '../payments/testing.ts';
import { credit } from '../wallet/index.ts';
import { runPackageJobs } from './jobs.ts';
import {
  api,
  customer,
  mySubscription,
  ok,
  orderRow,
  packagesWorld,
  subscriber,
  type PackagesWorld,
} from './testing.ts';

const DAY = 86_400_000;
const PRICE = 11_500;

describe("the customer's moves on a subscription", () => {
  let app: TestApp;
  let w: PackagesWorld;
  const flow = cardFlow(() => app);

  beforeAll(async () => {
    app = await buildTestApp({ poolSize: 12 });
    w = await packagesWorld(app);
  });
  afterAll(() => app.close());

  const post = (token: string, path: string, body: object, key?: string) =>
    api(app, 'POST', path, { token, lang: 'en', body, headers: key ? { 'idempotency-key': key } : {} });
  const pay = (token: string, id: number, method: string, key?: string) =>
    post(token, `/subscriptions/${id}/pay`, { payment_method: method }, key);
  const renew = (token: string, id: number, method: string, key?: string) =>
    post(token, `/subscriptions/${id}/renew`, { payment_method: method }, key);
  const sub = async (id: number) =>
    (await app.db.select().from(tables.packageSubscriptions).where(eq(tables.packageSubscriptions.orderId, id)))[0]!;
  const setPeriodEnd = (id: number, endsAt: Date) =>
    app.db.update(tables.packageSubscriptions).set({ endsAt }).where(eq(tables.packageSubscriptions.orderId, id));
  const visitStates = async (id: number) =>
    (await app.db.select().from(tables.orders).where(eq(tables.orders.parentId, id)).orderBy(tables.orders.id)).map(
      (v) => v.status,
    );
  const told = async (orderId: number, type: 'renew_package') =>
    app.db
      .select({ link: tables.notifications.link })
      .from(tables.notifications)
      .where(and(eq(tables.notifications.orderId, orderId), eq(tables.notifications.type, type)));
  /** The gateway pays `payment` and tells us (twice, as webhooks may). */
  async function gatewayPays(paymentId: number) {
    const [payment] = await app.db.select().from(tables.payments).where(eq(tables.payments.id, paymentId));
    (app.payments as SandboxGateway).pay(payment!.gatewayId!, SANDBOX_CARDS.success);
    for (const res of await Promise.all([1, 2].map(() => flow.webhook(flow.event(payment!.gatewayId!))))) {
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    await app.events.deliver();
  }
  const paymentsOf = (orderId: number, purpose: 'order' | 'package_renewal') =>
    app.db
      .select()
      .from(tables.payments)
      .where(and(eq(tables.payments.orderId, orderId), eq(tables.payments.purpose, purpose)))
      .orderBy(tables.payments.id);

  describe('paying again', () => {
    it('pays a subscription waiting for payment from the wallet once; its visits are made', async () => {
      const c = await subscriber(app, w, { method: 'electronic', balance: PRICE });
      expect(c.subscription.status).toBe('pending_payment');
      const answers = await Promise.all(['a', 'b', 'c'].map((k) => pay(c.token, c.subscription.id, 'wallet', k)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      const paid = ok<{ subscription: SubscriptionView }>(answers.find((r) => r.statusCode === 200)!);
      expect(paid.subscription).toMatchObject({ status: 'active', payment_method: 'wallet', can_chat: true });
      expect(paid.subscription.visits.map((v) => v.status)).toEqual(['scheduled', 'scheduled']);
      expect((await walletState(app.db, c.user.id)).balance).toBe(0);
      // A repeat with the same key answers the first answer, paying nothing more.
      expect((await pay(c.token, c.subscription.id, 'wallet', 'a')).statusCode).toBe(answers[0]!.statusCode);
      expect((await walletState(app.db, c.user.id)).balance).toBe(0);
    });

    it('opens the card page again, and refuses a short wallet, another customer and a paid one', async () => {
      const c = await subscriber(app, w, { method: 'electronic', balance: 5_000 });
      const short = await pay(c.token, c.subscription.id, 'wallet');
      expect(short.statusCode).toBe(422);
      expect((await orderRow(app, c.subscription.id)).status).toBe('pending_payment');
      expect((await walletState(app.db, c.user.id)).balance).toBe(5_000);
      const stranger = await customer(app);
      expect((await pay(stranger.token, c.subscription.id, 'electronic')).statusCode).toBe(404);
      expect((await pay(c.token, c.subscription.id, 'cash')).statusCode).toBe(422);

      const again = ok<{ redirect_url: string }>(await pay(c.token, c.subscription.id, 'electronic'));
      expect(again.redirect_url).toMatch(/^\/api\/payments\/sandbox\//);
      const [, second] = await paymentsOf(c.subscription.id, 'order');
      await gatewayPays(second!.id);
      expect((await orderRow(app, c.subscription.id)).status).toBe('active');
      expect((await pay(c.token, c.subscription.id, 'electronic')).statusCode).toBe(409);
    });
  });

  describe('renewing by hand', () => {
    it('says when and for what: in the last 3 days, from the current end, at the price as subscribed', async () => {
      const c = await subscriber(app, w);
      expect((await mySubscription(app, c.token, c.subscription.id)).renewal).toBeNull();
      expect((await renew(c.token, c.subscription.id, 'wallet')).statusCode).toBe(409);
      const end = new Date(Date.now() + 2 * DAY);
      await setPeriodEnd(c.subscription.id, end);
      const view = await mySubscription(app, c.token, c.subscription.id);
      expect(view.can_renew).toBe(true);
      expect(view.renewal).toEqual({
        total: PRICE,
        visits: 2,
        starts_at: end.toISOString(),
        ends_at: new Date(end.getTime() + 30 * DAY).toISOString(),
      });
    });

    it('renews an active subscription from the wallet once: the next period from its end, new visits to schedule', async () => {
      const c = await subscriber(app, w, { balance: 3 * PRICE });
      const end = new Date(Date.now() + 2 * DAY);
      await setPeriodEnd(c.subscription.id, end);
      const answers = await Promise.all(
        ['1', '2', '3', '4'].map((k) => renew(c.token, c.subscription.id, 'wallet', k)),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const { subscription } = ok<{ subscription: SubscriptionView }>(answers.find((r) => r.statusCode === 200)!);
      expect(subscription).toMatchObject({
        status: 'active',
        period: 2,
        starts_at: end.toISOString(),
        ends_at: new Date(end.getTime() + 30 * DAY).toISOString(),
        can_renew: false,
        visits_remaining: 4,
        visits_total: 4,
      });
      // The visits of the current period keep their times; the new ones wait for theirs.
      expect(subscription.visits.map((v) => v.status).sort()).toEqual([
        'scheduled',
        'scheduled',
        'unscheduled',
        'unscheduled',
      ]);
      expect((await walletState(app.db, c.user.id)).balance).toBe(PRICE);
      // Told once; it opens the subscription (through /order-details, as every order notice).
      expect(await told(c.subscription.id, 'renew_package')).toEqual([
        { link: `/order-details?id=${c.subscription.id}` },
      ]);
      // The job finds nothing to end at the old end, and the unused visits count in a cancellation.
      await runPackageJobs(app, new Date(end.getTime() + 60_000));
      expect((await orderRow(app, c.subscription.id)).status).toBe('active');
      expect((await mySubscription(app, c.token, c.subscription.id)).refund_if_cancelled).toBe(2 * PRICE);
    });

    it('refuses a short wallet with nothing changed', async () => {
      const c = await subscriber(app, w, { balance: PRICE });
      await credit(app.db, c.user.id, 1_000, 'charge');
      await setPeriodEnd(c.subscription.id, new Date(Date.now() + DAY));
      expect((await renew(c.token, c.subscription.id, 'wallet')).statusCode).toBe(422);
      expect(await sub(c.subscription.id)).toMatchObject({ period: 1 });
      expect(await visitStates(c.subscription.id)).toEqual(['scheduled', 'scheduled']);
      expect((await walletState(app.db, c.user.id)).balance).toBe(1_000);
    });

    it('takes an expired subscription back to active from today, within 30 days of its end', async () => {
      const c = await subscriber(app, w, { balance: 2 * PRICE });
      await setPeriodEnd(c.subscription.id, new Date(Date.now() - 60_000));
      await runPackageJobs(app);
      expect((await orderRow(app, c.subscription.id)).status).toBe('expired');
      const view = await mySubscription(app, c.token, c.subscription.id);
      expect(view.can_renew).toBe(true);
      const before = Date.now();
      const { subscription } = ok<{ subscription: SubscriptionView }>(
        await renew(c.token, c.subscription.id, 'wallet'),
      );
      expect(subscription).toMatchObject({ status: 'active', period: 2, can_chat: true });
      expect(new Date(subscription.starts_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(await visitStates(c.subscription.id)).toEqual(['cancelled', 'cancelled', 'unscheduled', 'unscheduled']);
      const order = await orderRow(app, c.subscription.id);
      expect(order.closedAt).toBeNull();
      // Its history shows the subscription taken back by the system.
      const events = await app.db
        .select()
        .from(tables.orderEvents)
        .where(eq(tables.orderEvents.orderId, c.subscription.id));
      expect(events.map((e) => `${e.fromStatus}>${e.toStatus}`)).toContain('expired>active');
      // A new visit is booked within the new period.
      const visit = subscription.visits.find((v) => v.status === 'unscheduled')!;
      expect(visit.can_reschedule).toBe(true);
    });

    it('refuses an expired subscription more than 30 days after its end', async () => {
      const c = await subscriber(app, w, { balance: 2 * PRICE });
      await setPeriodEnd(c.subscription.id, new Date(Date.now() - 60_000));
      await runPackageJobs(app);
      await app.db
        .update(tables.orders)
        .set({ closedAt: new Date(Date.now() - 31 * DAY) })
        .where(eq(tables.orders.id, c.subscription.id));
      expect((await mySubscription(app, c.token, c.subscription.id)).renewal).toBeNull();
      const res = await renew(c.token, c.subscription.id, 'wallet');
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toContain('30 days');
      expect((await walletState(app.db, c.user.id)).balance).toBe(PRICE);
    });

    it('renews by card when the payment is verified; a second payment landing after goes to the wallet', async () => {
      const c = await subscriber(app, w, { balance: PRICE });
      await setPeriodEnd(c.subscription.id, new Date(Date.now() + DAY));
      const first = ok<{ redirect_url: string; subscription: SubscriptionView }>(
        await renew(c.token, c.subscription.id, 'electronic'),
      );
      expect(first.redirect_url).toMatch(/^\/api\/payments\/sandbox\//);
      expect(first.subscription.period).toBe(1);
      ok(await renew(c.token, c.subscription.id, 'electronic'));
      const [one, two] = await paymentsOf(c.subscription.id, 'package_renewal');
      expect(one).toMatchObject({ amount: PRICE, status: 'initiated' });
      await gatewayPays(one!.id);
      expect(await sub(c.subscription.id)).toMatchObject({ period: 2 });
      expect(await visitStates(c.subscription.id)).toEqual(['scheduled', 'scheduled', 'unscheduled', 'unscheduled']);
      await gatewayPays(two!.id);
      expect(await sub(c.subscription.id)).toMatchObject({ period: 2 });
      expect((await walletState(app.db, c.user.id)).balance).toBe(PRICE);
      expect(await told(c.subscription.id, 'renew_package')).toHaveLength(1);
    });

    it('is one with the automatic renewal: renewed by hand first, the end renews nothing more', async () => {
      const c = await subscriber(app, w, { balance: 3 * PRICE });
      ok(await post(c.token, `/subscriptions/${c.subscription.id}/auto-renew`, { auto_renew: true }));
      const end = new Date(Date.now() + DAY);
      await setPeriodEnd(c.subscription.id, end);
      ok(await renew(c.token, c.subscription.id, 'wallet'));
      await Promise.all([
        runPackageJobs(app, new Date(end.getTime() + 1000)),
        runPackageJobs(app, new Date(end.getTime() + 1000)),
      ]);
      expect(await sub(c.subscription.id)).toMatchObject({ period: 2 });
      expect((await walletState(app.db, c.user.id)).balance).toBe(PRICE);
    });
  });

  describe('rating a visit', () => {
    it('shows a done visit the way to rate its technician, then its stars', async () => {
      const c = await subscriber(app, w);
      const [visit] = c.subscription.visits;
      const tech = await makeStaff(app.db, { job: 'technician' });
      expect(visit!.can_rate).toBe(false);
      await app.db
        .update(tables.orders)
        .set({ status: 'done', staffId: tech.id })
        .where(eq(tables.orders.id, visit!.id));
      const done = (await mySubscription(app, c.token, c.subscription.id)).visits.find((v) => v.id === visit!.id)!;
      expect(done).toMatchObject({ status: 'done', rating: null, can_rate: true });
      ok(await post(c.token, `/package-visits/${visit!.id}/rate`, { stars: 4, comment: 'Clean and on time' }));
      const rated = (await mySubscription(app, c.token, c.subscription.id)).visits.find((v) => v.id === visit!.id)!;
      expect(rated).toMatchObject({ rating: 4, can_rate: false });
    });
  });
});
