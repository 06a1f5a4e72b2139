/**
 * The indicative price of a pool design (issue 11), computed on the server
 * only: from the outline's measures (contracts' poolMeasures: the lined
 * surface, floor and walls, and the volume) and the dashboard's prices.
 *
 *   base = surface × price per m² × the design type's factor
 *        + volume × price per m³
 *        + surface × the colour's extra per m²
 *        + each chosen extra's price
 *   low  = base × (1 − low %),  high = base × (1 + high %),  each with VAT.
 *
 * Halalas throughout, rounded once per figure. Pure: no database, no clock.
 */
import {
  poolMeasures,
  vatOf,
  type ConstructionOption,
  type ConstructionShape,
  type PoolMeasures,
} from '@pool/contracts';

export type EstimatePrices = {
  surface_m2: number;
  volume_m3: number;
  options: Record<ConstructionOption, number>;
  low_percent: number;
  high_percent: number;
};

export type EstimateInput = {
  shape: ConstructionShape;
  length: number;
  width: number;
  depth: number;
  /** The design type's factor, percent. */
  factor: number;
  /** The colour's extra per m² of lined surface (halalas). */
  colourExtraM2: number;
  options: readonly ConstructionOption[];
  prices: EstimatePrices;
  /** VAT in basis points (1500 = 15 %). */
  vatBp: number;
};

export type Estimate = { measures: PoolMeasures; base: number; low: number; high: number };

export function estimatePool(input: EstimateInput): Estimate {
  const measures = poolMeasures(input);
  const { prices } = input;
  const extras = [...new Set(input.options)].reduce((sum, key) => sum + prices.options[key], 0);
  const base = Math.round(
    (measures.surface_m2 * prices.surface_m2 * input.factor) / 100 +
      measures.volume_m3 * prices.volume_m3 +
      measures.surface_m2 * input.colourExtraM2 +
      extras,
  );
  const low = Math.round((base * (100 - prices.low_percent)) / 100);
  const high = Math.round((base * (100 + prices.high_percent)) / 100);
  return {
    measures,
    base,
    low: low + vatOf(low, input.vatBp),
    high: high + vatOf(high, input.vatBp),
  };
}
