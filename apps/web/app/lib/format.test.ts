import { describe, expect, it } from 'vitest';
import { formatPercent } from './format.ts';

describe('formatPercent', () => {
  it("writes the language's percent sign with Latin digits", () => {
    expect(formatPercent('ar', 25)).toBe('25\u066a');
    expect(formatPercent('en', 25)).toBe('25%');
    expect(formatPercent('ar', 12.5)).toBe('12.5\u066a');
    expect(formatPercent('en', 0)).toBe('0%');
  });
});
