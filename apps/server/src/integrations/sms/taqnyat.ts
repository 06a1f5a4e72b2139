import type { FastifyBaseLogger } from 'fastify';
import type { SmsDriver } from './types.ts';

export type TaqnyatOptions = { baseUrl: string; token: string; sender: string; timeoutMs?: number };

export class SmsError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
    this.name = 'SmsError';
  }
}

/** Taqnyat's REST API: `POST {baseUrl}/v1/messages` with a bearer token. */
export function taqnyatSms(options: TaqnyatOptions, log?: FastifyBaseLogger): SmsDriver {
  return {
    name: 'taqnyat',
    async send(to, text) {
      const res = await fetch(new URL('/v1/messages', options.baseUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ recipients: [to], body: text, sender: options.sender }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!res.ok) {
        log?.error({ sms: { driver: 'taqnyat', status: res.status } }, 'sms provider refused the message');
        throw new SmsError(`Taqnyat answered ${res.status}`, res.status);
      }
      log?.info({ sms: { driver: 'taqnyat', to: `***${to.slice(-3)}` } }, 'sms sent');
    },
  };
}
