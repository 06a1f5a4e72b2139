import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { makeUser, tables } from '@pool/db';
import { decodeAuthCookie, session as sessionSchema } from '@pool/contracts';
import { sha256 } from '../../lib/tokens.ts';
import { buildTestApp, lastCode, type TestApp } from '../../testing/app.ts';
import { call, full, loginFlow, newPhone, seedCountries, signIn, signedInUser, t } from './testing.ts';

const SITE = { 'x-pool-site': '1' };
const profile = (app: TestApp, token?: string, lang: 'ar' | 'en' = 'ar') =>
  call(app, 'GET', '/profile', undefined, { token, lang });

describe('check-code outcomes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await seedCountries(app);
  });
  afterAll(() => app.close());

  it.each(['ar', 'en'] as const)('signs a registered customer in with a full session (%s)', async (lang) => {
    const user = await makeUser(app.db, {
      phone: newPhone(),
      email: 'a@example.com',
      iban: 'SA0380000000608010167519',
    });
    const res = await loginFlow(app, user.phone, { lang });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.key).toBe('success');
    expect(body.msg).toBe(t(lang, 'server.signed_in'));
    expect(sessionSchema.parse(body.data)).toEqual(body.data);
    expect(body.data).toEqual({
      id: user.id,
      name: user.name,
      phone: user.phone,
      country_code: '966',
      full_phone: `966${user.phone}`,
      email: 'a@example.com',
      image: null,
      lang: 'ar',
      is_notify: true,
      tax_number: null,
      commercial_record: null,
      bank_account_name: null,
      bank_name: null,
      iban: 'SA0380000000608010167519',
      bank_account_number: null,
      city_id: null,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      is_guest: false,
    });
    const [stored] = await app.db
      .select()
      .from(tables.userTokens)
      .where(eq(tables.userTokens.tokenHash, sha256(body.data.token)));
    expect(stored).toMatchObject({ userId: user.id, kind: 'user', deviceType: 'web' });
    expect((await profile(app, body.data.token)).statusCode).toBe(200);
  });

  it('issues a new token at every sign-in; earlier ones stay valid', async () => {
    const user = await makeUser(app.db, { phone: newPhone() });
    const first = (await loginFlow(app, user.phone)).json().data.token;
    await app.db.update(tables.rateEvents).set({ createdAt: new Date(Date.now() - 120_000) });
    const second = (await loginFlow(app, user.phone)).json().data.token;
    expect(second).not.toBe(first);
    expect((await profile(app, first)).statusCode).toBe(200);
    expect((await profile(app, second)).statusCode).toBe(200);
  });

  it('activates a pending account and stores the device', async () => {
    const user = await makeUser(app.db, { phone: newPhone(), isActive: false });
    const res = await loginFlow(app, user.phone, { deviceId: 'fcm-token-123' });
    expect(res.json().key).toBe('success');
    const [row] = await app.db.select().from(tables.users).where(eq(tables.users.id, user.id));
    expect(row!.isActive).toBe(true);
    const [device] = await app.db.select().from(tables.devices).where(eq(tables.devices.deviceId, 'fcm-token-123'));
    expect(device).toMatchObject({ userId: user.id, deviceType: 'web' });
  });

  it.each(['ar', 'en'] as const)('answers 403 blocked to a blocked number and sends it no SMS (%s)', async (lang) => {
    const user = await makeUser(app.db, { phone: newPhone(), isBlocked: true });
    const sent = await call(app, 'POST', '/send-code', { phone: user.phone, country_code: '966' }, { lang });
    expect(sent.statusCode).toBe(403);
    expect(sent.json()).toEqual({ key: 'blocked', msg: t(lang, 'server.blocked'), data: null });
    expect(app.outbox().filter((m) => m.to === full(user.phone))).toHaveLength(0);
  });

  it.each(['ar', 'en'] as const)('answers 403 blocked to a code sent before the block (%s)', async (lang) => {
    const user = await makeUser(app.db, { phone: newPhone() });
    const sent = await call(app, 'POST', '/send-code', { phone: user.phone, country_code: '966' }, { lang });
    expect(sent.statusCode).toBe(200);
    await app.db.update(tables.users).set({ isBlocked: true }).where(eq(tables.users.id, user.id));
    const code = lastCode(app, full(user.phone));
    const res = await call(app, 'POST', '/check-code', { phone: user.phone, country_code: '966', code }, { lang });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ key: 'blocked', msg: t(lang, 'server.blocked'), data: null });
    expect(await app.db.select().from(tables.userTokens).where(eq(tables.userTokens.userId, user.id))).toHaveLength(0);
  });

  it.each(['ar', 'en'] as const)(
    'answers needCompleteInfo with a registration token for a number without an account (%s)',
    async (lang) => {
      const phone = newPhone();
      const res = await loginFlow(app, phone, { lang });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        key: 'needCompleteInfo',
        msg: t(lang, 'server.complete_info'),
        data: { phone, country_code: '966', registration_token: expect.any(String) },
      });
      const [v] = await app.db
        .select()
        .from(tables.phoneVerifications)
        .where(eq(tables.phoneVerifications.tokenHash, sha256(body.data.registration_token)));
      expect(v).toMatchObject({ phone, countryCode: '966', usedAt: null });
      expect((v!.expiresAt.getTime() - v!.createdAt.getTime()) / 1000).toBeCloseTo(900, 0);
    },
  );

  it('treats a deleted account as no account', async () => {
    const user = await makeUser(app.db, { phone: newPhone(), deletedAt: new Date() });
    expect((await loginFlow(app, user.phone)).json().key).toBe('needCompleteInfo');
  });
});

describe('tokens, the site cookie, guests and account state', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await seedCountries(app);
  });
  afterAll(() => app.close());

  it.each(['ar', 'en'] as const)('refuses a missing or unknown token with 401 unauthenticated (%s)', async (lang) => {
    for (const token of [undefined, 'x'.repeat(43)]) {
      const res = await profile(app, token, lang);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ key: 'unauthenticated', msg: t(lang, 'server.unauthenticated'), data: null });
    }
  });

  it('returns the profile of the bearer', async () => {
    const { user, token } = await signedInUser(app, { name: 'سارة', lang: 'en' });
    const res = await profile(app, token, 'en');
    expect(res.json()).toMatchObject({
      key: 'success',
      msg: 'Done successfully',
      data: { id: user.id, name: 'سارة', lang: 'en' },
    });
    expect(res.json().data.token).toBeUndefined();
  });

  it('sets the site cookie on sign-in from the site and accepts it back with the site header', async () => {
    const user = await makeUser(app.db, { phone: newPhone() });
    const res = await loginFlow(app, user.phone, { headers: SITE });
    const cookie = res.cookies.find((c) => c.name === 'auth')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 365 * 24 * 3600 });
    const stored = decodeAuthCookie(cookie.value)!;
    expect(stored).toEqual(res.json().data);
    expect(
      (await call(app, 'GET', '/profile', undefined, { headers: SITE, cookies: { auth: cookie.value } })).statusCode,
    ).toBe(200);
    // Without the site header the cookie is not a credential.
    expect((await call(app, 'GET', '/profile', undefined, { cookies: { auth: cookie.value } })).statusCode).toBe(401);
    const out = await call(app, 'DELETE', '/sign-out', undefined, { headers: SITE, cookies: { auth: cookie.value } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'auth')!.value).toBe('');
    expect(
      (await call(app, 'GET', '/profile', undefined, { headers: SITE, cookies: { auth: cookie.value } })).statusCode,
    ).toBe(401);
  });

  it('sets no cookie for the apps', async () => {
    const user = await makeUser(app.db, { phone: newPhone() });
    const res = await loginFlow(app, user.phone);
    expect(res.cookies).toHaveLength(0);
  });

  it.each(['ar', 'en'] as const)('sign-out revokes only this token (%s)', async (lang) => {
    const s = await signIn(app);
    const other = (await call(app, 'POST', '/guest-login', {})).json().data.token;
    const { token: second } = await signedInUser(app, { phone: newPhone() });
    const res = await call(app, 'DELETE', '/sign-out', undefined, { token: s.token, lang });
    expect(res.json()).toEqual({ key: 'success', msg: t(lang, 'server.signed_out'), data: null });
    expect((await profile(app, s.token)).json().key).toBe('unauthenticated');
    expect((await call(app, 'DELETE', '/sign-out', undefined, { token: s.token })).statusCode).toBe(401);
    expect((await profile(app, second)).statusCode).toBe(200);
    expect((await call(app, 'DELETE', '/sign-out', undefined, { token: other })).statusCode).toBe(200);
  });

  it.each(['ar', 'en'] as const)('guest-login gives a guest token with limited rights (%s)', async (lang) => {
    const res = await call(app, 'POST', '/guest-login', { device_type: 'android' }, { lang, headers: SITE });
    expect(res.json()).toEqual({
      key: 'success',
      msg: t(lang, 'server.guest_signed_in'),
      data: { token: expect.any(String), is_guest: true },
    });
    expect(decodeAuthCookie(res.cookies.find((c) => c.name === 'auth')!.value)).toEqual({
      token: res.json().data.token,
      is_guest: true,
    });
    const token = res.json().data.token;
    const [row] = await app.db
      .select()
      .from(tables.userTokens)
      .where(eq(tables.userTokens.tokenHash, sha256(token)));
    expect(row).toMatchObject({ userId: null, kind: 'guest', deviceType: 'android' });
    const registeredOnly: ['GET' | 'POST', string, object?][] = [
      ['GET', '/profile'],
      ['POST', '/update-profile', { name: 'Guest name' }],
      ['POST', '/delete-account'],
      ['POST', '/change-phone/send-code', { phone: newPhone() }],
      ['POST', '/change-phone/check-code', { phone: newPhone(), code: '1234' }],
    ];
    for (const [method, url, body] of registeredOnly) {
      const r = await call(app, method, url, body, { token, lang });
      expect(r.statusCode, url).toBe(403);
      expect(r.json()).toEqual({ key: 'forbidden', msg: t(lang, 'server.guest_forbidden'), data: null });
    }
    expect((await call(app, 'DELETE', '/sign-out', undefined, { token })).statusCode).toBe(200);
    expect((await profile(app, token)).statusCode).toBe(401);
  });

  it('guest-login works without a body and validates device_type', async () => {
    expect((await call(app, 'POST', '/guest-login')).json().data.is_guest).toBe(true);
    const bad = await call(app, 'POST', '/guest-login', { device_type: 'fridge' }, { lang: 'en' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.device_type).toBe(t('en', 'validation.invalid'));
  });

  it.each(['ar', 'en'] as const)('answers needActive when the account is not active (%s)', async (lang) => {
    const { user, token } = await signedInUser(app);
    await app.db.update(tables.users).set({ isActive: false }).where(eq(tables.users.id, user.id));
    const res = await profile(app, token, lang);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      key: 'needActive',
      msg: t(lang, 'server.need_active'),
      data: { phone: user.phone, country_code: '966' },
    });
  });

  it.each(['ar', 'en'] as const)('answers blocked on the next request after a block (%s)', async (lang) => {
    const { user, token } = await signedInUser(app);
    expect((await profile(app, token)).statusCode).toBe(200);
    await app.db.update(tables.users).set({ isBlocked: true }).where(eq(tables.users.id, user.id));
    const res = await profile(app, token, lang);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ key: 'blocked', msg: t(lang, 'server.blocked'), data: null });
  });

  it.each(['ar', 'en'] as const)('delete-account revokes every token and frees the number (%s)', async (lang) => {
    const s = await signIn(app);
    const { token: second } = await signedInUser(app, { phone: newPhone() });
    await app.db.insert(tables.devices).values({ userId: s.id, deviceId: `dev-${s.id}`, deviceType: 'web' });
    const res = await call(app, 'POST', '/delete-account', undefined, { token: s.token, lang, headers: SITE });
    expect(res.json()).toEqual({ key: 'success', msg: t(lang, 'server.account_deleted'), data: null });
    expect(res.cookies.find((c) => c.name === 'auth')!.value).toBe('');
    expect((await profile(app, s.token, lang)).json()).toEqual({
      key: 'unauthenticated',
      msg: t(lang, 'server.unauthenticated'),
      data: null,
    });
    expect((await profile(app, second)).statusCode).toBe(200); // another customer
    const live = await app.db
      .select()
      .from(tables.userTokens)
      .where(and(eq(tables.userTokens.userId, s.id), isNull(tables.userTokens.revokedAt)));
    expect(live).toHaveLength(0);
    expect(await app.db.select().from(tables.devices).where(eq(tables.devices.userId, s.id))).toHaveLength(0);
    const [row] = await app.db.select().from(tables.users).where(eq(tables.users.id, s.id));
    expect(row!.deletedAt).not.toBeNull();
    // The number is free: signing in with it starts a new account.
    await app.db.update(tables.rateEvents).set({ createdAt: new Date(Date.now() - 120_000) });
    expect((await loginFlow(app, s.phone)).json().key).toBe('needCompleteInfo');
  });
});
