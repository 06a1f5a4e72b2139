/**
 * What each demo picture shows (issue 12: a ladder shows a ladder): one drawing per kind of
 * product, in a 200 × 200 box, `ink` for lines and solids, `tint` for light fills.
 */
import type { DemoIcon } from '@pool/db';

type Drawing = (ink: string, tint: string) => string;

/** A line of water under floating things and fittings. */
const waves = (ink: string, y: number) =>
  `<path d="M8 ${y}q16-12 32 0t32 0 32 0 32 0 32 0 32 0" fill="none" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>`;

/** Colour pads of water tests: chlorine, pH, alkalinity, hardness. */
const PADS = ['#e8590c', '#fab005', '#40c057', '#1c7ed6'];
/** Lit bulbs and their glow. */
const BULB = '#ffd43b';
const GLOW = '#fff3bf';

export const DRAWINGS: Record<DemoIcon, Drawing> = {
  pump: (ink, tint) => `
    <rect x="18" y="70" width="92" height="64" rx="14" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <path d="M34 70v64M52 70v64M70 70v64" stroke="${ink}" stroke-width="5"/>
    <circle cx="138" cy="102" r="40" fill="#fff" stroke="${ink}" stroke-width="7"/>
    <circle cx="138" cy="102" r="14" fill="${ink}"/>
    <path d="M138 62V34h34" fill="none" stroke="${ink}" stroke-width="12" stroke-linecap="round"/>
    <rect x="30" y="150" width="150" height="14" rx="7" fill="${ink}"/>`,
  submersible: (ink, tint) => `
    <path d="M62 70h76v92a14 14 0 0 1-14 14H76a14 14 0 0 1-14-14z" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <path d="M74 150h52M74 162h52" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>
    <path d="M80 70V50a20 20 0 0 1 40 0v20" fill="none" stroke="${ink}" stroke-width="9"/>
    <path d="M138 96h20a14 14 0 0 1 14 14v10" fill="none" stroke="${ink}" stroke-width="12" stroke-linecap="round"/>
    <path d="M160 136q12 20 0 36M178 136q10 20 0 36" fill="none" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>
    ${waves(ink, 14)}`,
  fountain: (ink, tint) => `
    <path d="M100 120V60" stroke="${ink}" stroke-width="7"/>
    <path d="M100 62C92 24 48 22 34 96M100 62c8-38 52-40 66 34" fill="none" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>
    <path d="M100 62c-4-20-20-26-30-10M100 62c4-20 20-26 30-10" fill="none" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>
    <circle cx="100" cy="44" r="8" fill="${tint}" stroke="${ink}" stroke-width="4"/>
    <path d="M30 108l-4 12M170 108l4 12" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>
    <path d="M20 140h160l-16 40H36z" fill="${tint}" stroke="${ink}" stroke-width="7" stroke-linejoin="round"/>
    <rect x="82" y="114" width="36" height="30" rx="8" fill="${ink}"/>`,
  filter: (ink, tint) => `
    <path d="M58 58a42 42 0 0 1 84 0v96a14 14 0 0 1-14 14H72a14 14 0 0 1-14-14z" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <rect x="82" y="6" width="36" height="22" rx="6" fill="${ink}"/>
    <path d="M100 28v14" stroke="${ink}" stroke-width="8"/>
    <circle cx="100" cy="98" r="18" fill="#fff" stroke="${ink}" stroke-width="6"/>
    <path d="M100 98l9-9" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>
    <path d="M66 130h68M66 146h68" stroke="${ink}" stroke-width="5" stroke-dasharray="6 6"/>
    <rect x="48" y="170" width="104" height="14" rx="7" fill="${ink}"/>`,
  cartridge: (ink, tint) => `
    <rect x="62" y="36" width="76" height="128" fill="${tint}" stroke="${ink}" stroke-width="6"/>
    <path d="M74 36v128M86 36v128M100 36v128M114 36v128M126 36v128" stroke="${ink}" stroke-width="4"/>
    <rect x="54" y="22" width="92" height="18" rx="6" fill="${ink}"/>
    <rect x="54" y="160" width="92" height="18" rx="6" fill="${ink}"/>
    <ellipse cx="100" cy="31" rx="18" ry="5" fill="#fff"/>`,
  bag: (ink, tint) => `
    <path d="M56 52h88l16 118q-60 22-120 0z" fill="${tint}" stroke="${ink}" stroke-width="7" stroke-linejoin="round"/>
    <path d="M56 52q44-30 88 0" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <path d="M84 30l16 14 16-14" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round"/>
    <rect x="66" y="92" width="68" height="50" rx="10" fill="#fff" stroke="${ink}" stroke-width="5"/>
    <g fill="${ink}"><circle cx="82" cy="108" r="4"/><circle cx="98" cy="116" r="4"/><circle cx="116" cy="106" r="4"/><circle cx="88" cy="128" r="4"/><circle cx="108" cy="130" r="4"/><circle cx="122" cy="122" r="4"/></g>`,
  'heat-pump': (ink, tint) => `
    <rect x="16" y="34" width="168" height="130" rx="14" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <circle cx="78" cy="99" r="48" fill="#fff" stroke="${ink}" stroke-width="6"/>
    <g fill="${ink}">
      <path d="M78 99c-6-20 0-36 16-40 4 16-4 30-16 40z"/>
      <path d="M78 99c-6-20 0-36 16-40 4 16-4 30-16 40z" transform="rotate(120 78 99)"/>
      <path d="M78 99c-6-20 0-36 16-40 4 16-4 30-16 40z" transform="rotate(240 78 99)"/>
      <circle cx="78" cy="99" r="8"/>
    </g>
    <rect x="140" y="54" width="30" height="20" rx="4" fill="${ink}"/>
    <path d="M140 94h30M140 110h30M140 126h30" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>
    <rect x="34" y="164" width="28" height="14" rx="3" fill="${ink}"/>
    <rect x="138" y="164" width="28" height="14" rx="3" fill="${ink}"/>`,
  heater: (ink, tint) => `
    <rect x="46" y="20" width="108" height="150" rx="16" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <path d="M110 44 80 102h24l-12 48 36-64h-24z" fill="${ink}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="70" cy="42" r="7" fill="${ink}"/>
    <path d="M72 170v18M128 170v18" stroke="${ink}" stroke-width="10" stroke-linecap="round"/>`,
  'solar-panel': (ink, tint) => `
    <circle cx="40" cy="36" r="16" fill="${tint}" stroke="${ink}" stroke-width="6"/>
    <path d="M40 6v6M40 60v6M10 36h6M64 36h6M19 15l4 4M57 53l4 4M61 15l-4 4" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>
    <path d="M62 72h120l-32 84H22z" fill="${tint}" stroke="${ink}" stroke-width="7" stroke-linejoin="round"/>
    <path d="M92 72 54 156M122 72 86 156M152 72l-34 84M42 114h124" stroke="${ink}" stroke-width="4"/>
    <path d="M64 156v28M132 156v28" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>`,
  cover: (ink, tint) => `
    <rect x="26" y="50" width="156" height="110" rx="10" fill="#fff" stroke="${ink}" stroke-width="7"/>
    <path d="M138 86q8-8 16 0t16 0M138 112q8-8 16 0t16 0M138 138q8-8 16 0t16 0" fill="none" stroke="${ink}" stroke-width="4" stroke-linecap="round"/>
    <rect x="26" y="50" width="104" height="110" rx="6" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <path d="M48 50v110M70 50v110M92 50v110M112 50v110" stroke="${ink}" stroke-width="3" opacity=".55"/>
    <rect x="10" y="38" width="24" height="134" rx="12" fill="${ink}"/>
    <circle cx="22" cy="105" r="6" fill="${tint}"/>`,
  tub: (ink, tint) => `
    <path d="M48 62h104l-10 112a10 10 0 0 1-10 9H68a10 10 0 0 1-10-9z" fill="${tint}" stroke="${ink}" stroke-width="7" stroke-linejoin="round"/>
    <rect x="40" y="46" width="120" height="20" rx="8" fill="${ink}"/>
    <path d="M64 46c0-36 72-36 72 0" fill="none" stroke="${ink}" stroke-width="7"/>
    <rect x="66" y="92" width="68" height="62" rx="10" fill="#fff" stroke="${ink}" stroke-width="5"/>
    <g fill="${tint}" stroke="${ink}" stroke-width="4"><circle cx="86" cy="112" r="10"/><circle cx="114" cy="112" r="10"/><circle cx="100" cy="136" r="10"/></g>`,
  jerrycan: (ink, tint) => `
    <path d="M46 58 72 32h70a12 12 0 0 1 12 12v130a10 10 0 0 1-10 10H56a10 10 0 0 1-10-10z" fill="${tint}" stroke="${ink}" stroke-width="7" stroke-linejoin="round"/>
    <rect x="38" y="18" width="28" height="22" rx="5" fill="${ink}" transform="rotate(-45 52 29)"/>
    <rect x="98" y="46" width="42" height="16" rx="8" fill="#fff" stroke="${ink}" stroke-width="5"/>
    <path d="M100 92c-18 22-24 32-24 44a24 24 0 0 0 48 0c0-12-6-22-24-44z" fill="${ink}"/>
    <circle cx="92" cy="138" r="6" fill="${tint}"/>`,
  bottle: (ink, tint) => `
    <rect x="82" y="12" width="36" height="24" rx="5" fill="${ink}"/>
    <path d="M88 36h24v14q32 10 32 42v84a12 12 0 0 1-12 12H68a12 12 0 0 1-12-12V92q0-32 32-42z" fill="${tint}" stroke="${ink}" stroke-width="7" stroke-linejoin="round"/>
    <rect x="70" y="104" width="60" height="56" rx="8" fill="#fff" stroke="${ink}" stroke-width="5"/>
    <path d="M100 112c-10 13-14 19-14 26a14 14 0 0 0 28 0c0-7-4-13-14-26z" fill="${ink}"/>`,
  robot: (ink, tint) => `
    <path d="M132 66q18-44 60-46" fill="none" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>
    <path d="M28 150v-48a40 40 0 0 1 40-40h64a40 40 0 0 1 40 40v48z" fill="${tint}" stroke="${ink}" stroke-width="7" stroke-linejoin="round"/>
    <rect x="84" y="46" width="32" height="18" rx="5" fill="${ink}"/>
    <rect x="66" y="86" width="68" height="28" rx="14" fill="#fff" stroke="${ink}" stroke-width="5"/>
    <rect x="18" y="144" width="164" height="34" rx="17" fill="${ink}"/>
    <circle cx="40" cy="161" r="9" fill="${tint}"/>
    <circle cx="160" cy="161" r="9" fill="${tint}"/>
    <path d="M62 161h76" stroke="${tint}" stroke-width="5" stroke-dasharray="7 7"/>`,
  brush: (ink, tint) => `
    <path d="M100 118V16" stroke="${ink}" stroke-width="12" stroke-linecap="round"/>
    <path d="M80 124q20-26 40 0" fill="${ink}"/>
    <rect x="22" y="118" width="156" height="32" rx="10" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <path d="M34 154v26M50 154v26M66 154v26M82 154v26M98 154v26M114 154v26M130 154v26M146 154v26M162 154v26" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>`,
  net: (ink, tint) => `
    <clipPath id="net"><path d="M20 30h112v48a56 56 0 0 1-112 0z"/></clipPath>
    <path d="M20 30h112v48a56 56 0 0 1-112 0z" fill="${tint}"/>
    <g clip-path="url(#net)" stroke="${ink}" stroke-width="3" opacity=".7">
      <path d="M20 50h112M20 70h112M20 90h112M20 110h112M20 130h112M40 30v110M60 30v110M80 30v110M100 30v110M120 30v110"/>
    </g>
    <path d="M20 30h112v48a56 56 0 0 1-112 0z" fill="none" stroke="${ink}" stroke-width="7" stroke-linejoin="round"/>
    <path d="M132 66 186 186" stroke="${ink}" stroke-width="10" stroke-linecap="round"/>
    <path d="M58 92c10-22 32-26 44-16-10 20-30 24-44 16z" fill="${ink}"/>`,
  pole: (ink, tint) => `
    <path d="M24 184 92 116" stroke="${ink}" stroke-width="16" stroke-linecap="round"/>
    <path d="M92 116 144 64" stroke="${ink}" stroke-width="11" stroke-linecap="round"/>
    <path d="M144 64 172 36" stroke="${ink}" stroke-width="7" stroke-linecap="round"/>
    <circle cx="92" cy="116" r="13" fill="${tint}" stroke="${ink}" stroke-width="5"/>
    <circle cx="144" cy="64" r="10" fill="${tint}" stroke="${ink}" stroke-width="5"/>
    <path d="M160 22h30v30" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M36 100 100 36" stroke="${ink}" stroke-width="4" stroke-dasharray="8 6"/>
    <path d="M28 92l8 8 8-8M92 28l8 8-8 8" fill="none" stroke="${ink}" stroke-width="4"/>`,
  vacuum: (ink, tint) => `
    <path d="M100 104V74q0-34 34-44 32-8 52 12" fill="none" stroke="${ink}" stroke-width="14" stroke-linecap="round"/>
    <path d="M100 104V74q0-34 34-44 32-8 52 12" fill="none" stroke="${tint}" stroke-width="5" stroke-dasharray="3 8"/>
    <path d="M22 150 58 104h84l36 46z" fill="${tint}" stroke="${ink}" stroke-width="7" stroke-linejoin="round"/>
    <rect x="16" y="148" width="168" height="16" rx="8" fill="${ink}"/>
    <circle cx="42" cy="172" r="11" fill="#fff" stroke="${ink}" stroke-width="5"/>
    <circle cx="158" cy="172" r="11" fill="#fff" stroke="${ink}" stroke-width="5"/>`,
  hose: (ink, tint) => `
    <g fill="none" stroke-linecap="round">
      <ellipse cx="78" cy="104" rx="48" ry="62" stroke="${ink}" stroke-width="14"/>
      <ellipse cx="100" cy="104" rx="48" ry="62" stroke="${ink}" stroke-width="14"/>
      <ellipse cx="122" cy="104" rx="48" ry="62" stroke="${ink}" stroke-width="14"/>
      <ellipse cx="122" cy="104" rx="48" ry="62" stroke="${tint}" stroke-width="5" stroke-dasharray="3 9"/>
    </g>
    <path d="M168 120q12 30 20 56" fill="none" stroke="${ink}" stroke-width="14" stroke-linecap="round"/>
    <rect x="176" y="168" width="22" height="24" rx="4" fill="${tint}" stroke="${ink}" stroke-width="5"/>`,
  spotlight: (ink) => `
    <g stroke="${ink}" stroke-width="7" stroke-linecap="round">
      <path d="M100 6v14M100 180v14M6 100h14M180 100h14M34 34l10 10M156 156l10 10M166 34l-10 10M44 156l-10 10"/>
    </g>
    <circle cx="100" cy="100" r="64" fill="#fff" stroke="${ink}" stroke-width="8"/>
    <circle cx="100" cy="100" r="48" fill="${GLOW}" stroke="${ink}" stroke-width="4"/>
    <g fill="${ink}">
      <circle cx="100" cy="100" r="7"/><circle cx="100" cy="74" r="6"/><circle cx="100" cy="126" r="6"/>
      <circle cx="74" cy="100" r="6"/><circle cx="126" cy="100" r="6"/><circle cx="82" cy="82" r="5"/>
      <circle cx="118" cy="82" r="5"/><circle cx="82" cy="118" r="5"/><circle cx="118" cy="118" r="5"/>
    </g>`,
  transformer: (ink, tint) => `
    <rect x="34" y="30" width="132" height="112" rx="14" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <path d="M82 46 64 84h18l-8 32 28-44H84z" fill="${ink}"/>
    <text x="136" y="98" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="30" font-weight="700" fill="${ink}">12V</text>
    <path d="M100 142v18q0 16-18 16H52" fill="none" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>
    <rect x="22" y="164" width="30" height="24" rx="5" fill="${ink}"/>
    <path d="M22 170h-10M22 182h-10" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>`,
  'rope-light': (ink) => {
    const bulbs = [
      [24, 100],
      [56, 100],
      [72, 120],
      [104, 150],
      [136, 120],
      [168, 100],
    ];
    return `
    <path d="M8 120q32-64 64 0t64 0 64 0" fill="none" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>
    ${bulbs.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="20" fill="${GLOW}" opacity=".8"/>`).join('')}
    ${bulbs.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="10" fill="${BULB}" stroke="${ink}" stroke-width="5"/>`).join('')}`;
  },
  'light-ball': (ink, tint) => `
    <g stroke="${ink}" stroke-width="6" stroke-linecap="round"><path d="M100 6v12M40 30l9 9M160 30l-9 9M16 86h12M172 86h12"/></g>
    <circle cx="100" cy="92" r="60" fill="${GLOW}" stroke="${ink}" stroke-width="7"/>
    <ellipse cx="78" cy="68" rx="16" ry="11" fill="#fff"/>
    <rect x="20" y="150" width="160" height="44" fill="${tint}" opacity=".6"/>
    ${waves(ink, 152)}
    ${waves(ink, 178)}`,
  ladder: (ink, tint) => `
    <rect x="36" y="150" width="128" height="30" rx="8" fill="${tint}" stroke="${ink}" stroke-width="6"/>
    <path d="M62 176V50a26 26 0 0 1 52 0M118 176V50a26 26 0 0 1 52 0" fill="none" stroke="${ink}" stroke-width="10" stroke-linecap="round"/>
    <path d="M62 92h56M62 124h56" stroke="${ink}" stroke-width="9" stroke-linecap="round"/>
    <path d="M20 166q15-10 30 0t30 0 30 0 30 0 30 0" fill="none" stroke="${ink}" stroke-width="5"/>`,
  handrail: (ink, tint) => `
    <path d="M44 168V104q0-40 40-52l56-16q28-8 28-40" fill="none" stroke="${ink}" stroke-width="12" stroke-linecap="round"/>
    <path d="M44 168V104q0-40 40-52l56-16q28-8 28-40" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".7"/>
    <rect x="24" y="160" width="42" height="16" rx="4" fill="${ink}"/>
    <rect x="10" y="176" width="180" height="14" rx="4" fill="${tint}" stroke="${ink}" stroke-width="5"/>
    <path d="M100 150q14-10 28 0t28 0 28 0" fill="none" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>`,
  shower: (ink, tint) => `
    <path d="M60 178V42q0-24 24-24h46q16 0 16 16v12" fill="none" stroke="${ink}" stroke-width="11" stroke-linecap="round"/>
    <path d="M118 52h56l-10 16h-36z" fill="${ink}" stroke="${ink}" stroke-width="4" stroke-linejoin="round"/>
    <g stroke="${ink}" stroke-width="5" stroke-linecap="round"><path d="M130 82l-5 18M146 82v20M162 82l5 18M122 116l-5 18M146 118v20M170 116l5 18"/></g>
    <rect x="46" y="104" width="30" height="14" rx="4" fill="${tint}" stroke="${ink}" stroke-width="5"/>
    <rect x="36" y="176" width="50" height="14" rx="5" fill="${ink}"/>`,
  'test-strips': (ink, tint) => `
    <rect x="28" y="48" width="62" height="136" rx="12" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <rect x="24" y="30" width="70" height="24" rx="6" fill="${ink}"/>
    <g transform="rotate(14 138 110)">
      <rect x="116" y="22" width="42" height="170" rx="6" fill="#fff" stroke="${ink}" stroke-width="5"/>
      ${PADS.map((c, i) => `<rect x="125" y="${40 + i * 34}" width="24" height="22" rx="3" fill="${c}" stroke="${ink}" stroke-width="2"/>`).join('')}
    </g>`,
  tester: (ink, tint) => `
    <rect x="52" y="14" width="96" height="136" rx="18" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <rect x="66" y="32" width="68" height="44" rx="6" fill="#fff" stroke="${ink}" stroke-width="5"/>
    <text x="100" y="66" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="28" font-weight="700" fill="${ink}">7.2</text>
    <circle cx="80" cy="100" r="9" fill="${ink}"/><circle cx="120" cy="100" r="9" fill="${ink}"/>
    <rect x="86" y="150" width="28" height="32" fill="${ink}"/>
    <rect x="94" y="180" width="12" height="14" rx="3" fill="${ink}"/>`,
  thermometer: (ink, tint) => `
    <rect x="30" y="140" width="140" height="56" fill="${tint}" opacity=".6"/>
    <rect x="78" y="12" width="44" height="140" rx="22" fill="#fff" stroke="${ink}" stroke-width="7"/>
    <rect x="93" y="40" width="14" height="110" rx="7" fill="${ink}"/>
    <circle cx="100" cy="156" r="28" fill="${ink}"/>
    <g stroke="${ink}" stroke-width="5" stroke-linecap="round"><path d="M126 40h16M126 62h10M126 84h16M126 106h10"/></g>
    ${waves(ink, 184)}`,
  dispenser: (ink, tint) => `
    <rect x="78" y="30" width="44" height="26" rx="6" fill="${ink}"/>
    <path d="M28 124a72 68 0 0 1 144 0z" fill="${tint}" stroke="${ink}" stroke-width="7" stroke-linejoin="round"/>
    <path d="M54 112V96M76 112V80M100 112V74M124 112V80M146 112V96" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>
    <rect x="20" y="120" width="160" height="18" rx="9" fill="${ink}"/>
    ${waves(ink, 160)}
    ${waves(ink, 184)}`,
  brand: (ink, tint) => `
    <circle cx="100" cy="100" r="84" fill="${tint}" stroke="${ink}" stroke-width="8"/>
    <path d="M30 116q17-16 35 0t35 0 35 0 35 0" fill="none" stroke="${ink}" stroke-width="9" stroke-linecap="round"/>
    <path d="M40 142q15-12 30 0t30 0 30 0 30 0" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round" opacity=".6"/>
    <circle cx="100" cy="66" r="20" fill="${ink}"/>`,
};
