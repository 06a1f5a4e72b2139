import { describe, expect, it } from 'vitest';
import { sizeText } from './sizes.ts';

describe("a product's sizes in the page's language", () => {
  it('writes the units and size words of English on /en and of Arabic on Arabic pages', () => {
    expect(['9 م', '4×8 م', '١٢ م', '1.5 حصان', '10 لتر', '50 سم', 'كبير'].map((s) => sizeText('en', s))).toEqual([
      '9 m',
      '4×8 m',
      '12 m',
      '1.5 HP',
      '10 L',
      '50 cm',
      'Large',
    ]);
    expect(['9 m', '4×8 m', '1.5 HP', '10 L', '50 cm', 'Large', '20 m²'].map((s) => sizeText('ar', s))).toEqual([
      '9 م',
      '4×8 م',
      '1.5 حصان',
      '10 لتر',
      '50 سم',
      'كبير',
      '20 م²',
    ]);
  });

  it('leaves a name that only holds a unit inside a word alone', () => {
    expect(sizeText('en', 'مقاس مربع')).toBe('مقاس مربع');
    expect(sizeText('ar', 'Slim')).toBe('Slim');
  });
});
