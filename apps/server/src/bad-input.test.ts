/**
 * The bad-input suite of SECURITY.md 30, driven by the OpenAPI document: every
 * operation, with each parameter and body field in turn set to a hostile value
 * (wrong types, empty, very long, NUL, lone surrogates, SQL and HTML, negative,
 * fractional and huge numbers) in each encoding it accepts, and broken bodies
 * (truncated multipart, invalid JSON). No answer is a 5xx, every JSON answer is
 * the `{msg, key, data}` envelope, and a refused request writes no row (counted
 * by a trigger on every table).
 *
 * `npm test` runs a seeded sample and prints the seed; BAD_INPUT_SEED=<n> repeats
 * a sample, BAD_INPUT_FULL=1 runs every case (BAD_INPUT_SAMPLE=<n> sets the size).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RESPONSE_KEYS } from '@pool/contracts';
import { makeAdmin, makeCountry, makeUser, queryRows, seed } from '@pool/db';
import { buildTestApp, type TestApp } from './testing/app.ts';
import { hostileCases, operationsOf, sample, type HostileCase, type OpenApiDoc } from './testing/hostile.ts';
import { issueAdminToken, issueUserToken } from './lib/sessions.ts';
import { hashPassword } from './lib/passwords.ts';

/** Bookkeeping a refusal may write: sessions touched, limits and failed attempts counted, refusals audited. */
const BOOKKEEPING = [
  'user_tokens',
  'admin_tokens',
  'rate_events',
  'rate_limits',
  'admin_login_locks',
  'otp_codes',
  'audit_logs',
  'site_visits',
];

/** A row trigger on every other table notes each write in `hostile_writes`. */
async function countWrites(app: TestApp) {
  await app.db.execute(sql`create table hostile_writes (n bigserial primary key, tbl text not null)`);
  await app.db.execute(
    sql`create function hostile_count() returns trigger language plpgsql as $$
        begin insert into hostile_writes (tbl) values (TG_TABLE_NAME); return null; end $$`,
  );
  const tables = await queryRows<{ name: string }>(
    app.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'hostile_writes'`,
  );
  for (const { name } of tables) {
    if (BOOKKEEPING.includes(name)) continue;
    await app.db.execute(
      sql.raw(
        `create trigger hostile_w after insert or update or delete on "${name}" for each row execute function hostile_count()`,
      ),
    );
  }
  return tables.length - BOOKKEEPING.length;
}

/** The last write counted so far, and the tables written after it. */
const lastWrite = async (app: TestApp) =>
  (await queryRows<{ n: number }>(app.db, sql`select coalesce(max(n), 0)::int as n from hostile_writes`))[0]!.n;
const writesAfter = async (app: TestApp, n: number) =>
  (await queryRows<{ tbl: string }>(app.db, sql`select tbl from hostile_writes where n > ${n}`)).map((r) => r.tbl);

describe('hostile input never reaches a 500 and a refusal changes nothing', () => {
  let app: TestApp;
  let cases: HostileCase[] = [];
  let operations = 0;
  let userId = 0;
  let adminId = 0;
  let watched = 0;
  const seedValue = Number(process.env.BAD_INPUT_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const full = process.env.BAD_INPUT_FULL === '1';
  const size = Number(process.env.BAD_INPUT_SAMPLE ?? 5000);

  beforeAll(async () => {
    app = await buildTestApp();
    await seed(app.db, {
      adminEmail: 'owner@example.com',
      adminPasswordHash: () => hashPassword('Owner-password-1'),
      demo: true,
    });
    await makeCountry(app.db, { key: '971', iso: 'AE', nameAr: 'الإمارات', nameEn: 'UAE' }).catch(() => undefined);
    userId = (await makeUser(app.db)).id;
    adminId = (await makeAdmin(app.db, { passwordHash: await hashPassword('Admin-password-1'), isSuper: true })).id;
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDoc;
    const ops = operationsOf(doc);
    operations = ops.length;
    const all = ops.flatMap(hostileCases);
    cases = full ? all : sample(all, size, seedValue);
    console.log(
      `bad input: ${cases.length} of ${all.length} hostile requests over ${operations} operations` +
        (full ? '' : ` (seed ${seedValue}; BAD_INPUT_SEED=${seedValue} repeats it, BAD_INPUT_FULL=1 runs all)`),
    );
    watched = await countWrites(app);
  });
  afterAll(() => app.close());

  it('walks the whole API', () => {
    expect(operations).toBeGreaterThan(150);
    expect(watched).toBeGreaterThan(40);
    expect(cases.length).toBeGreaterThanOrEqual(Math.min(size, 5000));
  });

  it('answers every hostile request below 500 with the envelope, and refusals write nothing', async () => {
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    for (const [i, c] of cases.entries()) {
      const token = c.request.url!.toString().startsWith('/api/admin')
        ? await issueAdminToken(app.db, adminId)
        : await issueUserToken(app.db, userId);
      const before = await lastWrite(app);
      const res = await app.inject({
        ...c.request,
        headers: { ...c.request.headers, authorization: `Bearer ${token}`, lang: i % 2 ? 'en' : 'ar' },
      });
      const group = `${Math.floor(res.statusCode / 100)}xx`;
      statuses[group] = (statuses[group] ?? 0) + 1;
      const where = `${c.label} -> ${res.statusCode}`;
      if (res.statusCode >= 500) {
        failures.push(`${where} ${res.body.slice(0, 200)}`);
        continue;
      }
      const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
      if (json || res.statusCode >= 400) {
        const body = json ? (res.json() as { msg?: unknown; key?: unknown }) : {};
        if (typeof body.msg !== 'string' || !RESPONSE_KEYS.includes(body.key as never))
          failures.push(`${where}: no envelope`);
      }
      if (res.statusCode >= 400) {
        const written = await writesAfter(app, before);
        if (written.length) failures.push(`${where} but wrote to ${[...new Set(written)].join(', ')}`);
      }
    }
    console.log(
      `bad input: answers by status ${JSON.stringify(statuses)}; 5xx and written refusals: ${failures.length}`,
    );
    expect(failures).toEqual([]);
    expect(statuses['4xx']).toBeGreaterThan(cases.length / 2);
  }, 900_000);
});
