/**
 * Development and test driver: a gateway kept in this process's memory whose
 * hosted payment page is served by our own server (`/api/payments/sandbox/{id}`,
 * modules/payments/sandbox-page.ts). Like Moyasar's hosted page it takes cards
 * (mada, Visa, Mastercard), Apple Pay (simulated) and STC Pay (mobile, then a
 * one-time code); test cards, mobiles and codes decide the outcome, as in
 * Moyasar's sandbox (fake-moyasar.ts). Payments with a source (STC Pay, Apple
 * Pay without the page) follow the same rules. It sends no
 * webhooks: the return route verifies (tests post webhooks in its format). One
 * process only (state in memory), and refused in production (config.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Lang } from '@pool/contracts';
import { GatewayError, type FetchedPayment, type PaymentGateway, type PaymentSource } from './types.ts';

/** The test cards shown on the sandbox page (Moyasar's mada test card among them). */
export const SANDBOX_CARDS = {
  mada: '4201320111111010',
  success: '4111111111111111',
  failure: '4000000000000002',
  threeDs: '4000000000003220',
} as const;

/** STC Pay in the sandbox: a mobile that fails at once, and the one-time codes (as Moyasar's sandbox). */
export const SANDBOX_STC_PAY = { unregistered: '0515555555', paidCode: '123456', insufficientCode: '111111' } as const;
/** The Apple Pay token the sandbox page sends to decline (any other token pays). */
export const SANDBOX_APPLE_PAY_DECLINED = 'sandbox-declined';

/** A Saudi mobile as STC Pay takes it: 05 and eight digits. */
export const STC_PAY_MOBILE = /^05\d{8}$/;

function stcPayCode(code: string): { status: 'paid' | 'failed'; message: string } {
  if (code === '123456' || code === '000000') return { status: 'paid', message: 'Paid' };
  if (code === SANDBOX_STC_PAY.insufficientCode) return { status: 'failed', message: 'Insufficient Balance.' };
  return { status: 'failed', message: 'Invalid OTP' };
}

export type SandboxPayment = FetchedPayment & {
  givenId: string;
  description: string;
  callbackUrl: string;
  lang: Lang;
  /** Waiting for the 3-D Secure step. */
  awaiting3ds: boolean;
  /** STC Pay started with this mobile: waiting for the one-time code. */
  awaitingOtp: string | null;
  /** Why it failed, as the gateway says it. */
  message: string | null;
};

export type CardOutcome = 'paid' | 'failed' | '3ds' | 'unknown_card' | 'closed';
export type StcPayOutcome = 'otp' | 'failed' | 'invalid_mobile' | 'closed';

export type SandboxGateway = PaymentGateway & {
  readonly name: 'sandbox';
  get(id: string): SandboxPayment | undefined;
  /** The payer submitted `card` on the hosted page. */
  pay(id: string, card: string): CardOutcome;
  /** The payer passed (or failed) the 3-D Secure step. */
  authenticate(id: string, ok: boolean): CardOutcome;
  /** The payer chose Apple Pay on the hosted page (simulated: `token` declines or pays). */
  payApplePay(id: string, token: string): 'paid' | 'failed' | 'closed';
  /** The payer chose STC Pay on the hosted page with this mobile. */
  startStcPay(id: string, mobile: string): StcPayOutcome;
  /** The payer entered STC Pay's one-time code on the hosted page. */
  enterOtp(id: string, code: string): 'paid' | 'failed' | 'closed';
  /** Tests: make `fetch` answer something else (another amount, currency, status, metadata). */
  tamper(id: string, patch: Partial<FetchedPayment>): void;
};

export const SANDBOX_PREFIX = 'sbx_';

export function sandboxGateway(): SandboxGateway {
  const payments = new Map<string, SandboxPayment>();
  const byGiven = new Map<string, string>();

  const must = (id: string) => {
    const p = payments.get(id);
    if (!p) throw new GatewayError('no such sandbox payment', 404);
    return p;
  };
  const view = (p: SandboxPayment): FetchedPayment => ({
    id: p.id,
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    metadata: { ...p.metadata },
    refunded: p.refunded,
  });
  const pagePath = (p: SandboxPayment) =>
    `/api/payments/sandbox/${encodeURIComponent(p.id)}${p.lang === 'en' ? '?lang=en' : ''}`;
  const open = (id: string) => {
    const p = payments.get(id);
    return p && p.status === 'initiated' && !p.awaiting3ds ? p : undefined;
  };
  const settle = (p: SandboxPayment, status: 'paid' | 'failed', message: string | null) => {
    p.status = status;
    p.message = message;
    p.awaitingOtp = null;
    return status;
  };
  const applePay = (p: SandboxPayment, token: string) =>
    token === SANDBOX_APPLE_PAY_DECLINED ? settle(p, 'failed', 'DECLINED') : settle(p, 'paid', 'APPROVED');
  function stcPay(p: SandboxPayment, mobile: string): StcPayOutcome {
    if (!STC_PAY_MOBILE.test(mobile)) return 'invalid_mobile';
    if (mobile === SANDBOX_STC_PAY.unregistered) {
      settle(p, 'failed', 'Mobile number is not registered to use the STC Pay service.');
      return 'failed';
    }
    p.awaitingOtp = mobile;
    return 'otp';
  }
  const otp = (p: SandboxPayment, code: string) => {
    const r = stcPayCode(code);
    return settle(p, r.status, r.message);
  };
  function newPayment(input: Parameters<PaymentGateway['create']>[0]): SandboxPayment {
    const p: SandboxPayment = {
      id: `${SANDBOX_PREFIX}${randomUUID()}`,
      givenId: input.givenId,
      status: 'initiated',
      amount: input.amount,
      currency: 'SAR',
      metadata: { ...input.metadata, given_id: input.givenId },
      refunded: 0,
      description: input.description,
      callbackUrl: input.callbackUrl,
      lang: input.lang ?? 'ar',
      awaiting3ds: false,
      awaitingOtp: null,
      message: null,
    };
    payments.set(p.id, p);
    byGiven.set(input.givenId, p.id);
    return p;
  }
  const sourceView = (p: SandboxPayment) => ({ gatewayId: p.id, status: p.status, message: p.message });

  return {
    name: 'sandbox',
    async create(input) {
      if (!Number.isInteger(input.amount) || input.amount <= 0) throw new GatewayError('invalid amount', 400);
      // Like Moyasar's given_id: the same attempt answers the same payment.
      const known = byGiven.get(input.givenId);
      if (known) return { gatewayId: known, redirectUrl: pagePath(must(known)) };
      const p = newPayment(input);
      return { gatewayId: p.id, redirectUrl: pagePath(p) };
    },
    async createWithSource(input) {
      if (!Number.isInteger(input.amount) || input.amount < 100) throw new GatewayError('invalid amount', 400);
      const known = byGiven.get(input.givenId);
      if (known) return sourceView(must(known));
      const source: PaymentSource = input.source;
      if (source.type === 'stcpay' && !STC_PAY_MOBILE.test(source.mobile))
        throw new GatewayError('source.mobile is invalid', 400);
      if (source.type === 'applepay' && !source.token) throw new GatewayError('source.token is invalid', 400);
      const p = newPayment(input);
      if (source.type === 'stcpay') stcPay(p, source.mobile);
      else applePay(p, source.token);
      return sourceView(p);
    },
    async confirmOtp(id, code) {
      const p = must(id);
      if (p.status !== 'initiated' || !p.awaitingOtp) throw new GatewayError('Payment is not in initiated state', 400);
      otp(p, code);
      return sourceView(p);
    },
    async applePaySession(input) {
      return {
        merchantSessionIdentifier: `sandbox-${randomUUID()}`,
        domainName: input.domain,
        displayName: input.displayName,
      };
    },
    async fetch(id) {
      return view(must(id));
    },
    async refund(id, amount) {
      const p = must(id);
      if (p.status !== 'paid' && !(p.status === 'refunded' && p.refunded < p.amount))
        throw new GatewayError('only a paid payment can be refunded', 400);
      if (!Number.isInteger(amount) || amount <= 0 || p.refunded + amount > p.amount)
        throw new GatewayError('refund larger than what is left', 400);
      p.refunded += amount;
      if (p.refunded === p.amount) p.status = 'refunded';
      return view(p);
    },
    get: (id) => payments.get(id),
    pay(id, card) {
      const p = payments.get(id);
      if (!p || p.status !== 'initiated' || p.awaiting3ds || p.awaitingOtp) return 'closed';
      const digits = card.replace(/[\s-]/g, '');
      if (digits === SANDBOX_CARDS.success || digits === SANDBOX_CARDS.mada) {
        p.status = 'paid';
        return 'paid';
      }
      if (digits === SANDBOX_CARDS.failure) {
        p.status = 'failed';
        return 'failed';
      }
      if (digits === SANDBOX_CARDS.threeDs) {
        p.awaiting3ds = true;
        return '3ds';
      }
      return 'unknown_card';
    },
    payApplePay(id, token) {
      const p = open(id);
      return p && !p.awaitingOtp ? applePay(p, token) : 'closed';
    },
    startStcPay(id, mobile) {
      const p = open(id);
      return p && !p.awaitingOtp ? stcPay(p, mobile) : 'closed';
    },
    enterOtp(id, code) {
      const p = open(id);
      return p?.awaitingOtp ? otp(p, code) : 'closed';
    },
    authenticate(id, ok) {
      const p = payments.get(id);
      if (!p || p.status !== 'initiated' || !p.awaiting3ds) return 'closed';
      p.awaiting3ds = false;
      p.status = ok ? 'paid' : 'failed';
      return p.status;
    },
    tamper(id, patch) {
      Object.assign(must(id), patch);
    },
  };
}
