import { describe, expect, it } from 'vitest';
import { addDays, dayChoice, riyadhDayOf } from './day.ts';

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
});
