import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { moyasarGateway } from './moyasar.ts';
import { sandboxGateway } from './sandbox.ts';
import type { PaymentGateway, WebhookEvent } from './types.ts';

export type { PaymentGateway, WebhookEvent };
export { GatewayError } from './types.ts';

export function createPaymentGateway(config: Config, log?: FastifyBaseLogger): PaymentGateway {
  if (config.PAYMENT_DRIVER === 'moyasar') {
    return moyasarGateway(
      {
        baseUrl: config.MOYASAR_API_URL,
        secretKey: config.MOYASAR_SECRET_KEY!,
        publishableKey: config.MOYASAR_PUBLISHABLE_KEY,
      },
      log,
    );
  }
  return sandboxGateway();
}

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null);

/**
 * A webhook body in Moyasar's shape (the sandbox sends the same):
 * `{ type, secret_token, data: { id, invoice_id? } }`. Null when it is not one.
 */
export function parseWebhook(body: unknown): WebhookEvent | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const data = (b.data && typeof b.data === 'object' ? b.data : {}) as Record<string, unknown>;
  const type = text(b.type);
  const paymentId = text(data.id);
  if (!type || !paymentId) return null;
  return {
    type: type.slice(0, 40),
    paymentId: paymentId.slice(0, 64),
    gatewayId: (text(data.invoice_id) ?? paymentId).slice(0, 64),
    secret: text(b.secret_token),
  };
}
