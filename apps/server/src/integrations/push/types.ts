import type { PushPayload } from '@pool/contracts';

export type PushKind = 'fcm' | 'webpush';

/** One device to deliver to: an app token (FCM) or a browser subscription (Web Push). */
export type PushTarget =
  | { kind: 'fcm'; token: string }
  | { kind: 'webpush'; subscription: { endpoint: string; keys: { p256dh: string; auth: string } } };

export type PushDriver = {
  kind: PushKind;
  /** Resolves when the push service accepted the message; throws a PushError otherwise. */
  send(target: PushTarget, payload: PushPayload): Promise<void>;
};

/**
 * `dead`: the token/subscription no longer exists (drop the device);
 * `retry`: try again later (429, 5xx, network); `fatal`: give up on this message.
 */
export type PushFailure = 'dead' | 'retry' | 'fatal';

export class PushError extends Error {
  readonly failure: PushFailure;
  readonly status: number | undefined;
  constructor(failure: PushFailure, message: string, status?: number) {
    super(message);
    this.name = 'PushError';
    this.failure = failure;
    this.status = status;
  }
}

/** How an HTTP status from a push service is handled; `deadStatuses` differ per service. */
export function failureFor(status: number, deadStatuses: number[]): PushFailure {
  if (deadStatuses.includes(status)) return 'dead';
  if (status === 429 || status >= 500) return 'retry';
  return 'fatal';
}

/** Network errors and timeouts are retried. */
export function networkError(err: unknown): PushError {
  if (err instanceof PushError) return err;
  return new PushError('retry', err instanceof Error ? err.message : String(err));
}
