/**
 * Property: whatever random actions random actors take on an immediate
 * maintenance order (its customer, another customer, admins with and without
 * the permission, the technician assigned and another one, the gateway, the
 * 2-hour job), the order never leaves the declared states, every recorded
 * move is a move the machine declares for that actor from the state before
 * it (so every reached state is reachable by declared moves), a final state
 * stays final, and no request answers 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeStaff, tables } from '@pool/db';
import { IMMEDIATE_MAINTENANCE_MACHINE, isFinal, ON_THE_WAY_LEAD_HOURS } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminToken } from '../admin-content/testing.ts';
import { expectDeclaredMoves, gatewayPaysLatest, payDeadlinePasses, staffMoveStatus } from '../orders/testing.ts';
import { credit } from '../wallet/index.ts';
import { admin, api, customer, OFFER, maintenanceWorld, type World } from './testing.ts';

const ACTIONS = [
  'approve',
  'save_offer',
  'send_offer',
  'offer_and_send',
  'accept_wallet',
  'accept_card',
  'pay_again',
  'reject',
  'customer_cancel',
  'stranger_accept',
  'stranger_cancel',
  'viewer_approve',
  'viewer_cancel',
  'assign',
  'admin_cancel',
  'admin_refuse',
  'gateway_pays',
  'deadline_passes',
  'staff_on_the_way',
  'staff_arrived',
  'staff_completed',
  'other_staff_on_the_way',
] as const;
type Action = (typeof ACTIONS)[number];
const HAPPY_PATH: Action[] = [
  'approve',
  'offer_and_send',
  'accept_wallet',
  'assign',
  'staff_on_the_way',
  'staff_arrived',
  'staff_completed',
];

describe('the immediate maintenance machine under random actions', () => {
  let app: TestApp;
  let w: World;
  let viewer = '';
  beforeAll(async () => {
    app = await buildTestApp();
    w = await maintenanceWorld(app);
    viewer = await adminToken(app, ['orders.view']);
  });
  afterAll(() => app.close());

  const STATES = new Set<string>(IMMEDIATE_MAINTENANCE_MACHINE.states);
  const reached = new Set<string>();

  const staffMove = (orderId: number, staffId: number, to: string) => staffMoveStatus(app, orderId, staffId, to);

  it('never reaches a state outside the machine, and records only declared moves', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...ACTIONS), { minLength: 1, maxLength: 14 }),
        fc.boolean(),
        fc.integer({ min: 0, max: HAPPY_PATH.length }),
        async (random, rich, prefix) => {
          // The happy path's first steps, then the random actions: every state gets to be a starting point.
          const actions = [...HAPPY_PATH.slice(0, prefix), ...random];
          const me = await customer(app);
          const stranger = await customer(app);
          if (rich) await credit(app.db, me.user.id, 1_000_000, 'charge');
          // A technician of the city of their own, so that runs do not make each other busy.
          const tech = await makeStaff(app.db);
          const other = await makeStaff(app.db);
          await app.db.insert(tables.staffCities).values([
            { staffId: tech.id, cityId: w.city.id },
            { staffId: other.id, cityId: w.city.id },
          ]);
          // Within on the way's lead time, so that the technician's moves are open.
          const { id } = await w.request(me.token, ON_THE_WAY_LEAD_HOURS - 1);
          const doAction = async (a: Action): Promise<number> => {
            const u = (path: string, token: string, body?: object) =>
              api(app, 'POST', `/maintenance-orders/${id}/${path}`, { token, body });
            const s = (path: string, token = w.boss, body?: object) =>
              admin(app, 'POST', `/service-orders/${id}/${path}`, token, body);
            switch (a) {
              case 'approve':
                return (await s('approve')).statusCode;
              case 'save_offer':
                return (await admin(app, 'PUT', `/service-orders/${id}/offer`, w.boss, { lines: OFFER })).statusCode;
              case 'offer_and_send':
                return (await admin(app, 'PUT', `/service-orders/${id}/offer`, w.boss, { lines: OFFER, send: true }))
                  .statusCode;
              case 'send_offer':
                return (await s('send-offer')).statusCode;
              case 'accept_wallet':
                return (await u('accept', me.token, { payment_method: 'wallet' })).statusCode;
              case 'accept_card':
                return (await u('accept', me.token, { payment_method: 'electronic' })).statusCode;
              case 'pay_again':
                return (await u('pay', me.token)).statusCode;
              case 'reject':
                return (await u('reject', me.token, { reason: 'السعر مرتفع' })).statusCode;
              case 'customer_cancel':
                return (await u('cancel', me.token, { note: 'لم أعد أحتاجه' })).statusCode;
              case 'stranger_accept':
                return (await u('accept', stranger.token, { payment_method: 'wallet' })).statusCode;
              case 'stranger_cancel':
                return (await u('cancel', stranger.token, { note: 'x' })).statusCode;
              case 'viewer_approve':
                return (await s('approve', viewer)).statusCode;
              case 'viewer_cancel':
                return (await s('cancel', viewer, { note: 'x' })).statusCode;
              case 'assign':
                return (await s('assign', w.boss, { staff_id: tech.id })).statusCode;
              case 'admin_cancel':
                return (await s('cancel', w.boss, { note: 'إلغاء' })).statusCode;
              case 'admin_refuse':
                return (await s('refuse', w.boss, { note: 'رفض' })).statusCode;
              case 'gateway_pays':
                return gatewayPaysLatest(app, id);
              case 'deadline_passes':
                return payDeadlinePasses(app, id);
              case 'staff_on_the_way':
                return staffMove(id, tech.id, 'on_the_way');
              case 'staff_arrived':
                return staffMove(id, tech.id, 'arrived');
              case 'staff_completed':
                return staffMove(id, tech.id, 'completed');
              case 'other_staff_on_the_way':
                return staffMove(id, other.id, 'on_the_way');
            }
          };

          let seen = 1;
          for (const action of actions) {
            const before = await w.status(id);
            const code = await doAction(action);
            expect(code, `${action} from ${before}`).toBeLessThan(500);
            const after = await w.status(id);
            expect(STATES.has(after), after).toBe(true);
            if (isFinal('immediate_maintenance', before)) expect(after).toBe(before);
            if (action.startsWith('stranger') || action.startsWith('viewer') || action.startsWith('other_staff')) {
              expect(after, action).toBe(before);
              expect(code, action).toBeGreaterThanOrEqual(400);
            }
            // Every move recorded since is declared for its actor, from the state before it, in a chain.
            const history = await expectDeclaredMoves(app, 'immediate_maintenance', id, seen, after, action);
            seen = history.count;
            for (const state of history.reached) reached.add(state);
          }
        },
      ),
      {
        numRuns: 40,
        // Always tried as well: the whole happy path, and each way out of it.
        examples: [
          [[], true, HAPPY_PATH.length],
          [['reject', 'offer_and_send', 'accept_card', 'deadline_passes'], true, 2],
          [['admin_refuse'], true, 4],
          [['accept_card', 'gateway_pays', 'gateway_pays', 'customer_cancel'], false, 2],
        ],
      },
    );
    // Every declared state was reached by some run through declared moves only.
    expect([...reached].sort()).toEqual([...STATES].sort());
  }, 300_000);
});
