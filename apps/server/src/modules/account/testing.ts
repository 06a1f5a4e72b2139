/** Helpers for the account tests (not a test file itself). */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { makeCountry, makeUser, type tables } from '@pool/db';
import { translate, type Lang } from '@pool/i18n';
import type { Session } from '@pool/contracts';
import { issueUserToken } from '../../lib/sessions.ts';
import { lastCode, type TestApp } from '../../testing/app.ts';

let seq = 0;
let ipSeq = 0;
/** A national Saudi number (9 digits) not used before in this file. */
export const newPhone = () => `58${String(++seq).padStart(7, '0')}`;
/** A fresh client address, so the per-IP limits only bite where a test wants them. */
export const newIp = () => {
  const n = ++ipSeq;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
export const full = (phone: string, countryCode = '966') => `${countryCode}${phone.replace(/^0/, '')}`;

/** 966 (SMS allowed), 20 (allowed in the database, not by the configuration), 971 (SMS not allowed). */
export async function seedCountries(app: TestApp) {
  await makeCountry(app.db);
  await makeCountry(app.db, { key: '20', iso: 'EG', nameAr: 'مصر', nameEn: 'Egypt', smsAllowed: true });
  await makeCountry(app.db, { key: '971', iso: 'AE', nameAr: 'الإمارات', nameEn: 'UAE', smsAllowed: false });
}

export type CallOptions = {
  lang?: Lang;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
};

export function call(app: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, body?: object, o: CallOptions = {}) {
  return app.inject({
    method,
    url: `/api/user${url}`,
    ...(body ? { payload: body } : {}),
    headers: {
      lang: o.lang ?? 'ar',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...o.headers,
    },
    cookies: o.cookies,
    remoteAddress: o.ip ?? newIp(),
  });
}

/** The translated message, to compare with `msg` or a field error. */
export const t = (lang: Lang, key: string, params?: Record<string, unknown>) => translate(lang, key, params);

/** What the tests read of an answer. */
export type Answer = { statusCode: number; body: string; json: () => unknown };
export type Body = { msg: string; key: string; data: Record<string, unknown> };

/** Asserts a 422 with exactly this field error (in `lang`). */
export function expectFieldError(
  res: Answer,
  field: string,
  key: string,
  lang: Lang = 'ar',
  params?: Record<string, unknown>,
) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as Body;
  expect(body.key).toBe('fail');
  expect(body.msg).toBe(t(lang, 'server.validation_failed'));
  expect(body.data[field]).toBe(t(lang, key, params));
}

/** The whole sign-in flow through the API: send-code then check-code with the code from the outbox. */
export async function loginFlow(app: TestApp, phone: string, o: CallOptions & { deviceId?: string } = {}) {
  const sent = await call(app, 'POST', '/send-code', { phone, country_code: '966' }, o);
  expect(sent.statusCode, sent.body).toBe(200);
  const code = lastCode(app, full(phone));
  return call(
    app,
    'POST',
    '/check-code',
    { phone, country_code: '966', code, ...(o.deviceId ? { device_id: o.deviceId } : {}) },
    o,
  );
}

/** An active customer with a token, made directly in the database. */
export async function signedInUser(app: TestApp, o: Partial<typeof tables.users.$inferInsert> = {}) {
  const user = await makeUser(app.db, { phone: newPhone(), ...o });
  const token = await issueUserToken(app.db, user.id);
  return { user, token };
}

/** A session through the real flow (account made first). */
export async function signIn(app: TestApp, o: Partial<typeof tables.users.$inferInsert> = {}): Promise<Session> {
  const user = await makeUser(app.db, { phone: newPhone(), ...o });
  const res = await loginFlow(app, user.phone);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Session;
}

/** A multipart body for `app.inject`. */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { filename: string; type: string; data: Buffer }> = {},
) {
  const boundary = `----pooltest${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, f] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    parts.push(f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
