import { describe, expect, it } from 'vitest';
import { READING_RANGES } from '@pool/contracts/field-work';
import { draftLevel, parseReading, readingDrafts, readingsBody } from './readings.ts';

describe('water readings typed on a phone', () => {
  it('reads Latin and Arabic digits, a dot, a comma or the Arabic decimal mark', () => {
    expect(parseReading('7.4')).toBe(7.4);
    expect(parseReading('7,9')).toBe(7.9);
    expect(parseReading('٨٫٢')).toBe(8.2);
    expect(parseReading(' 120 ')).toBe(120);
    expect(parseReading('')).toBeNull();
    expect(parseReading('abc')).toBeNull();
    expect(parseReading('-1')).toBeNull();
  });

  it('levels a reading against its healthy range from the contracts (one place)', () => {
    expect(READING_RANGES.ph).toMatchObject({ min: 7.2, max: 7.8 });
    expect(draftLevel('ph', '8.4')).toBe('high');
    expect(draftLevel('ph', '7.2')).toBe('ok');
    expect(draftLevel('ph', '6,9')).toBe('low');
    expect(draftLevel('free_chlorine', '')).toBeNull();
  });

  it('sends only the typed readings, as numbers (anything else as typed, for the server to refuse)', () => {
    const drafts = { ...readingDrafts({ temperature: 27 }), ph: '8,4', cyanuric_acid: 'x' };
    expect(drafts.temperature).toBe('27');
    expect(readingsBody(drafts)).toEqual({ ph: 8.4, cyanuric_acid: 'x', temperature: 27 });
  });
});
