import { PassThrough } from 'node:stream';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCountry, makeUser } from '@pool/db';
import { createTestDatabase } from '@pool/db/testing';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';

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
});
