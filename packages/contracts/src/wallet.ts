/**
 * Card payments and the wallet in the API (ADR 0005): money in integer
 * halalas, except the charge form's amount, which the customer types in whole
 * riyals ("Charge amount: digits only", spec section 5).
 */
import { z } from 'zod';
import { paginated } from './envelope.ts';
import { V, requiredId } from './fields.ts';
import { toLatinDigits } from './languages.ts';

/** `order_extra`: extra services proposed on site (payments.extra_id); `package_renewal`: a subscription's next period. */
export const PAYMENT_PURPOSES = ['order', 'order_extra', 'wallet_charge', 'package_renewal'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const PAYMENT_STATUSES = ['initiated', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const WALLET_ENTRY_KINDS = ['charge', 'payment', 'refund'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

export const WALLET_PAGE_SIZE = 10;
/** Whole riyals a customer may charge at once. */
export const WALLET_CHARGE_MIN_SAR = 1;
export const WALLET_CHARGE_MAX_SAR = 10_000;

/** The charge amount's range rule, shared by the form and the API: the i18n key and its parameters, or null. */
export function chargeAmountError(sar: number): { key: string; params: { min: number; max: number } } | null {
  const params = { min: WALLET_CHARGE_MIN_SAR, max: WALLET_CHARGE_MAX_SAR };
  if (!Number.isSafeInteger(sar) || sar < WALLET_CHARGE_MIN_SAR || sar > WALLET_CHARGE_MAX_SAR)
    return { key: 'wallet.amount_range', params };
  return null;
}

/**
 * A same-site path to send the browser back to after paying: one leading
 * slash, no scheme, host, backslash or control character (no open redirect).
 */
export function safeReturnPath(path: unknown): string | null {
  if (typeof path !== 'string' || path.length === 0 || path.length > 300) return null;
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  // No whitespace or control characters (code points up to U+0020, and DEL).
  if ([...path].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f || /\s/.test(c))) return null;
  try {
    const url = new URL(path, 'http://site.invalid');
    if (url.origin !== 'http://site.invalid' || url.pathname.startsWith('/api/')) return null;
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

/** Whole riyals: digits only (Arabic-Indic digits accepted); the range is checked with `chargeAmountError`. */
export const chargeBody = z.object({
  amount: z.preprocess(
    (v) =>
      typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? toLatinDigits(v).trim() : v,
    z
      .string({ error: V.required })
      .min(1, { error: V.required })
      .max(12, { error: V.digitsOnly })
      .regex(/^\d+$/, { error: V.digitsOnly })
      .describe('whole riyals (SAR), digits only'),
  ),
  return_path: z
    .string()
    .max(300)
    .optional()
    .describe('site path to come back to after paying (same site only); default: the wallet page'),
});
export type ChargeBody = z.input<typeof chargeBody>;

export const paymentStarted = z.object({
  payment_id: z.number(),
  redirect_url: z.string().describe('send the payer here: the gateway’s hosted payment page'),
});
export type PaymentStarted = z.infer<typeof paymentStarted>;

export const paymentInfo = z.object({
  id: z.number(),
  purpose: z.enum(PAYMENT_PURPOSES),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().describe('halalas'),
  refunded_amount: z.number().describe('halalas'),
  currency: z.string(),
  order_id: z.number().nullable(),
  created_at: z.string(),
});
export type PaymentInfo = z.infer<typeof paymentInfo>;

export const walletEntry = z.object({
  id: z.number(),
  kind: z.enum(WALLET_ENTRY_KINDS),
  amount: z.number().describe('signed halalas: + charge or refund, - payment'),
  balance_after: z.number().describe('halalas'),
  order_id: z.number().nullable(),
  order_number: z.string().nullable(),
  /** The order's page on the site (its kind's), without the language prefix; null without an order. */
  order_path: z.string().nullable(),
  created_at: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntry>;

export const walletPage = z.object({
  balance: z.number().describe('halalas'),
  currency: z.literal('SAR'),
  entries: paginated(walletEntry),
});
export type WalletPage = z.infer<typeof walletPage>;

// --- methods besides the hosted card page ----------------------------------------------------------

/** A Saudi mobile as STC Pay takes it (`05` and eight digits); `5…`, `9665…` and `+9665…` are accepted and rewritten. */
export const stcPayMobile = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const d = toLatinDigits(v).replace(/[\s-]/g, '').replace(/^\+/, '');
    return /^9665\d{8}$/.test(d) ? `0${d.slice(3)}` : /^5\d{8}$/.test(d) ? `0${d}` : d;
  },
  z
    .string({ error: V.required })
    .min(1, { error: V.required })
    .regex(/^05\d{8}$/, { error: V.phone }),
);

const returnPathField = z.string().max(300).optional().describe('same-site path the gateway sends the payer back to');

export const stcPayBody = z.object({ mobile: stcPayMobile, return_path: returnPathField });
export type StcPayBody = z.input<typeof stcPayBody>;

/** STC Pay's one-time code (sent by SMS): digits. */
export const stcPayOtpBody = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
    z.string({ error: V.required }).regex(/^\d{4,8}$/, { error: V.digitsOnly }),
  ),
});

export const applePaySessionBody = z.object({
  validation_url: z
    .url({ error: V.url })
    .max(300)
    .refine((u) => /^https:\/\/[a-z0-9.-]+\.apple\.com(\/|$)/i.test(u), { error: V.url })
    .describe('the `validationURL` of the payment sheet’s `onvalidatemerchant` (an apple.com address)'),
});

export const applePayBody = z.object({
  token: z
    .string({ error: V.required })
    .min(1, { error: V.required })
    .max(20_000)
    .describe('`JSON.stringify(event.payment.token)` of `onpaymentauthorized`'),
  return_path: returnPathField,
});

/** A wallet top-up by the shortfall of a wallet checkout: the server prices the cart for the address. */
export const walletTopUpBody = z.object({
  address_id: requiredId,
  return_path: returnPathField,
});
export type WalletTopUpBody = z.input<typeof walletTopUpBody>;

export const walletTopUp = paymentStarted.extend({
  amount: z.number().describe('halalas charged: the checkout total less the balance (at least 1 SAR)'),
});
