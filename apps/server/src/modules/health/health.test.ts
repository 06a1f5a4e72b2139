import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_CONFIG, type TestApp } from '../../testing/app.ts';

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

  it("sets an API answer's security headers and a request id, and a page's elsewhere, without a nonce unless read", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    // Nothing loads from a JSON answer and nothing frames it; no header only a document reads.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection', 'origin-agent-cluster'])
      expect(res.headers[name]).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    // Any other address is a page's (here no site is mounted: its 404): the page policy, no nonce drawn.
    const page = await app.inject({ method: 'GET', url: '/online_store' });
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'strict-dynamic';/);
    expect(page.headers['content-security-policy']).not.toMatch(/nonce|PLACEHOLDER/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toContain('max-age=31536000');
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

describe('the API documents in production', () => {
  it('are not served (nor made) unless API_DOCS is set', async () => {
    for (const [docs, status] of [
      [{}, 404],
      [{ API_DOCS: 'true' }, 200],
    ] as const) {
      const app = await buildTestApp({ engine: 'pglite', config: { ...PRODUCTION_CONFIG, ...docs } });
      try {
        expect((await app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(status);
        const ui = await app.inject({ method: 'GET', url: '/api/docs' });
        expect(status === 404 ? [404] : [200, 302]).toContain(ui.statusCode);
        expect(app.hasDecorator('swagger')).toBe(status === 200);
      } finally {
        await app.close();
      }
    }
  });
});
