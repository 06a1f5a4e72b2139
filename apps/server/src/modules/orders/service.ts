/**
 * Store orders (DOMAIN.md, "Store order"): checkout, the moves of the state
 * machine (STORE_TRANSITIONS in contracts is the only place they live),
 * cancellation with the release of stock and coupon use, and refunds.
 *
 * Concurrency (SECURITY.md 21-25), all on PostgreSQL's row locks:
 * - a customer's checkouts are serialised on their cart row;
 * - stock leaves with `UPDATE ... SET stock = stock - q WHERE stock >= q`, in
 *   variant-id order then product-id order (no deadlock between two carts);
 * - a coupon use is a conditional increment below `max_uses`;
 * - every move locks the order row and checks its status first, so a move (a
 *   cancellation, a payment, the 2-hour job) happens once and the losers see
 *   the new status;
 * - card refunds are claimed with a conditional UPDATE of `refund_status`.
 * Transactions are retried on 40001/40P01 (lib/retry.ts).
 */
import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { queryRows, tables, type Db } from '@pool/db';
import {
  adminNextStatuses,
  storeTransition,
  STORE_TRANSITIONS,
  UNPAID_ORDER_CANCEL_HOURS,
  V,
  type CheckoutBody,
  type CheckoutResult,
  type Lang,
  type StoreOrderStatus,
  type StoreTransition,
} from '@pool/contracts';
import type { App } from '../../app.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { findAddress } from '../addresses/service.ts';
import { cartLines, emptyCart, findCart } from '../cart/service.ts';
import { priceLinesOf, priceTotals, vatRateBp } from '../cart/pricing.ts';
import {
  checkCouponUse,
  couponError,
  couponTerms,
  releaseCouponUse,
  takeCouponUse,
  type CouponRow,
} from '../coupons/service.ts';
import { deliveryQuote } from '../delivery/service.ts';
import { refundPayment, registerPaidHandler, startPayment, type PaymentRow } from '../payments/service.ts';
import { credit, debit } from '../wallet/service.ts';
import { notifyCustomer, notifyOrderAdmins, type OrderRef } from './notify.ts';

const o = tables.orders;
const oi = tables.orderItems;
const ev = tables.orderEvents;
const v = tables.productVariants;
const p = tables.products;
export type OrderRow = typeof o.$inferSelect;

const HOUR = 60 * 60 * 1000;
/** A claimed card refund whose process died is taken over after this long. */
const REFUND_LEASE_MS = 10 * 60 * 1000;

/** A human-friendly unique number: `S` + year and month (Riyadh) + the order id, e.g. `S2506-00042`. */
export function orderNumber(id: number, at: Date) {
  const riyadh = new Date(at.getTime() + 3 * HOUR);
  const ym = `${String(riyadh.getUTCFullYear()).slice(2)}${String(riyadh.getUTCMonth() + 1).padStart(2, '0')}`;
  return `S${ym}-${String(id).padStart(5, '0')}`;
}

const refOf = (row: OrderRow): OrderRef => ({ id: row.id, userId: row.userId, number: row.number });

async function addEvent(
  tx: Db,
  orderId: number,
  from: StoreOrderStatus | null,
  to: StoreOrderStatus,
  actor: StoreTransition['by'],
  o2: { adminId?: number | null; note?: string | null } = {},
) {
  await tx
    .insert(ev)
    .values({ orderId, fromStatus: from, toStatus: to, actor, adminId: o2.adminId ?? null, note: o2.note ?? null });
}

/* ---------------------------------------------------------------- stock */

type StockLine = { variantId: number | null; productId: number | null; quantity: number };

/**
 * Takes (`sign` -1) or gives back (+1) the units of `lines`: variants in id
 * order, then products in id order. Taking fails (false) when a variant has
 * fewer units than asked: the caller's transaction must then roll back.
 */
async function moveStock(tx: Db, lines: StockLine[], sign: -1 | 1) {
  const byVariant = new Map<number, number>();
  const byProduct = new Map<number, number>();
  for (const l of lines) {
    if (l.variantId !== null) byVariant.set(l.variantId, (byVariant.get(l.variantId) ?? 0) + l.quantity);
    if (l.productId !== null) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
  }
  for (const [variantId, q] of [...byVariant].sort((a, b) => a[0] - b[0])) {
    const rows = await tx
      .update(v)
      .set({ stock: sql`${v.stock} + ${sign * q}` })
      .where(and(eq(v.id, variantId), sign < 0 ? gte(v.stock, q) : undefined))
      .returning({ id: v.id });
    if (!rows.length && sign < 0) return variantId;
  }
  for (const [productId, q] of [...byProduct].sort((a, b) => a[0] - b[0])) {
    await tx
      .update(p)
      .set({
        stock: sql`greatest(${p.stock} + ${sign * q}, 0)`,
        soldCount: sql`greatest(${p.soldCount} - ${sign * q}, 0)`,
      })
      .where(eq(p.id, productId));
  }
  return null;
}

/* ------------------------------------------------------------- checkout */

const problemsOf = (
  lines: { variant_id: number; name: string; problem: string | null; problem_message: string | null }[],
) =>
  lines
    .filter((l) => l.problem)
    .map((l) => ({ variant_id: l.variant_id, name: l.name, problem: l.problem, message: l.problem_message }));

/**
 * Turns the customer's cart into a `pending_payment` order, in one transaction:
 * prices from the stored prices, stock taken, coupon use counted, lines
 * snapshotted, the cart emptied. A wallet payment is taken in the same
 * transaction (the order is `new` at once); a card payment starts after it.
 */
export async function checkout(app: App, userId: number, body: CheckoutBody, lang: Lang): Promise<CheckoutResult> {
  const order = await retryTransaction(app.db, async (tx) => {
    const cart = await findCart(tx, { userId }, true);
    const rows = cart ? await cartLines(tx, cart.id) : [];
    if (!cart || !rows.length) throw new AppError('fail', 'orders.cart_empty', { status: 422 });
    const address = await findAddress(tx, userId, body.address_id);
    if (!address) throw fieldError('address_id', V.invalid);

    const lines = await priceLinesOf(
      tx,
      rows.map((r) => ({ variantId: r.variantId, quantity: r.quantity, withInstallation: r.withInstallation })),
      lang,
    );
    const problems = problemsOf(lines);
    if (lines.length < rows.length || problems.length) {
      throw new AppError('fail', 'orders.cart_problems', { status: 422, data: { lines: problems } });
    }

    const products = lines.reduce((s, l) => s + l.unit_price * l.quantity, 0);
    const quote = await deliveryQuote(tx, address.a.cityId, products);
    if (!quote || !quote.available || quote.price === null) {
      throw fieldError('address_id', 'orders.no_delivery', {
        city: lang === 'en' ? address.city.nameEn : address.city.nameAr,
      });
    }

    let coupon: CouponRow | null = null;
    const code = body.coupon_code ?? cart.couponCode;
    if (code) {
      const check = await checkCouponUse(tx, code, userId);
      if (!check.ok) throw couponError(check.reason, 'coupon_code');
      coupon = check.coupon;
    }
    const taxRateBp = await vatRateBp(tx);
    const prices = priceTotals(lines, {
      delivery: quote.price,
      coupon: coupon ? couponTerms(coupon) : null,
      taxRateBp,
    });

    const outOfStock = await moveStock(
      tx,
      lines.map((l) => ({ variantId: l.variant_id, productId: l.product_id, quantity: l.quantity })),
      -1,
    );
    if (outOfStock !== null) {
      const line = lines.find((l) => l.variant_id === outOfStock)!;
      throw new AppError('fail', 'orders.out_of_stock', {
        status: 409,
        params: { name: line.name },
        data: { lines: [{ variant_id: line.variant_id, name: line.name, problem: 'out_of_stock' }] },
      });
    }

    const [{ id } = { id: 0 }] = await queryRows<{ id: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`,
    );
    // A 100 % coupon with free delivery may leave nothing to pay.
    if (coupon && prices.discount > 0) await takeCouponUse(tx, coupon, userId, id);
    const now = new Date();
    const [row] = await tx
      .insert(o)
      .values({
        id,
        kind: 'store',
        number: orderNumber(id, now),
        userId,
        status: 'pending_payment',
        paymentMethod: body.payment_method,
        productsPrice: prices.products,
        installationPrice: prices.installation,
        deliveryPrice: prices.delivery ?? 0,
        discount: prices.discount,
        taxRate: taxRateBp,
        tax: prices.tax,
        total: prices.total,
        couponId: coupon && prices.discount > 0 ? coupon.id : null,
        couponCode: coupon && prices.discount > 0 ? coupon.code : null,
        cityId: address.a.cityId,
        address: {
          label: address.a.label,
          city_id: address.a.cityId,
          city_ar: address.city.nameAr,
          city_en: address.city.nameEn,
          district: address.a.district,
          street: address.a.street,
          building_number: address.a.buildingNumber,
          postal_code: address.a.postalCode,
          additional_number: address.a.additionalNumber,
          details: address.a.details,
          lat: address.a.lat,
          lng: address.a.lng,
        },
        payBy: new Date(now.getTime() + UNPAID_ORDER_CANCEL_HOURS * HOUR),
        createdAt: now,
      })
      .returning();
    await tx.insert(oi).values(
      lines.map((l) => ({
        orderId: id,
        productId: l.product_id,
        variantId: l.variant_id,
        nameAr: l.nameAr,
        nameEn: l.nameEn,
        optionsAr: l.optionsAr,
        optionsEn: l.optionsEn,
        image: l.image,
        unitPrice: l.unit_price,
        quantity: l.quantity,
        installationPrice: l.installationTotal,
      })),
    );
    await addEvent(tx, id, null, 'pending_payment', 'customer');
    await emptyCart(tx, cart.id);

    if (body.payment_method === 'wallet' || row!.total === 0) {
      if (row!.total > 0) await debit(tx, userId, row!.total, { orderId: id });
      return markPaid(app, tx, row!, null);
    }
    await notifyCustomer(app, tx, refOf(row!), 'wait_payment');
    return row!;
  });

  let redirectUrl: string | null = null;
  if (order.status === 'pending_payment') {
    redirectUrl = await startOrderPayment(app, order, lang).catch((err: unknown) => {
      app.log.error(
        { err, orderId: order.id },
        'checkout: the card payment could not start; the order can be paid again',
      );
      return null;
    });
  }
  return {
    order_id: order.id,
    number: order.number,
    status: order.status,
    total: order.total,
    redirect_url: redirectUrl,
  };
}

/** The order's page on the site, where the payer comes back to. */
const orderPath = (lang: Lang, id: number) => `${lang === 'en' ? '/en' : ''}/orders/online_store_order/${id}`;

async function startOrderPayment(app: App, order: OrderRow, lang: Lang) {
  const started = await startPayment(app, app.db, {
    userId: order.userId,
    purpose: 'order',
    orderId: order.id,
    amount: order.total,
    lang,
    returnPath: orderPath(lang, order.id),
  });
  return started.redirect_url;
}

/** `pending_payment` -> `new`, inside the caller's transaction (the order row must be locked or just made). */
async function markPaid(app: App, tx: Db, order: OrderRow, paymentId: number | null) {
  const [paid] = await tx
    .update(o)
    .set({ status: 'new', paidAt: new Date(), paymentId, updatedAt: new Date() })
    .where(and(eq(o.id, order.id), eq(o.status, 'pending_payment')))
    .returning();
  if (!paid) return order;
  await addEvent(tx, order.id, 'pending_payment', 'new', 'system');
  await notifyCustomer(app, tx, refOf(paid), 'order_payed');
  await notifyOrderAdmins(app, tx, refOf(paid), 'new_ecommerce_order');
  return paid;
}

/* ------------------------------------------------------------- payments */

/** Order kinds other than the store register what a paid order payment does for them. */
export const orderPaidHandlers = new Map<string, (tx: Db, order: OrderRow, payment: PaymentRow) => Promise<void>>();

/**
 * Registers the `order` purpose with the payments module. A verified payment
 * of a pending order makes it `new`; a payment of an order that is no longer
 * pending (cancelled meanwhile, or paid twice) is refunded instead.
 */
export function registerOrderPayments(app: App) {
  orderPaidHandlers.set('store', async (tx, order, payment) => {
    const [locked] = await tx.select().from(o).where(eq(o.id, order.id)).for('update');
    if (locked!.status === 'pending_payment') {
      await markPaid(app, tx, locked!, payment.id);
      return;
    }
    await tx
      .update(o)
      .set({ refundStatus: 'pending', refundClaimedAt: null })
      .where(and(eq(o.id, order.id), or(sql`${o.refundStatus} is null`, inArray(o.refundStatus, ['card', 'wallet']))));
    settleLater(app, order.id);
  });
  registerPaidHandler('order', async (tx, payment) => {
    if (!payment.orderId) return;
    const [order] = await tx.select().from(o).where(eq(o.id, payment.orderId));
    if (!order) return;
    await orderPaidHandlers.get(order.kind)?.(tx, order, payment);
  });
}

/** Settles a refund once the payment's transaction has committed (and the job catches what this misses). */
function settleLater(app: App, orderId: number) {
  const timer = setTimeout(() => {
    settleRefunds(app, orderId).catch((err: unknown) => app.log.error({ err, orderId }, 'refund: settling failed'));
  }, 200);
  timer.unref();
}

/** Starts another card payment of a pending order (`pay again`); 409 when it is not pending any more. */
export async function payAgain(app: App, userId: number, orderId: number, lang: Lang) {
  const order = await ownOrder(app.db, userId, orderId);
  if (order.status !== 'pending_payment' || order.paymentMethod !== 'electronic') {
    throw new AppError('fail', 'orders.not_payable', { status: 409 });
  }
  return startOrderPayment(app, order, lang);
}

/**
 * Refunds what is due of an order's card payments: every paid payment when the
 * order is cancelled or refused, else the paid payments other than the one that
 * paid it. Claimed once (`refund_status` pending -> processing); a card that
 * cannot be refunded is refunded to the wallet.
 */
export async function settleRefunds(app: App, orderId: number) {
  const now = new Date();
  const [order] = await app.db
    .update(o)
    .set({ refundStatus: 'processing', refundClaimedAt: now })
    .where(
      and(
        eq(o.id, orderId),
        or(
          eq(o.refundStatus, 'pending'),
          and(eq(o.refundStatus, 'processing'), lt(o.refundClaimedAt, new Date(now.getTime() - REFUND_LEASE_MS))),
        ),
      ),
    )
    .returning();
  if (!order) return null;
  const closed = order.status === 'cancelled' || order.status === 'refused';
  const pay = tables.payments;
  const we = tables.walletEntries;
  const due = await app.db
    .select()
    .from(pay)
    .where(
      and(
        eq(pay.orderId, orderId),
        eq(pay.purpose, 'order'),
        inArray(pay.status, ['paid', 'refunded']),
        lt(pay.refundedAmount, pay.amount),
        sql`not exists (select 1 from ${we} where ${we.paymentId} = ${pay.id} and ${we.kind} = 'refund')`,
      ),
    )
    .orderBy(asc(pay.id));
  let where: 'card' | 'wallet' = 'card';
  for (const payment of due.filter((x) => closed || x.id !== order.paymentId)) {
    const remaining = payment.amount - payment.refundedAmount;
    try {
      await refundPayment(app, app.db, payment.id, remaining);
    } catch (err) {
      if (err instanceof AppError && err.msgKey === 'payments.refund_not_allowed') continue;
      app.log.warn(
        { err, orderId, paymentId: payment.id },
        'refund: the card cannot be refunded; refunding to the wallet',
      );
      await app.db.transaction(async (tx) => {
        const move = await credit(tx, order.userId, remaining, 'refund', { orderId, paymentId: payment.id });
        if (move.duplicate) await credit(tx, order.userId, remaining, 'refund', { paymentId: payment.id });
      });
      where = 'wallet';
    }
  }
  const [done] = await app.db
    .update(o)
    .set({ refundStatus: where, updatedAt: new Date() })
    .where(and(eq(o.id, orderId), eq(o.refundStatus, 'processing'), eq(o.refundClaimedAt, now)))
    .returning();
  return done ?? null;
}

/* ------------------------------------------------------------ the moves */

export type CancelInput = {
  orderId: number;
  by: StoreTransition['by'];
  to: 'cancelled' | 'refused';
  /** The customer's own orders only. */
  userId?: number;
  adminId?: number;
  reasonId?: number;
  note?: string;
};

async function lockOrder(tx: Db, orderId: number, userId?: number) {
  const [row] = await tx
    .select()
    .from(o)
    .where(and(eq(o.id, orderId), eq(o.kind, 'store'), userId === undefined ? undefined : eq(o.userId, userId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

const moveRefused = (status: string) =>
  new AppError('fail', 'orders.move_not_allowed', { status: 409, params: { status } });

/**
 * Cancels (or refuses) an order where the state machine allows it for `by`:
 * stock and coupon use come back once, the paid amount is refunded (wallet in
 * this transaction; card right after it), and the customer is told.
 */
export async function cancelOrder(app: App, input: CancelInput) {
  const moves = STORE_TRANSITIONS.filter((t) => t.by === input.by && t.to === input.to);
  if (!moves.length) throw moveRefused(input.to);
  const needsReason = moves.some((t) => t.reason);
  if (needsReason && !input.reasonId && !input.note) throw fieldError('cancel_reason_id', 'orders.reason_required');
  let reasonTitle: string | null = null;
  if (input.reasonId) {
    const cr = tables.cancelReasons;
    const [reason] = await app.db.select().from(cr).where(eq(cr.id, input.reasonId));
    if (!reason) throw fieldError('cancel_reason_id', V.invalid);
    reasonTitle = reason.titleAr;
  }

  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, input.orderId, input.userId);
    const move = storeTransition(row.status as StoreOrderStatus, input.to, input.by);
    if (!move) throw moveRefused(row.status);
    const wasPaid = row.paidAt !== null;
    const refund = !wasPaid || row.total === 0 ? null : row.paymentMethod === 'wallet' ? 'wallet' : 'pending';
    const [done] = await tx
      .update(o)
      .set({
        status: input.to,
        cancelReasonId: input.reasonId ?? null,
        cancelNote: input.note ?? null,
        closedAt: new Date(),
        updatedAt: new Date(),
        ...(refund ? { refundStatus: refund, refundClaimedAt: null } : {}),
      })
      .where(eq(o.id, row.id))
      .returning();
    const items = await tx.select().from(oi).where(eq(oi.orderId, row.id));
    await moveStock(tx, items, 1);
    await releaseCouponUse(tx, row.id);
    if (refund === 'wallet') await credit(tx, row.userId, row.total, 'refund', { orderId: row.id });
    await addEvent(tx, row.id, row.status as StoreOrderStatus, input.to, input.by, {
      adminId: input.adminId,
      note: input.note ?? reasonTitle,
    });
    await notifyCustomer(app, tx, refOf(done!), move.notify);
    return done!;
  });
  if (order.refundStatus === 'pending') {
    await settleRefunds(app, order.id).catch((err: unknown) =>
      app.log.error({ err, orderId: order.id }, 'refund: settling failed; the job will try again'),
    );
  }
  return order;
}

/** An admin's move along the state machine (cancel and refuse go through `cancelOrder`, with a reason). */
export async function moveOrder(app: App, orderId: number, to: StoreOrderStatus, adminId: number) {
  return retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, orderId);
    const move = storeTransition(row.status as StoreOrderStatus, to, 'admin');
    if (!move) throw moveRefused(row.status);
    if (move.reason) throw fieldError('cancel_reason_id', 'orders.reason_required');
    const [done] = await tx
      .update(o)
      .set({ status: to, updatedAt: new Date(), ...(to === 'delivered' ? { closedAt: new Date() } : {}) })
      .where(eq(o.id, row.id))
      .returning();
    await addEvent(tx, row.id, row.status as StoreOrderStatus, to, 'admin', { adminId });
    await notifyCustomer(app, tx, refOf(done!), move.notify);
    return done!;
  });
}

export const nextStatuses = (row: OrderRow) => adminNextStatuses(row.status as StoreOrderStatus);

/* ------------------------------------------------------------ ownership */

export async function ownOrder(db: Db, userId: number, orderId: number) {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.id, orderId), eq(o.userId, userId), eq(o.kind, 'store')))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/* --------------------------------------------------------------- ratings */

/** Rates a product of a delivered order, once per order and product; the product's average follows. */
export async function rateProduct(
  db: Db,
  userId: number,
  orderId: number,
  input: { productId: number; rating: number; comment?: string },
) {
  const order = await ownOrder(db, userId, orderId);
  if (order.status !== 'delivered') throw new AppError('fail', 'orders.rate_after_delivery', { status: 409 });
  const [line] = await db
    .select({ id: oi.id })
    .from(oi)
    .where(and(eq(oi.orderId, orderId), eq(oi.productId, input.productId)))
    .limit(1);
  if (!line) throw fieldError('product_id', V.invalid);
  await db.transaction(async (tx) => {
    const r = tables.productRatings;
    const [rated] = await tx
      .insert(r)
      .values({ productId: input.productId, userId, orderId, rating: input.rating, comment: input.comment ?? null })
      .onConflictDoNothing()
      .returning({ id: r.id });
    if (!rated) throw new AppError('fail', 'orders.already_rated', { status: 409 });
    await tx
      .update(p)
      .set({
        ratingAvg: sql`round((${p.ratingAvg}::numeric * ${p.ratingCount} + ${input.rating * 100}) / (${p.ratingCount} + 1))::int`,
        ratingCount: sql`${p.ratingCount} + 1`,
      })
      .where(eq(p.id, input.productId));
  });
}
