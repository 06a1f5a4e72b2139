/**
 * Two servers on one PostgreSQL (as two processes would be): a notification
 * sent through A reaches a stream open on B (LISTEN/NOTIFY). Also the PGlite
 * engine of `npm start`, which fans out inside its single process.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, makeAdmin, makeUser } from '@pool/db';
import { createPgliteTestDatabase, createTestDatabase } from '@pool/db/testing';
import type { App } from '../../app.ts';
import { issueAdminToken, issueUserToken } from '../../lib/sessions.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { openSse, postJson, serve } from './testing.ts';

/** An in-memory PGlite and its migrations take seconds of CPU: on a loaded machine more than the default 20 s. */
const PGLITE_TIMEOUT_MS = 60_000;

const text = { title_ar: 'تنبيه', title_en: 'Heads up', body_ar: 'نص', body_en: 'Body' };

describe('live notifications across servers', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  /** A customer's stream on `b`, an admin sending through `a`; answers what `b` streamed. */
  async function roundTrip(a: { app: App; base: string }, b: { app: App; base: string }) {
    const user = await makeUser(a.app.db);
    const admin = await makeAdmin(a.app.db, { passwordHash: await hashPassword('Admin-password-1'), isSuper: true });
    const userToken = await issueUserToken(a.app.db, user.id);
    const adminToken = await issueAdminToken(a.app.db, admin.id);

    const sse = await openSse(`${b.base}/user/notifications/stream`, {
      authorization: `Bearer ${userToken}`,
      lang: 'ar',
    });
    cleanup.push(async () => sse.close());
    expect(sse.status).toBe(200);
    expect((await sse.next('count')).data).toEqual({ count: 0 });

    const started = Date.now();
    const sent = await postJson(`${a.base}/admin/notifications/send`, adminToken, {
      target: 'user',
      user_id: user.id,
      ...text,
    });
    expect(sent).toMatchObject({ key: 'success', data: { sent: 1 } });
    const event = await sse.next('notification', 5000);
    const count = await sse.next('count', 5000);
    sse.close();
    return { event, count, ms: Date.now() - started };
  }

  it('delivers a notification sent through server A to a stream on server B (PostgreSQL)', async () => {
    const shared = await createTestDatabase();
    const second = createDatabase({ url: shared.url, poolSize: 4 });
    const a = await serve(shared);
    const b = await serve(second);
    cleanup.push(async () => {
      await a.app.close();
      await b.app.close();
      await second.close();
      await shared.close();
    });
    const { event, count, ms } = await roundTrip(a, b);
    expect(event.data).toMatchObject({
      type: 'admin_notify',
      title: 'تنبيه',
      body: 'نص',
      title_en: 'Heads up',
      read: false,
    });
    expect(count.data).toEqual({ count: 1 });
    expect(ms).toBeLessThan(3000);
  });

  it(
    'delivers within one PGlite server',
    async () => {
      const database = await createPgliteTestDatabase();
      const one = await serve(database);
      cleanup.push(async () => {
        await one.app.close();
        await database.close();
      });
      const { event, count } = await roundTrip(one, one);
      expect(event.data).toMatchObject({ type: 'admin_notify', title: 'تنبيه' });
      expect(count.data).toEqual({ count: 1 });
    },
    PGLITE_TIMEOUT_MS,
  );

  it(
    'closes with streams open',
    async () => {
      const database = await createPgliteTestDatabase();
      const one = await serve(database);
      const user = await makeUser(one.app.db);
      const sse = await openSse(`${one.base}/user/notifications/stream`, {
        authorization: `Bearer ${await issueUserToken(one.app.db, user.id)}`,
      });
      await sse.next('count');
      const started = Date.now();
      await one.app.close();
      expect(Date.now() - started).toBeLessThan(2000);
      sse.close();
      await database.close();
    },
    PGLITE_TIMEOUT_MS,
  );
});
