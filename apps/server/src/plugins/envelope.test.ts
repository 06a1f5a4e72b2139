import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPgliteTestDatabase } from '@pool/db/testing';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { AppError } from '../lib/errors.ts';

/** The envelope and the one error handler, on routes made for the test. */
describe('error handling', () => {
  let app: App;
  const logged: unknown[] = [];
  beforeAll(async () => {
    const database = await createPgliteTestDatabase();
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, logger: false });
    app.log.error = ((obj: unknown) => void logged.push(obj)) as typeof app.log.error;
    app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail');
    });
    app.post(
      '/api/test/echo',
      { schema: { body: z.object({ age: z.coerce.number().int().min(18), name: z.string().min(3) }) } },
      async (req, reply) => reply.ok(req.body),
    );
    app.post('/api/test/upload', { schema: { body: z.object({ name: z.string() }) } }, async (req, reply) =>
      reply.ok({ name: req.body.name, files: Object.keys(req.uploads), size: req.uploads.image?.data.length ?? 0 }),
    );
    app.get('/api/test/app-error', async () => {
      throw new AppError('forbidden', 'server.forbidden');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers an unexpected error with 500, a generic message and the request id; details only in the log', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom', headers: { lang: 'en' } });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      msg: 'An unexpected error occurred, please try again later',
      key: 'exception',
      data: { request_id: res.headers['x-request-id'] },
    });
    expect(res.body).not.toContain('secret internal detail');
    expect(JSON.stringify(logged)).toContain(String(res.headers['x-request-id']));
  });

  it('answers schema failures with 422 and translated field errors', async () => {
    const ar = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { age: '12' } });
    expect(ar.statusCode).toBe(422);
    expect(ar.json()).toEqual({
      msg: 'يرجى تصحيح الحقول المشار إليها',
      key: 'fail',
      data: { age: 'القيمة المدخلة غير صالحة', name: 'هذا الحقل مطلوب' },
    });
    const en = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { lang: 'en' },
      payload: { age: '20', name: 'ab' },
    });
    expect(en.json().data).toEqual({ name: 'This field must be at least 3 characters' });
  });

  it('accepts form-urlencoded, JSON and ignores unknown fields', async () => {
    const form = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'age=30&name=Sara&role=admin',
    });
    expect(form.json()).toMatchObject({ key: 'success', data: { age: 30, name: 'Sara' } });
    expect(form.json().data.role).toBeUndefined();
  });

  it('answers malformed or unsupported bodies with 4xx in the envelope', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"age":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ key: 'fail', msg: 'الطلب غير صالح' });
    const xml = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().key).toBe('fail');
    const big = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2_000_000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().key).toBe('fail');
  });

  it('maps AppError keys to their status', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/app-error', headers: { lang: 'en' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: 'You are not allowed to do this', key: 'forbidden', data: null });
  });

  it('takes multipart text parts as the body and file parts as uploads; an oversized file is a field error', async () => {
    const small = multipart({ name: 'Sara' }, Buffer.alloc(1000, 1));
    const ok = await app.inject({
      method: 'POST',
      url: '/api/test/upload',
      headers: small.headers,
      payload: small.payload,
    });
    expect(ok.json()).toMatchObject({ key: 'success', data: { name: 'Sara', files: ['image'], size: 1000 } });
    const big = multipart({ name: 'Sara' }, Buffer.alloc(6 * 1024 * 1024, 1));
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/upload',
      headers: { ...big.headers, lang: 'en' },
      payload: big.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      msg: 'Please correct the highlighted fields',
      key: 'fail',
      data: { image: 'The image may not be larger than 5 MB or 25 megapixels' },
    });
  });

  it('answers malformed URLs with the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/%c0%af' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'الطلب غير صالح', key: 'fail', data: null });
  });
});

function multipart(fields: Record<string, string>, file: Buffer) {
  const boundary = '----pooltest';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
