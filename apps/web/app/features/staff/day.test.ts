import { describe, expect, it } from 'vitest';
import { addDays, dayChoice, riyadhDayOf, staffPageOf, viewOf, viewSearch } from './day.ts';

describe("the staff's days in Riyadh", () => {
  it('adds calendar days across months and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it("takes today and tomorrow from Riyadh's clock, not the machine's", () => {
    // 22:30 UTC on the 10th is 01:30 on the 11th in Riyadh (UTC+3).
    const late = new Date('2026-03-10T22:30:00Z');
    expect(riyadhDayOf('today', late)).toBe('2026-03-11');
    expect(riyadhDayOf('tomorrow', late)).toBe('2026-03-12');
    expect(riyadhDayOf('today', new Date('2026-03-10T20:59:00Z'))).toBe('2026-03-10');
  });

  it('reads the switcher: tomorrow, else today', () => {
    expect(dayChoice('tomorrow')).toBe('tomorrow');
    expect(dayChoice('yesterday')).toBe('today');
    expect(dayChoice(null)).toBe('today');
  });

  it('reads and writes the views: today, tomorrow, the finished list with its page', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(viewOf(q(''))).toBe('today');
    expect(viewOf(q('day=tomorrow'))).toBe('tomorrow');
    expect(viewOf(q('show=finished&day=tomorrow'))).toBe('finished');
    expect(viewSearch(q('day=tomorrow&x=1'), 'today').toString()).toBe('x=1');
    expect(viewSearch(q(''), 'tomorrow').toString()).toBe('day=tomorrow');
    expect(viewSearch(q('day=tomorrow'), 'finished').toString()).toBe('show=finished');
    expect(viewSearch(q('show=finished&page=3'), 'finished', 2).toString()).toBe('show=finished&page=2');
    expect(viewSearch(q('show=finished&page=3'), 'finished', 1).toString()).toBe('show=finished');
  });
});

describe('the page of an order assigned to me', () => {
  it('opens a construction project on its own page and any visit on the visit page', () => {
    expect(staffPageOf({ id: 7, kind: 'pool_construction' })).toBe('/staff/construction/7');
    expect(staffPageOf({ id: 8, kind: 'immediate_maintenance' })).toBe('/staff/orders/8');
    expect(staffPageOf({ id: 9, kind: 'package_visit' })).toBe('/staff/orders/9');
  });
});
