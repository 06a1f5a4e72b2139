/**
 * The price offer of any service kind (DOMAIN.md, "Immediate maintenance",
 * "Pool construction"): the dashboard (or the engineer assigned, where the
 * kind's machine lets staff send it) saves its lines and sends it
 * (`offer_sent`); the customer accepts and pays (`pending_payment`, then the
 * kind's paid state: a wallet at once, a card through the gateway) or rejects
 * it with a reason (`offer_rejected`), after which another may be sent. Which
 * moves exist, and who makes them, is the kind's machine; this file is the one
 * place of the offer's rules and of its view.
 *
 * Concurrency (SECURITY.md 21-25): accepting locks the order and checks its
 * state, so one of many taps moves it and takes the wallet's money (in the
 * same transaction); the others see the new state (409).
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  findMove,
  offerTotals,
  ORDER_MACHINES,
  V,
  type Lang,
  type OfferBody,
  type OfferLineKind,
  type OrderActor,
  type OrderKind,
  type PaymentMethod,
} from '@pool/contracts';
import type { App } from '../../../app-type.ts';
import { AppError, fieldError, notFound } from '../../../lib/errors.ts';
import { retryTransaction } from '../../../lib/retry.ts';
import { vatRateBp } from '../../cart/index.ts';
import { customerActor, type Actor } from './actor.ts';
import type { OrderRow } from './hooks.ts';
import { cardPageIfPending, payAgain, payFromWallet } from './money.ts';
import { lockOrder, moveRefused, nextOrderId, orderNumber, startOrder, transition } from './transition.ts';

const o = tables.orders;
const oi = tables.orderItems;

export const OFFER_SENT = 'offer_sent';

/**
 * A customer's new order of a kind priced by an offer (immediate maintenance, pool construction):
 * its kind's start state, total 0 until the offer, a card until the customer chooses, the VAT
 * rate of today, its number written with the row; its start recorded (the admins are told once the
 * caller's transaction commits). The caller adds the kind's own request row in the same transaction.
 */
export async function startOfferOrder(tx: Db, input: { kind: OrderKind; userId: number; cityId: number | null }) {
  const id = await nextOrderId(tx);
  const now = new Date();
  const [row] = await tx
    .insert(o)
    .values({
      id,
      kind: input.kind,
      number: orderNumber(input.kind, id, now),
      userId: input.userId,
      status: ORDER_MACHINES[input.kind].start.state,
      paymentMethod: 'electronic',
      taxRate: await vatRateBp(tx),
      total: 0,
      cityId: input.cityId,
      createdAt: now,
    })
    .returning();
  await startOrder(tx, row!, customerActor(input.userId));
  return row!;
}

/** Whether the offer may still change: `by`'s next move from here would send it. */
export const offerEditable = (kind: OrderKind, status: string, by: OrderActor = 'admin') =>
  findMove(kind, status, OFFER_SENT, by) !== undefined;

/**
 * Saves the offer's lines (replacing the previous offer's, never an extra
 * service's) with VAT per line at the store's rate, and the order's totals;
 * `send` also moves the order to `offer_sent` in the same transaction. A line
 * picked from the catalogue keeps its item (`service_item_id`): an active,
 * undeleted spare part or extra service of the line's own kind.
 */
export async function saveOffer(app: App, kind: OrderKind, orderId: number, body: OfferBody, actor: Actor) {
  const si = tables.serviceItems;
  const itemIds = [...new Set(body.lines.flatMap((l) => (l.item_id ? [l.item_id] : [])))];
  // The catalogue's names and prices are the editor's starting point; the lines as sent are the offer.
  const items = itemIds.length
    ? await app.db
        .select({ id: si.id, kind: si.kind })
        .from(si)
        .where(and(inArray(si.id, itemIds), eq(si.isActive, true), isNull(si.deletedAt)))
    : [];
  const kindOf = new Map(items.map((i) => [i.id, i.kind]));
  // A catalogue item stands for a line of its own kind (a spare part, or an extra service).
  const index = body.lines.findIndex((l) => l.item_id && kindOf.get(l.item_id) !== l.kind);
  if (index >= 0) throw fieldError(`lines.${index}.item_id`, V.invalid);
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, orderId, { kind });
    // The staff member assigned only: another's order does not exist for them.
    if (actor.type === 'staff' && row.staffId !== actor.staffId) throw notFound();
    if (!offerEditable(kind, row.status, actor.type)) {
      throw new AppError('fail', 'maintenance.offer_not_editable', { status: 409 });
    }
    const rate = await vatRateBp(tx);
    const totals = offerTotals(body.lines, rate);
    await tx.delete(oi).where(and(eq(oi.orderId, row.id), isNull(oi.extraId)));
    await tx.insert(oi).values(
      body.lines.map((l, i) => ({
        orderId: row.id,
        kind: l.kind,
        serviceItemId: l.item_id ?? null,
        nameAr: l.name_ar,
        nameEn: l.name_en,
        unitPrice: l.unit_price,
        quantity: l.quantity,
        vatRate: rate,
        vat: totals.lines[i]!.vat,
      })),
    );
    const [saved] = await tx
      .update(o)
      .set({
        servicePrice: totals.service + totals.extra_services,
        productsPrice: totals.spare_parts,
        installationPrice: totals.installation,
        deliveryPrice: totals.delivery,
        discount: totals.discount,
        taxRate: rate,
        tax: totals.tax,
        total: totals.total,
        updatedAt: new Date(),
      })
      .where(eq(o.id, row.id))
      .returning();
    if (!body.send) return saved!;
    return (await transition(tx, saved!, { to: OFFER_SENT, actor })).order;
  });
  await app.events.deliver();
  return order;
}

type CustomerInput = { kind: OrderKind; userId: number; orderId: number };

/**
 * Accepts the offer: `offer_sent` -> `pending_payment` with the payment
 * method. A wallet pays at once in the same transaction (-> the kind's paid
 * state); a card answers the gateway's page after the commit (null when it
 * could not start: the customer pays again from the order).
 */
export async function acceptOffer(app: App, input: CustomerInput & { method: PaymentMethod; lang: Lang }) {
  const { kind, userId, orderId, method } = input;
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, orderId, { kind, userId });
    if (row.status !== OFFER_SENT) throw moveRefused(row.status);
    const { order: waiting } = await transition(tx, row, {
      to: 'pending_payment',
      actor: customerActor(userId),
      patch: { paymentMethod: method },
      paidAtOnce: method === 'wallet',
    });
    return method === 'wallet' ? payFromWallet(tx, waiting) : waiting;
  });
  await app.events.deliver();
  return { order, redirectUrl: await cardPageIfPending(app, order, input.lang) };
}

/**
 * Pays again an order that waits for payment (a card was declined or left):
 * by card, the gateway's page opens again (`payAgain`); from the wallet, it is
 * paid at once in one locked transaction, so of two taps one pays and the
 * other sees it paid (409). A card attempt still open that succeeds later is
 * refunded by the kernel (orderPaid).
 */
export async function payOfferAgain(app: App, input: CustomerInput & { method: PaymentMethod; lang: Lang }) {
  const { kind, userId, orderId, method } = input;
  if (method !== 'wallet') {
    const [row] = await app.db
      .select()
      .from(o)
      .where(and(eq(o.id, orderId), eq(o.kind, kind), eq(o.userId, userId)));
    if (!row) throw notFound();
    return { order: row, redirectUrl: await payAgain(app, row, input.lang) };
  }
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, orderId, { kind, userId });
    if (row.status !== 'pending_payment') throw new AppError('fail', 'orders.not_payable', { status: 409 });
    const [byWallet] = await tx.update(o).set({ paymentMethod: 'wallet' }).where(eq(o.id, row.id)).returning();
    return payFromWallet(tx, byWallet!);
  });
  await app.events.deliver();
  return { order, redirectUrl: null };
}

/** Rejects the offer with the customer's reason (kept in the timeline); the admins are told. */
export async function rejectOffer(app: App, input: CustomerInput & { reason: string }) {
  const { kind, userId, orderId, reason } = input;
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, orderId, { kind, userId });
    return (await transition(tx, row, { to: 'offer_rejected', actor: customerActor(userId), reason })).order;
  });
  await app.events.deliver();
  return order;
}

/* ------------------------------------------------------------------ view */

type ItemRow = typeof oi.$inferSelect;
const pickName = (lang: Lang, ar: string, en: string) => (lang === 'en' ? en : ar);

const lineView = (i: ItemRow, lang: Lang) => {
  const discount = i.kind === 'discount';
  const net = i.unitPrice * i.quantity;
  return {
    id: i.id,
    kind: i.kind as OfferLineKind,
    item_id: i.serviceItemId,
    name: pickName(lang, i.nameAr, i.nameEn),
    name_ar: i.nameAr,
    name_en: i.nameEn,
    quantity: i.quantity,
    unit_price: i.unitPrice,
    net: discount ? -net : net,
    vat: i.vat,
  };
};

/** The order's own offer lines (extra services proposed on site aside), in their order. */
export const offerLines = (db: Db, orderId: number) =>
  db
    .select()
    .from(oi)
    .where(and(eq(oi.orderId, orderId), isNull(oi.extraId)))
    .orderBy(asc(oi.id));

/** The saved offer (its lines and prices, VAT in `tax`), or null before one is saved. */
export function offerView(order: OrderRow, lines: ItemRow[], lang: Lang) {
  const own = lines.filter((i) => i.extraId === null);
  if (!own.length) return null;
  const sum = (kind: OfferLineKind) =>
    own.filter((i) => i.kind === kind).reduce((s, i) => s + i.unitPrice * i.quantity, 0);
  return {
    lines: own.map((i) => lineView(i, lang)),
    prices: {
      service: sum('service'),
      spare_parts: sum('spare_part'),
      extra_services: sum('extra_service'),
      installation: sum('installation'),
      delivery: sum('delivery'),
      discount: order.discount,
      tax_rate: order.taxRate / 100,
      tax: order.tax,
      total: order.total,
    },
  };
}

/** What the customer sees of the offer: once sent, never a draft being edited (before the first, or after a rejection). */
export const customerOffer = <T>(kind: OrderKind, status: string, offer: T | null) =>
  offerEditable(kind, status) || status === 'new' ? null : offer;
