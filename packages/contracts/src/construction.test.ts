import { describe, expect, it } from 'vitest';
import {
  CONSTRUCTION_SHAPES,
  constructionEstimateBody,
  constructionRequestBody,
  poolMeasures,
  poolOutline,
  polygonMeasures,
  type Point,
} from './construction.ts';

/** Whether two segments cross (touching ends aside). */
const cross = (a: Point, b: Point, c: Point, d: Point) => {
  const o = (p: Point, q: Point, r: Point) => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
};

describe('poolOutline', () => {
  it.each(CONSTRUCTION_SHAPES)('%s fills exactly the length × width box, centred, without crossing itself', (shape) => {
    for (const [l, w] of [
      [3, 2],
      [10, 5],
      [25, 15],
      [4, 12],
    ] as const) {
      const pts = poolOutline(shape, l, w);
      const xs = pts.map((p) => p.x);
      const ys = pts.map((p) => p.y);
      expect(Math.min(...xs)).toBeCloseTo(-l / 2, 9);
      expect(Math.max(...xs)).toBeCloseTo(l / 2, 9);
      expect(Math.min(...ys)).toBeCloseTo(-w / 2, 9);
      expect(Math.max(...ys)).toBeCloseTo(w / 2, 9);
      const n = pts.length;
      for (let i = 0; i < n; i++) {
        for (let j = i + 2; j < n; j++) {
          if (i === 0 && j === n - 1) continue;
          expect(cross(pts[i]!, pts[(i + 1) % n]!, pts[j]!, pts[(j + 1) % n]!), `${shape} ${i}/${j}`).toBe(false);
        }
      }
    }
  });

  it('measures a rectangle and an L exactly, and curved shapes below their box', () => {
    expect(polygonMeasures(poolOutline('rectangle', 10, 5))).toEqual({ area: 50, perimeter: 30 });
    expect(polygonMeasures(poolOutline('l_shape', 10, 4)).area).toBeCloseTo(40 - 5.5 * 2, 9);
    for (const shape of ['rounded', 'kidney', 'free_form'] as const) {
      const { area } = polygonMeasures(poolOutline(shape, 10, 5));
      expect(area).toBeGreaterThan(25);
      expect(area).toBeLessThan(50);
    }
    // A rounded rectangle: the box less four corners of r² (1 − π/4), r = 1.25.
    expect(polygonMeasures(poolOutline('rounded', 10, 5)).area).toBeCloseTo(50 - 4 * 1.25 ** 2 * (1 - Math.PI / 4), 1);
  });

  it('gives the surface (floor and walls) and the volume', () => {
    expect(poolMeasures({ shape: 'rectangle', length: 10, width: 5, depth: 1.5 })).toEqual({
      area_m2: 50,
      perimeter_m: 30,
      surface_m2: 95,
      volume_m3: 75,
    });
  });
});

describe('design fields', () => {
  const design = { length: 8, width: 4, depth: 1.5, design_type_id: 1, colour_id: 2, options: ['steps'] };

  it('accept sizes in range with one decimal, as numbers or text, and drop repeated extras', () => {
    const r = constructionEstimateBody.parse({ ...design, length: '8.5', options: ['steps', 'cover', 'steps'] });
    expect(r).toMatchObject({ length: 8.5, width: 4, depth: 1.5, options: ['steps', 'cover'] });
  });

  it.each([
    ['length', 2.9, 'construction.metres_min'],
    ['length', 25.1, 'construction.metres_max'],
    ['width', 1, 'construction.metres_min'],
    ['depth', 3.5, 'construction.metres_max'],
    ['depth', 1.25, 'construction.metres_step'],
    ['width', 'wide', 'validation.invalid'],
    ['length', '', 'validation.required'],
  ])('refuse %s = %s (%s)', (field, value, message) => {
    const r = constructionEstimateBody.safeParse({ ...design, [field]: value });
    expect(r.success).toBe(false);
    expect(r.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });

  it('refuse an unknown extra and a body of the wrong shape', () => {
    expect(constructionEstimateBody.safeParse({ ...design, options: ['jacuzzi'] }).success).toBe(false);
    expect(constructionEstimateBody.safeParse({ ...design, options: 'steps' }).success).toBe(false);
    expect(constructionEstimateBody.safeParse(null).success).toBe(false);
  });

  it('need the snapshot and one location for a request', () => {
    const r = constructionRequestBody.safeParse({ ...design });
    expect(r.success).toBe(false);
    const fields = r.error!.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['snapshot']));
    expect(
      constructionRequestBody.safeParse({ ...design, snapshot: '/uploads/construction/a.png', address_id: 3 }).success,
    ).toBe(true);
  });
});
