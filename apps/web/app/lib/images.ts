/**
 * Display sizes of the pictures a page shows, as `<picture>` sources (AVIF first):
 * - uploads (apps/server uploads `storeImage`): beside each original
 *   `<folder>/<32 hex>.<jpg|png|gif|webp>` are `<name>-<320|640|960>.<avif|webp>`
 *   (never wider than the original), in the local storage (`/uploads/…`) and in a
 *   public bucket (`S3_PUBLIC_URL`). A GIF (animated as a rule) has WebP copies only.
 *   An upload older than a width or a format gets that copy made on its first
 *   request through `/uploads` (the server's uploads routes).
 * - the demo store's banners and intro pictures (`/img/demo/<banner|intro>-<n>.webp`,
 *   made by scripts/demo-pictures.ts): `<name>-<width>.<avif|webp>`, the original
 *   being the widest WebP.
 */
export type PictureSource = { type: 'image/avif' | 'image/webp'; srcSet: string };

const STORED = /^(.*\/[a-z0-9-]+\/[0-9a-f]{32})\.(jpg|png|gif|webp)$/;
/** Widths of an upload's display copies (apps/server uploads `DISPLAY_WIDTHS`). */
export const STORED_WIDTHS = [320, 640, 960] as const;

const DEMO = /^(\/img\/demo\/(banner|intro)-\d+)\.webp$/;
/** Widths of the demo pictures' copies; the last is the original's own. */
export const DEMO_WIDTHS = { banner: [640, 960, 1200], intro: [320, 640, 800] } as const;

const srcSet = (entries: [url: string, width: number][]) => entries.map(([u, w]) => `${u} ${w}w`).join(', ');

/** The `<source>`s of a picture, best format first; empty for any other URL (links, icons, seed files). */
export function pictureSources(src: string): PictureSource[] {
  const stored = STORED.exec(src);
  if (stored) {
    const [, base, ext] = stored as unknown as [string, string, string];
    const set = (format: string) => srcSet(STORED_WIDTHS.map((w) => [`${base}-${w}.${format}`, w]));
    const webp: PictureSource = { type: 'image/webp', srcSet: set('webp') };
    return ext === 'gif' ? [webp] : [{ type: 'image/avif', srcSet: set('avif') }, webp];
  }
  const demo = DEMO.exec(src);
  if (demo) {
    const [, base, kind] = demo as unknown as [string, string, keyof typeof DEMO_WIDTHS];
    const widths = DEMO_WIDTHS[kind];
    const widest = widths.at(-1)!;
    return [
      { type: 'image/avif', srcSet: srcSet(widths.map((w) => [`${base}-${w}.avif`, w])) },
      { type: 'image/webp', srcSet: srcSet(widths.map((w) => [w === widest ? src : `${base}-${w}.webp`, w])) },
    ];
  }
  return [];
}

/**
 * How an `<img>` loads: the page's main (LCP) picture is fetched first and
 * never lazily; every other one lazily, decoded off the main thread.
 */
export const imageLoading = (priority: boolean) =>
  priority ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);
