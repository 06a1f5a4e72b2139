/**
 * Moyasar's hosted invoice flow: `POST /v1/invoices` answers a checkout URL on
 * Moyasar; the payer pays there and comes back to `success_url` (or `back_url`).
 * The invoice's id is our `gateway_id`; fetching it tells status, amount,
 * currency, metadata and its card payments (refunds go to the paid one).
 * HTTP basic auth with the secret key; amounts in halalas. Our `given_id`
 * travels in the metadata and must come back unchanged.
 */
import type { FastifyBaseLogger } from 'fastify';
import { GatewayError, type FetchedPayment, type GatewayStatus, type PaymentGateway } from './types.ts';

export type MoyasarOptions = { baseUrl: string; secretKey: string; timeoutMs?: number };

type MoyasarPayment = { id: string; status: string; amount: number; refunded?: number; currency?: string };
type MoyasarInvoice = {
  id: string;
  status: string;
  amount: number;
  currency: string;
  url?: string;
  metadata?: Record<string, unknown> | null;
  payments?: MoyasarPayment[] | null;
};

/** Invoice states (initiated, paid, failed, refunded, canceled, on_hold, expired, voided) in our four. */
export function invoiceStatus(status: string): GatewayStatus {
  switch (status) {
    case 'paid':
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

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(new URL(path, options.baseUrl), {
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
      log?.error({ payments: { driver: 'moyasar', path }, err }, 'payment gateway unreachable');
      throw new GatewayError(`Moyasar unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) {
      log?.error({ payments: { driver: 'moyasar', path, status: res.status } }, 'payment gateway refused');
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

  const path = (id: string) => `/v1/invoices/${encodeURIComponent(id)}`;

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
    async fetch(gatewayId) {
      return toFetched(await call<MoyasarInvoice>('GET', path(gatewayId)));
    },
    async refund(gatewayId, amount) {
      const inv = await call<MoyasarInvoice>('GET', path(gatewayId));
      const paid = (inv.payments ?? []).find(
        (p) => (p.status === 'paid' || p.status === 'captured') && p.amount - (Number(p.refunded) || 0) >= amount,
      );
      if (!paid) throw new GatewayError('no paid card payment on this invoice can take that refund');
      await call('POST', `/v1/payments/${encodeURIComponent(paid.id)}/refund`, { amount });
      return toFetched(await call<MoyasarInvoice>('GET', path(gatewayId)));
    },
  };
}
