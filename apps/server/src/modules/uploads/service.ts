/**
 * The one image upload pipeline: check, re-encode, store under a random name.
 * Used by sign-up and profile edit now; banners, products, complaints later.
 */
import { randomBytes } from 'node:crypto';
import type { App } from '../../app-type.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import { DISPLAY_WIDTHS, processImage } from './images.ts';

export { DISPLAY_WIDTHS } from './images.ts';

/** Folder names come from code, never from a request. */
const FOLDER = /^[a-z0-9-]+$/;

/**
 * Stores `file` as `<folder>/<random>.<jpg|png|gif|webp>` plus `<random>-320.webp`
 * and `<random>-960.webp` beside it; returns the public URL of the main image
 * (e.g. `/uploads/users/3f9c…e1.jpg`). Throws a 422 field error
 * (`validation.image` / `validation.image_too_large`) for a refused file.
 */
export async function storeImage(app: Pick<App, 'config'>, file: UploadedFile, folder: string): Promise<string> {
  if (!FOLDER.test(folder)) throw new Error(`invalid upload folder: ${JSON.stringify(folder)}`);
  const image = await processImage(file);
  const name = `${folder}/${randomBytes(16).toString('hex')}`;
  const files = [
    { key: `${name}.${image.main.ext}`, ...image.main },
    ...image.display.map((d) => ({ key: `${name}-${d.width}.webp`, ...d })),
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

/** URLs of the WebP display copies of a stored image, by width. */
export function displayUrls(url: string): Record<(typeof DISPLAY_WIDTHS)[number], string> {
  const base = url.replace(/\.(jpg|png|gif|webp)$/, '');
  return Object.fromEntries(DISPLAY_WIDTHS.map((w) => [w, `${base}-${w}.webp`])) as Record<
    (typeof DISPLAY_WIDTHS)[number],
    string
  >;
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
  const keys = [key, ...DISPLAY_WIDTHS.map((w) => `${base}-${w}.webp`)];
  const results = await Promise.allSettled(keys.map((k) => storageFor(app).delete(k)));
  for (const r of results)
    if (r.status === 'rejected') app.log.warn({ err: r.reason }, 'could not delete a stored image');
}
