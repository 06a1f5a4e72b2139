import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { makeBanner, makeUser, tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { issueAdminToken, issueUserToken } from '../../lib/sessions.ts';
import { PASSWORD, as, auditRows, expectAudited, signedInAdmin } from './testing.ts';

describe('admin-people: audit log (reports) and own profile', () => {
  let app: TestApp;
  let boss: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await buildTestApp();
    boss = await signedInAdmin(app, ['reports.view', 'roles.create', 'users.block']);
  });
  afterAll(() => app.close());

  describe('the audit plugin', () => {
    it('writes one row per successful write and per write refused for want of rights; nothing for bad input, reads or sign-in', async () => {
      const writer = await signedInAdmin(app, ['roles.create', 'roles.view']);
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/roles?from=test',
        headers: { authorization: `Bearer ${writer.token}`, 'user-agent': `A${'x'.repeat(600)}` },
        payload: { name_ar: 'دور مراجعة', name_en: 'Audit role', password: 'never-logged' },
        remoteAddress: '10.9.8.7',
      });
      expect(res.statusCode).toBe(200);
      const [row] = await auditRows(app, writer.admin.id);
      // A stable key, translated when read (old rows keep their English text).
      expect(row).toMatchObject({
        adminId: writer.admin.id,
        subject: 'roles.create',
        url: '/api/admin/roles',
        method: 'POST',
        ip: '10.9.8.7',
        status: 200,
        details: null,
      });
      expect(row!.agent).toHaveLength(500);
      expect(JSON.stringify(row)).not.toContain('never-logged');

      await as(app, writer.token).post('roles', {}); // 422
      await as(app, writer.token).get('roles'); // a read
      await as(app, writer.token).post('users/1/block'); // 403
      await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'x@example.com', password: 'x' } });
      const user = await makeUser(app.db);
      await app.inject({
        method: 'POST',
        url: '/api/user/update-profile',
        headers: { authorization: `Bearer ${await issueUserToken(app.db, user.id)}` },
        payload: { name: 'Customer name' },
      });
      await new Promise((r) => setTimeout(r, 150));
      const rows = await app.db.select().from(tables.auditLogs).orderBy(tables.auditLogs.id);
      expect(rows.map((r) => [r.subject, r.status])).toEqual([
        ['roles.create', 200],
        ['users.block', 403],
      ]);
      // The next tests count successful writes only.
      await app.db.delete(tables.auditLogs).where(eq(tables.auditLogs.status, 403));
    });
  });

  describe('GET reports', () => {
    it('lists newest first with filters, and shows one entry', async () => {
      const other = await signedInAdmin(app, ['users.block']);
      const user = await makeUser(app.db);
      await as(app, other.token).post(`users/${user.id}/block`);
      await auditRows(app, other.admin.id);
      await as(app, boss.token).post('roles', { name_ar: 'دور أ', name_en: 'Role A' });
      await auditRows(app, boss.admin.id);

      const all = (await as(app, boss.token).get('reports')).json().data;
      expect(all.pagination.total_items).toBe(3);
      expect(all.data[0]).toMatchObject({
        admin: { id: boss.admin.id, name: boss.admin.name },
        subject: 'إضافة دور',
        url: '/api/admin/roles',
        method: 'POST',
        agent: 'people-test/1.0',
        status: 200,
      });

      const byAdmin = (await as(app, boss.token).get(`reports?admin_id=${other.admin.id}`)).json().data.data;
      expect(byAdmin.map((x: { url: string }) => x.url)).toEqual([`/api/admin/users/${user.id}/block`]);
      const byQ = (await as(app, boss.token, 'en').get('reports?q=app user')).json().data.data;
      expect(byQ).toMatchObject([{ subject: 'Block an app user' }]);
      // The search reads the subject in the request's language.
      const byArabicQ = (await as(app, boss.token).get(`reports?q=${encodeURIComponent('حظر مستخدم')}`)).json().data;
      expect(byArabicQ.data).toMatchObject([{ subject: 'حظر مستخدم', url: `/api/admin/users/${user.id}/block` }]);
      expect((await as(app, boss.token).get('reports?q=app user')).json().data.data).toEqual([]);
      expect((await as(app, boss.token).get('reports?q=/api/admin/roles')).json().data.data).toHaveLength(2);
      expect((await as(app, boss.token).get('reports?method=delete')).json().data.data).toEqual([]);
      expect((await as(app, boss.token).get('reports?method=POST')).json().data.data).toHaveLength(3);
      const today = new Date().toISOString().slice(0, 10);
      expect((await as(app, boss.token).get(`reports?from=${today}&to=${today}`)).json().data.data).toHaveLength(3);
      expect((await as(app, boss.token).get('reports?to=2000-01-01')).json().data.data).toEqual([]);
      expect((await as(app, boss.token).get('reports?from=2999-01-01T00:00:00Z')).json().data.data).toEqual([]);

      const one = await as(app, boss.token, 'en').get(`reports/${all.data[0].id}`);
      expect(one.json()).toMatchObject({ key: 'success', data: { id: all.data[0].id, subject: 'Add a role' } });
      const oneAr = await as(app, boss.token, 'ar').get(`reports/${all.data[0].id}`);
      expect(oneAr.json()).toMatchObject({ key: 'success', data: { id: all.data[0].id, subject: 'إضافة دور' } });
      expect((await as(app, boss.token).get('reports/999999')).statusCode).toBe(404);
    });

    it('shows each subject in the reader’s language: catalogue entry, permission names, or the stored text', async () => {
      const writer = await signedInAdmin(app, ['users.block']);
      const user = await makeUser(app.db);
      await as(app, writer.token).post(`users/${user.id}/unblock`);
      const [unblock] = await auditRows(app, writer.admin.id);
      expect(unblock!.subject).toBe('users.unblock');
      const l = tables.auditLogs;
      const row = { adminId: writer.admin.id, method: 'POST', ip: '10.0.0.1', agent: 'x', status: 200 };
      const [generic, old] = await app.db
        .insert(l)
        .values([
          { ...row, subject: 'products.approve', url: '/api/admin/products/1/approve' },
          { ...row, subject: 'Edit a city', url: '/api/admin/cities/1' },
        ])
        .returning();
      const subjects = async (lang: 'ar' | 'en') => {
        const list = (await as(app, boss.token, lang).get(`reports?admin_id=${writer.admin.id}`)).json().data.data;
        return Object.fromEntries(list.map((r: { id: number; subject: string }) => [r.id, r.subject]));
      };
      expect(await subjects('ar')).toEqual({
        [unblock!.id]: 'إلغاء حظر مستخدم',
        [generic!.id]: 'المنتجات: الموافقة على المراجعة',
        [old!.id]: 'Edit a city',
      });
      expect(await subjects('en')).toEqual({
        [unblock!.id]: 'Unblock an app user',
        [generic!.id]: 'Products: Approve reviews',
        [old!.id]: 'Edit a city',
      });
      await app.db.delete(l).where(inArray(l.id, [generic!.id, old!.id]));
    });

    it('names routes that share a permission apart: about and terms sections, the banners’ order', async () => {
      const writer = await signedInAdmin(app, ['settings.edit', 'banners.edit']);
      const section = {
        title_ar: 'قسم جديد',
        title_en: 'New section',
        content_ar: '<p>نص</p>',
        content_en: '<p>Text</p>',
      };
      const created = await as(app, writer.token).post('pages/terms', section);
      expect(created.statusCode, created.body).toBe(200);
      const banner = await makeBanner(app.db);
      expect((await as(app, writer.token).post('banners/reorder', { ids: [banner.id] })).statusCode).toBe(200);
      const rows = await auditRows(app, writer.admin.id, 2);
      expect(rows.map((r) => r.subject)).toEqual(['banners.reorder', 'terms.create']);
      const list = (await as(app, boss.token).get(`reports?admin_id=${writer.admin.id}`)).json().data.data;
      expect(list.map((r: { subject: string }) => r.subject)).toEqual([
        'ترتيب البنرات الإعلانية',
        'إضافة قسم إلى الشروط والأحكام',
      ]);
    });

    it('keeps the entry of a deleted admin, and refuses invalid filters in both languages', async () => {
      const bad = await as(app, boss.token, 'en').get('reports?method=GET&from=yesterday&admin_id=0');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().data).toEqual({
        method: 'The value is not valid',
        from: 'The value is not valid',
        admin_id: 'The value is not valid',
      });
      const ar = await as(app, boss.token).get('reports?to=2024-13-45');
      expect(ar.json()).toMatchObject({ key: 'fail', data: { to: 'القيمة المدخلة غير صالحة' } });
    });
  });

  describe('own profile', () => {
    it('GET profile answers my profile with permissions', async () => {
      const res = await as(app, boss.token, 'en').get('profile');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: boss.admin.id,
        permissions: ['roles.create', 'users.block', 'reports.view'],
      });
    });

    it('changes the name without a password, and the password with the current one', async () => {
      const me = await signedInAdmin(app);
      const other = await issueAdminToken(app.db, me.admin.id);
      const renamed = await as(app, me.token).post('profile', { name: 'اسمي الجديد' });
      expect(renamed.json()).toMatchObject({ msg: 'تم تحديث بياناتك', key: 'success', data: { name: 'اسمي الجديد' } });
      await expectAudited(app, me.admin.id, 'POST', 'profile', 'Edit my name, image and password');

      const wrong = await as(app, me.token, 'en').post('profile', {
        name: 'اسمي الجديد',
        current_password: 'not-mine',
        password: 'newpass',
        password_confirmation: 'newpass',
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().data).toEqual({ current_password: 'The current password is not correct' });

      const res = await as(app, me.token, 'en').post('profile', {
        name: 'Mine',
        current_password: PASSWORD,
        password: 'newpass',
        password_confirmation: 'newpass',
      });
      expect(res.json()).toMatchObject({ msg: 'Your details have been updated', data: { name: 'Mine' } });
      const [row] = await app.db.select().from(tables.admins).where(eq(tables.admins.id, me.admin.id));
      expect(await verifyPassword(row!.passwordHash, 'newpass')).toBe(true);
      // This session goes on, the others are signed out.
      expect((await as(app, me.token).get('me')).statusCode).toBe(200);
      expect((await as(app, other).get('me')).statusCode).toBe(401);
    });

    it('refuses a short password, a missing current password and a mismatched confirmation, in both languages', async () => {
      const me = await signedInAdmin(app);
      const en = await as(app, me.token, 'en').post('profile', {
        name: 'ab',
        password: '12345',
        password_confirmation: '12345',
      });
      expect(en.statusCode).toBe(422);
      expect(en.json().data).toEqual({
        name: 'This field must be at least 3 characters',
        current_password: 'This field is required',
        password: 'The password must be at least 6 characters',
      });
      const ar = await as(app, me.token).post('profile', {
        name: 'اسم صحيح',
        password: '123456',
        password_confirmation: '654321',
      });
      expect(ar.json()).toMatchObject({
        key: 'fail',
        msg: 'يرجى تصحيح الحقول المشار إليها',
        data: {
          current_password: 'هذا الحقل مطلوب',
          password_confirmation: 'تأكيد كلمة المرور غير مطابق لكلمة المرور الجديدة',
        },
      });
      const mismatch = await as(app, me.token, 'en').post('profile', {
        name: 'Valid name',
        current_password: PASSWORD,
        password: '123456',
        password_confirmation: '1234567',
      });
      expect(mismatch.json().data).toEqual({
        password_confirmation: 'The confirmation does not match the new password',
      });
    });
  });
});
