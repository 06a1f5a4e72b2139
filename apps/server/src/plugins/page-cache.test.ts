import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { pageCacheKey } from './page-cache.ts';

const request = (headers: Record<string, string> = {}, method = 'GET') =>
  ({ method, headers, protocol: 'https', host: 'pool.sa', url: '/online_store' }) as unknown as FastifyRequest;

describe('the page cache key', () => {
  it('is one per address, remembered language, preferred English and held stylesheets', () => {
    const plain = pageCacheKey(request(), 'v42');
    const arabic = pageCacheKey(request({ cookie: 'lang=ar' }), 'v42');
    const english = pageCacheKey(request({ 'accept-language': 'en-GB,en' }), 'v42');
    const linked = pageCacheKey(request({ cookie: 'lang=ar; styles=v42' }), 'v42');
    expect(new Set([plain, arabic, english, linked]).size).toBe(4);
    expect(linked).toBe(pageCacheKey(request({ cookie: 'styles=v42; lang=ar' }), 'v42'));
    // The stylesheets of another build are not held: that page inlines them like a first visit.
    expect(pageCacheKey(request({ cookie: 'lang=ar; styles=v41' }), 'v42')).toBe(arabic);
  });

  it('is none for a visitor with any other cookie, a token, or a request that is not a GET', () => {
    expect(pageCacheKey(request({ cookie: 'lang=ar; auth=abc' }), 'v42')).toBeNull();
    expect(pageCacheKey(request({ cookie: 'styles=v42; cart=k1' }), 'v42')).toBeNull();
    expect(pageCacheKey(request({ authorization: 'Bearer t' }), 'v42')).toBeNull();
    expect(pageCacheKey(request({}, 'POST'), 'v42')).toBeNull();
  });
});
