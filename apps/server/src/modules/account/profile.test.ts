import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import { decodeAuthCookie, encodeAuthCookie } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { call, expectFieldError, multipart, seedCountries, signedInUser, t } from './testing.ts';

const png = (r = 10) =>
  sharp({ create: { width: 10, height: 10, channels: 3, background: { r, g: 80, b: 30 } } })
    .png()
    .toBuffer();
const rowOf = async (app: TestApp, id: number) =>
  (await app.db.select().from(tables.users).where(eq(tables.users.id, id)))[0]!;

describe('profile and update-profile', () => {
  let app: TestApp;
  const fileOf = (url: string) => join(app.config.dataDir, 'uploads', url.replace(/^\/uploads\//, ''));
  beforeAll(async () => {
    app = await buildTestApp();
    await seedCountries(app);
  });
  afterAll(() => app.close());

  it.each(['ar', 'en'] as const)('updates the details and answers the user (%s)', async (lang) => {
    const { user, token } = await signedInUser(app, { email: 'old@example.com', bankName: 'Old bank' });
    const res = await call(
      app,
      'POST',
      '/update-profile',
      {
        name: '  خالد الدوسري ',
        email: 'khaled@example.net',
        iban: 'SA03 8000 0000 6080 1016 7519',
        commercial_record: '1010101010',
      },
      { token, lang },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      key: 'success',
      msg: t(lang, 'server.profile_updated'),
      data: {
        id: user.id,
        name: 'خالد الدوسري',
        email: 'khaled@example.net',
        iban: 'SA0380000000608010167519',
        commercial_record: '1010101010',
        bank_name: null,
      },
    });
    expect(res.json().data.token).toBeUndefined();
    expect(await rowOf(app, user.id)).toMatchObject({ name: 'خالد الدوسري', bankName: null, phone: user.phone });
    expect((await call(app, 'GET', '/profile', undefined, { token })).json().data.email).toBe('khaled@example.net');
  });

  it('ignores fields a customer may not set', async () => {
    const { user, token } = await signedInUser(app);
    await call(
      app,
      'POST',
      '/update-profile',
      { name: 'Valid Name', phone: '599999999', is_active: false, is_blocked: true, id: 1 },
      { token },
    );
    expect(await rowOf(app, user.id)).toMatchObject({
      phone: user.phone,
      isActive: true,
      isBlocked: false,
      name: 'Valid Name',
    });
  });

  describe.each(['ar', 'en'] as const)('validation (%s)', (lang) => {
    it.each([
      [{ name: undefined }, 'name', 'validation.required', {}],
      [{ name: 'ab' }, 'name', 'validation.min_chars', { min: 3 }],
      [{ email: 'x@example.io' }, 'email', 'validation.email', {}],
      [{ iban: 'GB00 0000' }, 'iban', 'validation.iban', {}],
      [{ bank_name: 'b'.repeat(101) }, 'bank_name', 'validation.max_chars', { max: 100 }],
    ])('%j -> %s: %s', async (patch, field, key, params) => {
      const { user, token } = await signedInUser(app, { name: 'Unchanged Name' });
      const res = await call(app, 'POST', '/update-profile', { name: 'New Name', ...patch }, { token, lang });
      expectFieldError(res, field, key, lang, params);
      expect((await rowOf(app, user.id)).name).toBe('Unchanged Name');
    });
  });

  it('replaces the image from a multipart form and removes the old file', async () => {
    const { user, token } = await signedInUser(app);
    const send = async (r: number) => {
      const form = multipart(
        { name: 'Image Owner' },
        { image: { filename: 'avatar.png', type: 'image/png', data: await png(r) } },
      );
      return app.inject({
        method: 'POST',
        url: '/api/user/update-profile',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${token}` },
      });
    };
    const first = (await send(10)).json().data.image as string;
    expect(first).toMatch(/^\/uploads\/users\/[0-9a-f]{32}\.png$/);
    expect(existsSync(fileOf(first))).toBe(true);
    const second = (await send(200)).json().data.image as string;
    expect(second).not.toBe(first);
    expect(existsSync(fileOf(second))).toBe(true);
    expect(existsSync(fileOf(first))).toBe(false);
    // Without a file the image is kept.
    const kept = await call(app, 'POST', '/update-profile', { name: 'Image Owner' }, { token });
    expect(kept.json().data.image).toBe(second);
    expect((await rowOf(app, user.id)).image).toBe(second);
  });

  it('refuses a non-image file and changes nothing', async () => {
    const { user, token } = await signedInUser(app, { name: 'Unchanged Name' });
    const form = multipart(
      { name: 'New Name' },
      { image: { filename: 'a.gif', type: 'image/gif', data: Buffer.from('<svg></svg>') } },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/update-profile',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}`, lang: 'en' },
    });
    expectFieldError(res, 'image', 'validation.image', 'en');
    expect((await rowOf(app, user.id)).name).toBe('Unchanged Name');
  });

  it('refreshes the site cookie with the same token', async () => {
    const { token } = await signedInUser(app);
    const cookie = encodeAuthCookie({ token, is_guest: true } as never);
    const res = await call(
      app,
      'POST',
      '/update-profile',
      { name: 'Cookie Person' },
      { headers: { 'x-pool-site': '1' }, cookies: { auth: cookie } },
    );
    expect(res.statusCode).toBe(200);
    const stored = decodeAuthCookie(res.cookies.find((c) => c.name === 'auth')!.value);
    expect(stored).toMatchObject({ token, name: 'Cookie Person', is_guest: false });
  });

  it('needs a signed-in customer', async () => {
    const res = await call(app, 'POST', '/update-profile', { name: 'Nobody Here' }, { lang: 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(t('en', 'server.unauthenticated'));
  });
});
