/** Test helpers of the admin-people module: admins with given permissions, calls, audit rows. */
import { and, desc, eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { makeAdmin, makeRole, tables } from '@pool/db';
import type { Permission } from '@pool/contracts';
import type { TestApp } from '../../testing/app.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { issueAdminToken } from '../../lib/sessions.ts';
import { subjectText } from '../../lib/audit-subject.ts';

export const PASSWORD = 'Admin#pass1';
let hash: Promise<string> | undefined;
export const passwordHash = () => (hash ??= hashPassword(PASSWORD));

/** An admin holding `permissions` through a new role, or the general manager with `'super'`. */
export async function signedInAdmin(app: TestApp, permissions: Permission[] | 'super' = []) {
  const role = await makeRole(app.db, { permissions: permissions === 'super' ? [] : permissions });
  const admin = await makeAdmin(app.db, {
    passwordHash: await passwordHash(),
    roleId: role.id,
    isSuper: permissions === 'super',
  });
  return { admin, role, token: await issueAdminToken(app.db, admin.id) };
}

type Method = 'GET' | 'POST' | 'DELETE';

/** A request as `token`, Arabic unless `lang` is given. */
export function as(app: TestApp, token: string | null, lang?: 'ar' | 'en') {
  const headers = {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(lang ? { lang } : {}),
    'user-agent': 'people-test/1.0',
  };
  const send = (method: Method, url: string, payload?: object) =>
    app.inject({ method, url: `/api/admin/${url}`, headers, ...(payload ? { payload } : {}) });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload: object = {}) => send('POST', url, payload),
    del: (url: string) => send('DELETE', url),
    /** A urlencoded form body, where repeated fields are repeated keys. */
    form: (url: string, body: string) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/${url}`,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      }),
  };
}

/** The audit rows of `adminId`, newest first, once `count` of them exist (written after the answer). */
export async function auditRows(app: TestApp, adminId: number, count = 1) {
  const l = tables.auditLogs;
  return vi.waitFor(
    async () => {
      const rows = await app.db.select().from(l).where(eq(l.adminId, adminId)).orderBy(desc(l.id));
      if (rows.length < count) throw new Error(`${rows.length} audit rows, waiting for ${count}`);
      return rows;
    },
    { timeout: 3000, interval: 20 },
  );
}

/** Waits for the audit row of one write and checks what it records (`subject`: its English text). */
export async function expectAudited(
  app: TestApp,
  adminId: number,
  method: string,
  url: string,
  subject?: string,
): Promise<void> {
  const l = tables.auditLogs;
  await vi.waitFor(
    async () => {
      const rows = await app.db
        .select()
        .from(l)
        .where(and(eq(l.adminId, adminId), eq(l.method, method), eq(l.url, `/api/admin/${url}`)));
      if (!rows.length) throw new Error(`no audit row for ${method} ${url}`);
      const row = rows.at(-1)!;
      if (row.status! >= 400 || row.agent !== 'people-test/1.0' || !row.ip) throw new Error('incomplete audit row');
      if (subject && subjectText('en', row.subject) !== subject) throw new Error(`subject ${row.subject}`);
    },
    { timeout: 3000, interval: 20 },
  );
}
