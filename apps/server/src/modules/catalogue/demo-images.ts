/**
 * Pictures of the demo store: an SVG drawn per product, category or brand (a
 * colour per category, an icon of what it sells, bubbles placed by a number so
 * no two are alike), rendered to PNG by sharp and stored through the one
 * upload pipeline (`storeImage`), like an admin's upload.
 */
import sharp from 'sharp';
import type { DemoIcon, DemoImage, DemoImageMaker } from '@pool/db';
import type { App } from '../../app-type.ts';
import { storeImage } from '../uploads/index.ts';

const SIZE = 560;

/** A small deterministic generator, so the demo looks the same on every machine. */
function random(seed: number) {
  let s = (seed * 2654435761) >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 10_000) / 10_000;
  };
}

const hsl = (h: number, s: number, l: number) => `hsl(${((h % 360) + 360) % 360},${s}%,${l}%)`;

/** Icons in a 200 × 200 box: `ink` for lines and solids, `tint` for light fills. */
const ICONS: Record<DemoIcon, (ink: string, tint: string) => string> = {
  pump: (ink, tint) => `
    <rect x="18" y="70" width="92" height="64" rx="14" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <path d="M34 70v64M52 70v64M70 70v64" stroke="${ink}" stroke-width="5"/>
    <circle cx="138" cy="102" r="40" fill="#fff" stroke="${ink}" stroke-width="7"/>
    <circle cx="138" cy="102" r="14" fill="${ink}"/>
    <path d="M138 62V34h34" fill="none" stroke="${ink}" stroke-width="12" stroke-linecap="round"/>
    <rect x="30" y="150" width="150" height="14" rx="7" fill="${ink}"/>`,
  filter: (ink, tint) => `
    <path d="M58 58a42 42 0 0 1 84 0v96a14 14 0 0 1-14 14H72a14 14 0 0 1-14-14z" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <rect x="82" y="6" width="36" height="22" rx="6" fill="${ink}"/>
    <path d="M100 28v14" stroke="${ink}" stroke-width="8"/>
    <circle cx="100" cy="98" r="18" fill="#fff" stroke="${ink}" stroke-width="6"/>
    <path d="M100 98l9-9" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>
    <path d="M66 130h68M66 146h68" stroke="${ink}" stroke-width="5" stroke-dasharray="6 6"/>
    <rect x="48" y="170" width="104" height="14" rx="7" fill="${ink}"/>`,
  heater: (ink, tint) => `
    <rect x="24" y="40" width="152" height="128" rx="18" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <path d="M44 64h52M44 84h52M44 104h52M44 124h52M44 144h52" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>
    <path d="M142 150c-22 0-30-18-22-34 4 10 10 12 10 12-2-20 10-34 22-40-2 14 14 22 14 40 0 14-10 22-24 22z" fill="${ink}"/>
    <circle cx="142" cy="64" r="9" fill="${ink}"/>`,
  chemical: (ink, tint) => `
    <path d="M56 60h88l-8 112a12 12 0 0 1-12 11H76a12 12 0 0 1-12-11z" fill="${tint}" stroke="${ink}" stroke-width="7" stroke-linejoin="round"/>
    <rect x="48" y="44" width="104" height="20" rx="8" fill="${ink}"/>
    <path d="M70 44c0-30 60-30 60 0" fill="none" stroke="${ink}" stroke-width="7"/>
    <path d="M100 92c-16 20-22 30-22 40a22 22 0 0 0 44 0c0-10-6-20-22-40z" fill="${ink}"/>
    <circle cx="92" cy="134" r="6" fill="${tint}"/>`,
  cleaning: (ink, tint) => `
    <rect x="26" y="58" width="148" height="86" rx="30" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <rect x="62" y="40" width="76" height="22" rx="10" fill="${ink}"/>
    <circle cx="76" cy="96" r="12" fill="#fff" stroke="${ink}" stroke-width="5"/>
    <circle cx="124" cy="96" r="12" fill="#fff" stroke="${ink}" stroke-width="5"/>
    <rect x="22" y="146" width="156" height="22" rx="11" fill="${ink}"/>
    <path d="M40 178v10M64 178v10M88 178v10M112 178v10M136 178v10M160 178v10" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>`,
  lighting: (ink, tint) => `
    <path d="M100 28a52 52 0 0 1 30 94v18H70v-18a52 52 0 0 1 30-94z" fill="${tint}" stroke="${ink}" stroke-width="7"/>
    <rect x="72" y="146" width="56" height="12" rx="6" fill="${ink}"/>
    <rect x="78" y="164" width="44" height="12" rx="6" fill="${ink}"/>
    <path d="M88 122V96l12 10 12-10v26" fill="none" stroke="${ink}" stroke-width="5"/>
    <path d="M28 80H8M192 80h-20M44 30 30 16M156 30l14-14" stroke="${ink}" stroke-width="7" stroke-linecap="round"/>`,
  accessory: (ink, tint) => `
    <rect x="36" y="150" width="128" height="30" rx="8" fill="${tint}" stroke="${ink}" stroke-width="6"/>
    <path d="M62 176V50a26 26 0 0 1 52 0M118 176V50a26 26 0 0 1 52 0" fill="none" stroke="${ink}" stroke-width="10" stroke-linecap="round"/>
    <path d="M62 92h56M62 124h56" stroke="${ink}" stroke-width="9" stroke-linecap="round"/>
    <path d="M20 166q15-10 30 0t30 0 30 0 30 0 30 0" fill="none" stroke="${ink}" stroke-width="5"/>`,
  brand: (ink, tint) => `
    <circle cx="100" cy="100" r="84" fill="${tint}" stroke="${ink}" stroke-width="8"/>
    <path d="M30 116q17-16 35 0t35 0 35 0 35 0" fill="none" stroke="${ink}" stroke-width="9" stroke-linecap="round"/>
    <path d="M40 142q15-12 30 0t30 0 30 0 30 0" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round" opacity=".6"/>
    <circle cx="100" cy="66" r="20" fill="${ink}"/>`,
};

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The SVG of one demo picture. */
export function demoSvg(image: DemoImage): string {
  const rnd = random(image.variant * 31 + image.hue + 7);
  const hue = image.hue + (rnd() - 0.5) * 16;
  const ink = hsl(hue, 62, 32);
  const tint = hsl(hue, 70, 88);
  const bubbles = Array.from({ length: 9 }, () => {
    const r = 10 + rnd() * 46;
    return `<circle cx="${(rnd() * SIZE).toFixed(0)}" cy="${(rnd() * SIZE).toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" opacity="${(0.12 + rnd() * 0.22).toFixed(2)}"/>`;
  }).join('');
  const tilt = ((rnd() - 0.5) * 12).toFixed(1);
  const scale = (image.kind === 'product' ? 1.45 + rnd() * 0.15 : 1.5).toFixed(2);
  const label = escapeXml(image.label.slice(0, 28));
  const labelWidth = Math.min(SIZE - 40, 60 + label.length * 16);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${hsl(hue, 72, 93)}"/>
      <stop offset="1" stop-color="${hsl(hue + 18, 64, 78)}"/>
    </linearGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  ${bubbles}
  <path d="M0 ${SIZE - 110} q70 -30 140 0 t140 0 140 0 140 0 V${SIZE} H0z" fill="${hsl(hue, 60, 70)}" opacity=".45"/>
  <circle cx="${SIZE / 2}" cy="${SIZE / 2 - 24}" r="${SIZE * 0.34}" fill="#fff" opacity=".55"/>
  <circle cx="${SIZE / 2}" cy="${SIZE / 2 - 24}" r="${SIZE * 0.27}" fill="#fff" opacity=".6"/>
  <g transform="translate(${SIZE / 2} ${SIZE / 2 - 24}) rotate(${tilt}) scale(${scale}) translate(-100 -100)">
    ${ICONS[image.icon](ink, tint)}
  </g>
  <rect x="${(SIZE - labelWidth) / 2}" y="${SIZE - 92}" width="${labelWidth}" height="56" rx="28" fill="#fff" opacity=".9"/>
  <text x="${SIZE / 2}" y="${SIZE - 54}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="28" font-weight="700" fill="${ink}">${label}</text>
</svg>`;
}

const FOLDERS: Record<DemoImage['kind'], string> = { product: 'products', category: 'categories', brand: 'brands' };

/** Draws demo pictures and stores them through the upload pipeline; returns their URLs. */
export function demoImageMaker(app: Pick<App, 'config'>): DemoImageMaker {
  return async (image) => {
    // JPEG: quicker to re-encode than PNG for these gradients, and smaller.
    const data = await sharp(Buffer.from(demoSvg(image)))
      .jpeg({ quality: 90 })
      .toBuffer();
    return storeImage(app, { field: 'image', filename: 'demo.jpg', mimetype: 'image/jpeg', data }, FOLDERS[image.kind]);
  };
}
