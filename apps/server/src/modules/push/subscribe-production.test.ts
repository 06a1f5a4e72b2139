import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNotification, makeUser, tables } from '@pool/db';
import { buildTestApp, PRODUCTION_CONFIG, type TestApp } from '../../testing/app.ts';
import { issueUserToken } from '../../lib/sessions.ts';
import './routes.ts';

const keys = { p256dh: `B${'a'.repeat(86)}`, auth: 'abcdefghijklmnopqrstuv' };

/** In production the server POSTs only to browsers' push services, and queues only what it can deliver. */
describe('push in production', () => {
  let app: TestApp;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    app = await buildTestApp({ config: PRODUCTION_CONFIG });
    userId = (await makeUser(app.db)).id;
    token = await issueUserToken(app.db, userId);
  });
  afterAll(() => app.close());

  const subscribe = (endpoint: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/push/subscribe',
      headers: { authorization: `Bearer ${token}`, lang: 'en' },
      payload: { endpoint, keys },
    });

  it('refuses endpoints that are not a known push service', async () => {
    for (const endpoint of [
      'https://10.0.0.1/push',
      'https://evil.example/fcm.googleapis.com',
      'http://fcm.googleapis.com/x',
    ]) {
      const res = await subscribe(endpoint);
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().data.endpoint).toBe('The push address must be a known browser push service over https');
    }
    expect((await subscribe('https://fcm.googleapis.com/fcm/send/abc123')).statusCode).toBe(200);
    expect((await subscribe('https://updates.push.services.mozilla.com/wpush/v2/xyz')).statusCode).toBe(200);
  });

  it('queues nothing for device kinds without a configured driver', async () => {
    const row = await makeNotification(app.db, { userId });
    for (const listener of app.notificationListeners) await listener(app, [row]);
    expect(await app.db.select().from(tables.pushOutbox)).toHaveLength(0);
  });
});
