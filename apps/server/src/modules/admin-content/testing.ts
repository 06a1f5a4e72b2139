/** Helpers for the admin content tests (not a test file itself). */
import sharp from 'sharp';
import { expect } from 'vitest';
import { makeAdmin, makeRole } from '@pool/db';
import type { Lang } from '@pool/i18n';
import { issueAdminToken } from '../../lib/sessions.ts';
import type { TestApp } from '../../testing/app.ts';
import { multipart, t, type Answer, type Body } from '../account/testing.ts';

export { multipart, t };

/** No sign-in happens in these tests, so any string stands in for the password hash. */
const passwordHash = 'unused';

/** A token of a super admin, or of an admin whose role holds exactly `permissions`. */
export async function adminToken(app: TestApp, permissions?: string[]) {
  const role = permissions ? await makeRole(app.db, { permissions }) : undefined;
  const admin = await makeAdmin(app.db, { passwordHash, isSuper: !permissions, roleId: role?.id });
  return issueAdminToken(app.db, admin.id);
}

export type Call = {
  token?: string;
  lang?: Lang;
  body?: object;
  /** Multipart text fields and files (instead of a JSON `body`). */
  form?: ReturnType<typeof multipart>;
  query?: Record<string, string>;
};

/** A request to `/api/admin<path>` (or to `path` itself when it starts with `/api`). */
export function adminCall(app: TestApp, method: 'GET' | 'POST' | 'DELETE', path: string, o: Call = {}) {
  return app.inject({
    method,
    url: path.startsWith('/api') ? path : `/api/admin${path}`,
    query: o.query,
    headers: {
      lang: o.lang ?? 'ar',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.form?.headers ?? {}),
    },
    ...(o.form ? { payload: o.form.payload } : o.body ? { payload: o.body } : {}),
  });
}

/** Asserts a success answer with this message key and returns its data. */
export function expectOk<T = Record<string, unknown>>(res: Answer, msgKey = 'server.success', lang: Lang = 'ar') {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as Body;
  expect(body.key).toBe('success');
  expect(body.msg).toBe(t(lang, msgKey));
  return body.data as T;
}

/** Asserts a 422 whose field errors include `fields` (field -> [message key, params?]), in `lang`. */
export function expectFields(
  res: Answer,
  fields: Record<string, string | [string, Record<string, unknown>]>,
  lang: Lang = 'ar',
) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as Body;
  expect(body.key).toBe('fail');
  expect(body.msg).toBe(t(lang, 'server.validation_failed'));
  for (const [field, key] of Object.entries(fields)) {
    const [k, params] = typeof key === 'string' ? [key, undefined] : key;
    expect(body.data[field], `${field} in ${res.body}`).toBe(t(lang, k, params));
  }
}

export function expectStatus(res: Answer, status: number, key: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect((res.json() as Body).key).toBe(key);
}

export const png = (r = 10, width = 24, height = 12) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** A multipart form with an optional PNG `image` file. */
export async function imageForm(fields: Record<string, string>, withImage = true, r = 10) {
  return multipart(
    fields,
    withImage ? { image: { filename: 'picture.png', type: 'image/png', data: await png(r) } } : {},
  );
}
