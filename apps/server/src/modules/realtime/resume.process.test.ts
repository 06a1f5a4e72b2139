/**
 * Two server processes on one PostgreSQL, as behind a load balancer: a customer's stream on A gets a
 * notification; A is stopped (SIGTERM) and ends the stream with a short `retry:`; notifications sent
 * meanwhile through B are not lost: the client reconnects to B with `Last-Event-ID` and gets them first,
 * oldest first, then the live ones, each once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, makeAdmin, makeUser } from '@pool/db';
import { createTestDatabase, type TestDatabase } from '@pool/db/testing';
import { startServerProcess, type ServerProcess } from '../../testing/server-process.ts';
import { issueAdminToken, issueUserToken } from '../../lib/sessions.ts';
import { openSse } from './testing.ts';

describe('a stream resumed on another process after a graceful shutdown', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let userId = 0;
  let userToken = '';
  let adminToken = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    const seeding = createDatabase({ url: database.url, poolSize: 1 });
    userId = (await makeUser(seeding.db)).id;
    userToken = await issueUserToken(seeding.db, userId);
    const admin = await makeAdmin(seeding.db, { isSuper: true, passwordHash: 'unused' });
    adminToken = await issueAdminToken(seeding.db, admin.id);
    await seeding.close();
    // One after the other: the first start's data is loaded by one process (scripts/migrate.ts in production).
    a = await startServerProcess(database.url, { SHUTDOWN_DRAIN_MS: '200' });
    b = await startServerProcess(database.url);
  }, 90_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.close();
  });

  /** Sends a notification to the customer through `server`; answers nothing (the id comes by the stream). */
  async function notify(server: ServerProcess, title: string) {
    const res = await fetch(`${server.base}/api/admin/notifications/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', lang: 'en' },
      body: JSON.stringify({
        target: 'user',
        user_id: userId,
        title_ar: title,
        title_en: title,
        body_ar: 'ن',
        body_en: 'B',
      }),
    });
    expect(res.status).toBe(200);
  }
  const headers = () => ({ authorization: `Bearer ${userToken}`, lang: 'en' });

  it('misses nothing and repeats nothing', async () => {
    const onA = await openSse(`${a.base}/api/user/notifications/stream`, headers());
    await onA.next('ready');
    await notify(b, 'first');
    const first = await onA.next('notification');
    expect(first.data).toMatchObject({ title: 'first' });

    const exited = new Promise<number | null>((resolve) => a.child.once('exit', (code) => resolve(code)));
    a.child.kill('SIGTERM');
    await onA.ended;
    const retry = [...onA.raw().matchAll(/^retry: (\d+)$/gm)].map((m) => Number(m[1])).at(-1)!;
    expect(retry).toBeLessThan(1500);
    expect(await exited).toBe(0);

    // While the client waits to reconnect, two more are sent through B.
    await notify(b, 'second');
    await notify(b, 'third');

    const onB = await openSse(`${b.base}/api/user/notifications/stream`, { ...headers(), 'last-event-id': first.id! });
    try {
      // What was missed comes first (before `ready`: the stream listens before it catches up).
      const title = async () => ((await onB.next('notification')).data as { title: string }).title;
      const titles = [await title(), await title()];
      await notify(b, 'fourth');
      titles.push(await title());
      expect(titles).toEqual(['second', 'third', 'fourth']);
      const ids = [...onB.raw().matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(new Set(ids).size).toBe(3);
      expect(ids[0]).toBeGreaterThan(Number(first.id));
      expect((await onB.next('count')).data).toEqual({ count: 4 });
    } finally {
      onB.close();
    }
  }, 60_000);
});
