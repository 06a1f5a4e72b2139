/**
 * STC Pay and Apple Pay through the gateway's API (a payment `source`, no
 * hosted page), for the apps and the site's own payment sheets. Each is a new
 * attempt (a `payments` row) of the same purpose, order and amount as one of
 * the payer's open attempts, so verification, the paid handlers and refunds are
 * those of every payment (service.ts); an order paid twice is refunded once by
 * the kernel as for any second attempt.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import { safeReturnPath, type Lang } from '@pool/contracts';
import type { PaymentSource } from '../../integrations/payments/types.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { describePayment, returnUrl, verifyPayment, type PaymentApp, type PaymentRow } from './service.ts';

const p = tables.payments;

const gatewayDown = (deps: PaymentApp, err: unknown, what: string) => {
  deps.log.error({ err }, what);
  return new AppError('fail', 'payments.gateway_unavailable', { status: 502 });
};

/** Only an attempt still open (not paid, not refunded) can be paid another way. */
function mustBeOpen(row: PaymentRow) {
  if (row.status !== 'initiated' && row.status !== 'failed')
    throw new AppError('fail', 'payments.already_settled', { status: 409 });
}

/**
 * Pays the amount of the payer's open attempt `from` with `source`: a new
 * attempt row, the gateway's payment, and (paid or failed at once) its
 * verification. STC Pay answers `initiated` until the code is entered.
 */
export async function payWithSource(
  deps: PaymentApp,
  from: PaymentRow,
  source: PaymentSource,
  o: { lang: Lang; returnPath?: string },
) {
  mustBeOpen(from);
  const returnPath = safeReturnPath(o.returnPath ?? '/');
  if (!returnPath) throw fieldError('return_path', 'validation.invalid');
  const givenId = randomUUID();
  const [row] = await deps.db
    .insert(p)
    .values({
      userId: from.userId,
      purpose: from.purpose,
      orderId: from.orderId,
      extraId: from.extraId,
      driver: deps.payments.name,
      givenId,
      amount: from.amount,
      currency: 'SAR',
    })
    .returning();
  const attempt = row!;
  let made;
  try {
    made = await deps.payments.createWithSource({
      givenId,
      amount: attempt.amount,
      description: describePayment(o.lang, attempt.purpose, attempt.amount),
      callbackUrl: returnUrl(deps.config, givenId, returnPath),
      metadata: {
        payment_id: String(attempt.id),
        purpose: attempt.purpose,
        user_id: String(attempt.userId),
        ...(attempt.orderId ? { order_id: String(attempt.orderId) } : {}),
        ...(attempt.extraId ? { extra_id: String(attempt.extraId) } : {}),
      },
      lang: o.lang,
      source,
    });
  } catch (err) {
    await deps.db.update(p).set({ status: 'failed' }).where(eq(p.id, attempt.id));
    // The gateway refused the mobile (a 400): the payer's input, not an outage.
    if (source.type === 'stcpay' && (err as { status?: number }).status === 400)
      throw fieldError('mobile', 'payments.stcpay_mobile_invalid');
    throw gatewayDown(deps, err, 'could not start an STC Pay or Apple Pay payment');
  }
  await deps.db.update(p).set({ gatewayId: made.gatewayId }).where(eq(p.id, attempt.id));
  if (made.status === 'initiated') return { ...attempt, gatewayId: made.gatewayId };
  return (await verifyPayment(deps, attempt.id)).payment;
}

/** STC Pay's one-time code for an attempt waiting for it; answers the attempt once the gateway settled it. */
export async function confirmStcPayCode(deps: PaymentApp, row: PaymentRow, code: string) {
  mustBeOpen(row);
  if (row.status !== 'initiated' || !row.gatewayId)
    throw new AppError('fail', 'payments.otp_not_expected', { status: 409 });
  try {
    await deps.payments.confirmOtp(row.gatewayId, code);
  } catch (err) {
    if ((err as { status?: number }).status === 400)
      throw new AppError('fail', 'payments.otp_not_expected', { status: 409 });
    throw gatewayDown(deps, err, 'could not send the STC Pay code');
  }
  return (await verifyPayment(deps, row.id)).payment;
}

/** Apple Pay's merchant session for the payer's payment sheet on our domain. */
export async function applePayMerchantSession(deps: PaymentApp, validationUrl: string, domain: string, name: string) {
  try {
    return await deps.payments.applePaySession({ validationUrl, domain, displayName: name });
  } catch (err) {
    throw gatewayDown(deps, err, 'could not validate the Apple Pay merchant');
  }
}
