/**
 * The one permission check every admin route uses (`app.requireAdmin(permission)`,
 * SECURITY.md 15-16), proven on a test-only route.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeAdmin, makeRole, makeUser, tables, type Database } from '@pool/db';
import { createTestDatabase } from '@pool/db/testing';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { issueAdminToken, issueUserToken, revokeAdminTokens } from './sessions.ts';

const URL = '/api/admin/__permission-test';

describe('requireAdmin(permission)', () => {
  let app: App;
  let database: Database;
  // No sign-in happens here, so any string stands in for the password hash.
  const passwordHash = 'unused';

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pool-perm-')),
      LOG_LEVEL: 'silent',
    });
    app = await buildApp({ config, database, logger: false });
    app.get(URL, { preHandler: app.requireAdmin('users.view') }, async (req, reply) =>
      reply.ok({ admin_id: req.admin!.id }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const hit = (token?: string, lang?: string) =>
    app.inject({
      method: 'GET',
      url: URL,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(lang ? { lang } : {}) },
    });

  async function adminWith(permissions: string[], o: Partial<Parameters<typeof makeAdmin>[1]> = {}) {
    const role = await makeRole(app.db, { permissions });
    const admin = await makeAdmin(app.db, { passwordHash, roleId: role.id, ...o });
    return { role, admin, token: await issueAdminToken(app.db, admin.id) };
  }

  it('answers 401 without a token, with an unknown token and with a customer token', async () => {
    const none = await hit();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ msg: 'انتهت جلستك، يرجى تسجيل الدخول', key: 'unauthenticated', data: null });
    expect((await hit('x'.repeat(43))).statusCode).toBe(401);
    const user = await makeUser(app.db);
    const customer = await hit(await issueUserToken(app.db, user.id), 'en');
    expect(customer.statusCode).toBe(401);
    expect(customer.json()).toEqual({
      msg: 'Your session has ended, please sign in',
      key: 'unauthenticated',
      data: null,
    });
  });

  it('answers 403 forbidden to an admin without the permission, or without any role', async () => {
    const { token } = await adminWith(['users.block', 'dashboard.view']);
    const res = await hit(token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: 'ليس لديك صلاحية لهذا الإجراء', key: 'forbidden', data: null });
    expect((await hit(token, 'en')).json()).toEqual({
      msg: 'You are not allowed to do this',
      key: 'forbidden',
      data: null,
    });
    const loner = await makeAdmin(app.db, { passwordHash });
    expect((await hit(await issueAdminToken(app.db, loner.id))).statusCode).toBe(403);
  });

  it('answers 200 to an admin holding the permission, and to the super admin without it', async () => {
    const { admin, token } = await adminWith(['users.view']);
    const res = await hit(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'تمت العملية بنجاح', key: 'success', data: { admin_id: admin.id } });
    const sup = await adminWith([], { isSuper: true });
    expect((await hit(sup.token)).statusCode).toBe(200);
  });

  it('applies a removed permission on the very next request', async () => {
    const { role, token } = await adminWith(['users.view']);
    expect((await hit(token)).statusCode).toBe(200);
    await app.db
      .delete(tables.rolePermissions)
      .where(and(eq(tables.rolePermissions.roleId, role.id), eq(tables.rolePermissions.permission, 'users.view')));
    const res = await hit(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe('forbidden');
  });

  it('applies a role change on the very next request', async () => {
    const { admin, token } = await adminWith(['users.view']);
    const other = await makeRole(app.db, { permissions: ['seo.view'] });
    await app.db.update(tables.admins).set({ roleId: other.id }).where(eq(tables.admins.id, admin.id));
    expect((await hit(token)).statusCode).toBe(403);
  });

  it('answers 403 blocked on the very next request after a block', async () => {
    const { admin, token } = await adminWith(['users.view']);
    expect((await hit(token)).statusCode).toBe(200);
    await app.db.update(tables.admins).set({ isBlocked: true }).where(eq(tables.admins.id, admin.id));
    const res = await hit(token, 'en');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      msg: 'Your account has been blocked, please contact the administration',
      key: 'blocked',
      data: null,
    });
    // A block outranks even the super admin flag.
    const sup = await adminWith([], { isSuper: true, isBlocked: true });
    expect((await hit(sup.token)).json().key).toBe('blocked');
  });

  it('answers 401 after the tokens are revoked or the admin is deleted', async () => {
    const first = await adminWith(['users.view']);
    await revokeAdminTokens(app.db, first.admin.id, 'sign_out');
    expect((await hit(first.token)).statusCode).toBe(401);
    const second = await adminWith(['users.view']);
    await app.db.update(tables.admins).set({ deletedAt: new Date() }).where(eq(tables.admins.id, second.admin.id));
    expect((await hit(second.token)).statusCode).toBe(401);
  });
});
