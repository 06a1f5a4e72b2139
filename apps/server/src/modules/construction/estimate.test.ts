import { describe, expect, it } from 'vitest';
import { CONSTRUCTION_SHAPES } from '@pool/contracts';
import { estimatePool, type EstimateInput } from './estimate.ts';

const prices = {
  surface_m2: 45_000,
  volume_m3: 15_000,
  options: { steps: 350_000, lighting: 480_000, heating: 1_200_000, cover: 950_000 },
  low_percent: 10,
  high_percent: 15,
};
const input: EstimateInput = {
  shape: 'rectangle',
  length: 10,
  width: 5,
  depth: 1.5,
  factor: 100,
  colourExtraM2: 0,
  options: [],
  prices,
  vatBp: 1500,
};

describe('estimatePool', () => {
  it('prices the lined surface and the volume, then spreads the range and adds VAT', () => {
    // 10 × 5 × 1.5: floor 50 m² + walls 30 m × 1.5 = 95 m² lined, 75 m³.
    const e = estimatePool(input);
    expect(e.measures).toEqual({ area_m2: 50, perimeter_m: 30, surface_m2: 95, volume_m3: 75 });
    expect(e.base).toBe(95 * 45_000 + 75 * 15_000);
    expect(e.low).toBe(Math.round(e.base * 0.9 * 1.15));
    expect(e.high).toBe(Math.round(e.base * 1.15 * 1.15));
  });

  it("applies the design type's factor to the surface only, the colour's extra per m², and each extra once", () => {
    const plain = estimatePool(input).base;
    expect(estimatePool({ ...input, factor: 120 }).base).toBe(plain + 95 * 45_000 * 0.2);
    expect(estimatePool({ ...input, colourExtraM2: 2_000 }).base).toBe(plain + 95 * 2_000);
    expect(estimatePool({ ...input, options: ['steps', 'cover', 'steps'] }).base).toBe(plain + 350_000 + 950_000);
  });

  it('grows with every size and stays within its bounds for every shape', () => {
    for (const shape of CONSTRUCTION_SHAPES) {
      const e = estimatePool({ ...input, shape });
      expect(e.low, shape).toBeLessThan(e.high);
      expect(e.low, shape).toBeGreaterThan(0);
      for (const key of ['length', 'width', 'depth'] as const) {
        expect(estimatePool({ ...input, shape, [key]: input[key] + 1 }).base, `${shape} ${key}`).toBeGreaterThan(
          e.base,
        );
      }
    }
  });

  it('gives a single figure with no spread, without VAT at a zero rate, and integer halalas always', () => {
    const flat = estimatePool({ ...input, prices: { ...prices, low_percent: 0, high_percent: 0 }, vatBp: 0 });
    expect(flat.low).toBe(flat.base);
    expect(flat.high).toBe(flat.base);
    const odd = estimatePool({ ...input, shape: 'kidney', length: 7.3, width: 3.1, depth: 1.7, factor: 133 });
    for (const v of [odd.base, odd.low, odd.high]) expect(Number.isInteger(v)).toBe(true);
  });
});
