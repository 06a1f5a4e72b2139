/**
 * Extra services proposed on site (DOMAIN.md, "Immediate maintenance"): while
 * `arrived`, the technician proposes lines from the catalogue or typed ones;
 * the customer accepts and pays (wallet at once, or a card payment of purpose
 * `order_extra`) or rejects with a reason. The order cannot finish while one
 * is open (`assertNoOpenExtras`, the kind's completion hook and `finish`).
 *
 * Exactly once: every answer locks the extra's row and changes it only from
 * the state it expects; a wallet debit happens in that transaction; a verified
 * card payment marks it paid in the payment's transaction (`extraPaid`), and a
 * payment that arrives for an extra already paid, rejected or expired goes
 * back to the customer's wallet. Who is told goes through the outbox
 * (`order.notice`).
 *
 * Accepted for a card, an extra must be paid within EXTRA_PAY_MINUTES of the
 * first acceptance (`pay_by`): its `extra-pay-deadline` job (sent in the
 * accepting transaction, one per extra) asks the gateway first, then expires
 * it if still unpaid (locked row, state checked: once with several processes),
 * so the technician waiting on site can finish the visit or propose it again.
 * The `orders-due` sweep is the floor when a job was lost.
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  EXTRA_PAY_MINUTES,
  OPEN_EXTRA_STATUSES,
  ORDER_PAGE,
  vatOf,
  type ExtrasBody,
  type FieldVisitKind,
  type Lang,
  type NotificationType,
  type OrderExtraView,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { vatRateBp } from '../cart/index.ts';
import { emit } from '../events/index.ts';
import type { OrderRow } from './access.ts';
import { openExtrasCount } from '../maintenance/index.ts';
import { lockOrder } from '../orders/index.ts';
import { startPayment, verifyOpenPayments, type PaymentRow } from '../payments/index.ts';
import { credit, debit } from '../wallet/index.ts';
import { lockAssigned } from './access.ts';

const x = tables.orderExtras;
const oi = tables.orderItems;
const si = tables.serviceItems;

export const EXTRA_PAY_DEADLINE_JOB = 'extra-pay-deadline';
export type ExtraPayDeadline = { extra_id: number };

type ExtraRow = typeof x.$inferSelect;

/** 409 with a message of the field-work area. */
export const conflict = (key: string) => new AppError('fail', `field-work.${key}`, { status: 409 });

/**
 * Tells the order's people of an extra (its catalogue audience: the customer; or the staff and the admins);
 * `context` picks the texts' variant (`events.reject_extra_service_body_expired`).
 */
async function notice(tx: Db, order: OrderRow, type: NotificationType, admins = false, context?: string) {
  await emit(tx, {
    type: 'order.notice',
    payload: {
      order_id: order.id,
      kind: order.kind,
      number: order.number,
      user_id: order.userId,
      staff_id: order.staffId,
      notify: [type],
      notify_admins: admins ? type : null,
      ...(context ? { params: { context } } : {}),
    },
  });
}

/** The order cannot finish while an extra waits for the customer's answer or payment (409; the kind's hook counts the same). */
export async function assertNoOpenExtras(tx: Db, orderId: number) {
  if ((await openExtrasCount(tx, orderId)) > 0) throw conflict('extra_open');
}

/** The technician proposes extra services on an order assigned to them, while on site. */
export async function proposeExtra(app: App, staffId: number, orderId: number, body: ExtrasBody) {
  const id = await retryTransaction(app.db, async (tx) => {
    const order = await lockAssigned(tx, orderId, staffId);
    if (order.status !== 'arrived') throw conflict('not_arrived');
    const itemIds = [...new Set(body.lines.flatMap((l) => (l.item_id === undefined ? [] : [l.item_id])))];
    const items = itemIds.length
      ? await tx
          .select()
          .from(si)
          .where(and(inArray(si.id, itemIds), eq(si.isActive, true)))
      : [];
    const byId = new Map(items.filter((i) => i.deletedAt === null).map((i) => [i.id, i]));
    const rate = await vatRateBp(tx);
    const lines = body.lines.map((l, n) => {
      const item = l.item_id === undefined ? null : byId.get(l.item_id);
      if (l.item_id !== undefined && !item) throw fieldError(`lines.${n}.item_id`, 'field-work.item_unavailable');
      const unitPrice = item ? item.price : l.unit_price!;
      const net = unitPrice * l.quantity;
      return {
        kind: item ? item.kind : ('extra_service' as const),
        serviceItemId: item ? item.id : null,
        nameAr: item ? item.nameAr : l.name_ar!,
        nameEn: item ? item.nameEn : l.name_en!,
        unitPrice,
        quantity: l.quantity,
        vatRate: rate,
        vat: vatOf(net, rate),
        net,
      };
    });
    const subtotal = lines.reduce((s, l) => s + l.net, 0);
    const tax = lines.reduce((s, l) => s + l.vat, 0);
    const [extra] = await tx
      .insert(x)
      .values({ orderId, staffId, status: 'proposed', subtotal, tax, total: subtotal + tax })
      .returning();
    await tx.insert(oi).values(lines.map(({ net: _net, ...l }) => ({ ...l, orderId, extraId: extra!.id })));
    await notice(tx, order, 'extra_service_order');
    return extra!.id;
  });
  await app.events.deliver();
  return id;
}

/** Locks the extra `extraId` of a locked order (404 when it belongs to another). */
async function lockExtra(tx: Db, orderId: number, extraId: number) {
  const [row] = await tx
    .select()
    .from(x)
    .where(and(eq(x.id, extraId), eq(x.orderId, orderId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Marks a locked open extra paid and tells the staff and the admins. */
async function markExtraPaid(
  tx: Db,
  order: OrderRow,
  extra: ExtraRow,
  method: 'wallet' | 'electronic',
  paymentId: number | null,
) {
  await tx
    .update(x)
    .set({ status: 'paid', paymentMethod: method, paymentId, paidAt: new Date(), updatedAt: new Date() })
    .where(and(eq(x.id, extra.id), inArray(x.status, [...OPEN_EXTRA_STATUSES])));
  await notice(tx, order, 'accept_extra_service', true);
}

export type AnswerInput = { userId: number; orderId: number; extraId: number; kind: FieldVisitKind; lang: Lang };

/**
 * The customer accepts an extra: `wallet` pays it at once; `electronic` opens a
 * card payment (again, when an earlier one was not completed). An extra paid
 * or rejected answers 409; nothing is charged twice.
 */
export async function acceptExtra(app: App, input: AnswerInput & { method: 'wallet' | 'electronic' }) {
  const { order, extra } = await retryTransaction(app.db, async (tx) => {
    const order = await lockOrder(tx, input.orderId, { userId: input.userId, kind: input.kind });
    const extra = await lockExtra(tx, order.id, input.extraId);
    if (!OPEN_EXTRA_STATUSES.includes(extra.status) || order.status !== 'arrived') throw conflict('extra_not_open');
    if (input.method === 'wallet' || extra.total === 0) {
      if (extra.total > 0) await debit(tx, input.userId, extra.total, { orderId: order.id });
      await markExtraPaid(tx, order, extra, input.method, null);
    } else {
      const now = new Date();
      // Paying again keeps the first acceptance's deadline; once past it, no new card payment starts.
      if (extra.payBy && extra.payBy <= now) throw conflict('extra_expired');
      const payBy = extra.payBy ?? new Date(now.getTime() + EXTRA_PAY_MINUTES * 60_000);
      await tx
        .update(x)
        .set({ status: 'accepted', paymentMethod: 'electronic', payBy, updatedAt: now })
        .where(eq(x.id, extra.id));
      if (!extra.payBy) {
        const data: ExtraPayDeadline = { extra_id: extra.id };
        await app.jobs.send(EXTRA_PAY_DEADLINE_JOB, { data, at: payBy, key: String(extra.id), db: tx });
      }
    }
    const [after] = await tx.select().from(x).where(eq(x.id, extra.id));
    return { order, extra: after! };
  });
  await app.events.deliver();
  let redirectUrl: string | null = null;
  if (extra.status === 'accepted') {
    const lang = input.lang;
    const started = await startPayment(app, app.db, {
      userId: input.userId,
      purpose: 'order_extra',
      orderId: order.id,
      extraId: extra.id,
      amount: extra.total,
      lang,
      returnPath: `${lang === 'en' ? '/en' : ''}${ORDER_PAGE[order.kind]}/${order.id}`,
    });
    redirectUrl = started.redirect_url;
  }
  return { extraId: extra.id, redirectUrl };
}

/** The customer rejects an extra with a reason (also one accepted and not paid yet). */
export async function rejectExtra(app: App, input: AnswerInput & { reason: string }) {
  await retryTransaction(app.db, async (tx) => {
    const order = await lockOrder(tx, input.orderId, { userId: input.userId, kind: input.kind });
    const extra = await lockExtra(tx, order.id, input.extraId);
    if (!OPEN_EXTRA_STATUSES.includes(extra.status)) throw conflict('extra_not_open');
    await tx
      .update(x)
      .set({ status: 'rejected', rejectReason: input.reason, updatedAt: new Date() })
      .where(eq(x.id, extra.id));
    await notice(tx, order, 'reject_extra_service', true);
  });
  await app.events.deliver();
}

/**
 * The `order_extra` purpose's paid handler (app.paidHandlers), in the
 * payment's transaction: the extra turns paid once; a payment for an extra
 * already paid (by the wallet or another card payment), rejected or expired
 * meanwhile is refunded to the customer's wallet.
 */
export async function extraPaid(tx: Db, payment: PaymentRow) {
  if (!payment.extraId || !payment.orderId) return;
  const [exists] = await tx.select({ id: x.id }).from(x).where(eq(x.id, payment.extraId));
  if (!exists) return;
  const order = await lockOrder(tx, payment.orderId);
  const extra = await lockExtra(tx, order.id, payment.extraId);
  if (OPEN_EXTRA_STATUSES.includes(extra.status)) {
    await markExtraPaid(tx, order, extra, 'electronic', payment.id);
    return;
  }
  await credit(tx, payment.userId, payment.amount, 'refund', { paymentId: payment.id });
}

/* ------------------------------------------------------ pay-by deadline */

/** While the gateway cannot be asked, an overdue extra waits this long before it expires anyway. */
const GATEWAY_GRACE_MS = 10 * 60_000;
const SWEEP_BATCH = 50;

type ExpiryOutcome = 'paid' | 'expired' | 'waiting' | 'none';
const overdue = (now: Date) => and(eq(x.status, 'accepted'), lte(x.payBy, now));

/**
 * The `extra-pay-deadline` job of one extra, due at its `pay_by`: its card
 * payments are asked of the gateway first (a paid one marks it paid through
 * `extraPaid`); still unpaid, it expires, once: the row is locked and its
 * state and time checked again. The technician and the admins are told as of
 * a rejection (the `expired` texts).
 */
export async function expireUnpaidExtra(app: App, extraId: number, now = new Date()): Promise<ExpiryOutcome> {
  const [due] = await app.db
    .select({ id: x.id, orderId: x.orderId, payBy: x.payBy })
    .from(x)
    .where(and(eq(x.id, extraId), overdue(now)));
  if (!due) return 'none';
  const { paid, unsure } = await verifyOpenPayments(app, { extraId: due.id, purpose: 'order_extra' });
  if (paid) return 'paid';
  if (unsure && now.getTime() - due.payBy!.getTime() < GATEWAY_GRACE_MS) return 'waiting';
  const expired = await retryTransaction(app.db, async (tx) => {
    const order = await lockOrder(tx, due.orderId);
    const extra = await lockExtra(tx, order.id, due.id);
    if (extra.status !== 'accepted' || !extra.payBy || extra.payBy > now) return false;
    await tx.update(x).set({ status: 'expired', updatedAt: new Date() }).where(eq(x.id, extra.id));
    await notice(tx, order, 'reject_extra_service', true, 'expired');
    return true;
  });
  if (!expired) return 'none';
  await app.events.deliver();
  return 'expired';
}

/** The floor under the per-extra jobs (the `orders-due` sweep): every overdue extra; answers how many expired. */
export async function expireUnpaidExtras(app: App, now = new Date()) {
  const due = await app.db.select({ id: x.id }).from(x).where(overdue(now)).orderBy(asc(x.payBy)).limit(SWEEP_BATCH);
  let expired = 0;
  for (const { id } of due) if ((await expireUnpaidExtra(app, id, now)) === 'expired') expired++;
  return expired;
}

/** An order's extras with their lines, oldest first, names in `lang`. */
export async function listExtras(db: Db, orderId: number, lang: Lang): Promise<OrderExtraView[]> {
  const extras = await db.select().from(x).where(eq(x.orderId, orderId)).orderBy(asc(x.id));
  if (!extras.length) return [];
  const lines = await db
    .select()
    .from(oi)
    .where(
      inArray(
        oi.extraId,
        extras.map((e) => e.id),
      ),
    )
    .orderBy(asc(oi.id));
  return extras.map((e) => ({
    id: e.id,
    order_id: e.orderId,
    status: e.status,
    payment_method: e.paymentMethod,
    lines: lines
      .filter((l) => l.extraId === e.id)
      .map((l) => ({
        id: l.id,
        kind: l.kind === 'spare_part' ? ('spare_part' as const) : ('extra_service' as const),
        item_id: l.serviceItemId,
        name: lang === 'en' ? l.nameEn : l.nameAr,
        name_ar: l.nameAr,
        name_en: l.nameEn,
        quantity: l.quantity,
        unit_price: l.unitPrice,
        net: l.unitPrice * l.quantity,
        vat: l.vat,
      })),
    subtotal: e.subtotal,
    tax: e.tax,
    total: e.total,
    reject_reason: e.rejectReason,
    paid_at: e.paidAt?.toISOString() ?? null,
    pay_by: e.status === 'accepted' ? (e.payBy?.toISOString() ?? null) : null,
    created_at: e.createdAt.toISOString(),
  }));
}

/** One extra of an order, as its view. */
export async function extraView(db: Db, orderId: number, extraId: number, lang: Lang) {
  const found = (await listExtras(db, orderId, lang)).find((e) => e.id === extraId);
  if (!found) throw notFound();
  return found;
}
