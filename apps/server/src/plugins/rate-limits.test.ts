/**
 * Rate limits (SECURITY.md 32): per client address, on a store all processes share (the
 * database, or Redis with REDIS_URL); the site's in-process calls carry the visitor's own
 * address and count with their page, so 20 visitors each get a code and the audit log and
 * sessions see where each came from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { makeAdmin, makeCountry, makeUser, tables } from '@pool/db';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { buildTestApp, lastCode, type TestApp } from '../testing/app.ts';
import { startRedis } from '../testing/redis-server.ts';
import { issueAdminToken } from '../lib/sessions.ts';
import { hashPassword } from '../lib/passwords.ts';
import { siteContextFor } from './site.ts';
import { SITE_CALL_HEADER } from './rate-limits.ts';

const countries = (app: App, ip: string) =>
  app.inject({ method: 'GET', url: '/api/user/countries', remoteAddress: ip, headers: { lang: 'en' } });

/** The site's API client of a page request from `ip` (as plugins/site.ts makes it for loaders). */
const siteApi = (app: App, ip: string, agent = 'Mozilla/5.0 (visitor)') =>
  siteContextFor(
    app,
    { ip, headers: { 'user-agent': agent } } as unknown as FastifyRequest,
    { cspNonce: { script: 'n', style: 'n' } } as unknown as FastifyReply,
    'test',
  ).api;

describe('rate limits on the database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ config: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(() => app.close());

  it('counts each address on its own', async () => {
    const a = [];
    for (let i = 0; i < 6; i++) a.push((await countries(app, '198.51.100.1')).statusCode);
    expect(a).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await countries(app, '198.51.100.2')).statusCode).toBe(200);
  });

  it('holds across two servers on one database (two processes)', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: app.config.dataDir, RATE_LIMIT_PER_MINUTE: '5' });
    const second = await buildApp({ config, database: app.database, logger: false });
    try {
      const seen = [];
      for (let i = 0; i < 3; i++) seen.push((await countries(app, '198.51.100.3')).statusCode);
      for (let i = 0; i < 3; i++) seen.push((await countries(second, '198.51.100.3')).statusCode);
      expect(seen).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await second.close();
    }
  });

  it("does not count the site's in-process calls; a forged site-call header is counted", async () => {
    const api = siteApi(app, '198.51.100.4');
    for (let i = 0; i < 12; i++) expect((await api('GET', '/user/countries')).status).toBe(200);
    const forged = [];
    for (let i = 0; i < 6; i++) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/user/countries',
        remoteAddress: '198.51.100.5',
        headers: { [SITE_CALL_HEADER]: 'guessed' },
      });
      forged.push(res.statusCode);
    }
    expect(forged.at(-1)).toBe(429);
  });
});

describe('the visitor behind server rendering', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await makeCountry(app.db);
  });
  afterAll(() => app.close());

  it('20 visitors from 20 addresses each get a sign-in code within the hour', async () => {
    const answers = [];
    for (let i = 0; i < 20; i++) {
      const phone = `5710000${String(i).padStart(2, '0')}`;
      const res = await siteApi(app, `203.0.113.${i + 1}`)('POST', '/user/send-code', {
        body: { phone, country_code: '966' },
      });
      answers.push(res.body.key);
    }
    expect(answers).toEqual(Array(20).fill('success'));
    // Each send was counted against its visitor's address.
    const ips = await app.db
      .select({ subject: tables.rateEvents.subject })
      .from(tables.rateEvents)
      .where(eq(tables.rateEvents.action, 'sms.ip'));
    expect(new Set(ips.map((r) => r.subject)).size).toBe(20);
  });

  it("the session keeps the visitor's address and browser; the audit log the admin's address", async () => {
    const user = await makeUser(app.db, { phone: '571999999' });
    const api = siteApi(app, '203.0.113.77', 'Mozilla/5.0 (iPhone)');
    expect((await api('POST', '/user/send-code', { body: { phone: user.phone } })).body.key).toBe('success');
    const signedIn = await api('POST', '/user/check-code', {
      body: { phone: user.phone, code: lastCode(app, `966${user.phone}`) },
    });
    expect(signedIn.body.key).toBe('success');
    const [token] = await app.db
      .select()
      .from(tables.userTokens)
      .where(eq(tables.userTokens.userId, user.id))
      .orderBy(desc(tables.userTokens.id));
    expect(token).toMatchObject({ ip: '203.0.113.77', agent: 'Mozilla/5.0 (iPhone)' });

    const admin = await makeAdmin(app.db, { passwordHash: await hashPassword('Admin-password-1'), isSuper: true });
    const adminToken = await issueAdminToken(app.db, admin.id);
    const created = await siteApi(app, '203.0.113.88')('POST', '/admin/roles', {
      token: adminToken,
      body: { name_ar: 'دور', name_en: 'Role' },
    });
    expect(created.body.key).toBe('success');
    await new Promise((r) => setTimeout(r, 50));
    const [row] = await app.db.select().from(tables.auditLogs).where(eq(tables.auditLogs.adminId, admin.id));
    expect(row).toMatchObject({ ip: '203.0.113.88', subject: 'roles.create' });
  });
});

describe('rate limits on Redis (REDIS_URL)', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    // Two servers, each on its own database: only Redis is shared, so a shared count proves it is used.
    for (let i = 0; i < 2; i++)
      apps.push(await buildTestApp({ config: { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: redis.url } }));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await redis.stop();
  });

  it('shares the count between servers', async () => {
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push((await countries(apps[i % 2]!, '192.0.2.9')).statusCode);
    expect(seen).toEqual([200, 200, 200, 200, 429]);
    expect((await countries(apps[0]!, '192.0.2.10')).statusCode).toBe(200);
    expect(await apps[0]!.db.select().from(tables.rateLimits)).toEqual([]);
  });
});
