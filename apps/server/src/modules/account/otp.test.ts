import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeUser, tables } from '@pool/db';
import { hmac } from '../../lib/tokens.ts';
import { buildTestApp, lastCode, type TestApp } from '../../testing/app.ts';
import { call, expectFieldError, full, newPhone, seedCountries, t } from './testing.ts';

const codesOf = (app: TestApp, phone: string) =>
  app.db
    .select()
    .from(tables.otpCodes)
    .where(eq(tables.otpCodes.phone, full(phone)))
    .orderBy(tables.otpCodes.id);
/** Lets the 60 s resend rule pass without waiting. */
const age = (app: TestApp, seconds: number) =>
  app.db.update(tables.rateEvents).set({ createdAt: sql`created_at - make_interval(secs => ${seconds})` });
const send = (app: TestApp, phone: string, lang: 'ar' | 'en' = 'ar') =>
  call(app, 'POST', '/send-code', { phone, country_code: '966', device_type: 'web' }, { lang });
const check = (app: TestApp, phone: string, code: string, lang: 'ar' | 'en' = 'ar') =>
  call(app, 'POST', '/check-code', { phone, country_code: '966', code }, { lang });
/** A 4-digit code other than `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('send-code and resend-code', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await seedCountries(app);
  });
  afterAll(() => app.close());

  it('sends a code to known and unknown numbers with the same answer', async () => {
    const known = await makeUser(app.db, { phone: newPhone() });
    const unknown = newPhone();
    const [a, b] = [await send(app, known.phone), await send(app, unknown)];
    for (const [res, phone] of [
      [a, known.phone],
      [b, unknown],
    ] as const) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        msg: t('ar', 'server.code_sent'),
        key: 'success',
        data: { phone, country_code: '966', resend_after: 60, expires_in: 300 },
      });
      const code = lastCode(app, full(phone));
      expect(app.outbox().at(-1)!.text).toBeTypeOf('string');
      expect(
        app
          .outbox()
          .filter((m) => m.to === full(phone))
          .at(-1)!.text,
      ).toBe(t('ar', 'server.sms_code', { code }));
    }
    expect(Object.keys(a.json().data)).toEqual(Object.keys(b.json().data));
  });

  it('answers and writes the SMS in English with lang: en', async () => {
    const phone = newPhone();
    const res = await send(app, phone, 'en');
    expect(res.json().msg).toBe('A verification code has been sent to your phone');
    const code = lastCode(app, full(phone));
    expect(app.outbox().at(-1)!.text).toBe(`Your verification code is ${code}, valid for 5 minutes. Do not share it.`);
  });

  it('drops the trunk 0 of a Saudi number (0500000001 -> 966500000001)', async () => {
    const phone = newPhone();
    const res = await send(app, `0${phone}`);
    expect(res.json().data.phone).toBe(phone);
    expect(app.outbox().at(-1)!.to).toBe(`966${phone}`);
    expect(() => lastCode(app, full(phone))).not.toThrow();
  });

  it('stores only an HMAC of phone|purpose|code, valid for 5 minutes; the code is never in the answer', async () => {
    const phone = newPhone();
    const res = await send(app, phone);
    const code = lastCode(app, full(phone));
    expect(res.body).not.toContain(code);
    const [row] = await codesOf(app, phone);
    expect(row!.codeHash).toBe(hmac(app.config.otpSecret, `${full(phone)}|login|${code}`));
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000).toBeCloseTo(300, 0);
    expect(row!.purpose).toBe('login');
  });

  it('resend-code voids the previous code', async () => {
    const phone = newPhone();
    await send(app, phone);
    const first = lastCode(app, full(phone));
    await age(app, 61);
    const res = await call(app, 'POST', '/resend-code', { phone, country_code: '966' }, { lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: 'success', data: { resend_after: 60, expires_in: 300 } });
    const second = lastCode(app, full(phone));
    const rows = await codesOf(app, phone);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.voidedAt).not.toBeNull();
    expect(rows[1]!.voidedAt).toBeNull();
    if (first !== second) expect((await check(app, phone, first)).statusCode).toBe(422);
    expect((await check(app, phone, second)).statusCode).toBe(200);
  });

  it.each(['ar', 'en'] as const)('answers 503 when the SMS provider fails (%s)', async (lang) => {
    const sms = app.sms;
    (app as { sms: typeof sms }).sms = { name: 'broken', send: () => Promise.reject(new Error('provider down')) };
    try {
      const res = await send(app, newPhone(), lang);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ key: 'exception', msg: t(lang, 'server.sms_failed'), data: null });
    } finally {
      (app as { sms: typeof sms }).sms = sms;
    }
  });

  describe.each(['ar', 'en'] as const)('validation (%s)', (lang) => {
    it.each([
      [{}, 'phone', 'validation.required'],
      [{ phone: '' }, 'phone', 'validation.required'],
      [{ phone: '05x0000001' }, 'phone', 'validation.digits_only'],
      [{ phone: '12345678' }, 'phone', 'validation.phone'],
      [{ phone: '12345678901' }, 'phone', 'validation.phone'],
      [{ phone: '500000001', country_code: 'SA' }, 'country_code', 'validation.invalid'],
      [{ phone: '500000001', device_type: 'pc' }, 'device_type', 'validation.invalid'],
    ])('%j -> %s: %s', async (body, field, key) => {
      const before = app.outbox().length;
      expectFieldError(await call(app, 'POST', '/send-code', body, { lang }), field, key, lang);
      expect(app.outbox().length).toBe(before);
    });

    it.each(['971', '20', '44'])('refuses SMS to calling code %s', async (cc) => {
      const before = app.outbox().length;
      const res = await call(app, 'POST', '/send-code', { phone: '500000001', country_code: cc }, { lang });
      expectFieldError(res, 'country_code', 'server.country_not_allowed', lang);
      const rows = await app.db
        .select()
        .from(tables.otpCodes)
        .where(eq(tables.otpCodes.phone, `${cc}500000001`));
      expect(rows).toHaveLength(0);
      expect(app.outbox().length).toBe(before);
    });
  });
});

describe('check-code', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await seedCountries(app);
  });
  afterAll(() => app.close());

  it.each(['ar', 'en'] as const)('a wrong code is code_invalid, no code is code_expired (%s)', async (lang) => {
    const phone = newPhone();
    expectFieldError(await check(app, phone, '1234', lang), 'code', 'server.code_expired', lang);
    await send(app, phone);
    expectFieldError(
      await check(app, phone, wrong(lastCode(app, full(phone))), lang),
      'code',
      'server.code_invalid',
      lang,
    );
  });

  it('an expired code fails even when right', async () => {
    const phone = newPhone();
    await send(app, phone);
    await app.db
      .update(tables.otpCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(tables.otpCodes.phone, full(phone)));
    expectFieldError(await check(app, phone, lastCode(app, full(phone)), 'en'), 'code', 'server.code_expired', 'en');
  });

  it('five wrong attempts void the code; then even the right one fails', async () => {
    const phone = newPhone();
    await send(app, phone);
    const code = lastCode(app, full(phone));
    for (let i = 0; i < 5; i++) expectFieldError(await check(app, phone, wrong(code)), 'code', 'server.code_invalid');
    const [row] = await codesOf(app, phone);
    expect(row!.attempts).toBe(5);
    expect(row!.voidedAt).not.toBeNull();
    expectFieldError(await check(app, phone, code), 'code', 'server.code_expired');
  });

  it('four wrong attempts still let the right code in', async () => {
    const phone = newPhone();
    await send(app, phone);
    const code = lastCode(app, full(phone));
    for (let i = 0; i < 4; i++) await check(app, phone, wrong(code));
    expect((await check(app, phone, code)).json().key).toBe('needCompleteInfo');
  });

  it('reads the number and the code typed with Arabic digits', async () => {
    const phone = newPhone();
    const arabic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const res = await send(app, arabic(phone));
    expect(res.json().data.phone).toBe(phone);
    expect(app.outbox().at(-1)!.to).toBe(`966${phone}`);
    const code = lastCode(app, full(phone));
    expect((await check(app, arabic(phone), arabic(code))).statusCode).toBe(200);
    expectFieldError(await check(app, phone, code), 'code', 'server.code_expired');
  });

  it('a code works once', async () => {
    const phone = newPhone();
    await send(app, phone);
    const code = lastCode(app, full(phone));
    expect((await check(app, phone, code)).statusCode).toBe(200);
    expectFieldError(await check(app, phone, code), 'code', 'server.code_expired');
  });

  it('a code is bound to its number', async () => {
    const [a, b] = [newPhone(), newPhone()];
    await send(app, a);
    await send(app, b);
    const codeA = lastCode(app, full(a));
    const codeB = lastCode(app, full(b));
    if (codeA !== codeB) expectFieldError(await check(app, b, codeA), 'code', 'server.code_invalid');
    expect((await check(app, a, codeA)).statusCode).toBe(200);
  });

  describe.each(['ar', 'en'] as const)('validation (%s)', (lang) => {
    it.each([
      [{ phone: '500000001' }, 'code', 'validation.otp'],
      [{ phone: '500000001', code: '123' }, 'code', 'validation.otp'],
      [{ phone: '500000001', code: '12345' }, 'code', 'validation.otp'],
      [{ phone: '500000001', code: '12a4' }, 'code', 'validation.otp'],
      [{ code: '1234' }, 'phone', 'validation.required'],
      [{ phone: '5000', code: '1234' }, 'phone', 'validation.phone'],
      [{ phone: '500000001', code: '1234', device_type: 'tv' }, 'device_type', 'validation.invalid'],
    ])('%j -> %s: %s', async (body, field, key) => {
      expectFieldError(await call(app, 'POST', '/check-code', body, { lang }), field, key, lang);
    });
  });
});

describe('20 parallel checks of one code', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ poolSize: 20 });
    await seedCountries(app);
  });
  afterAll(() => app.close());

  it('give exactly one session', async () => {
    const user = await makeUser(app.db, { phone: newPhone() });
    await send(app, user.phone);
    const code = lastCode(app, full(user.phone));
    const answers = await Promise.all(Array.from({ length: 20 }, () => check(app, user.phone, code)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json()).toMatchObject({ key: 'success', data: { id: user.id, is_guest: false } });
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(422);
      expect(r.json().data.code).toBe(t('ar', 'server.code_expired'));
    }
    const tokens = await app.db.select().from(tables.userTokens).where(eq(tables.userTokens.userId, user.id));
    expect(tokens).toHaveLength(1);
  });
});
