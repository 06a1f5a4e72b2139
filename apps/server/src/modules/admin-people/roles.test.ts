import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAdmin, makeRole, tables } from '@pool/db';
import { ALL_PERMISSIONS, PERMISSION_GROUPS } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { issueAdminToken } from '../../lib/sessions.ts';
import { as, expectAudited, passwordHash, signedInAdmin } from './testing.ts';

describe('admin-people: roles and permissions', () => {
  let app: TestApp;
  let boss: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await buildTestApp();
    // The boss holds what the tests grant (an admin cannot grant a permission they lack; see privilege.test.ts).
    boss = await signedInAdmin(app, [
      'roles.view',
      'roles.create',
      'roles.edit',
      'roles.delete',
      'banners.view',
      'banners.edit',
      'users.view',
      'users.block',
      'reports.view',
    ]);
  });
  afterAll(() => app.close());

  it('GET permissions answers every group and action with labels in both languages', async () => {
    const ar = await as(app, boss.token).get('permissions');
    expect(ar.statusCode).toBe(200);
    const groups = ar.json().data;
    expect(groups.map((g: { key: string }) => g.key)).toEqual(Object.keys(PERMISSION_GROUPS));
    expect(groups.flatMap((g: { permissions: { code: string }[] }) => g.permissions.map((p) => p.code))).toEqual(
      ALL_PERMISSIONS,
    );
    expect(groups[1]).toMatchObject({
      key: 'admins',
      name: 'المشرفون',
      name_ar: 'المشرفون',
      name_en: 'Admins',
      permissions: expect.arrayContaining([
        {
          code: 'admins.block',
          action: 'block',
          name: 'الحظر وإلغاء الحظر',
          name_ar: 'الحظر وإلغاء الحظر',
          name_en: 'Block and unblock',
        },
      ]),
    });
    // No label is a missing key.
    for (const g of groups) {
      for (const text of [
        g.name_ar,
        g.name_en,
        ...g.permissions.flatMap((p: { name_ar: string; name_en: string }) => [p.name_ar, p.name_en]),
      ])
        expect(text).not.toMatch(/^(admin|people)\./);
    }
    const en = await as(app, boss.token, 'en').get('permissions');
    expect(en.json().data[0]).toMatchObject({ name: 'Home', permissions: [{ code: 'dashboard.view', name: 'View' }] });
  });

  it('creates a role from JSON, lists it with counts and shows it', async () => {
    const res = await as(app, boss.token).post('roles', {
      name_ar: 'مشرف المحتوى',
      name_en: 'Content editor',
      permissions: ['banners.edit', 'banners.view', 'banners.view'],
    });
    expect(res.statusCode).toBe(200);
    const role = res.json();
    expect(role).toMatchObject({
      msg: 'تمت إضافة الدور',
      key: 'success',
      data: {
        name: 'مشرف المحتوى',
        name_ar: 'مشرف المحتوى',
        name_en: 'Content editor',
        permissions: ['banners.view', 'banners.edit'],
        permissions_count: 2,
        admins_count: 0,
      },
    });
    await expectAudited(app, boss.admin.id, 'POST', 'roles', 'Add a role');

    await makeAdmin(app.db, { passwordHash: await passwordHash(), roleId: role.data.id });
    const list = await as(app, boss.token, 'en').get('roles');
    const item = list.json().data.find((x: { id: number }) => x.id === role.data.id);
    expect(item).toMatchObject({ name: 'Content editor', permissions_count: 2, admins_count: 1 });

    const one = await as(app, boss.token, 'en').get(`roles/${role.data.id}`);
    expect(one.json().data).toMatchObject({ name: 'Content editor', permissions: ['banners.view', 'banners.edit'] });
    expect((await as(app, boss.token).get('roles/999999')).statusCode).toBe(404);
  });

  it('takes repeated form fields, one field, or none ("no permissions")', async () => {
    const many = await as(app, boss.token).form(
      'roles',
      'name_ar=دعم&name_en=Support&permissions=users.view&permissions=users.block',
    );
    expect(many.statusCode).toBe(200);
    expect(many.json().data.permissions).toEqual(['users.view', 'users.block']);
    const one = await as(app, boss.token).form('roles', 'name_ar=قارئ&name_en=Reader&permissions=reports.view');
    expect(one.json().data.permissions).toEqual(['reports.view']);
    const none = await as(app, boss.token).form('roles', 'name_ar=بدون&name_en=Nothing');
    expect(none.json().data).toMatchObject({ permissions: [], permissions_count: 0 });
  });

  it('refuses missing names and unknown permissions in both languages', async () => {
    const ar = await as(app, boss.token).post('roles', { name_en: 'Only English', permissions: ['nope.view'] });
    expect(ar.statusCode).toBe(422);
    expect(ar.json()).toMatchObject({
      key: 'fail',
      msg: 'يرجى تصحيح الحقول المشار إليها',
      data: { name_ar: 'هذا الحقل مطلوب', 'permissions.0': 'القيمة المدخلة غير صالحة' },
    });
    const en = await as(app, boss.token, 'en').post('roles', {
      name_ar: '  ',
      name_en: 'x',
      permissions: 'admins.fly',
    });
    expect(en.statusCode).toBe(422);
    expect(en.json().data).toEqual({
      name_ar: 'This field is required',
      name_en: 'This field must be at least 2 characters',
      'permissions.0': 'The value is not valid',
    });
  });

  it('edits the names and replaces the permissions; takes effect on the next request', async () => {
    const role = await makeRole(app.db, { permissions: ['reports.view'] });
    const admin = await makeAdmin(app.db, { passwordHash: await passwordHash(), roleId: role.id });
    const token = await issueAdminToken(app.db, admin.id);
    expect((await as(app, token).get('reports')).statusCode).toBe(200);

    const res = await as(app, boss.token, 'en').post(`roles/${role.id}`, {
      name_ar: 'مستخدمون',
      name_en: 'Users desk',
      permissions: ['users.view'],
    });
    expect(res.json()).toMatchObject({
      msg: 'The role has been updated',
      data: { name: 'Users desk', permissions: ['users.view'] },
    });
    await expectAudited(app, boss.admin.id, 'POST', `roles/${role.id}`, 'Edit a role');
    expect((await as(app, token).get('reports')).statusCode).toBe(403);
    expect((await as(app, token).get('users')).statusCode).toBe(200);

    const bad = await as(app, boss.token).post(`roles/${role.id}`, { name_ar: 'ا', name_en: 'ok ok' });
    expect(bad.json().data).toEqual({ name_ar: 'يجب ألا يقل هذا الحقل عن 2 أحرف' });
    const missing = await as(app, boss.token).post('roles/999999', { name_ar: 'دور', name_en: 'Role' });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes an unused role, and refuses with 409 while an admin has it', async () => {
    const used = await makeRole(app.db, { permissions: ['users.view'] });
    const admin = await makeAdmin(app.db, { passwordHash: await passwordHash(), roleId: used.id });
    const refused = await as(app, boss.token, 'en').del(`roles/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      msg: 'This role cannot be deleted while admins have it',
      key: 'fail',
      data: null,
    });
    expect((await as(app, boss.token).del(`roles/${used.id}`)).json().msg).toBe(
      'لا يمكن حذف هذا الدور لأنه مسند إلى مشرفين',
    );

    // A deleted admin does not hold the role any more.
    await app.db.update(tables.admins).set({ deletedAt: new Date() }).where(eq(tables.admins.id, admin.id));
    const res = await as(app, boss.token).del(`roles/${used.id}`);
    expect(res.json()).toEqual({ msg: 'تم حذف الدور', key: 'success', data: null });
    expect(
      await app.db.select().from(tables.rolePermissions).where(eq(tables.rolePermissions.roleId, used.id)),
    ).toEqual([]);
    await expectAudited(app, boss.admin.id, 'DELETE', `roles/${used.id}`, 'Delete a role');
    expect((await as(app, boss.token).del(`roles/${used.id}`)).statusCode).toBe(404);
  });
});
