/**
 * No admin raises anyone's rights above their own (SECURITY.md 33). Each refusal answers 403
 * with its message, changes nothing, and leaves an audit row with the 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '@pool/contracts';
import { makeAdmin, makeRole, tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { issueAdminToken } from '../../lib/sessions.ts';
import { sha256 } from '../../lib/tokens.ts';
import { t } from '../account/testing.ts';
import { as, passwordHash, signedInAdmin } from './testing.ts';

describe('admin privilege', () => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signedInAdmin>>;
  let manager: Awaited<ReturnType<typeof signedInAdmin>>;
  /** A role holding a permission the manager lacks. */
  let stronger: { id: number };
  let seq = 0;

  beforeAll(async () => {
    app = await buildTestApp();
    owner = await signedInAdmin(app, 'super');
    manager = await signedInAdmin(app, [
      'admins.view',
      'admins.create',
      'admins.edit',
      'admins.block',
      'admins.delete',
      'roles.view',
      'roles.create',
      'roles.edit',
      'users.view',
    ]);
    stronger = await makeRole(app.db, {
      nameAr: 'مدير المتجر',
      nameEn: 'Store manager',
      permissions: ['products.edit'],
    });
  });
  afterAll(() => app.close());

  const everything = async () =>
    JSON.stringify([
      await app.db.select().from(tables.admins).orderBy(tables.admins.id),
      await app.db.select().from(tables.roles).orderBy(tables.roles.id),
      await app.db
        .select()
        .from(tables.rolePermissions)
        .orderBy(tables.rolePermissions.roleId, tables.rolePermissions.permission),
    ]);

  /** Sends the request, then checks 403 with `msgKey` (in English), nothing changed, and a 403 audit row. */
  async function refused(token: string, method: 'POST' | 'DELETE', url: string, msgKey: string, body?: object) {
    const before = await everything();
    const [holder] = await app.db
      .select({ id: tables.adminTokens.adminId })
      .from(tables.adminTokens)
      .where(eq(tables.adminTokens.tokenHash, sha256(token)));
    const send = as(app, token, 'en');
    const res = method === 'DELETE' ? await send.del(url) : await send.post(url, body);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ key: 'forbidden', msg: t('en', msgKey) });
    expect(await everything()).toBe(before);
    const l = tables.auditLogs;
    const rows = await app.db
      .select()
      .from(l)
      .where(and(eq(l.adminId, holder!.id), eq(l.status, 403), eq(l.url, `/api/admin/${url}`)));
    expect(rows.length).toBeGreaterThan(0);
  }

  const adminBody = (roleId: number, o: object = {}) => {
    seq += 1;
    return {
      name: `مشرف ${seq}`,
      email: `priv${seq}@example.com`,
      country_code: '966',
      phone: `55100000${String(seq).padStart(2, '0')}`,
      password: '',
      role_id: roleId,
      ...o,
    };
  };
  const selfBody = (roleId: number) => ({
    name: manager.admin.name,
    email: manager.admin.email,
    country_code: manager.admin.countryCode,
    phone: manager.admin.phone ?? '551999999',
    password: '',
    role_id: roleId,
  });

  it('no admin changes their own role', async () => {
    await refused(
      manager.token,
      'POST',
      `admins/${manager.admin.id}`,
      'people.self_role_forbidden',
      selfBody(stronger.id),
    );
    // Their own name, keeping the role, is fine.
    const ok = await as(app, manager.token).post(`admins/${manager.admin.id}`, selfBody(manager.role.id));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('no admin blocks or deletes themselves', async () => {
    await refused(manager.token, 'POST', `admins/${manager.admin.id}/block`, 'people.self_forbidden');
    await refused(manager.token, 'DELETE', `admins/${manager.admin.id}`, 'people.self_forbidden');
  });

  it('no admin edits the role they hold', async () => {
    const body = { name_ar: 'مدير', name_en: 'Manager', permissions: ['users.view', 'products.edit'] };
    await refused(manager.token, 'POST', `roles/${manager.role.id}`, 'people.own_role_forbidden', body);
  });

  it('no admin grants a permission they do not hold: in a new role, an edited role, or by giving a role', async () => {
    const role = { name_ar: 'دور', name_en: 'Role' };
    await refused(manager.token, 'POST', 'roles', 'people.grant_forbidden', {
      ...role,
      permissions: ['products.edit'],
    });
    const mine = await makeRole(app.db, { permissions: ['users.view'] });
    await refused(manager.token, 'POST', `roles/${mine.id}`, 'people.grant_forbidden', {
      ...role,
      permissions: ['users.view', 'coupons.edit'],
    });
    await refused(
      manager.token,
      'POST',
      'admins',
      'people.grant_forbidden',
      adminBody(stronger.id, { password: 'Strong#pass1' }),
    );
    const colleague = await makeAdmin(app.db, { passwordHash: await passwordHash(), roleId: mine.id });
    await refused(manager.token, 'POST', `admins/${colleague.id}`, 'people.grant_forbidden', {
      ...adminBody(stronger.id),
      email: colleague.email,
    });
    // What they hold they may grant; a role's permissions they lack may stay when they rename it.
    expect((await as(app, manager.token).post('roles', { ...role, permissions: ['users.view'] })).statusCode).toBe(200);
    const renamed = await as(app, manager.token).post(`roles/${stronger.id}`, {
      name_ar: 'مدير المتجر',
      name_en: 'Shop manager',
      permissions: ['products.edit'],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it("the super admins' role keeps every permission and is shown with all of them", async () => {
    await refused(manager.token, 'POST', `roles/${owner.role.id}`, 'people.super_role_protected', {
      name_ar: 'مدير عام',
      name_en: 'General manager',
      permissions: ['users.view'],
    });
    const shown = (await as(app, owner.token).get(`roles/${owner.role.id}`)).json().data;
    expect(shown).toMatchObject({ is_super: true, permissions: [...ALL_PERMISSIONS] });
  });

  it('the general manager cannot be blocked, deleted or moved to another role', async () => {
    const other = await signedInAdmin(app, [
      'admins.block',
      'admins.delete',
      'admins.edit',
      'admins.view',
      'products.edit',
    ]);
    await refused(other.token, 'POST', `admins/${owner.admin.id}/block`, 'people.super_protected');
    await refused(other.token, 'DELETE', `admins/${owner.admin.id}`, 'people.super_protected');
    await refused(owner.token, 'POST', `admins/${owner.admin.id}`, 'people.super_protected', {
      name: owner.admin.name,
      email: owner.admin.email,
      country_code: '966',
      phone: owner.admin.phone ?? '551999998',
      password: '',
      role_id: stronger.id,
    });
  });

  it('a role change signs the admin out of every session', async () => {
    const mine = await makeRole(app.db, { permissions: ['users.view'] });
    const moved = await makeAdmin(app.db, { passwordHash: await passwordHash(), roleId: mine.id });
    const token = await issueAdminToken(app.db, moved.id);
    expect((await as(app, token).get('me')).statusCode).toBe(200);
    const res = await as(app, owner.token).post(`admins/${moved.id}`, {
      ...adminBody(stronger.id),
      email: moved.email,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(app, token).get('me')).statusCode).toBe(401);
  });
});
