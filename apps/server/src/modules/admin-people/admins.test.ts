import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAdmin, makeRole, tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { issueAdminToken } from '../../lib/sessions.ts';
import { as, expectAudited, passwordHash, signedInAdmin } from './testing.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; type: string }) {
  const boundary = '----people-test';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const chunks: Buffer[] = parts.map((p) => Buffer.from(p));
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('admin-people: admins', () => {
  let app: TestApp;
  let boss: Awaited<ReturnType<typeof signedInAdmin>>;
  let roleId: number;
  let seq = 0;
  const newAdmin = (o: Record<string, unknown> = {}) => {
    seq += 1;
    return {
      name: `مشرف رقم ${seq}`,
      email: `staff${seq}@example.com`,
      country_code: '966',
      phone: `55000000${String(seq).padStart(2, '0')}`,
      password: 'Strong#pass1',
      role_id: roleId,
      ...o,
    };
  };

  beforeAll(async () => {
    app = await buildTestApp();
    // The boss holds what the role they give holds (an admin cannot grant a permission they lack).
    boss = await signedInAdmin(app, [
      'admins.view',
      'admins.create',
      'admins.edit',
      'admins.delete',
      'admins.block',
      'users.view',
    ]);
    roleId = (await makeRole(app.db, { nameAr: 'محاسب', nameEn: 'Accountant', permissions: ['users.view'] })).id;
  });
  afterAll(() => app.close());

  describe('POST admins', () => {
    it('adds an admin with an argon2id password, localized answer and an audit row', async () => {
      const body = newAdmin({ email: ' New.Staff@Example.com ' });
      const res = await as(app, boss.token).post('admins', body);
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(json).toMatchObject({
        msg: 'تمت إضافة المشرف',
        key: 'success',
        data: {
          name: body.name,
          email: 'new.staff@example.com',
          country_code: '966',
          phone: body.phone,
          image: null,
          role: { id: roleId, name: 'محاسب' },
          is_super: false,
          is_blocked: false,
        },
      });
      const [row] = await app.db.select().from(tables.admins).where(eq(tables.admins.id, json.data.id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row!.passwordHash, 'Strong#pass1')).toBe(true);
      await expectAudited(app, boss.admin.id, 'POST', 'admins', 'Add an admin');
      // The new admin can sign in.
      const login = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: 'new.staff@example.com', password: 'Strong#pass1' },
      });
      expect(login.statusCode).toBe(200);

      const en = await as(app, boss.token, 'en').post('admins', newAdmin());
      expect(en.json()).toMatchObject({ msg: 'The admin has been added', data: { role: { name: 'Accountant' } } });
    });

    it('takes a multipart form with an image', async () => {
      const { payload, headers } = multipart(
        Object.fromEntries(Object.entries(newAdmin()).map(([k, v]) => [k, String(v)])),
        { name: 'me.png', data: PNG, type: 'image/png' },
      );
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/admins',
        payload,
        headers: { ...headers, authorization: `Bearer ${boss.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.image).toMatch(/^\/uploads\/admins\/[0-9a-f]{32}\.png$/);
    });

    it('refuses invalid fields in both languages', async () => {
      const ar = await as(app, boss.token).post('admins', {});
      expect(ar.statusCode).toBe(422);
      expect(ar.json()).toMatchObject({ key: 'fail', msg: 'يرجى تصحيح الحقول المشار إليها' });
      expect(Object.keys(ar.json().data).sort()).toEqual(['email', 'name', 'password', 'phone', 'role_id']);

      const en = await as(app, boss.token, 'en').post(
        'admins',
        newAdmin({ email: 'x@example.io', password: 'short', phone: '12ab', name: 'ab' }),
      );
      expect(en.statusCode).toBe(422);
      expect(en.json().msg).toBe('Please correct the highlighted fields');
      expect(en.json().data).toEqual({
        name: 'This field must be at least 3 characters',
        email: 'The e-mail address is not valid; allowed domains are .com, .org and .net',
        phone: 'This field must contain digits only',
        password: 'The password must be at least 8 characters',
      });
    });

    it('refuses an e-mail used by another live admin (any case) and an unknown role', async () => {
      const first = newAdmin();
      expect((await as(app, boss.token).post('admins', first)).statusCode).toBe(200);
      const twin = await as(app, boss.token, 'en').post('admins', newAdmin({ email: first.email.toUpperCase() }));
      expect(twin.statusCode).toBe(422);
      expect(twin.json().data).toEqual({ email: 'This e-mail is used by another admin' });
      const ar = await as(app, boss.token).post('admins', newAdmin({ email: first.email }));
      expect(ar.json().data).toEqual({ email: 'هذا البريد الإلكتروني مستخدم لمشرف آخر' });

      const noRole = await as(app, boss.token, 'en').post('admins', newAdmin({ role_id: 999_999 }));
      expect(noRole.statusCode).toBe(422);
      expect(noRole.json().data).toEqual({ role_id: 'The chosen role does not exist' });
    });

    it('frees the e-mail of a deleted admin', async () => {
      const old = await makeAdmin(app.db, { passwordHash: await passwordHash(), email: 'gone@example.com' });
      await app.db.update(tables.admins).set({ deletedAt: new Date() }).where(eq(tables.admins.id, old.id));
      expect((await as(app, boss.token).post('admins', newAdmin({ email: 'gone@example.com' }))).statusCode).toBe(200);
    });
  });

  describe('GET admins', () => {
    it('lists with search, status and role filters and pagination', async () => {
      const role = await makeRole(app.db, { nameAr: 'مراجع', nameEn: 'Reviewer' });
      const hash = await passwordHash();
      const found = await makeAdmin(app.db, {
        passwordHash: hash,
        name: 'Zainab Unique',
        email: 'zainab.unique@example.com',
        phone: '551234567',
        roleId: role.id,
      });
      await makeAdmin(app.db, { passwordHash: hash, roleId: role.id, isBlocked: true });
      await makeAdmin(app.db, { passwordHash: hash, roleId: role.id, deletedAt: new Date() });

      const byName = await as(app, boss.token).get('admins?q=zainab');
      expect(byName.statusCode).toBe(200);
      expect(byName.json().data.data.map((x: { id: number }) => x.id)).toEqual([found.id]);
      expect((await as(app, boss.token).get('admins?q=ZAINAB.UNIQUE@')).json().data.data).toHaveLength(1);
      expect((await as(app, boss.token).get('admins?q=966551234567')).json().data.data).toHaveLength(1);
      // `%` is searched literally, not as a wildcard.
      expect((await as(app, boss.token).get('admins?q=%25')).json().data.data).toEqual([]);

      const byRole = (await as(app, boss.token, 'en').get(`admins?role_id=${role.id}`)).json();
      expect(byRole.data.pagination).toEqual({ total_items: 2, per_page: 20, total_pages: 1, current_page: 1 });
      expect(byRole.data.data[0].role).toEqual({ id: role.id, name: 'Reviewer' });
      const blocked = (await as(app, boss.token).get(`admins?role_id=${role.id}&status=blocked`)).json();
      expect(blocked.data.data.map((x: { is_blocked: boolean }) => x.is_blocked)).toEqual([true]);
      const active = (await as(app, boss.token).get(`admins?role_id=${role.id}&status=active`)).json();
      expect(active.data.data.map((x: { id: number }) => x.id)).toEqual([found.id]);
      const page2 = (await as(app, boss.token).get(`admins?role_id=${role.id}&page=2`)).json();
      expect(page2.data).toMatchObject({ data: [], pagination: { current_page: 2 } });
    });

    it('refuses invalid filters', async () => {
      const res = await as(app, boss.token, 'en').get('admins?status=gone&role_id=x&page=0');
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().data).sort()).toEqual(['page', 'role_id', 'status']);
      expect(res.json().data.status).toBe('The value is not valid');
      const ar = await as(app, boss.token).get(`admins?q=${'x'.repeat(101)}`);
      expect(ar.json().data).toEqual({ q: 'يجب ألا يزيد هذا الحقل عن 100 حرفًا' });
    });
  });

  describe('GET/POST admins/:id', () => {
    it('shows one admin, and 404 for unknown or deleted ones', async () => {
      const res = await as(app, boss.token).get(`admins/${boss.admin.id}`);
      expect(res.json()).toMatchObject({ key: 'success', data: { id: boss.admin.id, email: boss.admin.email } });
      const missing = await as(app, boss.token, 'en').get('admins/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ msg: 'The requested item was not found', key: 'notFound', data: null });
      const gone = await makeAdmin(app.db, { passwordHash: await passwordHash(), deletedAt: new Date() });
      expect((await as(app, boss.token).get(`admins/${gone.id}`)).statusCode).toBe(404);
      expect((await as(app, boss.token).get('admins/abc')).statusCode).toBe(422);
    });

    it('edits; an empty password keeps it, a new one signs the admin out', async () => {
      const created = (await as(app, boss.token).post('admins', newAdmin())).json().data;
      const token = await issueAdminToken(app.db, created.id);
      const edit = newAdmin({ name: 'اسم جديد', password: '' });
      const res = await as(app, boss.token, 'en').post(`admins/${created.id}`, edit);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ msg: 'The admin has been updated', data: { name: 'اسم جديد' } });
      const [row] = await app.db.select().from(tables.admins).where(eq(tables.admins.id, created.id));
      expect(await verifyPassword(row!.passwordHash, 'Strong#pass1')).toBe(true);
      expect((await as(app, token).get('me')).statusCode).toBe(200);
      await expectAudited(app, boss.admin.id, 'POST', `admins/${created.id}`, 'Edit an admin');

      await as(app, boss.token).post(`admins/${created.id}`, { ...edit, password: 'Another#pass2' });
      expect((await as(app, token).get('me')).statusCode).toBe(401);

      const bad = await as(app, boss.token).post(`admins/${created.id}`, { ...edit, password: 'short' });
      expect(bad.json().data).toEqual({ password: 'كلمة المرور يجب ألا تقل عن 8 أحرف' });
      expect((await as(app, boss.token).post('admins/999999', edit)).statusCode).toBe(404);
    });

    it('keeps an e-mail unique on edit but allows keeping its own', async () => {
      const a1 = (await as(app, boss.token).post('admins', newAdmin())).json().data;
      const a2 = (await as(app, boss.token).post('admins', newAdmin())).json().data;
      const mine = await as(app, boss.token).post(`admins/${a1.id}`, newAdmin({ email: a1.email }));
      expect(mine.statusCode).toBe(200);
      const taken = await as(app, boss.token, 'en').post(`admins/${a2.id}`, newAdmin({ email: a1.email }));
      expect(taken.statusCode).toBe(422);
      expect(taken.json().data).toEqual({ email: 'This e-mail is used by another admin' });
    });

    it('lets nobody else edit the general manager, and never changes their role', async () => {
      const owner = await signedInAdmin(app, 'super');
      const body = newAdmin({ email: owner.admin.email, role_id: owner.role.id });
      const res = await as(app, boss.token, 'en').post(`admins/${owner.admin.id}`, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ key: 'forbidden', msg: expect.stringContaining('general manager') });
      const demote = await as(app, owner.token).post(`admins/${owner.admin.id}`, { ...body, role_id: roleId });
      expect(demote.statusCode).toBe(403);
      const self = await as(app, owner.token).post(`admins/${owner.admin.id}`, body);
      expect(self.statusCode).toBe(200);
      expect(self.json().data).toMatchObject({ is_super: true, role: { id: owner.role.id } });
    });
  });

  describe('block, unblock, delete', () => {
    it('blocks: the admin is refused on the next request; unblock lets a new sign-in work', async () => {
      const created = (await as(app, boss.token).post('admins', newAdmin())).json().data;
      const token = await issueAdminToken(app.db, created.id);
      const res = await as(app, boss.token).post(`admins/${created.id}/block`);
      expect(res.json()).toMatchObject({ msg: 'تم حظر المشرف', key: 'success', data: { is_blocked: true } });
      // Its sessions are revoked as blocked: the next request says so (not a plain sign-in prompt).
      const me = await as(app, token).get('me');
      expect([me.statusCode, me.json().key]).toEqual([403, 'blocked']);
      await expectAudited(app, boss.admin.id, 'POST', `admins/${created.id}/block`, 'Block an admin');
      const login = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: created.email, password: 'Strong#pass1' },
      });
      expect(login.json().key).toBe('blocked');

      const un = await as(app, boss.token, 'en').post(`admins/${created.id}/unblock`);
      expect(un.json()).toMatchObject({ msg: 'The admin has been unblocked', data: { is_blocked: false } });
      await expectAudited(app, boss.admin.id, 'POST', `admins/${created.id}/unblock`, 'Unblock an admin');
      const again = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: created.email, password: 'Strong#pass1' },
      });
      expect(again.statusCode).toBe(200);
    });

    it('a still-valid token of an admin blocked directly answers blocked', async () => {
      const other = await signedInAdmin(app);
      await app.db.update(tables.admins).set({ isBlocked: true }).where(eq(tables.admins.id, other.admin.id));
      const res = await as(app, other.token).get('me');
      expect(res.statusCode).toBe(403);
      expect(res.json().key).toBe('blocked');
    });

    it('deletes softly and revokes the tokens', async () => {
      const created = (await as(app, boss.token).post('admins', newAdmin())).json().data;
      const token = await issueAdminToken(app.db, created.id);
      const res = await as(app, boss.token, 'en').del(`admins/${created.id}`);
      expect(res.json()).toEqual({ msg: 'The admin has been deleted', key: 'success', data: null });
      const [row] = await app.db.select().from(tables.admins).where(eq(tables.admins.id, created.id));
      expect(row!.deletedAt).not.toBeNull();
      expect((await as(app, token).get('me')).statusCode).toBe(401);
      expect((await as(app, boss.token).get(`admins/${created.id}`)).statusCode).toBe(404);
      expect((await as(app, boss.token).del(`admins/${created.id}`)).statusCode).toBe(404);
      await expectAudited(app, boss.admin.id, 'DELETE', `admins/${created.id}`, 'Delete an admin');
    });

    it('never blocks or deletes the general manager, nor oneself', async () => {
      const owner = await signedInAdmin(app, 'super');
      for (const send of [
        () => as(app, boss.token, 'en').post(`admins/${owner.admin.id}/block`),
        () => as(app, boss.token, 'en').del(`admins/${owner.admin.id}`),
      ]) {
        const res = await send();
        expect(res.statusCode).toBe(403);
        expect(res.json().key).toBe('forbidden');
      }
      const selfBlock = await as(app, boss.token).post(`admins/${boss.admin.id}/block`);
      expect(selfBlock.statusCode).toBe(403);
      expect(selfBlock.json()).toEqual({ msg: 'لا يمكنك حظر حسابك أو حذفه', key: 'forbidden', data: null });
      const selfDelete = await as(app, boss.token, 'en').del(`admins/${boss.admin.id}`);
      expect(selfDelete.json()).toEqual({
        msg: 'You cannot block or delete your own account',
        key: 'forbidden',
        data: null,
      });
      // The super admin cannot block themselves either.
      expect((await as(app, owner.token).post(`admins/${owner.admin.id}/block`)).statusCode).toBe(403);
      const [row] = await app.db.select().from(tables.admins).where(eq(tables.admins.id, owner.admin.id));
      expect(row).toMatchObject({ isBlocked: false, deletedAt: null });
      expect((await as(app, boss.token).post('admins/999999/block')).statusCode).toBe(404);
      expect((await as(app, boss.token).post('admins/999999/unblock')).statusCode).toBe(404);
    });
  });
});
