import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/app.ts';

describe('health and the envelope', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers health and readiness in the envelope', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ msg: 'تمت العملية بنجاح', key: 'success', data: { status: 'ok' } });
    const ready = await app.inject({ method: 'GET', url: '/api/ready', headers: { lang: 'en' } });
    expect(ready.json()).toMatchObject({ key: 'success', msg: 'Done successfully', data: { status: 'ok' } });
  });

  it('answers unknown /api paths with a JSON 404 in the request language', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/nope?x=1',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ msg: 'Route not found: /api/nope', key: 'notFound', data: null });
  });

  it('sets security headers and a request id; a JSON answer draws no CSP nonce (it has no inline code)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'strict-dynamic';/);
    expect(res.headers['content-security-policy']).not.toMatch(/nonce|PLACEHOLDER/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI 3.1 document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health']).toBeDefined();
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
