import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin } from '@pool/db';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { issueAdminToken } from '../lib/sessions.ts';

/** The dashboard's uploads call the API from the browser with the HttpOnly `admin_auth` cookie (ADR 0003). */
describe('the admin cookie', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await buildTestApp();
    const admin = await makeAdmin(app.db, { passwordHash: 'x', isSuper: true });
    token = await issueAdminToken(app.db, admin.id);
  });
  afterAll(() => app.close());

  it('is accepted only on the site’s own calls', async () => {
    const me = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/admin/me', headers });
    expect((await me({ cookie: `admin_auth=${token}`, 'x-pool-site': '1' })).statusCode).toBe(200);
    expect((await me({ cookie: `admin_auth=${token}` })).statusCode).toBe(401);
    expect((await me({ cookie: `auth=${token}`, 'x-pool-site': '1' })).statusCode).toBe(401);
  });
});
