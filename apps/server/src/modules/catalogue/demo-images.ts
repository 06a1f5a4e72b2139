/**
 * Pictures of the demo store: an SVG drawn per product, category or brand (a
 * colour per category, a drawing of what the product is, bubbles placed by a
 * number so no two are alike), rendered to PNG by sharp and stored through the one
 * upload pipeline (`storeImage`), like an admin's upload.
 */
import type { DemoImage, DemoImageMaker } from '@pool/db';
import type { App } from '../../app-type.ts';
import { loadSharp, storeImage } from '../uploads/index.ts';
import { DRAWINGS } from './demo-drawings.ts';

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
    ${DRAWINGS[image.icon](ink, tint)}
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
    const sharp = await loadSharp();
    const data = await sharp(Buffer.from(demoSvg(image)))
      .jpeg({ quality: 90 })
      .toBuffer();
    // AVIF at effort 1: some 90 drawings at a first start, a quarter of the time of effort 3
    // (these flat drawings' AVIF copies stay smaller than their WebP ones).
    return storeImage(
      app,
      { field: 'image', filename: 'demo.jpg', mimetype: 'image/jpeg', data },
      FOLDERS[image.kind],
      { avifEffort: 1 },
    );
  };
}
