import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { makeUser, tables } from '@pool/db';
import { decodeAuthCookie } from '@pool/contracts';
import { issueUserToken } from '../../lib/sessions.ts';
import { buildTestApp, lastCode, type TestApp } from '../../testing/app.ts';
import { call, expectFieldError, full, newPhone, seedCountries, signIn, t, type CallOptions } from './testing.ts';

const sendNew = (app: TestApp, token: string, phone: string, o: CallOptions = {}) =>
  call(app, 'POST', '/change-phone/send-code', { phone, country_code: '966' }, { token, ...o });
const confirm = (app: TestApp, token: string, phone: string, code: string, o: CallOptions = {}) =>
  call(app, 'POST', '/change-phone/check-code', { phone, country_code: '966', code }, { token, ...o });
const profile = (app: TestApp, token: string) => call(app, 'GET', '/profile', undefined, { token });

describe('change of mobile number', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await seedCountries(app);
  });
  afterAll(() => app.close());

  it.each(['ar', 'en'] as const)(
    'confirms the new number, revokes every token, and tells the old number (%s)',
    async (lang) => {
      const s = await signIn(app);
      const otherDevice = await issueUserToken(app.db, s.id, 'android');
      const next = newPhone();
      const sent = await sendNew(app, s.token, `0${next}`, { lang });
      expect(sent.json()).toEqual({
        key: 'success',
        msg: t(lang, 'server.code_sent'),
        data: { phone: next, country_code: '966', resend_after: 60, expires_in: 300 },
      });
      const [otp] = await app.db
        .select()
        .from(tables.otpCodes)
        .where(eq(tables.otpCodes.phone, full(next)));
      expect(otp).toMatchObject({ purpose: 'phone_change', userId: s.id });
      const code = lastCode(app, full(next));
      expect(app.outbox().at(-1)!.text).toBe(t(lang, 'server.sms_code', { code }));

      const res = await confirm(app, s.token, next, code, { lang, headers: { 'x-pool-site': '1' } });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        key: 'success',
        msg: t(lang, 'server.phone_changed'),
        data: { id: s.id, phone: next, full_phone: full(next), is_guest: false },
      });
      expect(body.data.token).not.toBe(s.token);
      expect(decodeAuthCookie(res.cookies.find((c) => c.name === 'auth')!.value)).toEqual(body.data);

      for (const old of [s.token, otherDevice]) {
        const r = await call(app, 'GET', '/profile', undefined, { token: old, lang });
        expect(r.statusCode).toBe(401);
        expect(r.json()).toEqual({ key: 'unauthenticated', msg: t(lang, 'server.unauthenticated'), data: null });
      }
      expect((await profile(app, body.data.token)).json().data.phone).toBe(next);

      const notice = app
        .outbox()
        .filter((m) => m.to === full(s.phone))
        .at(-1)!;
      expect(notice.text).toBe(t(lang, 'server.sms_phone_changed', { last: next.slice(-3) }));
      expect(notice.text).not.toContain(next);
      // The old number is free and signs in to nothing.
      const [old] = await app.db
        .select()
        .from(tables.users)
        .where(and(eq(tables.users.phone, s.phone), sql`deleted_at is null`));
      expect(old).toBeUndefined();
    },
  );

  it.each(['ar', 'en'] as const)('refuses the current number and a number of another account (%s)', async (lang) => {
    const s = await signIn(app);
    expectFieldError(await sendNew(app, s.token, s.phone, { lang }), 'phone', 'server.phone_same', lang);
    expectFieldError(await sendNew(app, s.token, `0${s.phone}`, { lang }), 'phone', 'server.phone_same', lang);
    const other = await makeUser(app.db, { phone: newPhone() });
    expectFieldError(await sendNew(app, s.token, other.phone, { lang }), 'phone', 'server.phone_in_use', lang);
  });

  it('refuses a number taken between the code and the confirmation', async () => {
    const s = await signIn(app);
    const next = newPhone();
    await sendNew(app, s.token, next);
    await makeUser(app.db, { phone: next });
    expectFieldError(
      await confirm(app, s.token, next, lastCode(app, full(next)), { lang: 'en' }),
      'phone',
      'server.phone_in_use',
      'en',
    );
    expect((await profile(app, s.token)).json().data.phone).toBe(s.phone);
  });

  it('takes a number from a pending (never verified) sign-up', async () => {
    const s = await signIn(app);
    const pending = await makeUser(app.db, { phone: newPhone(), isActive: false });
    expect((await sendNew(app, s.token, pending.phone)).statusCode).toBe(200);
    const res = await confirm(app, s.token, pending.phone, lastCode(app, full(pending.phone)));
    expect(res.json().data.phone).toBe(pending.phone);
    const [row] = await app.db.select().from(tables.users).where(eq(tables.users.id, pending.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it.each(['ar', 'en'] as const)('a wrong, missing or foreign code changes nothing (%s)', async (lang) => {
    const s = await signIn(app);
    const next = newPhone();
    expectFieldError(await confirm(app, s.token, next, '1234', { lang }), 'code', 'server.code_expired', lang);
    await sendNew(app, s.token, next);
    const code = lastCode(app, full(next));
    const bad = code === '0000' ? '1111' : '0000';
    expectFieldError(await confirm(app, s.token, next, bad, { lang }), 'code', 'server.code_invalid', lang);
    // Bound to the account that asked for it, and to its purpose.
    const intruder = await signIn(app);
    expectFieldError(await confirm(app, intruder.token, next, code, { lang }), 'code', 'server.code_expired', lang);
    expectFieldError(
      await call(app, 'POST', '/check-code', { phone: next, code }, { lang }),
      'code',
      'server.code_expired',
      lang,
    );
    expect((await profile(app, s.token)).json().data.phone).toBe(s.phone);
    expect((await confirm(app, s.token, next, code)).statusCode).toBe(200);
  });

  it('a sign-in code does not confirm a phone change', async () => {
    const s = await signIn(app);
    const next = newPhone();
    await call(app, 'POST', '/send-code', { phone: next });
    expectFieldError(await confirm(app, s.token, next, lastCode(app, full(next))), 'code', 'server.code_expired');
  });

  it('follows the send limits and the allowed countries', async () => {
    const s = await signIn(app);
    const next = newPhone();
    expect((await sendNew(app, s.token, next)).statusCode).toBe(200);
    const again = await sendNew(app, s.token, next, { lang: 'en' });
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toBe(t('en', 'server.resend_wait', { seconds: again.json().data.retry_after }));
    const foreign = await call(
      app,
      'POST',
      '/change-phone/send-code',
      { phone: '501234567', country_code: '971' },
      { token: s.token },
    );
    expectFieldError(foreign, 'country_code', 'server.country_not_allowed');
  });

  describe.each(['ar', 'en'] as const)('validation (%s)', (lang) => {
    it.each([
      ['/change-phone/send-code', {}, 'phone', 'validation.required'],
      ['/change-phone/send-code', { phone: '12' }, 'phone', 'validation.phone'],
      ['/change-phone/check-code', { phone: '512345678' }, 'code', 'validation.otp'],
      ['/change-phone/check-code', { phone: '512345678', code: '99' }, 'code', 'validation.otp'],
      ['/change-phone/check-code', { code: '1234' }, 'phone', 'validation.required'],
    ])('%s %j -> %s: %s', async (url, body, field, key) => {
      const s = await signIn(app);
      expectFieldError(await call(app, 'POST', url, body, { token: s.token, lang }), field, key, lang);
    });
  });

  it('needs a signed-in customer', async () => {
    expect((await call(app, 'POST', '/change-phone/send-code', { phone: newPhone() })).statusCode).toBe(401);
  });
});
