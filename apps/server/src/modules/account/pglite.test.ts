import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '@pool/db';
import { buildTestApp, lastCode, type TestApp } from '../../testing/app.ts';
import { call, full, newPhone, seedCountries } from './testing.ts';

/** The default `npm start` engine: one in-process PGlite connection (transactions and advisory locks included). */
describe('sign-in on PGlite', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ engine: 'pglite' });
    await seedCountries(app);
  });
  afterAll(() => app.close());

  it('send-code -> check-code signs a customer in', async () => {
    const user = await makeUser(app.db, { phone: newPhone() });
    expect((await call(app, 'POST', '/send-code', { phone: `0${user.phone}` })).statusCode).toBe(200);
    expect((await call(app, 'POST', '/send-code', { phone: user.phone })).statusCode).toBe(429);
    const res = await call(app, 'POST', '/check-code', { phone: user.phone, code: lastCode(app, full(user.phone)) });
    expect(res.json()).toMatchObject({ key: 'success', data: { id: user.id, is_guest: false } });
    expect((await call(app, 'GET', '/profile', undefined, { token: res.json().data.token })).statusCode).toBe(200);
  });

  it('a new number gets a registration token, then signs up', async () => {
    const phone = newPhone();
    await call(app, 'POST', '/send-code', { phone });
    const checked = await call(app, 'POST', '/check-code', { phone, code: lastCode(app, full(phone)) });
    expect(checked.json().key).toBe('needCompleteInfo');
    const signedUp = await call(app, 'POST', '/sign-up', {
      name: 'PGlite Person',
      phone,
      registration_token: checked.json().data.registration_token,
    });
    expect(signedUp.json()).toMatchObject({ key: 'success', data: { name: 'PGlite Person', phone } });
  });

  it('parallel checks of one code still give one session', async () => {
    const user = await makeUser(app.db, { phone: newPhone() });
    await call(app, 'POST', '/send-code', { phone: user.phone });
    const code = lastCode(app, full(user.phone));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(app, 'POST', '/check-code', { phone: user.phone, code })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });
});
