/**
 * The store kind of the order kernel (DOMAIN.md, "Store order"): checkout,
 * the dashboard's moves, the customer's own orders and product ratings. The
 * moves themselves, payment, cancellation and refunds are the kernel's
 * (kernel/transition.ts, kernel/money.ts); the store's hooks give units and
 * coupon use back (store-hooks.ts).
 *
 * Concurrency (SECURITY.md 21-25): a customer's checkouts are serialised on
 * their cart row; stock leaves with a conditional UPDATE in a fixed row order
 * (stock.ts); a coupon use is a conditional increment below `max_uses`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  findMove,
  V,
  type CheckoutBody,
  type CheckoutResult,
  type Lang,
  type OrderKind,
  type StoreOrderStatus,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { findAddress } from '../addresses/index.ts';
import { cartLines, emptyCart, findCart } from '../cart/index.ts';
import { enteredProducts, priceLinesOf, priceTotals, vatTerms } from '../cart/index.ts';
import { checkCouponUse, couponError, couponTerms, takeCouponUse, type CouponRow } from '../coupons/index.ts';
import { deliveryQuote } from '../delivery/index.ts';
import { customerActor, type Actor } from './kernel/actor.ts';
import { cardPageIfPending, payFromWallet } from './kernel/money.ts';
import { lockOrder, nextOrderId, orderNumber, payDeadline, startOrder, transition } from './kernel/transition.ts';
import { moveStock } from './stock.ts';

import type { OrderRow } from './kernel/hooks.ts';

export type { OrderRow };

const o = tables.orders;
const oi = tables.orderItems;
const p = tables.products;

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
export async function checkout(
  app: App,
  userId: number,
  body: CheckoutBody,
  lang: Lang,
  /** Runs in the order's transaction once it is placed (the route notes the order with its Idempotency-Key). */
  placed?: (tx: Db, orderId: number) => Promise<void>,
): Promise<CheckoutResult> {
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

    const quote = await deliveryQuote(tx, address.a.cityId, enteredProducts(lines));
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
    const vat = await vatTerms(tx);
    const prices = priceTotals(lines, { delivery: quote.price, coupon: coupon ? couponTerms(coupon) : null, vat });

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

    const id = await nextOrderId(tx);
    // A 100 % coupon with free delivery may leave nothing to pay.
    if (coupon && prices.discount > 0) await takeCouponUse(tx, coupon, userId, id);
    const now = new Date();
    const [row] = await tx
      .insert(o)
      .values({
        id,
        kind: 'store',
        number: orderNumber('store', id, now),
        userId,
        status: 'pending_payment',
        paymentMethod: body.payment_method,
        productsPrice: prices.products,
        installationPrice: prices.installation,
        deliveryPrice: prices.delivery ?? 0,
        discount: prices.discount,
        taxRate: vat.rateBp,
        tax: prices.tax,
        total: prices.total,
        deliveryWithVat: prices.delivery_with_vat,
        discountWithVat: prices.discount_with_vat,
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
        payBy: payDeadline(now),
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
        installationPrice: l.line_total - l.unit_price * l.quantity,
        vatRate: vat.rateBp,
        vat: l.line_total_with_vat - l.line_total,
        unitPriceWithVat: l.unit_price_with_vat,
        installationWithVat: l.line_total_with_vat - l.unit_price_with_vat * l.quantity,
      })),
    );
    const paidAtOnce = body.payment_method === 'wallet' || row!.total === 0;
    await startOrder(tx, row!, customerActor(userId), { paidAtOnce });
    await emptyCart(tx, cart.id);
    await placed?.(tx, id);
    return paidAtOnce ? payFromWallet(tx, row!) : row!;
  });
  await app.events.deliver();
  return checkoutAnswer(app, order, lang);
}

/**
 * The answer of a checkout: the order, and the card page of an order waiting for a card payment. Also
 * the answer to a repeat of a checkout whose first try placed the order and died before answering.
 */
export async function checkoutAnswer(app: App, order: OrderRow, lang: Lang): Promise<CheckoutResult> {
  const redirectUrl = await cardPageIfPending(app, order, lang);
  return {
    order_id: order.id,
    number: order.number,
    status: order.status,
    total: order.total,
    redirect_url: redirectUrl,
  };
}

/** An admin's move along the store's declaration (cancel and refuse go through the kernel's `cancelOrder`). */
export async function moveOrder(app: App, orderId: number, to: StoreOrderStatus, actor: Actor) {
  const order = await retryTransaction(app.db, async (tx) => {
    const row = await lockOrder(tx, orderId, { kind: 'store' });
    const move = findMove('store', row.status, to, 'admin');
    if (move?.reason) throw fieldError('cancel_reason_id', 'orders.reason_required');
    return (await transition(tx, row, { to, actor })).order;
  });
  await app.events.deliver();
  return order;
}

/* ------------------------------------------------------------ ownership */

/** The customer's own order of `kind`, or 404 (another customer's, or another kind's). */
export async function ownOrder(db: Db, kind: OrderKind, userId: number, orderId: number) {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.id, orderId), eq(o.userId, userId), eq(o.kind, kind)))
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
  const order = await ownOrder(db, 'store', userId, orderId);
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
