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
 * payment that arrives for an extra already paid or rejected goes back to the
 * customer's wallet. Who is told goes through the outbox (`order.notice`).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  OPEN_EXTRA_STATUSES,
  ORDER_PAGE,
  vatOf,
  type ExtrasBody,
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
import { startPayment, type PaymentRow } from '../payments/index.ts';
import { credit, debit } from '../wallet/index.ts';
import { lockAssigned } from './access.ts';

const x = tables.orderExtras;
const oi = tables.orderItems;
const si = tables.serviceItems;

type ExtraRow = typeof x.$inferSelect;

/** 409 with a message of the field-work area. */
export const conflict = (key: string) => new AppError('fail', `field-work.${key}`, { status: 409 });

/** Tells the order's people of an extra (its catalogue audience: the customer; or the staff and the admins). */
async function notice(tx: Db, order: OrderRow, type: NotificationType, admins = false) {
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

export type AnswerInput = { userId: number; orderId: number; extraId: number; lang: Lang };

/**
 * The customer accepts an extra: `wallet` pays it at once; `electronic` opens a
 * card payment (again, when an earlier one was not completed). An extra paid
 * or rejected answers 409; nothing is charged twice.
 */
export async function acceptExtra(app: App, input: AnswerInput & { method: 'wallet' | 'electronic' }) {
  const { order, extra } = await retryTransaction(app.db, async (tx) => {
    const order = await lockOrder(tx, input.orderId, { userId: input.userId, kind: 'immediate_maintenance' });
    const extra = await lockExtra(tx, order.id, input.extraId);
    if (!OPEN_EXTRA_STATUSES.includes(extra.status) || order.status !== 'arrived') throw conflict('extra_not_open');
    if (input.method === 'wallet' || extra.total === 0) {
      if (extra.total > 0) await debit(tx, input.userId, extra.total, { orderId: order.id });
      await markExtraPaid(tx, order, extra, input.method, null);
    } else {
      await tx
        .update(x)
        .set({ status: 'accepted', paymentMethod: 'electronic', updatedAt: new Date() })
        .where(eq(x.id, extra.id));
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
    const order = await lockOrder(tx, input.orderId, { userId: input.userId, kind: 'immediate_maintenance' });
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
 * already paid (by the wallet or another card payment) or rejected meanwhile
 * is refunded to the customer's wallet.
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
    created_at: e.createdAt.toISOString(),
  }));
}

/** One extra of an order, as its view. */
export async function extraView(db: Db, orderId: number, extraId: number, lang: Lang) {
  const found = (await listExtras(db, orderId, lang)).find((e) => e.id === extraId);
  if (!found) throw notFound();
  return found;
}
