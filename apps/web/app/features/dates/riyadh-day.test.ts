import { describe, expect, it } from 'vitest';
import {
  daysRangeLabel,
  hijriDayAndMonth,
  hijriRangeLabel,
  weekdayAndDate,
  gregorianLabel,
  hijriDayNumber,
  hijriLabel,
  hijriMonthsLabel,
  isDay,
  isPastDay,
  isPastTime,
  monthLabel,
  normaliseTime,
  riyadhNow,
  riyadhToday,
  TIME_SLOTS,
} from './riyadh-day.ts';

describe('Riyadh days and times', () => {
  it("takes today from Riyadh's clock, three hours ahead of UTC, across UTC midnight", () => {
    // 20:59 UTC is 23:59 in Riyadh: still the same day.
    expect(riyadhNow(new Date('2026-11-25T20:59:00Z'))).toEqual({ day: '2026-11-25', time: '23:59' });
    // 21:00 UTC is midnight in Riyadh: the next day, while it is still the 25th in UTC.
    expect(riyadhToday(new Date('2026-11-25T21:00:00Z'))).toBe('2026-11-26');
    expect(riyadhNow(new Date('2026-11-25T21:30:00Z')).time).toBe('00:30');
    // UTC midnight is 03:00 in Riyadh, same day in both.
    expect(riyadhToday(new Date('2026-11-26T00:00:00Z'))).toBe('2026-11-26');
    // The year turns in Riyadh first.
    expect(riyadhToday(new Date('2026-12-31T22:00:00Z'))).toBe('2027-01-01');
  });

  it('calls a day or a time past by the Riyadh clock', () => {
    const at = new Date('2026-11-25T21:10:00Z'); // 00:10 on the 26th in Riyadh
    expect(isPastDay('2026-11-25', at)).toBe(true);
    expect(isPastDay('2026-11-26', at)).toBe(false);
    expect(isPastTime('2026-11-26', '00:10', at)).toBe(true);
    expect(isPastTime('2026-11-26', '00:11', at)).toBe(false);
    expect(isPastTime('2026-11-25', '23:30', at)).toBe(true);
    expect(isPastTime('2026-11-27', '08:00', at)).toBe(false);
  });

  it('offers a slot every 30 minutes from 08:00 to 22:00', () => {
    expect(TIME_SLOTS[0]).toBe('08:00');
    expect(TIME_SLOTS[1]).toBe('08:30');
    expect(TIME_SLOTS.at(-1)).toBe('22:00');
    expect(TIME_SLOTS).toHaveLength(29);
  });

  it('reads typed times, Arabic digits included, and refuses what is no time', () => {
    expect(normaliseTime('9:30')).toBe('09:30');
    expect(normaliseTime(' 14:05 ')).toBe('14:05');
    expect(normaliseTime('0930')).toBe('09:30');
    expect(normaliseTime('17')).toBe('17:00');
    expect(normaliseTime('١٠:٣٠')).toBe('10:30');
    expect(normaliseTime('24:00')).toBeNull();
    expect(normaliseTime('12:60')).toBeNull();
    expect(normaliseTime('noon')).toBeNull();
    expect(normaliseTime('')).toBeNull();
  });

  it('knows real calendar days', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('26-2-1')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});

describe('labels', () => {
  it('gives the Umm al-Qura Hijri date beside the Gregorian, in Arabic and English', () => {
    expect(hijriLabel('2026-11-25', 'en')).toBe('Jumada II 15, 1448 AH');
    expect(hijriLabel('2026-11-25', 'ar')).toBe('15 جمادى الآخرة 1448 هـ');
    // 1 Ramadan 1447 by Umm al-Qura.
    expect(hijriLabel('2026-02-18', 'en')).toBe('Ramadan 1, 1447 AH');
    expect(hijriDayNumber('2026-11-25')).toBe('15');
    expect(gregorianLabel('2026-11-25', 'en')).toBe('Wednesday, 25 November 2026');
    expect(gregorianLabel('2026-11-25', 'ar')).toBe('الأربعاء، 25 نوفمبر 2026');
  });

  it('names the month and the Hijri months it spans', () => {
    expect(monthLabel('2026-11-10', 'en')).toBe('November 2026');
    expect(monthLabel('2026-11-10', 'ar')).toBe('نوفمبر 2026');
    // Node's ICU puts thin spaces (U+2009) around the range's dash, Chromium plain ones: the label holds
    // plain spaces only, so the server's HTML and the browser's render are the same text (no hydration error).
    expect(hijriMonthsLabel('2026-11-10', 'en')).toBe('Jumada I – Jumada II 1448 AH');
    expect(hijriMonthsLabel('2026-11-10', 'ar')).toBe('جمادى الأولى – جمادى الآخرة 1448 هـ');
    for (const lang of ['ar', 'en'] as const) {
      for (const label of [
        hijriMonthsLabel('2026-11-10', lang),
        hijriLabel('2026-11-25', lang),
        gregorianLabel('2026-11-25', lang),
      ]) {
        expect(label).not.toMatch(/[\u00A0\u2000-\u200A\u202F]/);
      }
    }
  });

  it('heads a week’s days and names its range, Hijri beside Gregorian', () => {
    expect(weekdayAndDate('2027-01-02', 'ar')).toBe('السبت، 2 يناير');
    expect(weekdayAndDate('2027-01-02', 'en')).toBe('Saturday 2 January');
    expect(hijriDayAndMonth('2027-01-02', 'ar')).toBe('24 رجب');
    expect(hijriDayAndMonth('2027-01-02', 'en')).toBe('Rajab 24');
    expect(daysRangeLabel('2027-01-02', '2027-01-08', 'ar')).toBe('2–8 يناير 2027');
    expect(daysRangeLabel('2027-01-30', '2027-02-05', 'en')).toBe('30 January – 5 February 2027');
    expect(hijriRangeLabel('2027-01-02', '2027-01-08', 'ar')).toBe('24–30 رجب 1448 هـ');
    expect(hijriRangeLabel('2027-01-02', '2027-01-08', 'en')).toBe('Rajab 24 – 30, 1448 AH');
  });
});
