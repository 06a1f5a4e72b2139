/**
 * The staff view's cookie (`staff_auth`): the site's own calls to /api/staff take the staff
 * token from it, never from the customer's `auth` cookie; the staff stream takes it on
 * same-origin requests only; a blocked member's cookie answers `blocked`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeCity, tables } from '@pool/db';
import { SITE_HEADER, encodeAuthCookie } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { customer } from '../orders/testing.ts';
import { openSse } from '../realtime/testing.ts';
import { issueStaffToken } from './sessions.ts';

describe('the staff_auth cookie', () => {
  let app: TestApp;
  let staffId = 0;
  let token = '';

  beforeAll(async () => {
    app = await buildTestApp();
    const city = await makeCity(app.db);
    const [row] = await app.db
      .insert(tables.staff)
      .values({ name: 'فهد الدوسري', countryCode: '966', phone: '571234987', job: 'technician' })
      .returning();
    staffId = row!.id;
    await app.db.insert(tables.staffCities).values({ staffId, cityId: city.id });
    token = await issueStaffToken(app.db, staffId, 'web');
  });
  afterAll(() => app.close());

  const profile = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/staff/profile', headers: { lang: 'en', ...headers } });

  it('reaches /api/staff on the site’s calls (SITE_HEADER) and nowhere without it', async () => {
    const res = await profile({ cookie: `staff_auth=${token}`, [SITE_HEADER]: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: staffId, name: 'فهد الدوسري' });
    // Without the site's header a cookie is no credential (a cross-site form cannot add it).
    expect((await profile({ cookie: `staff_auth=${token}` })).statusCode).toBe(401);
  });

  it('never takes the customer’s auth cookie for staff, nor the staff cookie for customers', async () => {
    const { token: customerToken } = await customer(app);
    const auth = encodeAuthCookie({ token: customerToken } as never);
    expect((await profile({ cookie: `auth=${auth}`, [SITE_HEADER]: '1' })).statusCode).toBe(401);
    // A staff token in the customer's cookie reaches no customer route either.
    const staffAsCustomer = encodeAuthCookie({ token } as never);
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { cookie: `auth=${staffAsCustomer}`, [SITE_HEADER]: '1' },
    });
    expect(res.statusCode).toBe(401);
    // Both cookies at once: each route reads its own.
    const both = await profile({ cookie: `auth=${auth}; staff_auth=${token}`, [SITE_HEADER]: '1' });
    expect(both.statusCode).toBe(200);
  });

  it('opens the staff stream on same-origin requests only', async () => {
    for (const site of ['cross-site', 'same-site', undefined]) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/staff/notifications/stream',
        headers: {
          accept: 'text/event-stream',
          cookie: `staff_auth=${token}`,
          ...(site ? { 'sec-fetch-site': site } : {}),
        },
      });
      expect(res.statusCode, String(site)).toBe(401);
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const sse = await openSse(`${origin}/api/staff/notifications/stream?lang=en`, {
      cookie: `staff_auth=${token}`,
      'sec-fetch-site': 'same-origin',
    });
    try {
      expect(sse.status).toBe(200);
      expect((await sse.next('count')).data).toEqual({ count: 0 });
    } finally {
      sse.close();
    }
  });

  it('answers blocked once the member is blocked', async () => {
    await app.db.update(tables.staff).set({ isBlocked: true }).where(eq(tables.staff.id, staffId));
    const res = await profile({ cookie: `staff_auth=${token}`, [SITE_HEADER]: '1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe('blocked');
  });
});
