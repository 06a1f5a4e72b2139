/**
 * A stream open on server B while B's LISTEN connection is cut: a notification sent through A in the
 * gap reaches the stream once B listens again (the catch-up of bus.ts), and only once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDatabase, makeAdmin, makeUser } from '@pool/db';
import { createTestDatabase } from '@pool/db/testing';
import { issueAdminToken, issueUserToken } from '../../lib/sessions.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { CHANNEL } from './bus.ts';
import { openSse, postJson, serve } from './testing.ts';

describe('a lost LISTEN connection', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('delivers what was announced while it was down, once', async () => {
    const shared = await createTestDatabase();
    const second = createDatabase({ url: shared.url, poolSize: 4 });
    const a = await serve(shared);
    const b = await serve(second);
    const direct = new pg.Client({ connectionString: shared.url });
    await direct.connect();
    cleanup.push(async () => {
      await direct.end();
      await a.app.close();
      await b.app.close();
      await second.close();
      await shared.close();
    });
    const user = await makeUser(a.app.db);
    const admin = await makeAdmin(a.app.db, { passwordHash: await hashPassword('Admin-password-1'), isSuper: true });
    const adminToken = await issueAdminToken(a.app.db, admin.id);
    const sse = await openSse(`${b.base}/user/notifications/stream`, {
      authorization: `Bearer ${await issueUserToken(a.app.db, user.id)}`,
      lang: 'en',
    });
    cleanup.push(async () => sse.close());
    await sse.next('ready');

    const listening = async () =>
      (
        await direct.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and query = $1`,
          [`listen ${CHANNEL}`],
        )
      ).rows;
    const [listener] = await listening();
    expect(listener).toBeDefined();
    await direct.query('select pg_terminate_backend($1)', [listener!.pid]);
    // Sent only once B's LISTEN is gone: nothing announces it to B.
    const end = Date.now() + 5000;
    while ((await listening()).some((r) => r.pid === listener!.pid)) {
      expect(Date.now()).toBeLessThan(end);
      await new Promise((r) => setTimeout(r, 20));
    }
    const text = { title_ar: 'في الفجوة', title_en: 'In the gap', body_ar: 'نص', body_en: 'Body' };
    expect(
      await postJson(`${a.base}/admin/notifications/send`, adminToken, { target: 'user', user_id: user.id, ...text }),
    ).toMatchObject({ key: 'success' });

    const missed = await sse.next('notification', 10_000);
    expect(missed.data).toMatchObject({ title: 'In the gap' });
    // B listens again: the next one comes live, and the one of the gap is not sent twice.
    const after = { ...text, title_en: 'After the gap' };
    await postJson(`${a.base}/admin/notifications/send`, adminToken, { target: 'user', user_id: user.id, ...after });
    const next = await sse.next('notification', 10_000);
    expect(next.data).toMatchObject({ title: 'After the gap' });
    expect(sse.raw().match(/"title":"In the gap"/g)).toHaveLength(1);
  }, 40_000);
});
