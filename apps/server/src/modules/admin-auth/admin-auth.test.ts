import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAdmin, makeRole, makeUser, tables } from '@pool/db';
import { ALL_PERMISSIONS } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { issueAdminToken, issueUserToken } from '../../lib/sessions.ts';
import { ADMIN_LOGIN_LIMITS } from './service.ts';

const PASSWORD = 'Correct#Horse1';
const en = { lang: 'en' };
const FAILED_AR = { msg: 'البريد الإلكتروني أو كلمة المرور غير صحيحة', key: 'fail', data: null };
const FAILED_EN = { msg: 'The e-mail or password is not correct', key: 'fail', data: null };

describe('admin sign-in', () => {
  let app: TestApp;
  let hash: string;
  let seq = 0;
  beforeAll(async () => {
    app = await buildTestApp();
    hash = await hashPassword(PASSWORD);
  });
  afterAll(() => app.close());

  /** Each test uses its own e-mails and client address, so the limits do not leak between tests. */
  const fresh = () => {
    seq += 1;
    return { email: `staff${seq}@example.com`, ip: `10.20.0.${seq}` };
  };
  const login = (payload: object, ip: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/admin/login', payload, headers, remoteAddress: ip });

  describe('POST login', () => {
    it('signs in with the right password and answers the profile with a working token', async () => {
      const { email, ip } = fresh();
      const role = await makeRole(app.db, {
        nameAr: 'مشرف',
        nameEn: 'Supervisor',
        permissions: ['users.view', 'dashboard.view'],
      });
      const admin = await makeAdmin(app.db, { email, passwordHash: hash, roleId: role.id, name: 'سارة' });
      const res = await login({ email, password: PASSWORD }, ip);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ msg: 'تم تسجيل الدخول بنجاح', key: 'success' });
      expect(body.data).toEqual({
        id: admin.id,
        name: 'سارة',
        email,
        image: null,
        role: { id: role.id, name: 'مشرف' },
        is_super: false,
        permissions: ['dashboard.view', 'users.view'],
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });
      const me = await app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { authorization: `Bearer ${body.data.token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.id).toBe(admin.id);

      const english = await login({ email: email.toUpperCase(), password: PASSWORD }, ip, en);
      expect(english.json()).toMatchObject({
        msg: 'Signed in successfully',
        key: 'success',
        data: { role: { name: 'Supervisor' } },
      });
    });

    it('answers the same for a wrong password and an unknown e-mail, in both languages', async () => {
      const { email, ip } = fresh();
      await makeAdmin(app.db, { email, passwordHash: hash });
      const wrong = await login({ email, password: 'Wrong#Horse1' }, ip);
      const unknown = await login({ email: `nobody-${email}`, password: PASSWORD }, ip);
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(FAILED_AR);
      }
      const wrongEn = await login({ email, password: 'Wrong#Horse1' }, ip, en);
      const unknownEn = await login({ email: `nobody-${email}`, password: PASSWORD }, ip, en);
      for (const res of [wrongEn, unknownEn]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(FAILED_EN);
      }
    });

    it('refuses a deleted admin like an unknown one', async () => {
      const { email, ip } = fresh();
      await makeAdmin(app.db, { email, passwordHash: hash, deletedAt: new Date() });
      const res = await login({ email, password: PASSWORD }, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(FAILED_AR);
    });

    it('answers blocked to a blocked admin only after the right password', async () => {
      const { email, ip } = fresh();
      await makeAdmin(app.db, { email, passwordHash: hash, isBlocked: true });
      const right = await login({ email, password: PASSWORD }, ip, en);
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({
        msg: 'Your account has been blocked, please contact the administration',
        key: 'blocked',
        data: null,
      });
      const wrong = await login({ email, password: 'Wrong#Horse1' }, ip);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual(FAILED_AR);
    });

    it('refuses invalid fields with 422 and messages in the request language', async () => {
      const { ip } = fresh();
      const empty = await login({}, ip);
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toMatchObject({ key: 'fail', msg: 'يرجى تصحيح الحقول المشار إليها' });
      expect(Object.keys(empty.json().data).sort()).toEqual(['email', 'password']);

      const bad = await login({ email: 'not-an-email', password: 'short' }, ip, en);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().msg).toBe('Please correct the highlighted fields');
      expect(Object.keys(bad.json().data).sort()).toEqual(['email', 'password']);
      expect(bad.json().data.password).toMatch(/8/);

      // Validation failures are not sign-in attempts: they do not count against the limit.
      const rows = await app.db
        .select()
        .from(tables.rateEvents)
        .where(eq(tables.rateEvents.subject, `ip:${ip}`));
      expect(rows).toHaveLength(0);
    });

    it(`blocks an e-mail after ${ADMIN_LOGIN_LIMITS.perEmail} failures, even with the right password; other e-mails go on`, async () => {
      const { email, ip } = fresh();
      const other = fresh();
      await makeAdmin(app.db, { email, passwordHash: hash });
      await makeAdmin(app.db, { email: other.email, passwordHash: hash });
      for (let i = 0; i < ADMIN_LOGIN_LIMITS.perEmail; i++) {
        expect((await login({ email, password: `Wrong#Horse${i}` }, ip)).statusCode).toBe(400);
      }
      const limited = await login({ email, password: PASSWORD }, `${ip}9`, en);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        msg: 'Too many requests, please try again shortly',
        key: 'tooManyRequests',
        data: null,
      });
      expect((await login({ email, password: PASSWORD }, ip)).json()).toMatchObject({
        key: 'tooManyRequests',
        msg: 'طلبات كثيرة، يرجى المحاولة بعد قليل',
      });
      expect((await login({ email: other.email, password: PASSWORD }, ip)).statusCode).toBe(200);
    });

    it('forgets failures older than 15 minutes, and successful sign-ins do not count', async () => {
      const { email, ip } = fresh();
      await makeAdmin(app.db, { email, passwordHash: hash });
      const old = new Date(Date.now() - ADMIN_LOGIN_LIMITS.windowMs - 60_000);
      await app.db
        .insert(tables.rateEvents)
        .values(
          Array.from({ length: 10 }, () => ({ action: 'admin_login_fail', subject: `email:${email}`, createdAt: old })),
        );
      for (let i = 0; i < ADMIN_LOGIN_LIMITS.perEmail + 2; i++) {
        expect((await login({ email, password: PASSWORD }, ip)).statusCode).toBe(200);
      }
    });

    it(`blocks an IP after ${ADMIN_LOGIN_LIMITS.perIp} failures; other IPs go on`, async () => {
      const { email, ip } = fresh();
      await makeAdmin(app.db, { email, passwordHash: hash });
      // Earlier failures from this IP (argon2 is slow; recording them directly keeps the test quick).
      await app.db.insert(tables.rateEvents).values(
        Array.from({ length: ADMIN_LOGIN_LIMITS.perIp - 2 }, () => ({
          action: 'admin_login_fail',
          subject: `ip:${ip}`,
        })),
      );
      for (let i = 0; i < 2; i++) {
        expect((await login({ email: `guess${i}-${email}`, password: PASSWORD }, ip)).statusCode).toBe(400);
      }
      expect((await login({ email, password: PASSWORD }, ip)).statusCode).toBe(429);
      expect((await login({ email, password: PASSWORD }, `${ip}9`)).statusCode).toBe(200);
    });

    it('holds the per-e-mail limit under parallel attempts', async () => {
      const { email } = fresh();
      await makeAdmin(app.db, { email, passwordHash: hash });
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => login({ email, password: `Wrong#Horse${i}` }, `10.30.${i}.1`)),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(ADMIN_LOGIN_LIMITS.perEmail);
      expect(codes.every((c) => c === 400 || c === 429)).toBe(true);
      expect((await login({ email, password: PASSWORD }, '10.31.0.1')).statusCode).toBe(429);
    });
  });

  describe('GET me', () => {
    it('answers every permission for the super admin, with the localized role', async () => {
      const role = await makeRole(app.db, { nameAr: 'مدير عام', nameEn: 'General manager' });
      const admin = await makeAdmin(app.db, { passwordHash: hash, isSuper: true, roleId: role.id });
      const token = await issueAdminToken(app.db, admin.id);
      const ar = await app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(ar.statusCode).toBe(200);
      expect(ar.json()).toEqual({
        msg: 'تمت العملية بنجاح',
        key: 'success',
        data: {
          id: admin.id,
          name: admin.name,
          email: admin.email,
          image: null,
          role: { id: role.id, name: 'مدير عام' },
          is_super: true,
          permissions: ALL_PERMISSIONS,
        },
      });
      const english = await app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { authorization: `Bearer ${token}`, ...en },
      });
      expect(english.json()).toMatchObject({ msg: 'Done successfully', data: { role: { name: 'General manager' } } });
    });

    it("answers only the role's permissions for another admin, and none without a role", async () => {
      const role = await makeRole(app.db, { permissions: ['seo.edit', 'admins.view', 'retired.permission'] });
      const admin = await makeAdmin(app.db, { passwordHash: hash, roleId: role.id });
      const token = await issueAdminToken(app.db, admin.id);
      const res = await app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.json().data).toMatchObject({ is_super: false, permissions: ['admins.view', 'seo.edit'] });

      const loner = await makeAdmin(app.db, { passwordHash: hash });
      const lonerToken = await issueAdminToken(app.db, loner.id);
      const none = await app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { authorization: `Bearer ${lonerToken}` },
      });
      expect(none.json().data).toMatchObject({ role: null, permissions: [] });
    });

    it('answers 401 without a token or with a customer token', async () => {
      const none = await app.inject({ method: 'GET', url: '/api/admin/me' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ msg: 'انتهت جلستك، يرجى تسجيل الدخول', key: 'unauthenticated', data: null });
      const user = await makeUser(app.db);
      const customer = await issueUserToken(app.db, user.id);
      const res = await app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { authorization: `Bearer ${customer}`, ...en },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: 'Your session has ended, please sign in', key: 'unauthenticated', data: null });
    });
  });

  describe('DELETE sign-out', () => {
    it('revokes this token only', async () => {
      const admin = await makeAdmin(app.db, { passwordHash: hash });
      const token = await issueAdminToken(app.db, admin.id);
      const other = await issueAdminToken(app.db, admin.id);
      const me = (t: string) =>
        app.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${t}` } });
      const res = await app.inject({
        method: 'DELETE',
        url: '/api/admin/sign-out',
        headers: { authorization: `Bearer ${token}`, ...en },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: 'Signed out', key: 'success', data: null });
      expect((await me(token)).statusCode).toBe(401);
      expect((await me(other)).statusCode).toBe(200);
      const ar = await app.inject({
        method: 'DELETE',
        url: '/api/admin/sign-out',
        headers: { authorization: `Bearer ${other}` },
      });
      expect(ar.json()).toEqual({ msg: 'تم تسجيل الخروج', key: 'success', data: null });
      expect((await me(other)).statusCode).toBe(401);
    });

    it('answers 401 without a token', async () => {
      const res = await app.inject({ method: 'DELETE', url: '/api/admin/sign-out' });
      expect(res.statusCode).toBe(401);
      expect(res.json().key).toBe('unauthenticated');
    });
  });
});
