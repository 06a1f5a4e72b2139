import { describe, expect, it } from 'vitest';
import { typedAmount, typedSar } from './typed-money.ts';

describe('money typed on any keyboard', () => {
  it('reads Arabic digits and decimal separators', () => {
    expect(typedSar(' ١٢٫٥ ')).toBe('12.5');
    expect(typedSar('1,5')).toBe('1.5');
  });

  it('keeps digits and one point with at most 2 decimals in an amount field', () => {
    expect(typedAmount('١٠٠')).toBe('100');
    expect(typedAmount('٢٥٫٧٥٩')).toBe('25.75');
    expect(typedAmount('12.')).toBe('12.');
    expect(typedAmount('٫٥')).toBe('0.5');
    expect(typedAmount('1.2.3')).toBe('1.23');
    expect(typedAmount('abc 5 ريال')).toBe('5');
    expect(typedAmount('-30')).toBe('30');
    expect(typedAmount('')).toBe('');
  });
});
