import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeUser, tables } from '@pool/db';
import { decodeAuthCookie } from '@pool/contracts';
import { buildTestApp, lastCode, type TestApp } from '../../testing/app.ts';
import { call, expectFieldError, full, loginFlow, multipart, newPhone, seedCountries, t } from './testing.ts';

const IBAN = 'SA0380000000608010167519';
const userByPhone = async (app: TestApp, phone: string) => {
  const [row] = await app.db.select().from(tables.users).where(eq(tables.users.phone, phone));
  return row;
};
/** Lets the 60 s resend rule pass without waiting. */
const age = (app: TestApp) =>
  app.db.update(tables.rateEvents).set({ createdAt: sql`created_at - interval '61 seconds'` });
const registrationToken = async (app: TestApp, phone: string) => {
  const res = await loginFlow(app, phone);
  expect(res.json().key).toBe('needCompleteInfo');
  return res.json().data.registration_token as string;
};
const png = () =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe('sign-up', () => {
  let app: TestApp;
  let uploads: string;
  const storedFiles = () =>
    existsSync(uploads)
      ? readdirSync(uploads, { recursive: true })
          .map(String)
          .filter((f) => f.includes('.'))
      : [];
  beforeAll(async () => {
    app = await buildTestApp();
    uploads = join(app.config.dataDir, 'uploads');
    await seedCountries(app);
  });
  afterAll(() => app.close());

  it.each(['ar', 'en'] as const)(
    'with a registration token creates the active account and signs in (%s)',
    async (lang) => {
      const phone = newPhone();
      const token = await registrationToken(app, phone);
      const res = await call(
        app,
        'POST',
        '/sign-up',
        {
          name: 'نورة القحطاني',
          phone,
          country_code: '966',
          registration_token: token,
          email: 'Noura@Example.com',
          iban: 'sa03 8000 0000 6080 1016 7519',
          bank_name: 'Al Rajhi',
          device_type: 'ios',
        },
        { lang, headers: { 'x-pool-site': '1' } },
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        key: 'success',
        msg: t(lang, 'server.signed_in'),
        data: {
          name: 'نورة القحطاني',
          phone,
          country_code: '966',
          email: 'noura@example.com',
          iban: IBAN,
          bank_name: 'Al Rajhi',
          lang,
          is_guest: false,
        },
      });
      expect(decodeAuthCookie(res.cookies.find((c) => c.name === 'auth')!.value)).toEqual(body.data);
      const row = await userByPhone(app, phone);
      expect(row).toMatchObject({ isActive: true, lang, taxNumber: null });
      expect((await call(app, 'GET', '/profile', undefined, { token: body.data.token })).json().data.id).toBe(row!.id);
      const [tokenRow] = await app.db.select().from(tables.userTokens).where(eq(tables.userTokens.userId, row!.id));
      expect(tokenRow!.deviceType).toBe('ios');
    },
  );

  it('a registration token works once; a second use only sends a code and changes nothing', async () => {
    const phone = newPhone();
    const token = await registrationToken(app, phone);
    expect(
      (await call(app, 'POST', '/sign-up', { name: 'First Name', phone, registration_token: token })).json().data.token,
    ).toBeDefined();
    await age(app);
    const again = await call(app, 'POST', '/sign-up', { name: 'Second Name', phone, registration_token: token });
    expect(again.json()).toMatchObject({ key: 'success', data: { phone, resend_after: 60, expires_in: 300 } });
    expect((await userByPhone(app, phone))!.name).toBe('First Name');
  });

  it('an expired token or one for another number falls back to a code', async () => {
    const phone = newPhone();
    const token = await registrationToken(app, phone);
    const other = newPhone();
    const res = await call(app, 'POST', '/sign-up', { name: 'Other Person', phone: other, registration_token: token });
    expect(res.json().data).toEqual({ phone: other, country_code: '966', resend_after: 60, expires_in: 300 });
    await app.db.update(tables.phoneVerifications).set({ expiresAt: sql`now() - interval '1 second'` });
    await age(app);
    const expired = await call(app, 'POST', '/sign-up', { name: 'Late Person', phone, registration_token: token });
    expect(expired.json().data.expires_in).toBe(300);
    expect(await userByPhone(app, phone)).toMatchObject({ isActive: false, name: 'Late Person' });
  });

  it.each(['ar', 'en'] as const)(
    'without a token creates a pending account, sends a code, and check-code activates it (%s)',
    async (lang) => {
      const phone = newPhone();
      const res = await call(
        app,
        'POST',
        '/sign-up',
        { name: 'Pending Person', phone: `0${phone}`, country_code: '966', tax_number: '300000000000003' },
        { lang },
      );
      expect(res.json()).toEqual({
        key: 'success',
        msg: t(lang, 'server.account_created'),
        data: { phone, country_code: '966', resend_after: 60, expires_in: 300 },
      });
      expect(await userByPhone(app, phone)).toMatchObject({
        isActive: false,
        name: 'Pending Person',
        taxNumber: '300000000000003',
      });
      // A pending account's token-less state: sign-up again (after 60 s) updates the details.
      await age(app);
      await call(app, 'POST', '/sign-up', { name: 'Pending Person Two', phone });
      const check = await call(app, 'POST', '/check-code', { phone, code: lastCode(app, full(phone)) }, { lang });
      expect(check.json()).toMatchObject({ key: 'success', data: { name: 'Pending Person Two', tax_number: null } });
      expect((await userByPhone(app, phone))!.isActive).toBe(true);
    },
  );

  it('an existing active number gets the same answer and is not modified', async () => {
    const existing = await makeUser(app.db, { phone: newPhone(), name: 'Original Name', email: 'orig@example.com' });
    const unknown = newPhone();
    const body = (phone: string) => ({ name: 'Intruder', phone, email: 'evil@example.com' });
    const [a, b] = [
      await call(app, 'POST', '/sign-up', body(existing.phone)),
      await call(app, 'POST', '/sign-up', body(unknown)),
    ];
    expect(a.statusCode).toBe(b.statusCode);
    expect({ ...a.json(), data: { ...a.json().data, phone: 'x' } }).toEqual({
      ...b.json(),
      data: { ...b.json().data, phone: 'x' },
    });
    const row = await userByPhone(app, existing.phone);
    expect(row).toMatchObject({ name: 'Original Name', email: 'orig@example.com', isActive: true });
    expect(row!.updatedAt.getTime()).toBe(existing.updatedAt.getTime());
    expect(() => lastCode(app, full(existing.phone))).not.toThrow();
  });

  it('a blocked account with a registration token answers blocked', async () => {
    const phone = newPhone();
    const token = await registrationToken(app, phone);
    await makeUser(app.db, { phone, isBlocked: true });
    const res = await call(
      app,
      'POST',
      '/sign-up',
      { name: 'Blocked One', phone, registration_token: token },
      { lang: 'en' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe('blocked');
  });

  describe.each(['ar', 'en'] as const)('validation (%s)', (lang) => {
    it.each([
      [{ name: undefined }, 'name', 'validation.required', {}],
      [{ name: '  ' }, 'name', 'validation.required', {}],
      [{ name: 'ab' }, 'name', 'validation.min_chars', { min: 3 }],
      [{ name: 'x'.repeat(101) }, 'name', 'validation.max_chars', { max: 100 }],
      [{ email: 'someone@example.io' }, 'email', 'validation.email', {}],
      [{ email: 'not-an-email' }, 'email', 'validation.email', {}],
      [{ iban: 'SA0380000000608010167518' }, 'iban', 'validation.iban', {}],
      [{ tax_number: '1'.repeat(31) }, 'tax_number', 'validation.max_chars', { max: 30 }],
      [{ bank_account_number: '1'.repeat(35) }, 'bank_account_number', 'validation.max_chars', { max: 34 }],
      [{ phone: undefined }, 'phone', 'validation.required', {}],
      [{ phone: '5abc00001' }, 'phone', 'validation.digits_only', {}],
      [{ phone: '50000' }, 'phone', 'validation.phone', {}],
      [{ device_type: 'desktop' }, 'device_type', 'validation.invalid', {}],
      [{ country_code: '971' }, 'country_code', 'server.country_not_allowed', {}],
    ])('%j -> %s: %s', async (patch, field, key, params) => {
      const phone = newPhone();
      const res = await call(app, 'POST', '/sign-up', { name: 'Valid Name', phone, ...patch }, { lang });
      expectFieldError(res, field, key, lang, params);
      expect(await userByPhone(app, phone)).toBeUndefined();
    });
  });

  it('accepts multipart with an image', async () => {
    const phone = newPhone();
    const token = await registrationToken(app, phone);
    const form = multipart(
      { name: 'Image Person', phone, country_code: '966', registration_token: token, device_type: 'web', email: '' },
      { image: { filename: 'me.png', type: 'image/png', data: await png() } },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/sign-up',
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json().data.image as string;
    expect(image).toMatch(/^\/uploads\/users\/[0-9a-f]{32}\.png$/);
    expect(existsSync(join(uploads, image.replace('/uploads/', '')))).toBe(true);
    expect((await userByPhone(app, phone))!.image).toBe(image);
    expect(res.json().data.email).toBeNull();
  });

  it('multipart without a token creates the pending account with the image', async () => {
    const phone = newPhone();
    const form = multipart(
      { name: 'Pending Image', phone },
      { image: { filename: 'me.png', type: 'image/png', data: await png() } },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/sign-up',
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.json().data.expires_in).toBe(300);
    expect((await userByPhone(app, phone))!.image).toMatch(/^\/uploads\/users\//);
  });

  it.each(['ar', 'en'] as const)('refuses a file that is not an image and writes nothing (%s)', async (lang) => {
    const phone = newPhone();
    const before = storedFiles().length;
    const form = multipart(
      { name: 'Bad Image', phone },
      { image: { filename: 'me.png', type: 'image/png', data: Buffer.from('not an image at all') } },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/sign-up',
      payload: form.payload,
      headers: { ...form.headers, lang },
    });
    expectFieldError(res, 'image', 'validation.image', lang);
    expect(await userByPhone(app, phone)).toBeUndefined();
    expect(storedFiles().length).toBe(before);
  });

  it('does not keep the image sent for an existing active number', async () => {
    const existing = await makeUser(app.db, { phone: newPhone() });
    const before = storedFiles().length;
    const form = multipart(
      { name: 'Intruder', phone: existing.phone },
      { image: { filename: 'x.png', type: 'image/png', data: await png() } },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/sign-up',
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.json().key).toBe('success');
    expect((await userByPhone(app, existing.phone))!.image).toBeNull();
    expect(storedFiles().length).toBe(before);
  });
});
