/**
 * Moyasar's hosted invoice flow: `POST /v1/invoices` answers a checkout URL on
 * Moyasar; the payer pays there (mada, Visa, Mastercard) and comes back to
 * `success_url` (or `back_url`). The invoice's id is our `gateway_id`;
 * fetching it tells status, amount, currency, metadata and its card payments
 * (refunds go to the paid one).
 *
 * STC Pay and Apple Pay are payments with a `source` (`POST /v1/payments`):
 * STC Pay by mobile, then the one-time code at the payment's
 * `source.transaction_url`; Apple Pay by the payment sheet's token, after the
 * merchant validation (`POST /v1/applepay/initiate`). Their `gateway_id` is the
 * payment's id: `fetch` and `refund` look for an invoice first, then a payment.
 *
 * HTTP basic auth with the secret key; amounts in halalas. Our `given_id`
 * travels in the metadata and must come back unchanged.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  GatewayError,
  type FetchedPayment,
  type GatewayStatus,
  type PaymentGateway,
  type SourcePayment,
} from './types.ts';

export type MoyasarOptions = { baseUrl: string; secretKey: string; publishableKey?: string; timeoutMs?: number };

type MoyasarPayment = {
  id: string;
  status: string;
  amount: number;
  refunded?: number;
  currency?: string;
  metadata?: Record<string, unknown> | null;
  source?: { type?: string; message?: string | null; transaction_url?: string | null } | null;
};
type MoyasarInvoice = {
  id: string;
  status: string;
  amount: number;
  currency: string;
  url?: string;
  metadata?: Record<string, unknown> | null;
  payments?: MoyasarPayment[] | null;
};

/** Invoice and payment states (initiated, paid, captured, failed, refunded, canceled, on_hold, expired, voided) in our four. */
export function invoiceStatus(status: string): GatewayStatus {
  switch (status) {
    case 'paid':
    case 'captured':
      return 'paid';
    case 'refunded':
      return 'refunded';
    case 'failed':
    case 'canceled':
    case 'expired':
    case 'voided':
      return 'failed';
    default:
      return 'initiated';
  }
}

const strings = (m: Record<string, unknown> | null | undefined) =>
  Object.fromEntries(Object.entries(m ?? {}).map(([k, v]) => [k, v == null ? '' : String(v)]));

export function moyasarGateway(options: MoyasarOptions, log?: FastifyBaseLogger): PaymentGateway {
  const auth = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string | URL, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(typeof path === 'string' ? new URL(path, options.baseUrl) : path, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (err) {
      log?.error({ payments: { driver: 'moyasar', path: String(path) }, err }, 'payment gateway unreachable');
      throw new GatewayError(`Moyasar unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) {
      log?.error(
        { payments: { driver: 'moyasar', path: String(path), status: res.status } },
        'payment gateway refused',
      );
      throw new GatewayError(`Moyasar answered ${res.status}`, res.status);
    }
    return (await res.json()) as T;
  }

  const toFetched = (inv: MoyasarInvoice): FetchedPayment => ({
    id: String(inv.id),
    status: invoiceStatus(String(inv.status)),
    amount: Number(inv.amount),
    currency: String(inv.currency ?? '').toUpperCase(),
    metadata: strings(inv.metadata),
    refunded: (inv.payments ?? []).reduce((sum, p) => sum + (Number(p.refunded) || 0), 0),
  });

  const paymentToFetched = (pay: MoyasarPayment): FetchedPayment => ({
    id: String(pay.id),
    status: invoiceStatus(String(pay.status)),
    amount: Number(pay.amount),
    currency: String(pay.currency ?? '').toUpperCase(),
    metadata: strings(pay.metadata),
    refunded: Number(pay.refunded) || 0,
  });
  const toSource = (pay: MoyasarPayment): SourcePayment => ({
    gatewayId: String(pay.id),
    status: invoiceStatus(String(pay.status)),
    message: pay.source?.message ? String(pay.source.message).slice(0, 200) : null,
  });

  const path = (id: string) => `/v1/invoices/${encodeURIComponent(id)}`;
  const paymentPath = (id: string) => `/v1/payments/${encodeURIComponent(id)}`;

  /** Our gateway id names an invoice (the hosted page) or, for STC Pay and Apple Pay, a payment. */
  async function find(gatewayId: string) {
    try {
      return { invoice: await call<MoyasarInvoice>('GET', path(gatewayId)) };
    } catch (err) {
      if (!(err instanceof GatewayError) || err.status !== 404) throw err;
      return { payment: await call<MoyasarPayment>('GET', paymentPath(gatewayId)) };
    }
  }

  return {
    name: 'moyasar',
    async create(input) {
      const inv = await call<MoyasarInvoice>('POST', '/v1/invoices', {
        amount: input.amount,
        currency: 'SAR',
        description: input.description,
        success_url: input.callbackUrl,
        back_url: input.callbackUrl,
        metadata: { ...input.metadata, given_id: input.givenId },
      });
      if (!inv.id || !inv.url) throw new GatewayError('Moyasar answered an invoice without id or url');
      const url = new URL(inv.url);
      if (input.lang) url.searchParams.set('lang', input.lang);
      return { gatewayId: String(inv.id), redirectUrl: url.toString() };
    },
    async createWithSource(input) {
      const pay = await call<MoyasarPayment>('POST', '/v1/payments', {
        amount: input.amount,
        currency: 'SAR',
        description: input.description,
        callback_url: input.callbackUrl,
        source: input.source,
        metadata: { ...input.metadata, given_id: input.givenId },
      });
      if (!pay.id) throw new GatewayError('Moyasar answered a payment without id');
      return toSource(pay);
    },
    async confirmOtp(gatewayId, code) {
      const pay = await call<MoyasarPayment>('GET', paymentPath(gatewayId));
      const at = pay.source?.transaction_url;
      if (pay.source?.type !== 'stcpay' || !at) throw new GatewayError('not an STC Pay payment waiting for its code');
      // The code goes only to Moyasar's own API (never to an address a response could redirect us to).
      const url = new URL(at);
      if (url.origin !== new URL(options.baseUrl).origin) throw new GatewayError('transaction_url off the API');
      url.searchParams.set('otp_value', code);
      return toSource(await call<MoyasarPayment>('GET', url));
    },
    async applePaySession(input) {
      if (!options.publishableKey) throw new GatewayError('MOYASAR_PUBLISHABLE_KEY is needed for Apple Pay');
      return call<unknown>('POST', '/v1/applepay/initiate', {
        validation_url: input.validationUrl,
        display_name: input.displayName,
        domain_name: input.domain,
        publishable_api_key: options.publishableKey,
      });
    },
    async fetch(gatewayId) {
      const found = await find(gatewayId);
      return found.invoice ? toFetched(found.invoice) : paymentToFetched(found.payment!);
    },
    async refund(gatewayId, amount) {
      const found = await find(gatewayId);
      if (!found.invoice) {
        await call('POST', `${paymentPath(gatewayId)}/refund`, { amount });
        return paymentToFetched(await call<MoyasarPayment>('GET', paymentPath(gatewayId)));
      }
      const inv = found.invoice;
      const paid = (inv.payments ?? []).find(
        (p) => (p.status === 'paid' || p.status === 'captured') && p.amount - (Number(p.refunded) || 0) >= amount,
      );
      if (!paid) throw new GatewayError('no paid card payment on this invoice can take that refund');
      await call('POST', `/v1/payments/${encodeURIComponent(paid.id)}/refund`, { amount });
      return toFetched(await call<MoyasarInvoice>('GET', path(gatewayId)));
    },
  };
}
