/**
 * The order kernel's one way to change an order's state (DOMAIN.md; the
 * declarations are contracts' ORDER_MACHINES). `transition()` checks the move
 * against the kind's declaration and the actor, runs the kind's hooks, writes
 * the new state and its history row, and emits the `order.moved` event, all
 * in the caller's transaction, on an order row the caller has locked
 * (`lockOrder`). `startOrder` records a new order's first state the same way.
 */
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, tables, type Db } from '@pool/db';
import {
  AWAITING_PAYMENT,
  COMPANY_TIME_ZONE,
  findMove,
  isFinal,
  ORDER_MACHINES,
  ORDER_NUMBER_PREFIX,
  UNPAID_ORDER_CANCEL_HOURS,
  type OrderKind,
} from '@pool/contracts';
import { AppError, fieldError, forbidden, notFound } from '../../../lib/errors.ts';
import { emit, type NotificationParams } from '../../events/index.ts';
import type { Actor } from './actor.ts';
import type { OrderPatch, OrderRow } from './hooks.ts';
import { hooksOf } from './kinds.ts';

const o = tables.orders;
const history = tables.orderEvents;

const riyadhYearMonth = new Intl.DateTimeFormat('en-US-u-nu-latn', {
  timeZone: COMPANY_TIME_ZONE,
  year: '2-digit',
  month: '2-digit',
});

/** A human-friendly unique number: the kind's letter, year and month in Riyadh, the id; e.g. `S2506-00042`. */
export function orderNumber(kind: OrderKind, id: number, at: Date) {
  const parts = Object.fromEntries(riyadhYearMonth.formatToParts(at).map((p) => [p.type, p.value]));
  return `${ORDER_NUMBER_PREFIX[kind]}${parts.year}${parts.month}-${String(id).padStart(5, '0')}`;
}

/** A fresh order id, so that the number can be written with the row. */
export async function nextOrderId(tx: Db) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`,
  );
  return row!.id;
}

export const moveRefused = (status: string) =>
  new AppError('fail', 'orders.move_not_allowed', { status: 409, params: { status } });

/** Locks an order row for a move; `scope` limits it to a kind and, for a customer, their own orders (else 404). */
export async function lockOrder(tx: Db, orderId: number, scope: { kind?: OrderKind; userId?: number } = {}) {
  const [row] = await tx
    .select()
    .from(o)
    .where(
      and(
        eq(o.id, orderId),
        scope.kind ? eq(o.kind, scope.kind) : undefined,
        scope.userId === undefined ? undefined : eq(o.userId, scope.userId),
      ),
    )
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** The order's own party: its customer, or the staff member assigned; anyone else is told it does not exist. */
function checkParty(order: OrderRow, actor: Actor) {
  if (actor.type === 'customer' && order.userId !== actor.userId) throw notFound();
  if (actor.type === 'staff' && order.staffId !== actor.staffId) throw notFound();
}

/** When an order entering `pending_payment` at `now` is cancelled unless paid (the `order-pay-deadline` job). */
export const payDeadline = (now: Date) => new Date(now.getTime() + UNPAID_ORDER_CANCEL_HOURS * 3600_000);

export type TransitionInput = {
  to: string;
  actor: Actor;
  /** The reason in words (typed by the customer or the admin), kept in the history. */
  reason?: string | null;
  /** The cancel reason chosen, kept in the history by id (shown in the reader's language). */
  reasonId?: number | null;
  /** Columns the move sets with the state (e.g. `paidAt` and `paymentId` of a payment). */
  patch?: OrderPatch;
  /** More parameters of the move's notification texts (e.g. the arrival `time` of "on the way"). */
  notifyParams?: NotificationParams;
  /**
   * The move enters `pending_payment` and the caller pays the order in the same
   * transaction (wallet): the customer is not asked to pay (the move's own
   * notifications are dropped; the paid move tells them), as `startOrder`'s option.
   */
  paidAtOnce?: boolean;
};

/** Moves a locked order along its kind's declaration; answers the new row and the declared move. */
export async function transition(tx: Db, order: OrderRow, input: TransitionInput) {
  const kind = order.kind;
  checkParty(order, input.actor);
  const move = findMove(kind, order.status, input.to, input.actor.type);
  if (!move) throw moveRefused(order.status);
  if (input.actor.type === 'admin' && move.permission && !input.actor.can(move.permission)) throw forbidden();
  if (move.reason && !input.reason && !input.reasonId) throw fieldError('cancel_reason_id', 'orders.reason_required');
  if (input.paidAtOnce && move.to !== AWAITING_PAYMENT)
    throw new Error('paidAtOnce is for a move into pending_payment');
  // An offer goes to the customer only once saved with an amount to pay (an order starts at 0): kernel/offer.ts.
  if (move.to === 'offer_sent' && order.total <= 0) throw new AppError('fail', 'maintenance.no_offer', { status: 409 });
  const hooks = hooksOf(kind);
  const ctx = { tx, order, move, actor: input.actor };
  const hookPatch = (await hooks.beforeMove?.(ctx)) ?? {};
  const now = new Date();
  const [moved] = await tx
    .update(o)
    .set({
      status: move.to,
      updatedAt: now,
      // Ended now; or taken back from an end (a reopening move): open again.
      ...(isFinal(kind, move.to) ? { closedAt: now } : isFinal(kind, order.status) ? { closedAt: null } : {}),
      ...(move.to === AWAITING_PAYMENT ? { payBy: payDeadline(now) } : {}),
      ...input.patch,
      ...hookPatch,
    })
    .where(and(eq(o.id, order.id), eq(o.status, order.status)))
    .returning();
  // The caller holds the row lock, so the state cannot have changed meanwhile; refuse rather than guess.
  if (!moved) throw moveRefused(order.status);
  await writeHistory(tx, moved, order.status, input.actor, input.reason ?? null, input.reasonId ?? null);
  await hooks.afterMove?.({ ...ctx, order: moved });
  await emit(tx, {
    type: 'order.moved',
    payload: {
      order_id: moved.id,
      kind,
      number: moved.number,
      user_id: moved.userId,
      staff_id: moved.staffId,
      from: order.status,
      to: move.to,
      actor: input.actor.type,
      notify: input.paidAtOnce ? [] : [...(move.notify ?? [])],
      notify_admins: move.notifyAdmins ?? null,
      ...(input.notifyParams ? { params: input.notifyParams } : {}),
    },
  });
  return { order: moved, move };
}

/**
 * Records a new order's first state (its history row and event); the row must
 * carry the kind's start state. `paidAtOnce`: the order is paid in the same
 * transaction (wallet), so the customer is not asked to pay.
 */
export async function startOrder(tx: Db, order: OrderRow, actor: Actor, options: { paidAtOnce?: boolean } = {}) {
  const start = ORDER_MACHINES[order.kind].start;
  if (order.status !== start.state) throw new Error(`an order of kind ${order.kind} starts in ${start.state}`);
  await writeHistory(tx, order, null, actor, null);
  await emit(tx, {
    type: 'order.moved',
    payload: {
      order_id: order.id,
      kind: order.kind,
      number: order.number,
      user_id: order.userId,
      staff_id: order.staffId,
      from: null,
      to: order.status,
      actor: actor.type,
      notify: options.paidAtOnce ? [] : [...(start.notify ?? [])],
      notify_admins: start.notifyAdmins ?? null,
    },
  });
}

/** The one place that writes an order's history (its timeline). */
async function writeHistory(
  tx: Db,
  order: OrderRow,
  from: string | null,
  actor: Actor,
  note: string | null,
  reasonId: number | null = null,
) {
  await tx.insert(history).values({
    reasonId,
    orderId: order.id,
    fromStatus: from,
    toStatus: order.status,
    actor: actor.type,
    adminId: actor.type === 'admin' ? actor.adminId : null,
    staffId: actor.type === 'staff' ? actor.staffId : null,
    note,
  });
}
