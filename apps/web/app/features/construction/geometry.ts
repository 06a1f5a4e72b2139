/**
 * Where things go in the drawings of a pool, from its outline (`poolOutline` of the contracts, metres,
 * counter-clockwise, centred): the width of the pool along a line, the part a rolled-back cover hides,
 * the underwater lights along the walls and the steps at one end. Pure: the 3D view and the 2D drawing
 * place the same things in the same places.
 */
import type { Point } from '@pool/contracts/construction';

export function outlineBounds(points: readonly Point[]) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

/** The outline's edges, each from a point to the next (the last back to the first). */
const edges = (points: readonly Point[]) => points.map((p, i) => [p, points[(i + 1) % points.length]!] as const);

export const perimeterOf = (points: readonly Point[]) =>
  edges(points).reduce((sum, [a, b]) => sum + Math.hypot(b.x - a.x, b.y - a.y), 0);

/**
 * Where the vertical line at `x` crosses the inside of the outline: its longest stretch `[minY, maxY]`,
 * or null when the line misses it.
 */
export function spanAtX(points: readonly Point[], x: number): [number, number] | null {
  const ys: number[] = [];
  for (const [a, b] of edges(points)) {
    if (a.x === b.x || x < Math.min(a.x, b.x) || x >= Math.max(a.x, b.x)) continue;
    ys.push(a.y + ((x - a.x) / (b.x - a.x)) * (b.y - a.y));
  }
  ys.sort((p, q) => p - q);
  let best: [number, number] | null = null;
  for (let i = 0; i + 1 < ys.length; i += 2) {
    const span: [number, number] = [ys[i]!, ys[i + 1]!];
    if (!best || span[1] - span[0] > best[1] - best[0]) best = span;
  }
  return best;
}

/** The part of the outline with x at least `fromX` (a cover pulled from the +x end to there). */
export function clipFromX(points: readonly Point[], fromX: number): Point[] {
  const out: Point[] = [];
  for (const [a, b] of edges(points)) {
    const aIn = a.x >= fromX;
    if (aIn) out.push(a);
    if (aIn !== b.x >= fromX) out.push({ x: fromX, y: a.y + ((fromX - a.x) / (b.x - a.x)) * (b.y - a.y) });
  }
  return out;
}

/** `count` points spread evenly along the walls, the first half a step from the outline's first point. */
export function pointsAlong(points: readonly Point[], count: number): Point[] {
  const total = perimeterOf(points);
  const out: Point[] = [];
  let walked = 0;
  let k = 0;
  for (const [a, b] of edges(points)) {
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    while (k < count && ((k + 0.5) / count) * total <= walked + len) {
      const f = len ? (((k + 0.5) / count) * total - walked) / len : 0;
      out.push({ x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y) });
      k++;
    }
    walked += len;
  }
  return out;
}

export type StepsPlace = { x: number; centreY: number; width: number; run: number; count: number };

/**
 * Where the steps go: at the -x end, from the first x (in 5 cm moves) where the pool is at least half its
 * width wide, centred on the pool there; `count` steps `run` metres deep each, no wider than 60 % of the
 * narrowest span they stand on, nor 2.4 m.
 */
export function stepsPlacement(points: readonly Point[], count = 3, run = 0.35): StepsPlace {
  const { minX, maxX, minY, maxY } = outlineBounds(points);
  const wideEnough = (at: number) => {
    const s = spanAtX(points, at);
    return s !== null && s[1] - s[0] >= (maxY - minY) / 2;
  };
  let x = minX + 0.05;
  while (x < maxX && !wideEnough(x)) x += 0.05;
  const spans = Array.from({ length: count + 1 }, (_, i) => spanAtX(points, Math.min(maxX - 0.01, x + i * run)));
  const narrowest = Math.min(...spans.map((s) => (s ? s[1] - s[0] : 0)));
  const first = spans[0] ?? [minY, maxY];
  return { x, centreY: (first[0] + first[1]) / 2, width: Math.min(narrowest * 0.6, 2.4), run, count };
}
