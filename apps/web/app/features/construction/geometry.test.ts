import { describe, expect, it } from 'vitest';
import { CONSTRUCTION_SHAPES, poolOutline, polygonMeasures, type Point } from '@pool/contracts/construction';
import { clipFromX, outlineBounds, perimeterOf, pointsAlong, spanAtX, stepsPlacement } from './geometry.ts';

/** Whether two segments cross (touching at a shared end aside). */
function cross(a: Point, b: Point, c: Point, d: Point) {
  const side = (p: Point, q: Point, r: Point) => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
}
function crossesItself(points: Point[]) {
  const n = points.length;
  for (let i = 0; i < n; i++)
    for (let j = i + 2; j < n; j++)
      if (!(i === 0 && j === n - 1) && cross(points[i]!, points[(i + 1) % n]!, points[j]!, points[(j + 1) % n]!))
        return true;
  return false;
}
const signedArea = (points: Point[]) =>
  points.reduce(
    (s, p, i) => s + p.x * points[(i + 1) % points.length]!.y - points[(i + 1) % points.length]!.x * p.y,
    0,
  ) / 2;

/** The smallest and largest pools of the limits, a long narrow one and a usual one. */
const SIZES: Array<[number, number]> = [
  [3, 2],
  [8, 4],
  [12.5, 6.3],
  [25, 15],
  [25, 2],
  [3, 15],
];

describe('poolOutline (the drawings’ outline)', () => {
  it('is a simple counter-clockwise polygon filling exactly length × width, centred, for every shape and size', () => {
    for (const shape of CONSTRUCTION_SHAPES)
      for (const [l, w] of SIZES) {
        const points = poolOutline(shape, l, w);
        const b = outlineBounds(points);
        const at = `${shape} ${l}×${w}`;
        expect(b.minX, at).toBeCloseTo(-l / 2, 9);
        expect(b.maxX, at).toBeCloseTo(l / 2, 9);
        expect(b.minY, at).toBeCloseTo(-w / 2, 9);
        expect(b.maxY, at).toBeCloseTo(w / 2, 9);
        expect(signedArea(points), at).toBeGreaterThan(0);
        expect(crossesItself(points), at).toBe(false);
      }
  });

  it('measures a rectangle and an L exactly; curved shapes take most of their box', () => {
    expect(polygonMeasures(poolOutline('rectangle', 8, 4))).toEqual({ area: 32, perimeter: 24 });
    expect(polygonMeasures(poolOutline('l_shape', 10, 6)).area).toBeCloseTo(60 - 5.5 * 3, 9);
    for (const shape of ['rounded', 'kidney', 'free_form'] as const) {
      const { area } = polygonMeasures(poolOutline(shape, 10, 5));
      expect(area, shape).toBeGreaterThan(0.6 * 50);
      expect(area, shape).toBeLessThan(50);
    }
  });

  it('gives the kidney a dent in one long side', () => {
    const kidney = poolOutline('kidney', 10, 5);
    const middle = spanAtX(kidney, 0)!;
    expect(middle[1] - middle[0]).toBeLessThan(0.85 * 5);
  });
});

describe('placing things in the pool', () => {
  const rect = poolOutline('rectangle', 8, 4);

  it('finds the inside of the outline along a vertical line', () => {
    expect(spanAtX(rect, 0)).toEqual([-2, 2]);
    expect(spanAtX(rect, 5)).toBeNull();
    const l = poolOutline('l_shape', 10, 6);
    expect(spanAtX(l, -4)).toEqual([-3, 3]);
    expect(spanAtX(l, 4)).toEqual([-3, 0]);
  });

  it('cuts the outline at an x (the part a cover hides)', () => {
    const half = clipFromX(rect, 0);
    expect(polygonMeasures(half).area).toBeCloseTo(16, 9);
    expect(outlineBounds(half).minX).toBe(0);
    const kidney = poolOutline('kidney', 10, 5);
    expect(polygonMeasures(clipFromX(kidney, -10)).area).toBeCloseTo(polygonMeasures(kidney).area, 9);
    expect(perimeterOf(rect)).toBe(24);
  });

  it('spreads lights evenly along the walls', () => {
    // 24 m of wall from (-4, -2), a light every 6 m from 3 m in.
    const expected = [
      [-1, -2],
      [4, -1],
      [1, 2],
      [-4, 1],
    ];
    const lights = pointsAlong(rect, 4);
    expect(lights).toHaveLength(4);
    lights.forEach((p, i) => {
      expect(p.x).toBeCloseTo(expected[i]![0]!, 9);
      expect(p.y).toBeCloseTo(expected[i]![1]!, 9);
    });
    for (const shape of CONSTRUCTION_SHAPES) expect(pointsAlong(poolOutline(shape, 9, 5), 6), shape).toHaveLength(6);
  });

  it('puts the steps inside the pool at its -x end, for every shape and size', () => {
    for (const shape of CONSTRUCTION_SHAPES)
      for (const [l, w] of SIZES) {
        const points = poolOutline(shape, l, w);
        const s = stepsPlacement(points);
        const at = `${shape} ${l}×${w}`;
        expect(s.x, at).toBeLessThan(0);
        expect(s.width, at).toBeGreaterThan(0.3 * Math.min(w, 4));
        expect(s.width, at).toBeLessThanOrEqual(2.4);
        for (let i = 0; i <= s.count; i++) {
          const span = spanAtX(points, Math.min(l / 2 - 0.01, s.x + i * s.run))!;
          expect(s.centreY - s.width / 2, at).toBeGreaterThanOrEqual(span[0] - 1e-9);
          expect(s.centreY + s.width / 2, at).toBeLessThanOrEqual(span[1] + 1e-9);
        }
      }
  });
});
