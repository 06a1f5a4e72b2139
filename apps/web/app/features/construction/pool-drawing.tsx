/**
 * The pool in 2D (SVG, metres): seen from above with its deck, the extras chosen and the length and the
 * width measured, and cut lengthwise below it with the depth measured, both at one scale. Shown where
 * WebGL is missing, on the order's page and when printing; rasterised for the snapshot when there is no
 * 3D canvas, so it draws with attributes only (no page styles or web fonts).
 */
import { forwardRef, useId, useMemo } from 'react';
import { poolOutline } from '@pool/contracts/construction';
import { useLang } from '../../lib/use-lang.ts';
import { clipFromX, outlineBounds, perimeterOf, pointsAlong, stepsPlacement } from './geometry.ts';
import { waterTint, type PoolDesign } from './design.ts';

export type DrawingLabels = {
  /** The sizes as read (`8 م`). */
  length: string;
  width: string;
  depth: string;
  /** The drawing's name and its description in words, for screen readers. */
  title: string;
  description: string;
};

const DECK = 1.2;
const INK = '#23384d';

/** A measure: a line with end ticks and its label in the middle (`vertical`: the label turned). */
function Measure({
  x1,
  y1,
  x2,
  y2,
  label,
  size,
  dir,
}: {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  label: string;
  size: number;
  /** The label's direction ("8 م" reads right to left), set on the text itself for the rasterised copy. */
  dir: 'rtl' | 'ltr';
}) {
  const vertical = x1 === x2;
  const tick = size * 0.45;
  const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
  return (
    <g stroke={INK} strokeWidth={size * 0.08} fill="none">
      <line x1={x1} y1={y1} x2={x2} y2={y2} />
      {vertical ? (
        <>
          <line x1={x1 - tick} y1={y1} x2={x1 + tick} y2={y1} />
          <line x1={x2 - tick} y1={y2} x2={x2 + tick} y2={y2} />
        </>
      ) : (
        <>
          <line x1={x1} y1={y1 - tick} x2={x1} y2={y1 + tick} />
          <line x1={x2} y1={y2 - tick} x2={x2} y2={y2 + tick} />
        </>
      )}
      <text
        x={vertical ? mx + size * 0.9 : mx}
        y={vertical ? my : my - size * 0.55}
        fontSize={size}
        fontFamily="Cairo, Tahoma, Arial, sans-serif"
        fontWeight={700}
        fill={INK}
        stroke="none"
        textAnchor="middle"
        direction={dir}
        unicodeBidi="embed"
        dominantBaseline={vertical ? 'middle' : 'auto'}
        transform={vertical ? `rotate(90 ${mx + size * 0.9} ${my})` : undefined}
        data-measure
      >
        {label}
      </text>
    </g>
  );
}

export const PoolDrawing = forwardRef<SVGSVGElement, { design: PoolDesign; labels: DrawingLabels }>(
  function PoolDrawing({ design, labels }, ref) {
    const id = useId();
    const dir = useLang().lang === 'ar' ? 'rtl' : 'ltr';
    const { shape, length: l, width: w, depth: d, colour, options } = design;
    const points = useMemo(() => poolOutline(shape, l, w), [shape, l, w]);
    const b = outlineBounds(points);
    // Text and lines grow with the pool, so they read the same at any size.
    const size = Math.max(l, w + d) * 0.045 + 0.22;
    const gap = size * 1.8;
    const top = { x: -l / 2 - DECK, y: -w / 2 - DECK, width: l + 2 * DECK, height: w + 2 * DECK };
    // The section: below the plan, the pool's length cut down to its depth.
    const sectionY = top.y + top.height + gap * 2.2;
    const view = {
      x: top.x - size,
      y: top.y - size * 1.9,
      width: top.width + gap * 2 + size * 2,
      height: sectionY + d + size * 1.2 - (top.y - size * 1.9),
    };
    // SVG's y goes down: the outline's y is turned over, so the plan matches the 3D view from above.
    const path = (ps: { x: number; y: number }[]) =>
      `${ps.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(3)} ${(-p.y).toFixed(3)}`).join(' ')} Z`;
    const steps = stepsPlacement(points);
    const lights = pointsAlong(points, Math.max(4, Math.round(perimeterOf(points) / 5)));
    const water = waterTint(colour);
    const hatch = `${id}-hatch`;

    return (
      <svg
        ref={ref}
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
        width="100%"
        height="100%"
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        data-testid="pool-drawing"
        style={{ display: 'block' }}
      >
        <title id={`${id}-title`}>{labels.title}</title>
        <desc id={`${id}-desc`}>{labels.description}</desc>
        <defs>
          <pattern id={hatch} width={0.3} height={0.3} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width={0.3} height={0.3} fill="#35506f" />
            <line x1={0} y1={0} x2={0} y2={0.3} stroke="#5b7898" strokeWidth={0.1} />
          </pattern>
        </defs>
        <rect x={view.x} y={view.y} width={view.width} height={view.height} fill="#f4f8fb" />
        {/* The plan */}
        <rect {...top} fill="#e9dfcb" stroke="#cbbd9f" strokeWidth={size * 0.05} />
        <path d={path(points)} fill={water} stroke={colour} strokeWidth={size * 0.22} strokeLinejoin="round" />
        {options.includes('steps')
          ? Array.from({ length: steps.count }, (_, i) => (
              <rect
                key={i}
                x={steps.x + i * steps.run}
                y={-steps.centreY - steps.width / 2}
                width={steps.run}
                height={steps.width}
                fill="#f5f3ee"
                fillOpacity={0.9 - i * 0.2}
                stroke="#b8b2a5"
                strokeWidth={size * 0.04}
              />
            ))
          : null}
        {options.includes('lighting')
          ? lights.map((p, i) => (
              <circle
                key={i}
                cx={p.x * 0.95}
                cy={-p.y * 0.95}
                r={size * 0.28}
                fill="#ffe98a"
                stroke="#c9a400"
                strokeWidth={size * 0.05}
              />
            ))
          : null}
        {options.includes('cover') ? (
          <path d={path(clipFromX(points, b.minX + 0.45 * l))} fill={`url(#${hatch})`} fillOpacity={0.85} />
        ) : null}
        {options.includes('heating') ? (
          <rect
            x={b.maxX + DECK * 0.2}
            y={-b.minY - 0.7}
            width={DECK * 0.6}
            height={0.5}
            rx={0.05}
            fill="#9aa5b1"
            stroke={INK}
            strokeWidth={size * 0.04}
          />
        ) : null}
        <Measure
          x1={-l / 2}
          y1={top.y - size * 0.1}
          x2={l / 2}
          y2={top.y - size * 0.1}
          label={labels.length}
          size={size}
          dir={dir}
        />
        <Measure
          x1={top.x + top.width + gap * 0.6}
          y1={-w / 2}
          x2={top.x + top.width + gap * 0.6}
          y2={w / 2}
          label={labels.width}
          size={size}
          dir={dir}
        />
        {/* The section */}
        <rect x={-l / 2 - DECK} y={sectionY - size * 0.15} width={l + 2 * DECK} height={size * 0.15} fill="#cbbd9f" />
        <rect
          x={-l / 2}
          y={sectionY}
          width={l}
          height={d}
          fill={colour}
          fillOpacity={0.35}
          stroke={colour}
          strokeWidth={size * 0.15}
        />
        <rect x={-l / 2} y={sectionY + 0.12} width={l} height={d - 0.12} fill={water} fillOpacity={0.8} />
        <rect x={-l / 2} y={sectionY} width={l} height={d} fill="none" stroke={INK} strokeWidth={size * 0.04} />
        <Measure
          x1={top.x + top.width + gap * 0.6}
          y1={sectionY}
          x2={top.x + top.width + gap * 0.6}
          y2={sectionY + d}
          label={labels.depth}
          size={size}
          dir={dir}
        />
      </svg>
    );
  },
);
