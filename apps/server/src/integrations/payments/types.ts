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
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
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
