import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/app.ts';

describe('CORS, rate limits and compression', () => {
  let app: TestApp;
  afterEach(() => app?.close());

  it('allows only configured origins', async () => {
    app = await buildTestApp({ config: { CORS_ORIGINS: 'https://app.masabeh.com' } });
    const allowed = await app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://app.masabeh.com', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.masabeh.com');
    const other = await app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers too many requests with 429 in the envelope and language, with the wait', async () => {
    app = await buildTestApp({ config: { RATE_LIMIT_PER_MINUTE: '2' } });
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push(await app.inject({ method: 'GET', url: '/api/user/countries', headers: { lang: 'en' } }));
    expect(codes.map((r) => r.statusCode)).toEqual([200, 200, 429]);
    expect(codes[2]!.json()).toEqual({
      msg: 'Too many requests, please try again shortly',
      key: 'tooManyRequests',
      data: { retry_after: expect.any(Number) },
    });
    expect(Number(codes[2]!.headers['retry-after'])).toBeGreaterThan(0);
    // Liveness and readiness probes are never limited.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('compresses large answers', async () => {
    app = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('Content-Security-Policy and the maps key', () => {
  let app: TestApp;
  afterEach(() => app?.close());
  const csp = async () => {
    // A page's policy (an address outside /api/).
    const res = await app.inject({ method: 'GET', url: '/online_store' });
    return Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    ) as Record<string, string[]>;
  };

  it('allows no Google Maps host without a key', async () => {
    app = await buildTestApp();
    const policy = await csp();
    expect(JSON.stringify(policy)).not.toMatch(/google|gstatic/);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['worker-src']).toBeUndefined();
    expect(policy['frame-src']).toBeUndefined();
  });

  it('allows the Google Maps hosts where the maps script needs them when a key is set', async () => {
    app = await buildTestApp({ config: { MAPS_API_KEY: 'AIza-test-key' } });
    const policy = await csp();
    // The loader (maps.googleapis.com), the places search (places.googleapis.com), tiles and styles.
    for (const directive of ['script-src', 'connect-src'])
      expect(policy[directive]).toEqual(
        expect.arrayContaining(['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com']),
      );
    expect(policy['script-src']).toContain("'strict-dynamic'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['connect-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(policy['frame-src']).toEqual(["'self'", 'https://*.google.com']);
    expect(policy['img-src']).toContain('https:');
    expect(policy['font-src']).toContain('https://fonts.gstatic.com');
    expect(policy['style-src-elem']).toContain('https://fonts.googleapis.com');
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });
});
