/**
 * The order of live notifications on PostgreSQL: one move sends several (completed, then "rate the
 * technician"), each its own message whose rows are read on the pool; a phone shows the newest alert.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@pool/db';
import { createTestDatabase } from '@pool/db/testing';
import type { App } from '../../app.ts';
import { buildAppOver } from '../../testing/app.ts';
import { createBus, readNotifications } from './bus.ts';
import { notifyUsers } from './service.ts';

const text = { title_ar: 'تنبيه', title_en: 'Heads up', body_ar: 'نص', body_en: 'Body', type: 'admin_notify' as const };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the notification bus', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildAppOver(await createTestDatabase());
  });
  afterAll(async () => {
    await app.close();
    await app.database.close();
  });

  it('gives a recipient the notifications in the order they were sent, when an earlier read ends later', async () => {
    let reads = 0;
    // The first message's rows come back last.
    const bus = createBus(app, async (db, ids) => {
      const rows = await readNotifications(db, ids);
      if (++reads === 1) await sleep(300);
      return rows;
    });
    const user = await makeUser(app.db);
    const got: number[] = [];
    const stop = await bus.subscribe('u', user.id, (row) => got.push(row.id));
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push(...(await notifyUsers(app, [user.id], text)));
    await expect.poll(() => got.length).toBe(3);
    expect(reads).toBe(3);
    expect(got).toEqual(sent.map((r) => r.id));
    stop();
    await bus.close();
  });

  it('drops a message whose rows cannot be read twice, and gives the next ones', async () => {
    let failing = true;
    let reads = 0;
    const bus = createBus(app, async (db, ids) => {
      reads++;
      if (failing) throw new Error('the pool is busy');
      return readNotifications(db, ids);
    });
    const logged = vi.spyOn(app.log, 'error');
    const user = await makeUser(app.db);
    const got: number[] = [];
    const stop = await bus.subscribe('u', user.id, (row) => got.push(row.id));
    await notifyUsers(app, [user.id], text);
    // Read, and read again a second later.
    await expect.poll(() => reads, { timeout: 5000 }).toBe(2);
    await expect.poll(() => logged.mock.calls.length).toBeGreaterThan(0);
    failing = false;
    const [next] = await notifyUsers(app, [user.id], text);
    await expect.poll(() => got).toEqual([next!.id]);
    logged.mockRestore();
    stop();
    await bus.close();
  });
});
