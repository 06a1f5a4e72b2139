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

    const L = ADMIN_LOGIN_LIMITS;
    const locksOf = (email: string) =>
      app.db.select().from(tables.adminLoginLocks).where(eq(tables.adminLoginLocks.email, email));
    const wrongTimes = async (n: number, email: string, ip: string) => {
      for (let i = 0; i < n; i++)
        expect((await login({ email, password: `Wrong#Horse${i}` }, ip)).statusCode).toBe(400);
    };

    it(`locks an account for one address after ${L.failures} wrong passwords; the real admin elsewhere and other accounts go on`, async () => {
      const { email, ip } = fresh();
      const other = fresh();
      const admin = await makeAdmin(app.db, { email, passwordHash: hash });
      await makeAdmin(app.db, { email: other.email, passwordHash: hash });
      await wrongTimes(L.failures, email, ip);
      const locked = await login({ email, password: PASSWORD }, ip, en);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        msg: 'Signing in from this address is paused after repeated wrong passwords, please try again later',
        key: 'tooManyRequests',
        data: { retry_after: expect.any(Number) },
      });
      expect(locked.json().data.retry_after).toBeGreaterThan(L.firstLockSeconds - 5);
      expect(locked.json().data.retry_after).toBeLessThanOrEqual(L.firstLockSeconds);
      // Never global: the same account from another address, another account from this one.
      expect((await login({ email, password: PASSWORD }, `${ip}9`)).statusCode).toBe(200);
      expect((await login({ email: other.email, password: PASSWORD }, ip)).statusCode).toBe(200);
      // Noted for the dashboard and in the audit log.
      expect(await locksOf(email)).toEqual([expect.objectContaining({ adminId: admin.id, ip, liftedAt: null })]);
      const [audit] = await app.db.select().from(tables.auditLogs).where(eq(tables.auditLogs.adminId, admin.id));
      expect(audit).toMatchObject({ subject: 'admin_auth.locked', ip, status: 429, url: '/api/admin/login' });
    });

    it('locks for longer each time within a day', async () => {
      const { email, ip } = fresh();
      await makeAdmin(app.db, { email, passwordHash: hash });
      const failures = app.limiter('admin_login', { points: L.failures, seconds: L.windowSeconds });
      const durations = [];
      for (let round = 0; round < 3; round++) {
        await wrongTimes(L.failures, email, ip);
        const [latest] = (await locksOf(email)).sort((a, b) => b.id - a.id);
        durations.push(Math.round((latest!.lockedUntil.getTime() - latest!.createdAt.getTime()) / 1000));
        await failures.delete(`${email}|${ip}`); // the lock has run out
      }
      expect(durations.map((d) => Math.round(d / 60))).toEqual([5, 10, 20]);
    });

    it('forgets wrong passwords older than the window, and a right one clears them', async () => {
      const { email, ip } = fresh();
      await makeAdmin(app.db, { email, passwordHash: hash });
      await wrongTimes(L.failures - 1, email, ip);
      await app.db
        .update(tables.rateLimits)
        .set({ expire: new Date(Date.now() - 1000) })
        .where(eq(tables.rateLimits.key, `admin_login:${email}|${ip}`));
      await wrongTimes(L.failures - 1, email, ip);
      expect((await login({ email, password: PASSWORD }, ip)).statusCode).toBe(200);
      await wrongTimes(L.failures - 1, email, ip);
      expect((await login({ email, password: PASSWORD }, ip)).statusCode).toBe(200);
      expect(await locksOf(email)).toEqual([]);
    });

    it(`pauses an address after ${L.perAddress} wrong passwords on any accounts; other addresses go on`, async () => {
      const { email, ip } = fresh();
      await makeAdmin(app.db, { email, passwordHash: hash });
      // Earlier failures of this address (argon2 is slow; counting them directly keeps the test quick).
      await app
        .limiter('admin_login_ip', { points: L.perAddress, seconds: L.windowSeconds })
        .penalty(ip, L.perAddress - 2);
      for (let i = 0; i < 2; i++) {
        expect((await login({ email: `guess${i}-${email}`, password: PASSWORD }, ip)).statusCode).toBe(400);
      }
      expect((await login({ email, password: PASSWORD }, ip)).statusCode).toBe(429);
      expect((await login({ email, password: PASSWORD }, `${ip}9`)).statusCode).toBe(200);
    });

    it('holds the per-account limit under parallel attempts from one address', async () => {
      const { email, ip } = fresh();
      await makeAdmin(app.db, { email, passwordHash: hash });
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => login({ email, password: `Wrong#Horse${i}` }, ip)),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(L.failures);
      expect(codes.every((c) => c === 400 || c === 429)).toBe(true);
      expect((await login({ email, password: PASSWORD }, ip)).statusCode).toBe(429);
      expect((await login({ email, password: PASSWORD }, `${ip}9`)).statusCode).toBe(200);
    });

    it('a super admin lifts the locks of an account; another admin cannot', async () => {
      const { email, ip } = fresh();
      const admin = await makeAdmin(app.db, { email, passwordHash: hash });
      await wrongTimes(L.failures, email, ip);
      expect((await login({ email, password: PASSWORD }, ip)).statusCode).toBe(429);
      const list = (token: string) =>
        app.inject({ method: 'GET', url: '/api/admin/admins', headers: { authorization: `Bearer ${token}` } });
      const lift = (token: string) =>
        app.inject({
          method: 'POST',
          url: `/api/admin/admins/${admin.id}/unlock`,
          headers: { authorization: `Bearer ${token}`, lang: 'en' },
        });

      const role = await makeRole(app.db, { permissions: ['admins.view', 'admins.block'] });
      const manager = await makeAdmin(app.db, { passwordHash: hash, roleId: role.id });
      const refused = await lift(await issueAdminToken(app.db, manager.id));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toBe('Only the general manager can do this');

      const owner = await makeAdmin(app.db, { passwordHash: hash, isSuper: true });
      const ownerToken = await issueAdminToken(app.db, owner.id);
      const shown = (await list(ownerToken)).json().data.data.find((x: { id: number }) => x.id === admin.id);
      expect(new Date(shown.locked_until).getTime()).toBeGreaterThan(Date.now());
      const lifted = await lift(ownerToken);
      expect(lifted.json()).toMatchObject({ key: 'success', data: { lifted: 1 } });
      expect((await login({ email, password: PASSWORD }, ip)).statusCode).toBe(200);
      const after = (await list(ownerToken)).json().data.data.find((x: { id: number }) => x.id === admin.id);
      expect(after.locked_until).toBeNull();
      expect((await locksOf(email))[0]).toMatchObject({ liftedBy: owner.id });
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
