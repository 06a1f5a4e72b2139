/**
 * Standard Web Push (RFC 8030 + 8291 aes128gcm + RFC 8292 VAPID). `web-push`
 * builds the encrypted request; we send it with fetch so the status handling
 * (and tests against a local endpoint) stay in our hands.
 */
import webpush from 'web-push';
import type { PushPayload } from '@pool/contracts';
import { PushError, failureFor, networkError, type PushDriver } from './types.ts';

export type WebPushOptions = {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** Seconds the push service keeps an undelivered message. */
  ttl?: number;
  timeoutMs?: number;
};

export function webPushDriver(options: WebPushOptions): PushDriver {
  return {
    kind: 'webpush',
    async send(target, payload: PushPayload) {
      if (target.kind !== 'webpush') throw new PushError('fatal', 'not a Web Push subscription');
      const details = webpush.generateRequestDetails(target.subscription, JSON.stringify(payload), {
        vapidDetails: { subject: options.subject, publicKey: options.publicKey, privateKey: options.privateKey },
        TTL: options.ttl ?? 24 * 60 * 60,
        urgency: 'normal',
      });
      let res: Response;
      try {
        res = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : null,
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw networkError(err);
      }
      await res.body?.cancel();
      if (res.status >= 200 && res.status < 300) return;
      // 404/410: the browser unsubscribed or the subscription expired.
      throw new PushError(failureFor(res.status, [404, 410]), `push service answered ${res.status}`, res.status);
    },
  };
}
