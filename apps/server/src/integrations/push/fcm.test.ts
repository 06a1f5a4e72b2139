import { createVerify } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PushPayload } from '@pool/contracts';
import { fakeFcm } from './fake-fcm.ts';
import { fcmDriver } from './fcm.ts';
import { PushError } from './types.ts';

const payload: PushPayload = {
  type: 'order_payed',
  title: 'تم الدفع',
  title_ar: 'تم الدفع',
  title_en: 'Paid',
  body: 'شكراً',
  body_ar: 'شكراً',
  body_en: 'Thanks',
  order_id: '7',
};

describe('FCM HTTP v1 driver', () => {
  let fake: Awaited<ReturnType<typeof fakeFcm>>;
  const driver = () =>
    fcmDriver({
      projectId: fake.config.FCM_PROJECT_ID,
      clientEmail: fake.config.FCM_CLIENT_EMAIL,
      privateKey: fake.config.FCM_PRIVATE_KEY,
      apiUrl: fake.config.FCM_API_URL,
      tokenUrl: fake.config.FCM_TOKEN_URL,
    });
  beforeAll(async () => {
    fake = await fakeFcm();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.seen.token.length = 0;
    fake.seen.send.length = 0;
    fake.answer.send = { status: 200, body: { name: 'projects/p/messages/1' } };
  });

  it('signs a service-account JWT, exchanges it and sends with the bearer token', async () => {
    const fcm = driver();
    await fcm.send({ kind: 'fcm', token: 'device-token-1' }, payload);

    expect(fake.seen.token).toHaveLength(1);
    const form = new URLSearchParams(fake.seen.token[0]!.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [head, claims, sig] = form.get('assertion')!.split('.');
    expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    const c = JSON.parse(Buffer.from(claims!, 'base64url').toString());
    expect(c).toMatchObject({
      iss: fake.config.FCM_CLIENT_EMAIL,
      aud: fake.config.FCM_TOKEN_URL,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
    });
    expect(c.exp - c.iat).toBe(3600);
    const valid = createVerify('RSA-SHA256')
      .update(`${head}.${claims}`)
      .verify(fake.publicKey, Buffer.from(sig!, 'base64url'));
    expect(valid).toBe(true);

    expect(fake.seen.send).toHaveLength(1);
    const sent = fake.seen.send[0]!;
    expect(sent.url).toBe('/v1/projects/pool-test/messages:send');
    expect(sent.headers.authorization).toBe('Bearer access-1');
    expect(JSON.parse(sent.body)).toEqual({
      message: { token: 'device-token-1', data: payload, notification: { title: 'تم الدفع', body: 'شكراً' } },
    });
  });

  it('caches the access token until it expires, shared by parallel sends', async () => {
    const fcm = driver();
    await Promise.all([1, 2, 3].map((i) => fcm.send({ kind: 'fcm', token: `t${i}` }, payload)));
    await fcm.send({ kind: 'fcm', token: 't4' }, payload);
    expect(fake.seen.token).toHaveLength(1);
    expect(fake.seen.send).toHaveLength(4);
    expect(new Set(fake.seen.send.map((s) => s.headers.authorization)).size).toBe(1);
  });

  it.each([
    [404, { error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } }, 'dead'],
    [400, { error: { status: 'INVALID_ARGUMENT', details: [{ errorCode: 'UNREGISTERED' }] } }, 'dead'],
    [500, { error: { status: 'INTERNAL' } }, 'retry'],
    [503, { error: { status: 'UNAVAILABLE' } }, 'retry'],
    [429, { error: { status: 'RESOURCE_EXHAUSTED' } }, 'retry'],
    [400, { error: { status: 'INVALID_ARGUMENT' } }, 'fatal'],
  ])('classifies %i %j as %s', async (status, body, failure) => {
    fake.answer.send = { status, body };
    const error = await driver()
      .send({ kind: 'fcm', token: 'x' }, payload)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushError);
    expect((error as PushError).failure).toBe(failure);
  });

  it('treats a network failure as retryable', async () => {
    const fcm = fcmDriver({
      ...{ projectId: 'p', clientEmail: 'e', privateKey: fake.config.FCM_PRIVATE_KEY },
      apiUrl: 'http://127.0.0.1:1',
      tokenUrl: 'http://127.0.0.1:1/token',
    });
    const error = await fcm.send({ kind: 'fcm', token: 'x' }, payload).catch((e: unknown) => e);
    expect((error as PushError).failure).toBe('retry');
  });
});
