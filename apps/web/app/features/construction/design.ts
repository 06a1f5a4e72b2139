/**
 * The designer's pure pieces: sizes as typed (Arabic or Latin digits, a comma or the Arabic decimal
 * separator) to metres, the design the drawings show (the last valid sizes), the body the estimate and
 * the request send, and the colour of the water over a finish.
 */
import {
  CONSTRUCTION_LIMITS,
  type ConstructionOption,
  type ConstructionShape,
  type ConstructionSize,
} from '@pool/contracts/construction';
import { toLatinDigits } from '@pool/contracts/core';

export const SIZES = ['length', 'width', 'depth'] as const satisfies readonly ConstructionSize[];

/** What the drawings show. */
export type PoolDesign = {
  shape: ConstructionShape;
  length: number;
  width: number;
  depth: number;
  /** The finish's colour, `#rrggbb`. */
  colour: string;
  options: ConstructionOption[];
};

/** The designer's form as typed. */
export type DesignValues = Record<ConstructionSize, string> & {
  design_type_id: string;
  colour_id: string;
  options: ConstructionOption[];
};

/** A usual family pool to start from. */
export const START_SIZES: Record<ConstructionSize, number> = { length: 8, width: 4, depth: 1.5 };

/** Typed text with Latin digits and a dot: `٤٫٥` and `4,5` are `4.5`. */
export function normaliseNumber(text: string): string {
  return toLatinDigits(text.trim()).replace(/[\u066b,،]/g, '.');
}

/** Metres from typed text, or null when it is not a number. */
export function parseMetres(text: string): number | null {
  const t = normaliseNumber(text);
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** Whether metres are inside the size's limits with at most one decimal (what the API accepts). */
export function sizeAllowed(size: ConstructionSize, metres: number | null): metres is number {
  const { min, max } = CONSTRUCTION_LIMITS[size];
  return metres !== null && metres >= min && metres <= max && Math.abs(metres * 10 - Math.round(metres * 10)) < 1e-6;
}

/** A size kept inside its limits (for the slider beside a typed value out of range). */
export function clampSize(size: ConstructionSize, metres: number): number {
  const { min, max } = CONSTRUCTION_LIMITS[size];
  return Math.min(max, Math.max(min, metres));
}

/**
 * The design the drawings show: each size as typed when allowed, else the last allowed one (`shown`),
 * so a half-typed value never draws a pool of 0 or 400 m.
 */
export function shownSizes(
  values: Record<ConstructionSize, string>,
  shown: Record<ConstructionSize, number>,
): Record<ConstructionSize, number> {
  const out = { ...shown };
  for (const size of SIZES) {
    const metres = parseMetres(values[size]);
    if (sizeAllowed(size, metres)) out[size] = metres;
  }
  return out;
}

/** The design part of the estimate's and the request's body (sizes as typed, normalised; the API checks them). */
export function designBody(values: DesignValues) {
  return {
    length: normaliseNumber(values.length),
    width: normaliseNumber(values.width),
    depth: normaliseNumber(values.depth),
    design_type_id: values.design_type_id,
    colour_id: values.colour_id,
    options: values.options,
  };
}

/** Whether the design is complete enough to price: every size allowed, a type and a colour chosen. */
export function readyToPrice(values: DesignValues): boolean {
  return (
    SIZES.every((s) => sizeAllowed(s, parseMetres(values[s]))) &&
    values.design_type_id !== '' &&
    values.colour_id !== ''
  );
}

const hex = (c: string) => {
  const m = /^#?([0-9a-f]{6})$/i.exec(c.trim());
  const n = m ? parseInt(m[1]!, 16) : 0x2d9cdb;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255] as const;
};

/** The water over a finish: the finish's colour mixed with clear pool blue, a little lighter. */
export function waterTint(finish: string): string {
  const f = hex(finish);
  const blue = [84, 190, 230];
  const mixed = f.map((v, i) => Math.round(v * 0.45 + blue[i]! * 0.4 + 255 * 0.15));
  return `#${mixed.map((v) => Math.min(255, v).toString(16).padStart(2, '0')).join('')}`;
}

/** Numbers with at most one decimal, in the page's way (Latin digits, as the site writes them). */
export const metresText = (n: number) => String(Math.round(n * 10) / 10);
