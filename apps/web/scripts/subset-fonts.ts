/**
 * The site's web font (issue 13): Cairo, variable in weight from 400 to 800 (the weights the site
 * uses), subset from @fontsource-variable/cairo's Arabic and Latin files to the characters of
 * Arabic and of Western text, into apps/web/app/styles/fonts/, and the stylesheet that declares
 * them with a metric-matched fallback (app/styles/fonts.css).
 *
 * `node apps/web/scripts/subset-fonts.ts` after a change of the font package; commit its output.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const source = join(dirname(require.resolve('@fontsource-variable/cairo/index.css')), 'files');
const stylesDir = join(import.meta.dirname, '..', 'app', 'styles');
const outDir = join(stylesDir, 'fonts');

type Range = [number, number];
const chars = (ranges: Range[]) =>
  ranges
    .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
    .join('');
const unicodeRange = (ranges: Range[]) =>
  ranges.map(([a, b]) => (a === b ? `U+${a.toString(16)}` : `U+${a.toString(16)}-${b.toString(16)}`)).join(', ');

/** Arabic letters, marks, digits and punctuation; the joined forms come along through the font's shaping rules. */
const ARABIC: Range[] = [
  [0x0600, 0x06ff],
  [0x200c, 0x200f],
];
/** Western text: ASCII, Latin-1, dashes, quotes, bullet, ellipsis, euro, trade mark, minus. */
const LATIN: Range[] = [
  [0x0020, 0x007e],
  [0x00a0, 0x00ff],
  [0x2013, 0x2014],
  [0x2018, 0x201e],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
];
const WEIGHTS = { min: 400, max: 800 };

/**
 * The fallback drawn until Cairo arrives, sized like it so that nothing moves when it swaps in.
 * Cairo: ascent 1.303 em, descent 0.571 em, no line gap (hhea and OS/2 of both files). Widths of
 * the same Latin sentence shaped with HarfBuzz: Cairo 50.21 em, Liberation Sans (Arial's metrics)
 * 53.70 em, so 93.5 %; an Arabic sentence: Cairo 48.41 em, DejaVu Sans 49.98 em, so 96.9 %. The
 * overrides are divided by size-adjust, which scales them too.
 */
const FALLBACKS = [
  {
    local: ['Arial', 'ArialMT', 'Liberation Sans', 'Helvetica Neue', 'Roboto'],
    sizeAdjust: 0.935,
    range: LATIN,
  },
  {
    local: ['Arial', 'Geeza Pro', 'Noto Sans Arabic', 'Noto Naskh Arabic', 'DejaVu Sans'],
    sizeAdjust: 0.969,
    range: ARABIC,
  },
];
const ASCENT = 1.303;
const DESCENT = 0.571;
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

mkdirSync(outDir, { recursive: true });
const faces: string[] = [];
// Both languages' pages show both: prices and digits on the Arabic pages, the language switch
// (العربية) on the English ones; each page preloads the file of its own language (root.tsx).
for (const [name, file, ranges] of [
  ['arabic', 'cairo-arabic-wght-normal.woff2', ARABIC],
  ['latin', 'cairo-latin-wght-normal.woff2', LATIN],
] as const) {
  const input = readFileSync(join(source, file));
  const output = await subsetFont(input, chars([...ranges]), {
    targetFormat: 'woff2',
    variationAxes: { wght: WEIGHTS },
  });
  writeFileSync(join(outDir, `cairo-${name}.woff2`), output);
  console.log(`cairo-${name}.woff2: ${input.length} -> ${output.length} bytes`);
  faces.push(`@font-face {
  font-family: 'Cairo';
  font-style: normal;
  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};
  font-display: swap;
  src: url('./fonts/cairo-${name}.woff2') format('woff2-variations');
  unicode-range: ${unicodeRange([...ranges])};
}`);
}
for (const fallback of FALLBACKS)
  faces.push(`@font-face {
  font-family: 'Cairo Fallback';
  src: ${fallback.local.map((f) => `local('${f}')`).join(', ')};
  size-adjust: ${pct(fallback.sizeAdjust)};
  ascent-override: ${pct(ASCENT / fallback.sizeAdjust)};
  descent-override: ${pct(DESCENT / fallback.sizeAdjust)};
  line-gap-override: 0%;
  unicode-range: ${unicodeRange(fallback.range)};
}`);

writeFileSync(
  join(stylesDir, 'fonts.css'),
  `/* Written by apps/web/scripts/subset-fonts.ts: Cairo subset to Arabic and Western text, weights ${WEIGHTS.min} to ${WEIGHTS.max}, and its metric-matched fallback. */\n${faces.join('\n')}\n`,
);
