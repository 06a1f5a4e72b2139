/**
 * Card payments (SECURITY.md 18-19): a `payments` row per attempt, the
 * gateway's hosted page, and verification by fetching the payment from the
 * gateway. A payment is paid only when the gateway says `paid` with our
 * amount, currency SAR and our ids in its metadata; then, in one transaction,
 * the row turns paid (once: a conditional UPDATE) and the app's handler for
 * its purpose runs (`app.paidHandlers`: `wallet_charge` credits the wallet,
 * `order` is the orders kernel's). A `failed` never undoes `paid`.
 *
 * Each function takes the app (or, in tests, the app with another gateway or handler).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { safeReturnPath, type Lang, type PaymentInfo, type PaymentPurpose } from '@pool/contracts';
import { translate } from '@pool/i18n';
import type { App } from '../../app-type.ts';
import type { Config } from '../../config.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';

export type PaymentRow = typeof tables.payments.$inferSelect;
/** What the payment functions use of the app. */
export type PaymentApp = Pick<App, 'db' | 'payments' | 'config' | 'log' | 'events' | 'paidHandlers'>;

const p = tables.payments;

// --- start --------------------------------------------------------------------------------------

export type StartPaymentInput = {
  userId: number;
  purpose: PaymentPurpose;
  orderId?: number | null;
  /** The extra-service proposal paid (purpose `order_extra`). */
  extraId?: number | null;
  /** Halalas. */
  amount: number;
  lang: Lang;
  /** The site page to come back to (same site only), e.g. `/en/more/wallet`. */
  returnPath: string;
  /** Shown on the hosted page; a default by purpose otherwise. */
  description?: string;
};

/** An absolute URL under PUBLIC_URL when it is set (the mobile apps need one), else the path. */
export const publicUrl = (config: Pick<Config, 'PUBLIC_URL'>, path: string) =>
  /^https?:\/\//i.test(path) || !config.PUBLIC_URL ? path : new URL(path, config.PUBLIC_URL).toString();

/** The return route the gateway sends the payer's browser to. */
export const returnUrl = (config: Pick<Config, 'PUBLIC_URL'>, givenId: string, returnPath: string) =>
  publicUrl(config, `/api/payments/return/${givenId}?to=${encodeURIComponent(returnPath)}`);

/** What the gateway's page and the payer's statement say the payment is for. */
export const describePayment = (lang: Lang, purpose: PaymentPurpose, halalas: number) =>
  translate(lang, purpose === 'wallet_charge' ? 'payments.description_wallet' : 'payments.description_order', {
    amount: (halalas / 100).toFixed(2),
  });

export async function startPayment(deps: PaymentApp, db: Db, input: StartPaymentInput) {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw fieldError('amount', 'validation.invalid');
  const returnPath = safeReturnPath(input.returnPath);
  if (!returnPath) throw fieldError('return_path', 'validation.invalid');
  const givenId = randomUUID();
  const [row] = await db
    .insert(p)
    .values({
      userId: input.userId,
      purpose: input.purpose,
      orderId: input.orderId ?? null,
      extraId: input.extraId ?? null,
      driver: deps.payments.name,
      givenId,
      amount: input.amount,
      currency: 'SAR',
    })
    .returning();
  const payment = row!;
  const description = input.description ?? describePayment(input.lang, input.purpose, input.amount);
  let created;
  try {
    created = await deps.payments.create({
      givenId,
      amount: input.amount,
      description,
      callbackUrl: returnUrl(deps.config, givenId, returnPath),
      metadata: {
        payment_id: String(payment.id),
        purpose: input.purpose,
        user_id: String(input.userId),
        ...(input.orderId ? { order_id: String(input.orderId) } : {}),
        ...(input.extraId ? { extra_id: String(input.extraId) } : {}),
      },
      lang: input.lang,
    });
  } catch (err) {
    deps.log.error({ err, paymentId: payment.id }, 'could not start a card payment');
    await db
      .update(p)
      .set({ status: 'failed' })
      .where(and(eq(p.id, payment.id), eq(p.status, 'initiated')));
    throw new AppError('fail', 'payments.gateway_unavailable', { status: 502 });
  }
  await db.update(p).set({ gatewayId: created.gatewayId }).where(eq(p.id, payment.id));
  return { payment_id: payment.id, redirect_url: publicUrl(deps.config, created.redirectUrl) };
}

// --- verify -------------------------------------------------------------------------------------

export type Verification = {
  payment: PaymentRow;
  /** This call marked it paid (or failed). */
  changed: boolean;
  /** The gateway said paid but amount, currency or ids differ: not marked paid. */
  mismatch?: true;
};

async function findPayment(db: Db, ref: number | string) {
  const [row] = await db
    .select()
    .from(p)
    .where(typeof ref === 'number' ? eq(p.id, ref) : eq(p.gatewayId, ref))
    .limit(1);
  return row;
}

/**
 * Asks the gateway about a payment (our id, or the gateway's id) and records
 * the answer. Idempotent: a paid payment is left as it is, and a second call
 * (or a replayed webhook) changes nothing.
 */
export async function verifyPayment(deps: PaymentApp, ref: number | string): Promise<Verification> {
  const row = await findPayment(deps.db, ref);
  if (!row) throw notFound();
  if (row.status === 'paid' || row.status === 'refunded' || !row.gatewayId) return { payment: row, changed: false };

  let fetched;
  try {
    fetched = await deps.payments.fetch(row.gatewayId);
  } catch (err) {
    deps.log.error({ err, paymentId: row.id }, 'could not fetch a payment from the gateway');
    throw new AppError('fail', 'payments.gateway_unavailable', { status: 502 });
  }

  if (fetched.status === 'paid') {
    const matches =
      fetched.id === row.gatewayId &&
      fetched.amount === row.amount &&
      fetched.currency === 'SAR' &&
      row.currency === 'SAR' &&
      fetched.metadata.given_id === row.givenId &&
      fetched.metadata.payment_id === String(row.id);
    if (!matches) {
      deps.log.error(
        {
          paymentId: row.id,
          ours: { amount: row.amount, currency: row.currency },
          gateway: { id: fetched.id, amount: fetched.amount, currency: fetched.currency },
        },
        'the gateway reports a paid payment that does not match ours: not marked paid',
      );
      return { payment: row, changed: false, mismatch: true };
    }
    const verified = await retryTransaction(deps.db, async (tx) => {
      const [paid] = await tx
        .update(p)
        .set({ status: 'paid' })
        .where(and(eq(p.id, row.id), inArray(p.status, ['initiated', 'failed'])))
        .returning();
      if (!paid) return { payment: (await findPayment(tx, row.id))!, changed: false };
      await deps.paidHandlers[paid.purpose](tx, paid);
      return { payment: paid, changed: true };
    });
    if (verified.changed) await deps.events.deliver();
    return verified;
  }

  if (fetched.status === 'failed' && row.status === 'initiated') {
    const [failed] = await deps.db
      .update(p)
      .set({ status: 'failed' })
      .where(and(eq(p.id, row.id), eq(p.status, 'initiated')))
      .returning();
    if (failed) return { payment: failed, changed: true };
    return { payment: (await findPayment(deps.db, row.id))!, changed: false };
  }
  return { payment: row, changed: false };
}

/**
 * Before a deadline gives up on them: asks the gateway about the card payments
 * still open (initiated or failed) of an order's `purpose`, or of one extra
 * service (`extraId`); `paid` when one was, `unsure` when the gateway could
 * not be asked about one.
 */
export async function verifyOpenPayments(
  deps: PaymentApp,
  of: { orderId: number; purpose: 'order' } | { extraId: number; purpose: 'order_extra' },
) {
  const attempts = await deps.db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        'extraId' in of ? eq(p.extraId, of.extraId) : eq(p.orderId, of.orderId),
        eq(p.purpose, of.purpose),
        inArray(p.status, ['initiated', 'failed']),
      ),
    );
  let paid = false;
  let unsure = false;
  for (const attempt of attempts) {
    try {
      if ((await verifyPayment(deps, attempt.id)).payment.status === 'paid') paid = true;
    } catch (err) {
      unsure = true;
      deps.log.warn({ err, ...of }, 'a deadline could not ask the gateway about a payment');
    }
  }
  return { paid, unsure };
}

// --- refund -------------------------------------------------------------------------------------

/**
 * Refunds `amount` halalas of a paid payment to the card. The amount is
 * reserved on our row first (so parallel refunds cannot exceed what was
 * paid), then asked of the gateway; if the gateway fails and has not refunded,
 * the reservation is undone and the call answers 502.
 */
export async function refundPayment(deps: PaymentApp, db: Db, paymentId: number, amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw fieldError('amount', 'validation.invalid');
  const [reserved] = await db
    .update(p)
    .set({ refundedAmount: sql`${p.refundedAmount} + ${amount}` })
    .where(
      and(
        eq(p.id, paymentId),
        inArray(p.status, ['paid', 'refunded']),
        sql`${p.refundedAmount} + ${amount} <= ${p.amount}`,
      ),
    )
    .returning();
  if (!reserved) {
    const row = await findPayment(db, paymentId);
    if (!row) throw notFound();
    throw new AppError('fail', 'payments.refund_not_allowed', { status: 422 });
  }
  try {
    await deps.payments.refund(reserved.gatewayId!, amount);
  } catch (err) {
    const seen = await deps.payments.fetch(reserved.gatewayId!).catch(() => null);
    if (!seen || seen.refunded < reserved.refundedAmount) {
      deps.log.error({ err, paymentId }, 'the gateway did not refund');
      await db
        .update(p)
        .set({ refundedAmount: sql`${p.refundedAmount} - ${amount}` })
        .where(eq(p.id, paymentId));
      throw new AppError('fail', 'payments.gateway_unavailable', { status: 502 });
    }
  }
  const [after] = await db
    .update(p)
    .set({ status: sql`case when ${p.refundedAmount} >= ${p.amount} then 'refunded' else ${p.status} end` })
    .where(eq(p.id, paymentId))
    .returning();
  return { refunded_amount: after!.refundedAmount, status: after!.status };
}

// --- reading ------------------------------------------------------------------------------------

export const toPaymentInfo = (row: PaymentRow): PaymentInfo => ({
  id: row.id,
  purpose: row.purpose,
  status: row.status,
  amount: row.amount,
  refunded_amount: row.refundedAmount,
  currency: row.currency,
  order_id: row.orderId,
  created_at: row.createdAt.toISOString(),
});

/** The customer's own payment, or 404 (another customer's payment too). */
export async function ownPayment(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.id, id), eq(p.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export const findByGivenId = async (db: Db, givenId: string) =>
  (await db.select().from(p).where(eq(p.givenId, givenId)).limit(1))[0];
