/**
 * Image checks and re-encoding (SECURITY.md 26-28): jpg/jpeg/png/gif/webp by file
 * name extension AND by content, at most 5 MB and 25 megapixels (read from the
 * header before any pixel is decoded), then re-encoded with sharp: turned
 * upright by EXIF, all metadata (EXIF, GPS, XMP, ICC…) dropped, same format
 * family, plus WebP display sizes. Animated GIFs and WebPs stay animated (every frame
 * counts towards the pixel limit).
 */
import sharp, { type Sharp } from 'sharp';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '@pool/contracts';
import { fieldError } from '../../lib/errors.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** Widths of the WebP copies stored beside the original as `<name>-<width>.webp`. */
export const DISPLAY_WIDTHS = [320, 960] as const;

export const FORMAT_FILE: Record<ImageFormat, { ext: string; contentType: string }> = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  gif: { ext: 'gif', contentType: 'image/gif' },
  webp: { ext: 'webp', contentType: 'image/webp' },
};

/** Longest a single sharp pipeline may run before it is abandoned. */
const TIMEOUT_SECONDS = 20;

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);

/** The format the bytes really are, from their signature; null for anything else (SVG, PDF, HTML…). */
export function sniffImage(data: Buffer): ImageFormat | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  // RIFF <size> WEBP
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

/** Whether the file name ends in an allowed extension (case-insensitive). */
export function hasImageExtension(filename: string): boolean {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext ?? '');
}

/** Every decode is bounded by the pixel limit (sharp's own guard, on top of ours) and a timeout. */
const open = (data: Buffer): Sharp =>
  sharp(data, { animated: true, limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).timeout({
    seconds: TIMEOUT_SECONDS,
  });

export type CheckedImage = { format: ImageFormat; width: number; height: number };

/**
 * Throws a 422 field error unless the file is an allowed image within the
 * limits. The client's mimetype is ignored; only the name and the bytes count.
 * The name and the content may be different allowed types (a PNG saved as
 * .jpg is common): the content decides the stored format.
 */
export async function checkImage(file: UploadedFile): Promise<CheckedImage> {
  if (file.data.length > IMAGE_MAX_BYTES) throw fieldError(file.field, 'validation.image_too_large');
  const sniffed = sniffImage(file.data);
  if (!sniffed || !hasImageExtension(file.filename)) throw fieldError(file.field, 'validation.image');
  // Reads the header only: no pixel is decoded here. sharp's limit is off for this
  // read so that too many pixels is told apart from a broken file, below.
  const meta = await sharp(file.data, { animated: true, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== sniffed || !meta.width || !meta.height) throw fieldError(file.field, 'validation.image');
  // With `animated`, height covers every frame: the pixels a full decode would produce.
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw fieldError(file.field, 'validation.image_too_large');
  return { format: sniffed, width: meta.width, height: meta.pageHeight ?? meta.height };
}

export type EncodedImage = { data: Buffer; contentType: string };
export type ProcessedImage = {
  format: ImageFormat;
  main: EncodedImage & { ext: string };
  /** WebP copies by width; never wider than the image itself. */
  display: (EncodedImage & { width: number })[];
};

function encodeMain(image: Sharp, format: ImageFormat): Sharp {
  if (format === 'jpeg') return image.jpeg({ quality: 85, progressive: true, mozjpeg: false });
  if (format === 'png') return image.png({ compressionLevel: 8 });
  if (format === 'webp') return image.webp({ quality: 85 });
  return image.gif();
}

/**
 * Checks, then re-encodes. Output carries no metadata: sharp writes none unless
 * asked (`keepMetadata`/`withExif`…), and we never ask. Undecodable files
 * (truncated, corrupt) are refused as `validation.image`.
 */
export async function processImage(file: UploadedFile): Promise<ProcessedImage> {
  const { format } = await checkImage(file);
  try {
    const upright = open(file.data).autoOrient();
    const main = await encodeMain(upright.clone(), format).toBuffer();
    const display = await Promise.all(
      DISPLAY_WIDTHS.map(async (width) => ({
        width,
        contentType: 'image/webp',
        data: await upright.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      })),
    );
    return { format, main: { data: main, ...FORMAT_FILE[format] }, display };
  } catch {
    throw fieldError(file.field, 'validation.image');
  }
}
