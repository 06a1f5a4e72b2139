/**
 * The bad-input suite of SECURITY.md, driven by the OpenAPI document: every
 * route gets missing, wrong-typed, oversized and unknown fields. No answer is
 * a 5xx, and an answer that refuses the input has written nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeAdmin, makeCountry, makeUser, queryRows, seed } from '@pool/db';
import { buildTestApp, type TestApp } from './testing/app.ts';
import { issueAdminToken, issueUserToken } from './lib/sessions.ts';
import { hashPassword } from './lib/passwords.ts';

type Operation = {
  path: string;
  method: string;
  op: {
    requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
    parameters?: { in: string; name: string }[];
  };
};

const hostile = (field: string): Record<string, unknown>[] => [
  { [field]: { $gt: '' } },
  { [field]: ['a', 'b'] },
  { [field]: 'x'.repeat(20_000) },
  { [field]: -1e308 },
  { [field]: null },
];

/** A fingerprint of every table that a refused request must leave alone (token bookkeeping aside). */
async function fingerprint(app: TestApp) {
  const rows = await queryRows<{ name: string }>(
    app.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('user_tokens', 'admin_tokens')`,
  );
  const parts: string[] = [];
  for (const { name } of rows) {
    const [row] = await queryRows<{ h: string }>(
      app.db,
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`),
    );
    parts.push(`${name}:${row?.h}`);
  }
  return parts.join(',');
}

describe('bad input never reaches a 500 and changes nothing', () => {
  let app: TestApp;
  let operations: Operation[] = [];
  let userId = 0;
  let adminId = 0;

  beforeAll(async () => {
    app = await buildTestApp();
    await seed(app.db, {
      adminEmail: 'owner@example.com',
      adminPasswordHash: await hashPassword('Owner-password-1'),
      demo: true,
    });
    await makeCountry(app.db, { key: '971', iso: 'AE', nameAr: 'الإمارات', nameEn: 'UAE' }).catch(() => undefined);
    userId = (await makeUser(app.db)).id;
    adminId = (await makeAdmin(app.db, { passwordHash: await hashPassword('Admin-password-1'), isSuper: true })).id;
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation['op']>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
  });
  afterAll(() => app.close());

  it('covers the routes of the API', () => {
    expect(operations.length).toBeGreaterThan(25);
  });

  it('answers every hostile request below 500, and refusals write nothing', async () => {
    const failures: string[] = [];
    let sent = 0;
    let bodyFields = 0;
    for (const { path, method, op } of operations) {
      const fields = new Set<string>();
      for (const content of Object.values(op.requestBody?.content ?? {})) {
        for (const name of Object.keys(content.schema?.properties ?? {})) fields.add(name);
      }
      bodyFields += fields.size;
      const queryNames = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const urls = /\{[^}]+\}/.test(path)
        ? ['abc', '-1', '99999999999999999999', '1%00', '1'].map((v) => path.replace(/\{[^}]+\}/g, v))
        : [path];
      const bodies: Record<string, unknown>[] = [{}, { unknown_field: 'x' }, ...[...fields].flatMap(hostile)];
      const queries: Record<string, string>[] = [
        {},
        ...queryNames.flatMap((q) => [{ [q]: '' }, { [q]: 'x'.repeat(5000) }, { [q]: '-5' }]),
      ];

      for (const url of urls) {
        for (const [i, body] of bodies.entries()) {
          const query = queries[i % queries.length]!;
          const token = path.startsWith('/api/admin')
            ? await issueAdminToken(app.db, adminId)
            : await issueUserToken(app.db, userId);
          const before = await fingerprint(app);
          const withBody = method !== 'GET' && method !== 'HEAD';
          const res = await app.inject({
            method: method as 'GET',
            url,
            query,
            headers: { authorization: `Bearer ${token}`, lang: i % 2 ? 'en' : 'ar' },
            ...(withBody ? { payload: body } : {}),
          });
          sent++;
          if (res.statusCode >= 500)
            failures.push(
              `${method} ${url} ${JSON.stringify(body).slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
          else if (res.statusCode >= 400) {
            const envelope = res.json();
            if (typeof envelope.msg !== 'string' || typeof envelope.key !== 'string')
              failures.push(`${method} ${url}: no envelope`);
            if ((await fingerprint(app)) !== before)
              failures.push(
                `${method} ${url} ${JSON.stringify(body).slice(0, 80)} -> ${res.statusCode} but data changed`,
              );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // the document exposes the body fields, so the hostile variants were really sent
    expect(bodyFields).toBeGreaterThan(30);
    expect(sent).toBeGreaterThan(250);
  }, 600_000);
});
