import { describe, expect, it } from 'vitest';
import {
  clampSize,
  designBody,
  normaliseNumber,
  parseMetres,
  readyToPrice,
  shownSizes,
  sizeAllowed,
  waterTint,
  type DesignValues,
} from './design.ts';

describe('sizes as typed', () => {
  it('reads Arabic-Indic and Persian digits, the Arabic decimal separator and a comma', () => {
    expect(normaliseNumber(' ٤٫٥ ')).toBe('4.5');
    expect(normaliseNumber('۱۲')).toBe('12');
    expect(normaliseNumber('4,5')).toBe('4.5');
    expect(parseMetres('١٠')).toBe(10);
    expect(parseMetres('.5')).toBe(0.5);
    expect(parseMetres('7.')).toBe(7);
  });

  it('refuses what is not a number', () => {
    for (const t of ['', ' ', 'abc', '4.5.1', '-3', '1e2', '٤ م']) expect(parseMetres(t), t).toBeNull();
  });

  it('allows sizes inside the limits with at most one decimal', () => {
    expect(sizeAllowed('length', 3)).toBe(true);
    expect(sizeAllowed('length', 25)).toBe(true);
    expect(sizeAllowed('length', 2.9)).toBe(false);
    expect(sizeAllowed('length', 25.1)).toBe(false);
    expect(sizeAllowed('width', 4.5)).toBe(true);
    expect(sizeAllowed('width', 4.55)).toBe(false);
    expect(sizeAllowed('depth', 0.5)).toBe(false);
    expect(sizeAllowed('depth', null)).toBe(false);
    expect(clampSize('depth', 7)).toBe(3);
    expect(clampSize('width', 1)).toBe(2);
  });

  it('draws the last allowed size while a value is being typed or out of range', () => {
    const shown = { length: 8, width: 4, depth: 1.5 };
    expect(shownSizes({ length: '1', width: '٥', depth: '' }, shown)).toEqual({ length: 8, width: 5, depth: 1.5 });
    expect(shownSizes({ length: '12.5', width: '99', depth: '2' }, shown)).toEqual({
      length: 12.5,
      width: 4,
      depth: 2,
    });
  });
});

describe('the design sent', () => {
  const values: DesignValues = {
    length: '٨',
    width: '4,5',
    depth: '1.5',
    design_type_id: '2',
    colour_id: '3',
    options: ['steps', 'cover'],
  };

  it('sends the sizes normalised and the choices as they are', () => {
    expect(designBody(values)).toEqual({
      length: '8',
      width: '4.5',
      depth: '1.5',
      design_type_id: '2',
      colour_id: '3',
      options: ['steps', 'cover'],
    });
  });

  it('is priced only when complete and in range', () => {
    expect(readyToPrice(values)).toBe(true);
    expect(readyToPrice({ ...values, colour_id: '' })).toBe(false);
    expect(readyToPrice({ ...values, design_type_id: '' })).toBe(false);
    expect(readyToPrice({ ...values, depth: '4' })).toBe(false);
    expect(readyToPrice({ ...values, length: '' })).toBe(false);
  });
});

describe('waterTint', () => {
  it('mixes the finish with pool blue, lighter, as #rrggbb', () => {
    expect(waterTint('#ffffff')).toBe('#bbe5f5');
    expect(waterTint('#000000')).toMatch(/^#[0-9a-f]{6}$/);
    // A dark blue finish gives a deeper water than a white one.
    expect(parseInt(waterTint('#0a3d91').slice(1, 3), 16)).toBeLessThan(parseInt(waterTint('#ffffff').slice(1, 3), 16));
    // A colour that is not #rrggbb falls back to pool blue, never throws.
    expect(waterTint('blue')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
