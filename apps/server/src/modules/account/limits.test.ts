import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createDatabase, makeAdmin, tables } from '@pool/db';
import { createTestDatabase } from '@pool/db/testing';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, lastCode, type TestApp } from '../../testing/app.ts';
import { EVENTS, pruneRateEvents } from './limits.ts';
import { call, full, newIp, newPhone, seedCountries, t, type Answer, type Body } from './testing.ts';

const send = (app: TestApp, phone: string, o: { ip?: string; lang?: 'ar' | 'en'; cc?: string; url?: string } = {}) =>
  call(app, 'POST', o.url ?? '/send-code', { phone, country_code: o.cc ?? '966' }, { ip: o.ip, lang: o.lang });
/** Moves every recorded event `seconds` into the past. */
const age = (app: TestApp, seconds: number) =>
  app.db.update(tables.rateEvents).set({ createdAt: sql`created_at - make_interval(secs => ${seconds})` });
/** Inserts `n` events `secondsAgo` in the past. */
const insertEvents = (app: TestApp, n: number, action: string, subject: string, secondsAgo: number, detail?: string) =>
  app.db.insert(tables.rateEvents).values(
    Array.from({ length: n }, () => ({
      action,
      subject,
      detail,
      createdAt: sql`now() - make_interval(secs => ${secondsAgo})`,
    })),
  );

function expectLimited(res: Answer, lang: 'ar' | 'en' = 'ar') {
  expect(res.statusCode, res.body).toBe(429);
  const body = res.json() as Body;
  expect(body.key).toBe('tooManyRequests');
  expect(body.msg).toBe(t(lang, 'server.too_many_requests'));
  expect(body.data.retry_after).toBeGreaterThan(0);
  return body.data.retry_after as number;
}

describe('sign-in limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await seedCountries(app);
  });
  afterAll(() => app.close());

  it.each(['ar', 'en'] as const)('waits 60 s between codes to one number (%s)', async (lang) => {
    const phone = newPhone();
    expect((await send(app, phone)).statusCode).toBe(200);
    for (const url of ['/send-code', '/resend-code']) {
      const res = await send(app, phone, { lang, url });
      expect(res.statusCode).toBe(429);
      const body = res.json();
      expect(body.key).toBe('tooManyRequests');
      expect(body.data.retry_after).toBeGreaterThanOrEqual(50);
      expect(body.data.retry_after).toBeLessThanOrEqual(60);
      expect(body.msg).toBe(t(lang, 'server.resend_wait', { seconds: body.data.retry_after }));
    }
    await age(app, 45);
    expect((await send(app, phone)).json().data.retry_after).toBeLessThanOrEqual(15);
    await age(app, 16);
    expect((await send(app, phone)).statusCode).toBe(200);
  });

  it('allows 3 codes per number in 10 minutes', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++) {
      expect((await send(app, phone)).statusCode).toBe(200);
      await age(app, 61);
    }
    const wait = expectLimited(await send(app, phone, { lang: 'en' }), 'en');
    expect(wait).toBeGreaterThan(600 - 3 * 61 - 5);
    expect(wait).toBeLessThanOrEqual(600 - 3 * 61 + 61);
    await age(app, 600);
    expect((await send(app, phone)).statusCode).toBe(200);
  });

  it('allows 5 codes per number in 24 hours', async () => {
    const phone = newPhone();
    await insertEvents(app, 5, EVENTS.phoneSend, full(phone), 2 * 3600);
    const wait = expectLimited(await send(app, phone));
    expect(wait).toBeGreaterThan(21 * 3600);
    await app.db
      .update(tables.rateEvents)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(tables.rateEvents.subject, full(phone)));
    expect((await send(app, phone)).statusCode).toBe(200);
  });

  it('counts wrong codes and stops a number after 10 failed checks in 24 hours', async () => {
    const phone = newPhone();
    await send(app, phone);
    const code = lastCode(app, full(phone));
    const bad = code === '0000' ? '1111' : '0000';
    await call(app, 'POST', '/check-code', { phone, code: bad });
    const fails = () =>
      app.db
        .select()
        .from(tables.rateEvents)
        .where(and(eq(tables.rateEvents.action, EVENTS.failedCheck), eq(tables.rateEvents.subject, full(phone))));
    expect(await fails()).toHaveLength(1);
    await insertEvents(app, 9, EVENTS.failedCheck, full(phone), 3600);
    // Even the right code is not checked any more, and no new code is sent.
    expectLimited(await call(app, 'POST', '/check-code', { phone, code }));
    await age(app, 61);
    expectLimited(await send(app, phone));
    await app.db
      .update(tables.rateEvents)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(tables.rateEvents.subject, full(phone)));
    expect((await call(app, 'POST', '/check-code', { phone, code })).statusCode).toBe(200);
  });

  it('allows 10 codes per IP in an hour', async () => {
    const ip = newIp();
    const phone = newPhone();
    await insertEvents(app, 10, EVENTS.ipSend, ip, 1800, full(phone));
    expectLimited(await send(app, phone, { ip }));
    expect((await send(app, phone)).statusCode).toBe(200); // another IP
  });

  it('allows 5 distinct numbers per IP in an hour', async () => {
    const ip = newIp();
    const phones = Array.from({ length: 6 }, newPhone);
    for (const p of phones.slice(0, 5)) expect((await send(app, p, { ip })).statusCode).toBe(200);
    const wait = expectLimited(await send(app, phones[5]!, { ip, lang: 'en' }), 'en');
    expect(wait).toBeGreaterThan(3500);
    // A number already asked for from this IP is not a new one.
    await age(app, 61);
    expect((await send(app, phones[0]!, { ip })).statusCode).toBe(200);
    await age(app, 3600);
    expect((await send(app, phones[5]!, { ip })).statusCode).toBe(200);
  });

  it('serializes parallel sends to one number: exactly one code', async () => {
    const phone = newPhone();
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(app, phone)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(7);
    const codes = await app.db
      .select()
      .from(tables.otpCodes)
      .where(eq(tables.otpCodes.phone, full(phone)));
    expect(codes).toHaveLength(1);
  });

  it('prunes events older than every window', async () => {
    await insertEvents(app, 2, 'test.old', 'x', 3 * 24 * 3600);
    await insertEvents(app, 1, 'test.old', 'x', 60);
    await pruneRateEvents(app.db);
    const left = await app.db.select().from(tables.rateEvents).where(eq(tables.rateEvents.action, 'test.old'));
    expect(left).toHaveLength(1);
  });
});

describe('SMS caps per calling code and overall', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({
      config: { SMS_ALLOWED_COUNTRY_CODES: '966,20', SMS_HOURLY_CAP_PER_PREFIX: '3', SMS_HOURLY_CAP_GLOBAL: '5' },
    });
    await seedCountries(app);
    admin = await makeAdmin(app.db, { passwordHash: 'x', isSuper: true });
  });
  afterAll(() => app.close());
  let admin: { id: number };

  it('stops a prefix at its hourly cap, then everything at the global cap', async () => {
    for (let i = 0; i < 3; i++) expect((await send(app, newPhone())).statusCode).toBe(200);
    expectLimited(await send(app, newPhone()));
    expect((await send(app, '1000000001', { cc: '20' })).statusCode).toBe(200);
    expect(app.outbox().at(-1)!.to).toBe('201000000001');
    expect((await send(app, '1000000002', { cc: '20' })).statusCode).toBe(200);
    // The global cap: the customer is told codes are paused (not their fault)…
    const paused = await send(app, '1000000003', { cc: '20', lang: 'en' });
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toMatchObject({
      key: 'tooManyRequests',
      msg: 'Sign-in codes are paused for a short while, please try again later',
    });
    // …and the admins who manage the settings are notified, once however many are refused.
    expect((await send(app, '1000000004', { cc: '20' })).json().msg).toBe(t('ar', 'server.sms_paused'));
    const alerts = await app.db.select().from(tables.notifications).where(eq(tables.notifications.adminId, admin.id));
    expect(alerts).toEqual([
      expect.objectContaining({ type: 'admin_notify', titleEn: 'Sign-in codes stopped', link: '/admin/reports' }),
    ]);
    expect(alerts[0]!.bodyEn).toContain('(5 messages)');
    await age(app, 3601);
    expect((await send(app, newPhone())).statusCode).toBe(200);
  });
});

describe('limits across processes', () => {
  it('hold for two servers on one database', async () => {
    const database = await createTestDatabase();
    const other = createDatabase({ url: database.url, poolSize: 5 });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pool-limits-')),
      LOG_LEVEL: 'silent',
    });
    const a = await buildApp({ config, database, logger: false });
    const b = await buildApp({ config, database: other, logger: false });
    try {
      await seedCountries(a as TestApp);
      const phone = newPhone();
      const post = (app: typeof a) =>
        app.inject({ method: 'POST', url: '/api/user/send-code', payload: { phone }, remoteAddress: newIp() });
      const answers = await Promise.all([a, b, a, b, a, b].map(post));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    } finally {
      await a.close();
      await b.close();
      await other.close();
      await database.close();
    }
  });
});
