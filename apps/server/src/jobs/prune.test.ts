import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { pruneAuthData } from './index.ts';

describe('pruning of sign-in data', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('removes old limit events, expired rate-limit counters and codes, keeps recent ones', async () => {
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    await app.db.insert(tables.rateEvents).values([
      { action: 'sms.phone', subject: '966500000009', createdAt: old },
      { action: 'sms.phone', subject: '966500000009' },
    ]);
    await app.db.insert(tables.otpCodes).values([
      { phone: '966500000009', purpose: 'login', codeHash: 'a'.repeat(64), expiresAt: old, createdAt: old },
      { phone: '966500000009', purpose: 'login', codeHash: 'b'.repeat(64), expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await app.db.insert(tables.rateLimits).values([
      { key: 'api:old', points: 3, expire: old },
      { key: 'api:live', points: 3, expire: new Date(Date.now() + 60_000) },
    ]);
    await pruneAuthData(app);
    expect(await app.db.select().from(tables.rateEvents)).toHaveLength(1);
    expect((await app.db.select().from(tables.rateLimits)).map((r) => r.key)).toEqual(['api:live']);
    const codes = await app.db.select().from(tables.otpCodes);
    expect(codes.map((c) => c.codeHash[0])).toEqual(['b']);
  });
});
