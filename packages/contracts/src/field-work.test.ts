/** The field-work rules both apps share: reading ranges and their flags, what finishing needs, the extra lines' shape. */
import { describe, expect, it } from 'vitest';
import {
  directionsUrl,
  extraLineBody,
  flagReadings,
  READING_KEYS,
  READING_RANGES,
  readingLevel,
  REPORT_CHECKLIST,
  reportComplete,
  riyadhDayAndTime,
  starsOf,
} from './field-work.ts';

describe('field work rules', () => {
  it('declares each reading once, with a healthy range inside what can be measured', () => {
    expect(Object.keys(READING_RANGES).sort()).toEqual([...READING_KEYS].sort());
    expect(READING_RANGES.ph).toMatchObject({ min: 7.2, max: 7.8 });
    expect(READING_RANGES.free_chlorine).toMatchObject({ min: 1, max: 3, unit: 'ppm' });
    expect(READING_RANGES.total_alkalinity).toMatchObject({ min: 80, max: 120 });
    expect(READING_RANGES.calcium_hardness).toMatchObject({ min: 200, max: 400 });
    expect(READING_RANGES.cyanuric_acid).toMatchObject({ min: 30, max: 50 });
    expect(READING_RANGES.temperature).toMatchObject({ min: 24, max: 30, unit: '°C' });
    for (const k of READING_KEYS) {
      const r = READING_RANGES[k];
      expect(r.limits[0] <= r.min && r.min < r.max && r.max <= r.limits[1], k).toBe(true);
      expect([readingLevel(k, r.min), readingLevel(k, r.max)]).toEqual(['ok', 'ok']);
    }
  });

  it('flags out-of-range values, in the declared order, leaving out what was not measured', () => {
    expect(flagReadings({ temperature: 22, ph: 7.9, calcium_hardness: 300 })).toEqual([
      { key: 'ph', value: 7.9, min: 7.2, max: 7.8, unit: '', level: 'high' },
      { key: 'calcium_hardness', value: 300, min: 200, max: 400, unit: 'ppm', level: 'ok' },
      { key: 'temperature', value: 22, min: 24, max: 30, unit: '°C', level: 'low' },
    ]);
    expect(flagReadings({})).toEqual([]);
  });

  it('lets a visit finish with every checklist item answered and a photo after', () => {
    const all = Object.fromEntries(REPORT_CHECKLIST.map((k) => [k, false]));
    expect(reportComplete({ checklist: all, photos_after: ['/uploads/visit-reports/a.png'] })).toBe(true);
    expect(reportComplete({ checklist: all, photos_after: [] })).toBe(false);
    const { pump: _pump, ...missing } = all;
    expect(reportComplete({ checklist: missing, photos_after: ['/x.png'] })).toBe(false);
  });

  it('takes an extra line from the catalogue or typed whole', () => {
    expect(extraLineBody.safeParse({ item_id: '4', quantity: '2' }).data).toMatchObject({ item_id: 4, quantity: 2 });
    const typed = extraLineBody.safeParse({ name_ar: 'تنظيف', name_en: 'Cleaning', unit_price: '1500' });
    expect(typed.data).toMatchObject({ unit_price: 1500, quantity: 1 });
    const half = extraLineBody.safeParse({ name_en: 'Cleaning' });
    expect(half.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['name_ar', 'unit_price']);
  });

  it('formats Riyadh times, directions and stars', () => {
    expect(riyadhDayAndTime(new Date('2026-12-01T21:05:00Z'))).toEqual({ day: '2026-12-02', time: '00:05' });
    expect(directionsUrl(24.5, 46.25)).toBe('https://www.google.com/maps/dir/?api=1&destination=24.5,46.25');
    expect([starsOf(433), starsOf(450), starsOf(0)]).toEqual([4.3, 4.5, 0]);
  });
});
