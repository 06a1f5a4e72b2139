/**
 * Property: whatever random actions random actors take on a subscription and
 * its visits (its customer and another one, the admin assigning technicians,
 * the technician assigned and another one, the gateway, the 2-hour job, the
 * packages-due job at the period's end, paying again, renewing by hand), the
 * subscription and every visit stay in their declared states and move only by
 * moves declared for their actor, a final state stays final (but for a
 * renewal's reopening move), no request answers 5xx, a technician's visits never
 * overlap, and the customer is never refunded more than was paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { makeCity, makeStaff, queryRows, tables } from '@pool/db';
import {
  findMove,
  isFinal,
  ON_THE_WAY_LEAD_HOURS,
  PACKAGE_SUBSCRIPTION_MACHINE,
  PACKAGE_VISIT_MACHINE,
  VISIT_MINUTES,
  type OrderKind,
  type SubscriptionView,
} from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminToken } from '../admin-content/testing.ts';
import { riyadhSlot } from '../maintenance/testing.ts';
import {
  api,
  customer,
  expectDeclaredMoves,
  gatewayPaysLatest,
  ok,
  payDeadlinePasses,
  staffMoveStatus,
} from '../orders/testing.ts';
import { credit } from '../wallet/index.ts';
import { runPackageJobs } from './jobs.ts';

const VISIT = [0, 1] as const;
const ACTIONS = [
  'gateway_pays',
  'deadline_passes',
  'cancel_subscription',
  'auto_renew_on',
  'auto_renew_off',
  'period_ends',
  'reminder_due',
  'stranger_cancel_subscription',
  'pay_again_wallet',
  'renew_wallet',
  'renew_card',
  'period_nearly_over',
  ...VISIT.flatMap((i) => [
    `cancel_visit_${i}` as const,
    `schedule_visit_${i}_far` as const,
    `schedule_visit_${i}_soon` as const,
    `assign_${i}` as const,
    `staff_on_the_way_${i}` as const,
    `staff_arrived_${i}` as const,
    `staff_done_${i}` as const,
    `other_staff_on_the_way_${i}` as const,
    `stranger_cancel_visit_${i}` as const,
  ]),
] as const;
type Action = (typeof ACTIONS)[number];
const HAPPY_PATH: Action[] = [
  'assign_0',
  'staff_on_the_way_0',
  'staff_arrived_0',
  'staff_done_0',
  'assign_1',
  'cancel_visit_1',
  'schedule_visit_1_soon',
  'assign_1',
  'staff_on_the_way_1',
  'staff_arrived_1',
  'staff_done_1',
];
/** Hours ahead: the first visit within on the way's lead, the second beyond a day (so it can be taken back). */
const SOON = ON_THE_WAY_LEAD_HOURS - 1;
const FAR = 72;

describe('the subscription and visit machines under random actions', () => {
  let app: TestApp;
  let boss = '';
  let cityId = 0;
  let packageId = 0;
  const reached = { package_subscription: new Set<string>(), package_visit: new Set<string>() };

  beforeAll(async () => {
    app = await buildTestApp({ poolSize: 10 });
    boss = await adminToken(app);
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

  const o = tables.orders;
  const statusOf = async (id: number) => (await app.db.select().from(o).where(eq(o.id, id)))[0]!.status;
  const visitIds = async (subId: number) =>
    (await app.db.select({ id: o.id }).from(o).where(eq(o.parentId, subId)).orderBy(asc(o.id))).map((r) => r.id);

  const staffMove = (orderId: number | undefined, staffId: number, to: string) =>
    orderId === undefined ? Promise.resolve(404) : staffMoveStatus(app, orderId, staffId, to);

  /** No technician has two live visits closer than a visit's length. */
  async function checkNoOverlap(staffIds: number[]) {
    const live = ['technician_assigned', 'on_the_way', 'arrived'];
    const rows = await app.db
      .select({ staffId: o.staffId, at: tables.maintenanceRequests.scheduledAt })
      .from(o)
      .innerJoin(tables.maintenanceRequests, eq(tables.maintenanceRequests.orderId, o.id))
      .where(and(inArray(o.staffId, staffIds), inArray(o.status, live)));
    for (const a of rows) {
      for (const b of rows) {
        if (a === b || a.staffId !== b.staffId) continue;
        expect(Math.abs(a.at.getTime() - b.at.getTime())).toBeGreaterThanOrEqual(VISIT_MINUTES * 60_000);
      }
    }
  }

  /** What the customer paid for the order (wallet or card) and what came back to the wallet. */
  async function money(orderId: number) {
    const [row] = await queryRows<{ paid: string; refunded: string }>(
      app.db,
      sql`select (select coalesce(sum(-amount), 0) from wallet_entries where order_id = ${orderId} and kind = 'payment')
               + (select coalesce(sum(amount), 0) from payments where order_id = ${orderId} and status in ('paid', 'refunded')) as paid,
                 (select coalesce(sum(amount), 0) from wallet_entries where order_id = ${orderId} and kind = 'refund') as refunded`,
    );
    return { paid: Number(row!.paid), refunded: Number(row!.refunded) };
  }

  it('keeps both machines to their declared moves', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...ACTIONS), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.integer({ min: 0, max: HAPPY_PATH.length }),
        async (random, byWallet, prefix) => {
          const actions = [...HAPPY_PATH.slice(0, prefix), ...random];
          const me = await customer(app);
          const stranger = await customer(app);
          await credit(app.db, me.user.id, 100_000, 'charge');
          const tech = await makeStaff(app.db);
          const other = await makeStaff(app.db);
          await app.db.insert(tables.staffCities).values([
            { staffId: tech.id, cityId },
            { staffId: other.id, cityId },
          ]);
          const created = ok<{ subscription: SubscriptionView }>(
            await api(app, 'POST', `/packages/${packageId}/subscribe`, {
              token: me.token,
              body: {
                slots: [riyadhSlot(SOON), riyadhSlot(FAR)],
                city_id: cityId,
                lat: 24.7136,
                lng: 46.6753,
                payment_method: byWallet ? 'wallet' : 'electronic',
              },
            }),
          );
          const subId = created.subscription.id;
          const user = (path: string, token = me.token, body?: object) =>
            api(app, 'POST', path, { token, body }).then((r) => r.statusCode);
          const endsAt = async () =>
            (
              await app.db
                .select({ at: tables.packageSubscriptions.endsAt })
                .from(tables.packageSubscriptions)
                .where(eq(tables.packageSubscriptions.orderId, subId))
            )[0]?.at;
          const runJobsAt = async (offsetMs: number) => {
            const end = await endsAt();
            if (!end) return 409;
            await runPackageJobs(app, new Date(end.getTime() + offsetMs));
            await app.events.deliver();
            return 200;
          };

          const doAction = async (a: Action): Promise<number> => {
            const visits = await visitIds(subId);
            const visit = (i: string) => visits[Number(i)];
            const m = /^(.*)_(\d)(?:_(far|soon))?$/.exec(a);
            if (m) {
              const [, verb, i, when] = m;
              const id = visit(i!);
              if (id === undefined) return 404;
              switch (verb) {
                case 'cancel_visit':
                  return user(`/package-visits/${id}/cancel`);
                case 'schedule_visit':
                  return user(
                    `/package-visits/${id}/schedule`,
                    me.token,
                    riyadhSlot(when === 'soon' ? SOON + 0.5 : FAR + 24),
                  );
                case 'assign':
                  return (
                    await app.inject({
                      method: 'POST',
                      url: `/api/admin/orders/${id}/assign`,
                      headers: { authorization: `Bearer ${boss}` },
                      payload: { staff_id: tech.id },
                    })
                  ).statusCode;
                case 'staff_on_the_way':
                  return staffMove(id, tech.id, 'on_the_way');
                case 'staff_arrived':
                  return staffMove(id, tech.id, 'arrived');
                case 'staff_done':
                  return staffMove(id, tech.id, 'done');
                case 'other_staff_on_the_way':
                  return staffMove(id, other.id, 'on_the_way');
                case 'stranger_cancel_visit':
                  return user(`/package-visits/${id}/cancel`, stranger.token);
              }
            }
            switch (a) {
              case 'gateway_pays':
                return gatewayPaysLatest(app, subId);
              case 'deadline_passes':
                return payDeadlinePasses(app, subId);
              case 'cancel_subscription':
                return user(`/subscriptions/${subId}/cancel`);
              case 'auto_renew_on':
              case 'auto_renew_off':
                return user(`/subscriptions/${subId}/auto-renew`, me.token, { auto_renew: a === 'auto_renew_on' });
              case 'period_ends':
                return runJobsAt(60_000);
              case 'reminder_due':
                return runJobsAt(-2 * 86_400_000);
              case 'stranger_cancel_subscription':
                return user(`/subscriptions/${subId}/cancel`, stranger.token);
              case 'pay_again_wallet':
                return user(`/subscriptions/${subId}/pay`, me.token, { payment_method: 'wallet' });
              case 'renew_wallet':
              case 'renew_card':
                return user(`/subscriptions/${subId}/renew`, me.token, {
                  payment_method: a === 'renew_wallet' ? 'wallet' : 'electronic',
                });
              case 'period_nearly_over':
                // A day before the end: renewing by hand opens.
                await app.db
                  .update(tables.packageSubscriptions)
                  .set({ endsAt: new Date(Date.now() + 86_400_000) })
                  .where(eq(tables.packageSubscriptions.orderId, subId));
                return 200;
            }
            throw new Error(`unknown action ${a}`);
          };

          const seen = new Map<number, number>();
          for (const action of actions) {
            const ids = [subId, ...(await visitIds(subId))];
            const before = new Map(await Promise.all(ids.map(async (id) => [id, await statusOf(id)] as const)));
            const code = await doAction(action);
            expect(code, `${action} from ${[...before.values()].join(',')}`).toBeLessThan(500);
            const outsider = /^(stranger|other_staff)/.test(action);
            if (outsider) expect(code, action).toBeGreaterThanOrEqual(400);
            for (const id of [subId, ...(await visitIds(subId))]) {
              const kind: OrderKind = id === subId ? 'package_subscription' : 'package_visit';
              const machine = id === subId ? PACKAGE_SUBSCRIPTION_MACHINE : PACKAGE_VISIT_MACHINE;
              const now = await statusOf(id);
              expect(machine.states as readonly string[], `${kind} ${now}`).toContain(now);
              const was = before.get(id);
              // A final state stays final, but for a renewal's declared reopening move.
              const reopened = was !== undefined && !!findMove(kind, was, now, 'system')?.reopens;
              if (was !== undefined && ((isFinal(kind, was) && !reopened) || outsider))
                expect(now, `${kind} after ${action}`).toBe(was);
              const history = await expectDeclaredMoves(app, kind, id, seen.get(id) ?? 0, now, action);
              seen.set(id, history.count);
              for (const state of history.reached) reached[kind as keyof typeof reached].add(state);
            }
            await checkNoOverlap([tech.id, other.id]);
            const { paid, refunded } = await money(subId);
            expect(refunded, action).toBeLessThanOrEqual(paid);
          }
        },
      ),
      {
        numRuns: 30,
        // Always tried as well: the happy path, a card paid twice, an unpaid card, the end of a period.
        examples: [
          [[], true, HAPPY_PATH.length],
          [['gateway_pays', 'gateway_pays', 'assign_0', 'cancel_subscription'], false, 0],
          [['deadline_passes', 'gateway_pays'], false, 0],
          [['auto_renew_on', 'period_ends', 'period_ends', 'reminder_due'], true, 2],
          [['period_ends', 'cancel_subscription'], true, 4],
          [['schedule_visit_1_soon', 'cancel_visit_1', 'schedule_visit_1_soon', 'assign_1'], true, 1],
          [['staff_done_0', 'staff_done_1'], true, 0],
          [['period_nearly_over', 'renew_card', 'renew_wallet', 'gateway_pays', 'period_ends'], true, 1],
          [['period_ends', 'renew_card', 'gateway_pays', 'renew_wallet', 'cancel_subscription'], true, 0],
          [['pay_again_wallet', 'pay_again_wallet', 'renew_wallet'], false, 0],
        ],
      },
    );
    // Between them the runs reached every state of both machines by declared moves only.
    expect([...reached.package_subscription].sort()).toEqual([...PACKAGE_SUBSCRIPTION_MACHINE.states].sort());
    expect([...reached.package_visit].sort()).toEqual([...PACKAGE_VISIT_MACHINE.states].sort());
  }, 400_000);
});
