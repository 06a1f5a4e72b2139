import { PassThrough } from 'node:stream';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCountry, makeUser } from '@pool/db';
import { createTestDatabase } from '@pool/db/testing';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createJobs } from '../jobs/queue.ts';
import { until } from '../testing/until.ts';
import { siteContextFor } from './site.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Structured logs carry request ids and never a code, token or password (issue 2, SECURITY.md 2). */
describe('logs', () => {
  let app: App;
  let logs = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'pool-logs-'));
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk) => (logs += chunk.toString()));
    const database = await createTestDatabase();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'trace' }),
      database,
      logStream: stream,
    });
    // What a module does while serving a request: logs with the app's logger, after awaiting.
    app.post('/api/test/log', async (req) => {
      await new Promise((r) => setTimeout(r, 5));
      app.log.info({ body: req.body }, 'app logger inside a request');
      return { ok: true };
    });
    // What a page's loader does: API calls in process (plugins/site.ts).
    app.get('/test/page', async (req, reply) => {
      const answer = await siteContextFor(app, req, reply, 'test').api('GET', '/user/countries');
      return { status: answer.status };
    });
    await app.ready();
    await makeCountry(app.db);
  });
  afterAll(async () => {
    await app.close();
    await app.database.close();
  });

  it('never logs codes, tokens, cookies or passwords', async () => {
    const user = await makeUser(app.db, { phone: '512345670' });
    await app.inject({ method: 'POST', url: '/api/user/send-code', payload: { phone: user.phone } });
    const sms = readFileSync(join(dataDir, 'sms-outbox.jsonl'), 'utf8');
    const code = sms.match(/\d{4}/)![0];
    const checked = await app.inject({
      method: 'POST',
      url: '/api/user/check-code',
      payload: { phone: user.phone, code },
    });
    const token = checked.json().data.token as string;
    await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${token}`, cookie: `auth=${token}` },
    });
    await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'nobody@example.com', password: 'Sup3rSecretPass' },
    });

    expect(logs).toContain('"reqId"');
    expect(logs).toContain('sms sent');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('Sup3rSecretPass');
    // the code as a value or inside the SMS text
    expect(logs).not.toContain(`"${code}"`);
    expect(logs).not.toContain(`هو ${code}`);
  });

  /** The log lines written so far, parsed. */
  const lines = () =>
    logs
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('takes a valid x-request-id as the request id, echoes it and logs with it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb.Trace_42-a' } });
    expect(res.headers['x-request-id']).toBe('lb.Trace_42-a');
    const own = lines().filter((l) => l.reqId === 'lb.Trace_42-a');
    expect(own.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('makes its own id for a missing or invalid x-request-id, on every answer', async () => {
    for (const given of [undefined, '', 'has space', 'x'.repeat(129), 'semi;colon', 'ümlaut', 'a\tb']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      expect(res.headers['x-request-id'], String(given)).toMatch(UUID);
    }
    expect(logs).not.toContain('has space');
    expect(logs).not.toContain('semi;colon');
    // A 128-character id is taken; the 404s and failed validations echo it too.
    const long = 'A'.repeat(128);
    expect((await app.inject({ url: '/api/health', headers: { 'x-request-id': long } })).headers['x-request-id']).toBe(
      long,
    );
    const malformed = await app.inject({ url: '/api/user/store/products/%', headers: { 'x-request-id': 'bad-url-1' } });
    expect([malformed.statusCode, malformed.headers['x-request-id']]).toEqual([400, 'bad-url-1']);
    const missing = await app.inject({ url: '/api/no-such-route', headers: { 'x-request-id': 'nf-1' } });
    expect([missing.statusCode, missing.headers['x-request-id']]).toEqual([404, 'nf-1']);
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/user/send-code',
      payload: { phone: 'x' },
      headers: { 'x-request-id': 'bad-body-1' },
    });
    expect([invalid.statusCode, invalid.headers['x-request-id']]).toEqual([422, 'bad-body-1']);
  });

  it('gives the lines the app logger writes during a request the request id, once', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/log',
      payload: { n: 1 },
      headers: { 'x-request-id': 'inside-1' },
    });
    expect(res.statusCode).toBe(200);
    const line = logs.split('\n').find((l) => l.includes('app logger inside a request'))!;
    expect(JSON.parse(line).reqId).toBe('inside-1');
    // The request logger's own lines are not given it twice.
    expect(logs.split('\n').filter((l) => l.includes('"reqId":"inside-1"') && l.match(/"reqId"/g)!.length > 1)).toEqual(
      [],
    );
    // Outside any request the app logger writes no request id.
    app.log.info('outside any request');
    expect(lines().find((l) => l.msg === 'outside any request')!.reqId).toBeUndefined();
  });

  it("logs the site's in-process API calls with the page's request id", async () => {
    const res = await app.inject({ method: 'GET', url: '/test/page', headers: { 'x-request-id': 'page-77' } });
    expect(res.json()).toEqual({ status: 200 });
    const inner = lines().filter(
      (l) => (l.req as { url?: string } | undefined)?.url === '/api/user/countries' && l.msg === 'incoming request',
    );
    expect(inner.at(-1)!.reqId).toBe('page-77');
  });

  it('logs what a job writes with its queue and job id', async () => {
    const jobs = createJobs(app, {
      'test-logging': {
        run: async (a) => {
          a.log.info('a job at work');
        },
      },
    });
    await jobs.start();
    try {
      await jobs.send('test-logging');
      await until(async () => logs.includes('a job at work'), 20_000);
      const line = lines().find((l) => l.msg === 'a job at work')!;
      expect(line.job).toBe('test-logging');
      expect(line.jobId).toMatch(UUID);
      expect(line.reqId).toBeUndefined();
    } finally {
      await jobs.stop();
    }
  }, 40_000);
});
