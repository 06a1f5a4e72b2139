/**
 * Sessions end (SECURITY.md 11, 34): customers' after a year unused, admins' after 12 hours idle
 * or 7 days in all (settable); sign-out, deletion and a block revoke with their reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAdmin, makeUser, tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { issueAdminToken, issueUserToken } from './sessions.ts';
import { hashPassword } from './passwords.ts';
import { sha256 } from './tokens.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('sessions expire and end', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const profile = (token: string) =>
    app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}`, lang: 'en' } });
  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${token}`, lang: 'en' } });
  const ago = (ms: number) => new Date(Date.now() - ms);
  const setTimes = (
    table: typeof tables.userTokens | typeof tables.adminTokens,
    token: string,
    created: Date,
    used: Date | null,
  ) =>
    app.db
      .update(table)
      .set({ createdAt: created, lastUsedAt: used })
      .where(eq(table.tokenHash, sha256(token)));
  const reasonOf = async (token: string) =>
    (
      await app.db
        .select()
        .from(tables.userTokens)
        .where(eq(tables.userTokens.tokenHash, sha256(token)))
    )[0]!.revokedReason;

  it("a customer's token works for a year unused, then answers that the session expired", async () => {
    const user = await makeUser(app.db);
    const recent = await issueUserToken(app.db, user.id);
    const stale = await issueUserToken(app.db, user.id);
    await setTimes(tables.userTokens, recent, ago(400 * DAY), ago(364 * DAY));
    await setTimes(tables.userTokens, stale, ago(400 * DAY), ago(366 * DAY));
    expect((await profile(recent)).statusCode).toBe(200);
    const expired = await profile(stale);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      key: 'unauthenticated',
      msg: 'Your session expired, please sign in again',
      data: null,
    });
    expect(await reasonOf(stale)).toBe('expired');
    // The use just now moved the recent one's clock.
    const [row] = await app.db
      .select()
      .from(tables.userTokens)
      .where(eq(tables.userTokens.tokenHash, sha256(recent)));
    expect(Date.now() - row!.lastUsedAt!.getTime()).toBeLessThan(60_000);
  });

  it("an admin's token ends after 12 hours idle or 7 days in all", async () => {
    const admin = await makeAdmin(app.db, { passwordHash: await hashPassword('Admin-password-1'), isSuper: true });
    const cases: [created: number, used: number | null, status: number][] = [
      [6 * DAY, 11 * HOUR, 200],
      [1 * HOUR, null, 200],
      [2 * DAY, 13 * HOUR, 401],
      [13 * HOUR, null, 401],
      [8 * DAY, 1 * HOUR, 401],
    ];
    for (const [created, used, status] of cases) {
      const token = await issueAdminToken(app.db, admin.id);
      await setTimes(tables.adminTokens, token, ago(created), used === null ? null : ago(used));
      const res = await me(token);
      expect(res.statusCode, `created ${created / HOUR} h ago, used ${used === null ? '-' : used / HOUR} h ago`).toBe(
        status,
      );
      if (status === 401) expect(res.json().msg).toBe('Your session expired, please sign in again');
    }
  });

  it('the lifetimes are settings', async () => {
    const short = await buildTestApp({ config: { ADMIN_SESSION_IDLE_HOURS: '1', USER_SESSION_IDLE_DAYS: '2' } });
    try {
      const admin = await makeAdmin(short.db, { passwordHash: await hashPassword('Admin-password-1') });
      const token = await issueAdminToken(short.db, admin.id);
      await short.db
        .update(tables.adminTokens)
        .set({ lastUsedAt: ago(2 * HOUR) })
        .where(eq(tables.adminTokens.tokenHash, sha256(token)));
      const res = await short.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      const user = await makeUser(short.db);
      const userToken = await issueUserToken(short.db, user.id);
      await short.db
        .update(tables.userTokens)
        .set({ lastUsedAt: ago(3 * DAY) })
        .where(eq(tables.userTokens.tokenHash, sha256(userToken)));
      const answer = await short.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: { authorization: `Bearer ${userToken}` },
      });
      expect(answer.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('sign-out and account deletion revoke with their reason', async () => {
    const user = await makeUser(app.db);
    const out = await issueUserToken(app.db, user.id);
    const kept = await issueUserToken(app.db, user.id);
    await app.inject({ method: 'DELETE', url: '/api/user/sign-out', headers: { authorization: `Bearer ${out}` } });
    expect(await reasonOf(out)).toBe('sign_out');
    expect((await profile(out)).statusCode).toBe(401);
    expect((await profile(kept)).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/user/delete-account', headers: { authorization: `Bearer ${kept}` } });
    expect(await reasonOf(kept)).toBe('deleted');
    expect((await profile(kept)).statusCode).toBe(401);
  });
});
