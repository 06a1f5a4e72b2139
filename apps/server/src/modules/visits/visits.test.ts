import { describe, expect, it } from 'vitest';
import { countsAsVisit, riyadhDay } from './service.ts';

const browser = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/605.1.15' };

describe('visits', () => {
  it('counts people opening customer pages, not the dashboard, data requests, files or robots', () => {
    expect(countsAsVisit({ method: 'GET', url: '/', headers: browser })).toBe(true);
    expect(countsAsVisit({ method: 'GET', url: '/en/online_store?page=2', headers: browser })).toBe(true);
    expect(countsAsVisit({ method: 'POST', url: '/', headers: browser })).toBe(false);
    expect(countsAsVisit({ method: 'GET', url: '/admin/users', headers: browser })).toBe(false);
    expect(countsAsVisit({ method: 'GET', url: '/more.data', headers: browser })).toBe(false);
    expect(countsAsVisit({ method: 'GET', url: '/favicon.ico', headers: browser })).toBe(false);
    expect(countsAsVisit({ method: 'GET', url: '/', headers: { 'user-agent': 'Googlebot/2.1' } })).toBe(false);
    expect(countsAsVisit({ method: 'GET', url: '/', headers: {} })).toBe(false);
  });
  it('uses the Riyadh calendar day', () => {
    expect(riyadhDay(new Date('2026-11-22T20:59:59Z'))).toBe('2026-11-22');
    expect(riyadhDay(new Date('2026-11-22T21:00:00Z'))).toBe('2026-11-23');
  });
});
