/**
 * Development and test driver: a gateway kept in this process's memory whose
 * hosted payment page is served by our own server (`/api/payments/sandbox/{id}`,
 * modules/payments/sandbox-page.ts). Test cards decide the outcome. It sends no
 * webhooks: the return route verifies (tests post webhooks in its format). One
 * process only (state in memory), and refused in production (config.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Lang } from '@pool/contracts';
import { GatewayError, type FetchedPayment, type PaymentGateway } from './types.ts';

/** The test cards shown on the sandbox page. */
export const SANDBOX_CARDS = {
  success: '4111111111111111',
  failure: '4000000000000002',
  threeDs: '4000000000003220',
} as const;

export type SandboxPayment = FetchedPayment & {
  givenId: string;
  description: string;
  callbackUrl: string;
  lang: Lang;
  /** Waiting for the 3-D Secure step. */
  awaiting3ds: boolean;
};

export type CardOutcome = 'paid' | 'failed' | '3ds' | 'unknown_card' | 'closed';

export type SandboxGateway = PaymentGateway & {
  readonly name: 'sandbox';
  get(id: string): SandboxPayment | undefined;
  /** The payer submitted `card` on the hosted page. */
  pay(id: string, card: string): CardOutcome;
  /** The payer passed (or failed) the 3-D Secure step. */
  authenticate(id: string, ok: boolean): CardOutcome;
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

  return {
    name: 'sandbox',
    async create(input) {
      if (!Number.isInteger(input.amount) || input.amount <= 0) throw new GatewayError('invalid amount', 400);
      // Like Moyasar's given_id: the same attempt answers the same payment.
      const known = byGiven.get(input.givenId);
      if (known) return { gatewayId: known, redirectUrl: pagePath(must(known)) };
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
      };
      payments.set(p.id, p);
      byGiven.set(input.givenId, p.id);
      return { gatewayId: p.id, redirectUrl: pagePath(p) };
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
      if (!p || p.status !== 'initiated' || p.awaiting3ds) return 'closed';
      const digits = card.replace(/[\s-]/g, '');
      if (digits === SANDBOX_CARDS.success) {
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
