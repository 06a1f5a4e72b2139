/**
 * The permission table of SECURITY.md 15-16, generated from the OpenAPI document:
 * every admin route (under /api/admin, sign-in aside) is run against no token, a
 * customer's token, a blocked admin, an admin whose role has every permission but
 * the route's, an admin with only the route's permission, and the general manager.
 * A route's permission is read from its OpenAPI description, where plugins/audit.ts
 * writes the one named in its `app.requireAdmin(...)` guard (`permissionOf`); a route that any of several
 * permissions opens (`permissionsOf`) is refused without all of them and allowed with each one alone.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeRole, makeUser } from '@pool/db';
import { ALL_PERMISSIONS, type Permission } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { issueAdminToken, issueUserToken } from '../../lib/sessions.ts';
import { permissionOf, permissionsOf } from '../../plugins/audit.ts';
import { passwordHash } from './testing.ts';

type Operation = { description?: string; responses?: Record<string, { content?: Record<string, unknown> }> };
type Route = {
  method: string;
  path: string;
  url: string;
  permission: Permission | null | undefined;
  anyOf: Permission[] | undefined;
  stream: boolean;
};

/** Ids that exist nowhere, so an allowed write changes nothing. */
const UNKNOWN_ID = '999999';

describe('admin permission table', () => {
  let app: TestApp;
  let routes: Route[] = [];
  let customerId = 0;
  let baseUrl = '';
  const hash = () => passwordHash();

  beforeAll(async () => {
    app = await buildTestApp();
    customerId = (await makeUser(app.db)).id;
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/') && path !== '/api/admin/login')
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          url: path.replace(/\{[^}]+\}/g, UNKNOWN_ID),
          permission: permissionOf(op.description),
          anyOf: permissionsOf(op.description),
          stream:
            /\/stream$/.test(path) ||
            Object.values(op.responses ?? {}).some((r) => 'text/event-stream' in (r.content ?? {})),
        })),
      );
    // Server-sent event streams never end: an allowed request is made over HTTP and closed once answered.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => app.close());

  const roles = new Map<string, number>();
  /** A role holding `permissions`, made once per distinct set. */
  async function roleWith(permissions: Permission[]) {
    const key = permissions.join(',');
    if (!roles.has(key)) roles.set(key, (await makeRole(app.db, { permissions })).id);
    return roles.get(key)!;
  }
  async function adminToken(o: { permissions?: Permission[]; isSuper?: boolean; isBlocked?: boolean }) {
    const roleId = o.permissions ? await roleWith(o.permissions) : null;
    const admin = await makeAdmin(app.db, {
      passwordHash: await hash(),
      roleId,
      isSuper: o.isSuper ?? false,
      isBlocked: o.isBlocked ?? false,
    });
    return issueAdminToken(app.db, admin.id);
  }

  /** Opens the stream over HTTP, reads the status, then closes the connection. */
  function streamStatus(url: string, headers: Record<string, string>) {
    return new Promise<{ status: number; key?: string }>((resolve, reject) => {
      const req = http.get(`${baseUrl}${url}`, { headers: { ...headers, accept: 'text/event-stream' }, agent: false });
      req.on('error', reject);
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        if (status === 200) {
          req.destroy();
          return resolve({ status });
        }
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({ status, key: (JSON.parse(body) as { key?: string }).key }));
      });
    });
  }

  async function call(route: Route, token: string | null) {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (route.stream && token) return streamStatus(route.url, headers);
    const withBody = !['GET', 'DELETE'].includes(route.method);
    const res = await app.inject({
      method: route.method as 'GET',
      url: route.url,
      headers,
      ...(withBody ? { payload: {} } : {}),
    });
    return { status: res.statusCode, key: res.json().key as string };
  }

  it('finds the admin routes, and each names its permission', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const expected of [
      'GET /api/admin/me',
      'DELETE /api/admin/sign-out',
      'GET /api/admin/admins',
      'POST /api/admin/admins',
      'GET /api/admin/admins/{id}',
      'POST /api/admin/admins/{id}',
      'POST /api/admin/admins/{id}/block',
      'POST /api/admin/admins/{id}/unblock',
      'DELETE /api/admin/admins/{id}',
      'GET /api/admin/roles',
      'GET /api/admin/permissions',
      'POST /api/admin/roles',
      'GET /api/admin/roles/{id}',
      'POST /api/admin/roles/{id}',
      'DELETE /api/admin/roles/{id}',
      'GET /api/admin/users',
      'GET /api/admin/users/{id}',
      'POST /api/admin/users/{id}/block',
      'POST /api/admin/users/{id}/unblock',
      'GET /api/admin/reports',
      'GET /api/admin/reports/{id}',
      'GET /api/admin/profile',
      'POST /api/admin/profile',
    ])
      expect(names).toContain(expected);
    expect(routes.filter((r) => r.anyOf === undefined).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    const options = routes.find((r) => r.method === 'GET' && r.path === '/api/admin/service-items/options');
    expect(options?.anyOf).toEqual(['orders.edit', 'service_items.view']);
    const byRoute = Object.fromEntries(routes.map((r) => [`${r.method} ${r.path}`, r.permission]));
    expect(byRoute).toMatchObject({
      'GET /api/admin/me': null,
      'DELETE /api/admin/sign-out': null,
      'GET /api/admin/profile': null,
      'POST /api/admin/admins/{id}/block': 'admins.block',
      'DELETE /api/admin/roles/{id}': 'roles.delete',
      'POST /api/admin/users/{id}/unblock': 'users.block',
      'GET /api/admin/reports/{id}': 'reports.view',
    });
  });

  it('answers each route by who asks', async () => {
    const customer = await issueUserToken(app.db, customerId);
    const guest = await issueUserToken(app.db, null);
    const failures: string[] = [];
    const expectThat = (route: Route, who: string, ok: boolean, got: { status: number; key?: string }) => {
      if (!ok) failures.push(`${route.method} ${route.path} as ${who}: ${got.status} ${got.key}`);
    };

    for (const route of routes) {
      const anyOf = route.anyOf ?? [];
      const none = await call(route, null);
      expectThat(route, 'nobody', none.status === 401 && none.key === 'unauthenticated', none);
      for (const [who, token] of [
        ['customer', customer],
        ['guest', guest],
      ] as const) {
        const res = await call(route, token);
        expectThat(route, who, res.status === 401 && res.key === 'unauthenticated', res);
      }
      const blocked = await call(route, await adminToken({ permissions: anyOf, isBlocked: true }));
      expectThat(route, 'a blocked admin', blocked.status === 403 && blocked.key === 'blocked', blocked);

      if (anyOf.length) {
        const without = await call(
          route,
          await adminToken({ permissions: ALL_PERMISSIONS.filter((x) => !anyOf.includes(x)) }),
        );
        const named = anyOf.join(' or ');
        expectThat(route, `an admin without ${named}`, without.status === 403 && without.key === 'forbidden', without);
        const noRole = await call(route, await adminToken({}));
        expectThat(route, 'an admin without a role', noRole.status === 403, noRole);
      }
      const alone = anyOf.length ? anyOf.map((p) => [p]) : [[]];
      for (const [who, token] of [
        ...(await Promise.all(
          alone.map(async (ps) => [`an admin with ${ps[0] ?? 'no permission'}`, await adminToken({ permissions: ps })]),
        )),
        ['the general manager', await adminToken({ isSuper: true })],
      ] as const) {
        const res = await call(route, token);
        expectThat(route, who, res.status !== 401 && res.status !== 403 && res.status < 500, res);
      }
    }
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThan(20);
  }, 240_000);
});
