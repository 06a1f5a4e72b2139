import { describe, expect, it } from 'vitest';
import { cardBrand, MADA_BINS } from './card-brand.ts';

describe('card brand from the BIN', () => {
  it('recognises mada before Visa and Mastercard (co-badged cards start with 4 or 5)', () => {
    expect(cardBrand('4201 3201 1111 1010')).toBe('mada'); // Moyasar's mada test card
    expect(cardBrand('5888-4500-0000-0000')).toBe('mada');
    expect(cardBrand('4406470000000000')).toBe('mada');
    expect(cardBrand('9682010000000000')).toBe('mada');
    expect(cardBrand('2240203000000000')).toBe('mada'); // the eight-digit BIN
    expect(cardBrand('4111111111111111')).toBe('visa');
    expect(cardBrand('4000000000003220')).toBe('visa');
    expect(cardBrand('5421080101000000')).toBe('mastercard');
    expect(cardBrand('2221000000000009')).toBe('mastercard');
    expect(cardBrand('2720990000000000')).toBe('mastercard');
  });

  it('answers null for what is not a card number we take', () => {
    for (const bad of ['', '4111', '3782 822463 10005', '6011000000000004', 'abcd efgh ijkl mnop', '27210000000000000'])
      expect(cardBrand(bad)).toBeNull();
  });

  it('keeps one well-formed BIN list without repeats', () => {
    expect(new Set(MADA_BINS).size).toBe(MADA_BINS.length);
    for (const bin of MADA_BINS) expect(bin).toMatch(/^\d{6}(\d{2})?$/);
  });
});
