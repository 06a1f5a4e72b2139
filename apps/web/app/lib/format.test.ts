import { describe, expect, it } from 'vitest';
import { formatPercent, formatRiyals } from './format.ts';

describe('formatPercent', () => {
  it("writes the language's percent sign with Latin digits", () => {
    expect(formatPercent('ar', 25)).toBe('25\u066a');
    expect(formatPercent('en', 25)).toBe('25%');
    expect(formatPercent('ar', 12.5)).toBe('12.5\u066a');
    expect(formatPercent('en', 0)).toBe('0%');
  });
});

describe('formatRiyals', () => {
  it('rounds halalas to whole riyals with the currency, Latin digits', () => {
    expect(formatRiyals('en', 6_913_217)).toBe('SAR\u00a069,132');
    expect(formatRiyals('en', 8_833_556)).toBe('SAR\u00a088,336');
    expect(formatRiyals('ar', 6_913_217)).toBe('\u200f69,132\u00a0ر.س.\u200f');
  });
});
