/**
 * SECURITY.md 35: no phone number, code, token or SQL parameter in the logs, also when a
 * query fails with the phone number among its parameters; the API docs are not public in production.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_CONFIG, type TestApp } from '../testing/app.ts';
import { makeCountry, makeUser } from '@pool/db';
import { issueUserToken } from './sessions.ts';
import { logSafeError } from './log.ts';

const PHONE = '512340987';

describe('what the logs hold', () => {
  let app: TestApp;
  let logs = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (c) => (logs += c));
    app = await buildTestApp({ proxy: true, logStream: stream });
    await makeCountry(app.db);
  });
  afterAll(() => app.close());

  it('a failed query with a phone number among its parameters is logged without it', async () => {
    // The send-code transaction dies on its first write (the number is a parameter of it).
    const cut = app.proxy!.cutOn(/insert into "otp_codes"/);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/send-code',
      headers: { lang: 'en' },
      payload: { phone: PHONE, country_code: '966' },
    });
    expect(res.statusCode, res.body).toBe(503);
    await cut;
    expect(logs).toContain('database unavailable');
    expect(logs).not.toContain(PHONE);
  });

  it('requests are logged by path: query strings, tokens and codes stay out', async () => {
    const user = await makeUser(app.db, { phone: PHONE });
    const token = await issueUserToken(app.db, user.id);
    await app.inject({
      method: 'GET',
      url: `/api/user/redirect?path=/${PHONE}`,
      headers: { authorization: `Bearer ${token}` },
    });
    await app.inject({ method: 'POST', url: '/api/user/check-code', payload: { phone: PHONE, code: '4821' } });
    expect(logs).toContain('/api/user/redirect');
    for (const secret of [PHONE, token, '4821']) expect(logs).not.toContain(secret);
  });

  it('keeps the SQL and the error code of a Drizzle query error, drops its parameters and PostgreSQL detail', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_phone_unique"'), {
      code: '23505',
      detail: `Key (country_code, phone)=(966, ${PHONE}) already exists.`,
      constraint: 'users_phone_unique',
    });
    const wrapped = new Error(`Failed query: insert into "users" ("phone") values ($1)\nparams: ${PHONE}`, {
      cause: driver,
    });
    Object.assign(wrapped, { query: 'insert into "users" ("phone") values ($1)', params: [PHONE] });
    const logged = logSafeError(wrapped);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(PHONE);
    expect(logged).toMatchObject({
      message: 'Failed query: insert into "users" ("phone") values ($1)',
      query: 'insert into "users" ("phone") values ($1)',
      cause: { error_code: '23505', constraint: 'users_phone_unique' },
    });
  });
});

describe('API documentation in production', () => {
  for (const [setting, served] of [
    [{}, false],
    [{ API_DOCS: '1' }, true],
  ] as const) {
    it(`is ${served ? 'served with API_DOCS=1' : 'not served without API_DOCS'}`, async () => {
      const app = await buildTestApp({ config: { ...PRODUCTION_CONFIG, ...setting } });
      try {
        for (const url of ['/api/docs', '/api/openapi.json']) {
          const res = await app.inject({ method: 'GET', url });
          expect(res.statusCode === 404, url).toBe(!served);
        }
      } finally {
        await app.close();
      }
    });
  }
});
