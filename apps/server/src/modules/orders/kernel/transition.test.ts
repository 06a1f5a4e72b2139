/**
 * The order kernel's transition table: every (kind, state, actor, target) cell
 * is tried through `transition()` on PostgreSQL, and exactly the moves declared
 * in contracts' ORDER_MACHINES go through; the actor's own checks (ownership,
 * permission, assignment, reason) and the history and outbox rows follow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAdmin, makeStaff, makeUser, tables, type Db } from '@pool/db';
import {
  findMove,
  ORDER_ACTORS,
  ORDER_KINDS,
  ORDER_MACHINES,
  ORDER_NUMBER_IN_TEXT,
  type OrderActor,
  type OrderKind,
  type Permission,
} from '@pool/contracts';
import { AppError } from '../../../lib/errors.ts';
import { buildTestApp, type TestApp } from '../../../testing/app.ts';
import type { Actor } from './actor.ts';
import { orderNumber, startOrder, transition } from './transition.ts';

class Rollback extends Error {}

describe('the order kernel', () => {
  let app: TestApp;
  let userId = 0;
  let staffId = 0;
  let adminId = 0;
  let seq = 0;

  beforeAll(async () => {
    app = await buildTestApp();
    userId = (await makeUser(app.db)).id;
    staffId = (await makeStaff(app.db)).id;
    // Never signs in: the hash is not checked here.
    adminId = (await makeAdmin(app.db, { passwordHash: 'unused' })).id;
  });
  afterAll(() => app.close());

  const actorOf = (type: OrderActor, can: (p: Permission) => boolean = () => true): Actor =>
    type === 'customer'
      ? { type, userId }
      : type === 'admin'
        ? { type, adminId, can }
        : type === 'staff'
          ? { type, staffId }
          : { type };

  async function insertOrder(tx: Db, kind: OrderKind, status: string, o: { userId?: number; staffId?: number } = {}) {
    const id = 1_000_000 + ++seq;
    const [row] = await tx
      .insert(tables.orders)
      .values({
        id,
        kind,
        number: orderNumber(kind, id, new Date()),
        userId: o.userId ?? userId,
        staffId: o.staffId ?? staffId,
        status,
        paymentMethod: 'wallet',
        taxRate: 1500,
        // An amount to pay: a kind's hooks refuse to send an offer of nothing.
        total: 11_500,
      })
      .returning();
    // A construction's work is completed only once a stage of it is posted (its kind's hook).
    if (kind === 'pool_construction') {
      await tx.insert(tables.constructionStages).values({ orderId: id, title: 'stage' });
    }
    return row!;
  }

  /** Runs `fn` in a transaction that is always rolled back; answers what `fn` answered. */
  async function rolledBack<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    let out: T;
    try {
      await app.db.transaction(async (tx) => {
        out = await fn(tx);
        throw new Rollback();
      });
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
    }
    return out!;
  }

  it('allows exactly the declared moves, for every kind, state, actor and target', async () => {
    const wrong: string[] = [];
    let cells = 0;
    let allowed = 0;
    for (const kind of ORDER_KINDS) {
      const { states } = ORDER_MACHINES[kind];
      for (const from of states) {
        for (const by of ORDER_ACTORS) {
          for (const to of states) {
            cells++;
            const declared = !!findMove(kind, from, to, by);
            const went = await rolledBack(async (tx) => {
              const order = await insertOrder(tx, kind, from);
              try {
                const { order: after } = await transition(tx, order, { to, actor: actorOf(by), reason: 'r' });
                return after.status === to;
              } catch (err) {
                if (err instanceof AppError && err.msgKey === 'orders.move_not_allowed') return false;
                throw err;
              }
            });
            if (went) allowed++;
            if (went !== declared) wrong.push(`${kind}: ${from} -> ${to} by ${by} (declared: ${declared})`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    const declaredCells = ORDER_KINDS.flatMap((k) =>
      ORDER_MACHINES[k].moves.flatMap((m) => m.from.map((f) => `${k}:${f}:${m.to}:${m.by}`)),
    );
    expect(allowed).toBe(new Set(declaredCells).size);
    expect(cells).toBe(ORDER_KINDS.reduce((s, k) => s + ORDER_MACHINES[k].states.length ** 2 * ORDER_ACTORS.length, 0));
  }, 120_000);

  it('refuses a customer who does not own the order, staff not assigned, an admin without the permission', async () => {
    const other = await makeUser(app.db);
    const otherStaff = await makeStaff(app.db);
    const attempt = (kind: OrderKind, from: string, to: string, actor: Actor) =>
      rolledBack(async (tx) => {
        const order = await insertOrder(tx, kind, from);
        return transition(tx, order, { to, actor, reason: 'r' }).then(
          () => 'moved',
          (e: AppError) => e.key,
        );
      });
    expect(await attempt('store', 'new', 'cancelled', { type: 'customer', userId: other.id })).toBe('notFound');
    expect(
      await attempt('immediate_maintenance', 'technician_assigned', 'on_the_way', {
        type: 'staff',
        staffId: otherStaff.id,
      }),
    ).toBe('notFound');
    expect(
      await attempt(
        'store',
        'new',
        'preparing',
        actorOf('admin', (p) => p !== 'orders.edit'),
      ),
    ).toBe('forbidden');
    expect(
      await attempt(
        'store',
        'new',
        'cancelled',
        actorOf('admin', (p) => p !== 'orders.cancel'),
      ),
    ).toBe('forbidden');
    // The same moves with the right actor go through.
    expect(await attempt('immediate_maintenance', 'technician_assigned', 'on_the_way', actorOf('staff'))).toBe('moved');
    expect(await attempt('store', 'new', 'preparing', actorOf('admin'))).toBe('moved');
  });

  it('needs a reason where the declaration says so', async () => {
    const key = await rolledBack(async (tx) => {
      const order = await insertOrder(tx, 'pool_construction', 'offer_sent');
      return transition(tx, order, { to: 'offer_rejected', actor: actorOf('customer') }).then(
        () => 'moved',
        (e: AppError) => e.key,
      );
    });
    expect(key).toBe('fail');
  });

  it('writes the history row and the domain event with the move, and delivers the notifications once', async () => {
    const order = await app.db.transaction(async (tx) => {
      const row = await insertOrder(tx, 'immediate_maintenance', 'new', { staffId: undefined });
      await startOrder(tx, row, actorOf('customer'));
      const approved = await transition(tx, row, { to: 'approved', actor: actorOf('admin') });
      return approved.order;
    });
    const history = await app.db.select().from(tables.orderEvents).where(eq(tables.orderEvents.orderId, order.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([
      [null, 'new', 'customer'],
      ['new', 'approved', 'admin'],
    ]);
    // Two deliveries at once (two processes): each event is handled by one of them.
    await Promise.all([app.events.deliver(), app.events.deliver()]);
    const notes = await app.db.select().from(tables.notifications).where(eq(tables.notifications.orderId, order.id));
    expect(notes.map((n) => n.type).sort()).toEqual(['owner_approved', 'wait_for_price']);
    expect(notes.every((n) => n.userId === userId && n.link === `/order-details?id=${order.id}`)).toBe(true);
    expect(notes.find((n) => n.type === 'owner_approved')!.titleEn).toBe('Your request was approved');
    // In Arabic the number is a left-to-right isolate, so `M2611-00003` does not turn into `-M2611 00003`.
    const approvedNote = notes.find((n) => n.type === 'owner_approved')!;
    expect(approvedNote.bodyAr).toBe(`وافقت الإدارة على الطلب \u2066${order.number}\u2069.`);
    expect(approvedNote.bodyEn).toContain(` ${order.number}`);
    await app.events.deliver();
    const again = await app.db.select().from(tables.notifications).where(eq(tables.notifications.orderId, order.id));
    expect(again).toHaveLength(2);
    const pending = await app.db.select().from(tables.outboxEvents);
    expect(pending.every((e) => e.deliveredAt !== null)).toBe(true);
  });

  it('numbers each kind with its own letter, in Riyadh time', () => {
    // 21:30 UTC on 31 January is already 1 February in Riyadh.
    const at = new Date('2026-01-31T21:30:00Z');
    expect(orderNumber('store', 42, at)).toBe('S2602-00042');
    expect(orderNumber('immediate_maintenance', 7, at)).toBe('M2602-00007');
    expect(orderNumber('package_subscription', 7, at)).toBe('P2602-00007');
    expect(orderNumber('pool_construction', 7, at)).toBe('C2602-00007');
    // Every kind's number, also past 99,999, is what the site keeps whole in a notification's text.
    for (const kind of ORDER_KINDS) {
      const number = orderNumber(kind, 1_234_567, at);
      expect(`رقم ${number}،`.split(ORDER_NUMBER_IN_TEXT)).toEqual(['رقم ', number, '،']);
    }
  });
});
