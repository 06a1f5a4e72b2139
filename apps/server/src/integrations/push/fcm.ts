/**
 * FCM HTTP v1 without the Google SDK: a service-account JWT (RS256, signed with
 * node:crypto) is exchanged for an OAuth access token, cached until shortly
 * before it expires, and used as the bearer of `messages:send`.
 */
import { createSign } from 'node:crypto';
import type { PushPayload } from '@pool/contracts';
import { PushError, failureFor, networkError, type PushDriver } from './types.ts';

export type FcmOptions = {
  projectId: string;
  clientEmail: string;
  /** PEM; `\n` escapes (as in a one-line environment variable) are accepted. */
  privateKey: string;
  apiUrl: string;
  tokenUrl: string;
  timeoutMs?: number;
};

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** The signed assertion of the OAuth 2.0 JWT bearer grant (RFC 7523). */
export function serviceAccountJwt(o: Pick<FcmOptions, 'clientEmail' | 'privateKey' | 'tokenUrl'>, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(JSON.stringify({ iss: o.clientEmail, scope: SCOPE, aud: o.tokenUrl, iat, exp: iat + 3600 }));
  const signature = createSign('RSA-SHA256').update(`${head}.${claims}`).sign(o.privateKey.replace(/\\n/g, '\n'));
  return `${head}.${claims}.${b64url(signature)}`;
}

export function fcmDriver(options: FcmOptions): PushDriver {
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    let res: Response;
    try {
      res = await fetch(options.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: serviceAccountJwt(options),
        }),
        signal: timeout(),
      });
    } catch (err) {
      throw networkError(err);
    }
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!res.ok || !body.access_token) {
      throw new PushError(
        res.status >= 500 || res.status === 429 ? 'retry' : 'fatal',
        `token endpoint answered ${res.status}`,
        res.status,
      );
    }
    // Renew a minute early so a token never expires in flight.
    cached = { token: body.access_token, expiresAt: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 };
    return body.access_token;
  }

  /** One token request at a time; callers share it. */
  async function accessToken() {
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    pending ??= fetchToken().finally(() => (pending = null));
    return pending;
  }

  return {
    kind: 'fcm',
    async send(target, payload: PushPayload) {
      if (target.kind !== 'fcm') throw new PushError('fatal', 'not an FCM token');
      const token = await accessToken();
      const url = `${options.apiUrl.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(options.projectId)}/messages:send`;
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            message: {
              token: target.token,
              data: { ...payload },
              notification: { title: payload.title, body: payload.body },
            },
          }),
          signal: timeout(),
        });
      } catch (err) {
        throw networkError(err);
      }
      if (res.ok) {
        await res.body?.cancel();
        return;
      }
      const text = await res.text().catch(() => '');
      if (res.status === 401) cached = null; // revoked or expired early: fetch a new one next time
      const unregistered = text.includes('UNREGISTERED');
      const failure = unregistered ? 'dead' : res.status === 401 ? 'retry' : failureFor(res.status, [404]);
      throw new PushError(failure, `FCM answered ${res.status}${unregistered ? ' UNREGISTERED' : ''}`, res.status);
    },
  };
}
