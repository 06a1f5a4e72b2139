import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart } from './riyadh-time.ts';

describe('calendar days in a time zone', () => {
  it('starts a Riyadh day at 21:00 UTC the day before', () => {
    expect(dayStart('2026-11-25').toISOString()).toBe('2026-11-24T21:00:00.000Z');
    expect(dayEnd('2026-11-25').toISOString()).toBe('2026-11-25T21:00:00.000Z');
    expect(dayEnd('2026-12-31').toISOString()).toBe('2026-12-31T21:00:00.000Z');
  });

  it('follows the zone rules, not a fixed offset (summer and winter in Berlin)', () => {
    expect(dayStart('2026-07-01', 'Europe/Berlin').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(dayStart('2026-01-15', 'Europe/Berlin').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    // The night the clocks go forward: the day still starts at local midnight.
    expect(dayStart('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(dayEnd('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});
