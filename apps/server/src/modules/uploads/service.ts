/**
 * The one image upload pipeline: check, re-encode, store under a random name.
 * Used by sign-up and profile edit now; banners, products, complaints later.
 */
import { randomBytes } from 'node:crypto';
import type { App } from '../../app-type.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import type { Readable } from 'node:stream';
import {
  DISPLAY_FORMATS,
  DISPLAY_WIDTHS,
  displayCopyOf,
  processImage,
  type DisplayFormat,
  type DisplayWidth,
} from './images.ts';

export { DISPLAY_FORMATS, DISPLAY_WIDTHS, loadSharp, type DisplayFormat, type DisplayWidth } from './images.ts';

/** Folder names come from code, never from a request. */
const FOLDER = /^[a-z0-9-]+$/;

/**
 * Stores `file` as `<folder>/<random>.<jpg|png|gif|webp>` plus its display copies
 * `<random>-<320|640|960>.<avif|webp>` beside it (WebP only when animated); returns the public URL of the main image
 * (e.g. `/uploads/users/3f9c…e1.jpg`). Throws a 422 field error
 * (`validation.image` / `validation.image_too_large`) for a refused file.
 * `avifEffort` lowers the AVIF encoder's effort for bulk work (the demo store's seed).
 */
export async function storeImage(
  app: Pick<App, 'config'>,
  file: UploadedFile,
  folder: string,
  options: { avifEffort?: number } = {},
): Promise<string> {
  if (!FOLDER.test(folder)) throw new Error(`invalid upload folder: ${JSON.stringify(folder)}`);
  const image = await processImage(file, options);
  const name = `${folder}/${randomBytes(16).toString('hex')}`;
  const files = [
    { key: `${name}.${image.main.ext}`, ...image.main },
    ...image.display.map((d) => ({ key: `${name}-${d.width}.${d.format}`, ...d })),
  ];
  const storage = storageFor(app);
  try {
    await Promise.all(files.map((f) => storage.put(f.key, f.data, f.contentType)));
  } catch (error) {
    // Leave nothing half-stored.
    await Promise.allSettled(files.map((f) => storage.delete(f.key)));
    throw error;
  }
  return storage.publicUrl(files[0]!.key);
}

/** The storage key behind a URL returned by `storeImage`, or null for anything else. */
function keyOf(app: Pick<App, 'config'>, url: string): string | null {
  const prefix = storageFor(app).publicUrl('');
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return /^[a-z0-9-]+\/[0-9a-f]{32}\.(jpg|png|gif|webp)$/.test(key) ? key : null;
}

/** Whether `url` is an image `storeImage` stored in `folder` (e.g. a product image sent back in a form). */
export const isStoredImage = (app: Pick<App, 'config'>, url: string, folder: string) =>
  keyOf(app, url)?.startsWith(`${folder}/`) ?? false;

/** URLs of the display copies of a stored image in one format (WebP unless told), by width. */
export function displayUrls(url: string, format: DisplayFormat = 'webp'): Record<DisplayWidth, string> {
  const base = url.replace(/\.(jpg|png|gif|webp)$/, '');
  return Object.fromEntries(DISPLAY_WIDTHS.map((w) => [w, `${base}-${w}.${format}`])) as Record<DisplayWidth, string>;
}

/**
 * Removes a stored image and its display copies (e.g. when a profile image is
 * replaced). URLs not made by `storeImage` (seed data, external links) are ignored;
 * failures are logged, never thrown: a leftover file is harmless.
 */
export async function deleteImage(app: App, url: string | null | undefined): Promise<void> {
  const key = url ? keyOf(app, url) : null;
  if (!key) return;
  const base = key.replace(/\.[a-z]+$/, '');
  const keys = [key, ...DISPLAY_FORMATS.flatMap((f) => DISPLAY_WIDTHS.map((w) => `${base}-${w}.${f}`))];
  const results = await Promise.allSettled(keys.map((k) => storageFor(app).delete(k)));
  for (const r of results)
    if (r.status === 'rejected') app.log.warn({ err: r.reason }, 'could not delete a stored image');
}

/** A display copy's key: `<folder>/<32 hex>-<width>.<avif|webp>`. */
const COPY_KEY = /^([a-z0-9-]+\/[0-9a-f]{32})-(\d+)\.(avif|webp)$/;
const ORIGINAL_EXTS = ['jpg', 'png', 'webp', 'gif'] as const;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Copies being made, by key (two requests for one missing copy make it once). */
const making = new Map<string, Promise<{ data: Buffer; contentType: string } | null>>();
/** One copy made at a time per process: the encoder's memory and CPU stay bounded. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * A display copy that is not stored (an image uploaded before its width or
 * format existed): made from the stored original, stored for next time and
 * returned; null when `key` is not a copy's key or there is no original. An
 * animated original's AVIF is its WebP copy (sharp writes still AVIF only),
 * returned and not stored under the AVIF's key.
 */
export function missingDisplayCopy(
  app: Pick<App, 'config' | 'log'>,
  key: string,
): Promise<{ data: Buffer; contentType: string } | null> {
  const m = COPY_KEY.exec(key);
  const width = Number(m?.[2]) as DisplayWidth;
  if (!m || !DISPLAY_WIDTHS.includes(width)) return Promise.resolve(null);
  const [, base, , format] = m as unknown as [string, string, string, DisplayFormat];
  let pending = making.get(key);
  if (!pending) {
    const storage = storageFor(app);
    const make = async () => {
      let original: Buffer | null = null;
      for (const ext of ORIGINAL_EXTS) {
        const file = await storage.get(`${base}.${ext}`);
        if (file) {
          original = await readAll(file.body);
          break;
        }
      }
      if (!original) return null;
      const copy = await displayCopyOf(original, width, format);
      if (copy.format === format) await storage.put(key, copy.data, copy.contentType);
      return { data: copy.data, contentType: copy.contentType };
    };
    pending = queue.then(make, make).finally(() => making.delete(key));
    queue = pending.catch(() => null);
    making.set(key, pending);
  }
  return pending;
}
