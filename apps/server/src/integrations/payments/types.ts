/**
 * A card payment gateway behind one interface (SECURITY.md 18-19). Amounts are
 * integer halalas. Nothing a gateway returns marks a payment paid by itself:
 * `modules/payments/service.ts` compares what `fetch` answers with our row.
 */
import type { Lang } from '@pool/contracts';

export type GatewayStatus = 'initiated' | 'paid' | 'failed' | 'refunded';

export type CreatePaymentInput = {
  /** Our id for this attempt (a UUID): sent to the gateway so the same attempt is never charged twice. */
  givenId: string;
  /** Halalas. */
  amount: number;
  description: string;
  /** Where the payer's browser comes back after paying or failing (our return route). */
  callbackUrl: string;
  /** Echoed back by `fetch`; values are strings. */
  metadata: Record<string, string>;
  /** The payer's language for the hosted page. */
  lang?: Lang;
};

export type CreatedPayment = { gatewayId: string; redirectUrl: string };

/**
 * A method paid without the hosted card page (Moyasar's payment `source`):
 * STC Pay by the payer's mobile (a one-time code follows), or Apple Pay by the
 * token the browser's payment sheet gave.
 */
export type PaymentSource = { type: 'stcpay'; mobile: string } | { type: 'applepay'; token: string };

/** A payment made with a source: its id, state, and the gateway's message (why it failed). */
export type SourcePayment = { gatewayId: string; status: GatewayStatus; message: string | null };

/** What Apple Pay's merchant validation needs (the browser's `onvalidatemerchant`). */
export type ApplePaySessionInput = { validationUrl: string; domain: string; displayName: string };

export type FetchedPayment = {
  id: string;
  status: GatewayStatus;
  /** Halalas. */
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** Halalas refunded so far. */
  refunded: number;
};

export interface PaymentGateway {
  readonly name: 'sandbox' | 'moyasar' | (string & {});
  /** A payment on the gateway's hosted card page (mada, Visa, Mastercard). */
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** A payment with a source (STC Pay, Apple Pay); no page. */
  createWithSource(input: CreatePaymentInput & { source: PaymentSource }): Promise<SourcePayment>;
  /** STC Pay's second step: the one-time code the payer received; answers the payment after it. */
  confirmOtp(gatewayId: string, code: string): Promise<SourcePayment>;
  /** Apple Pay's merchant session for the browser's payment sheet (opaque JSON). */
  applePaySession(input: ApplePaySessionInput): Promise<unknown>;
  fetch(gatewayId: string): Promise<FetchedPayment>;
  /** Refunds `amount` halalas of a paid payment to the card. */
  refund(gatewayId: string, amount: number): Promise<FetchedPayment>;
}

/** The gateway refused or could not be reached; `status` is its HTTP status when it answered. */
export class GatewayError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'GatewayError';
    this.status = status;
  }
}

/** A webhook delivery, as both drivers send it (Moyasar's shape). */
export type WebhookEvent = {
  /** e.g. `payment_paid`, `payment_failed`. */
  type: string;
  /** The gateway's id of the payment the event is about. */
  paymentId: string;
  /** The id our `payments.gateway_id` holds (Moyasar: the invoice), when it differs from `paymentId`. */
  gatewayId: string;
  /** The shared secret as sent in the body (`secret_token`). */
  secret: string | null;
};
