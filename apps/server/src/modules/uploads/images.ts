/**
 * Image checks and re-encoding (SECURITY.md 26-28): jpg/jpeg/png/gif/webp by file
 * name extension AND by content, at most 5 MB and 25 megapixels (read from the
 * header before any pixel is decoded), then re-encoded with sharp: turned
 * upright by EXIF, all metadata (EXIF, GPS, XMP, ICC…) dropped, same format
 * family, plus display sizes in AVIF and WebP. Animated GIFs and WebPs stay animated
 * (every frame counts towards the pixel limit); their display sizes are WebP only,
 * as sharp writes still AVIF only.
 */
import type { default as SharpFactory, Sharp } from 'sharp';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '@pool/contracts';
import { fieldError } from '../../lib/errors.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/**
 * Widths of the display copies stored beside the original as `<name>-<width>.avif`
 * and `<name>-<width>.webp` (a card on a phone is about 175 CSS px: 320 at DPR 1,
 * 640 at DPR 2-3; 960 for a product's main picture and banners).
 */
export const DISPLAY_WIDTHS = [320, 640, 960] as const;
export type DisplayWidth = (typeof DISPLAY_WIDTHS)[number];
/** Formats of the display copies, best first (the order of a `<picture>`'s sources). */
export const DISPLAY_FORMATS = ['avif', 'webp'] as const;
export type DisplayFormat = (typeof DISPLAY_FORMATS)[number];
const DISPLAY_TYPE: Record<DisplayFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

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

/**
 * sharp (libvips: some 8 MB of a process's memory) is loaded with the first picture, not with the
 * server: a process that is sent no upload never loads it (ADR 0024, "Memory").
 */
let sharpModule: Promise<typeof SharpFactory> | undefined;
export const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default));

/** Every decode is bounded by the pixel limit (sharp's own guard, on top of ours) and a timeout. */
const open = async (data: Buffer): Promise<Sharp> =>
  (await loadSharp())(data, { animated: true, limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).timeout({
    seconds: TIMEOUT_SECONDS,
  });

export type CheckedImage = {
  format: ImageFormat;
  width: number;
  height: number;
  animated: boolean;
  /** The width once turned upright by its EXIF orientation (5-8 turn it a quarter). */
  uprightWidth: number;
};

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
  const sharp = await loadSharp();
  const meta = await sharp(file.data, { animated: true, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== sniffed || !meta.width || !meta.height) throw fieldError(file.field, 'validation.image');
  // With `animated`, height covers every frame: the pixels a full decode would produce.
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw fieldError(file.field, 'validation.image_too_large');
  const height = meta.pageHeight ?? meta.height;
  return {
    format: sniffed,
    width: meta.width,
    height,
    animated: (meta.pages ?? 1) > 1,
    uprightWidth: (meta.orientation ?? 1) >= 5 ? height : meta.width,
  };
}

export type EncodedImage = { data: Buffer; contentType: string };
export type DisplayCopy = EncodedImage & { width: DisplayWidth; format: DisplayFormat };
export type ProcessedImage = {
  format: ImageFormat;
  main: EncodedImage & { ext: string };
  /** AVIF (still images only) and WebP copies by width; never wider than the image itself. */
  display: DisplayCopy[];
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
export async function processImage(
  file: UploadedFile,
  { avifEffort = AVIF_EFFORT }: { avifEffort?: number } = {},
): Promise<ProcessedImage> {
  const { format, animated, uprightWidth } = await checkImage(file);
  try {
    const upright = (await open(file.data)).autoOrient();
    const main = await encodeMain(upright.clone(), format).toBuffer();
    const formats = animated ? (['webp'] as const) : DISPLAY_FORMATS;
    // A still image is decoded in full once more, to the widest copy (an
    // uncompressed PNG, a few MB), and every copy is made from that: one full
    // decode instead of six at the same time. Animated ones keep their frames.
    const widest = animated
      ? null
      : await upright
          .clone()
          .resize({ width: DISPLAY_WIDTHS.at(-1), withoutEnlargement: true })
          .png({ compressionLevel: 0 })
          .toBuffer();
    const source = async () => (widest ? open(widest) : upright.clone());
    // The widths past the image's own are the same picture: encoded once.
    const encoded = new Map<string, Promise<DisplayCopy>>();
    const copyOf = (width: DisplayWidth, f: DisplayFormat) => {
      const id = `${f} ${Math.min(width, uprightWidth)}`;
      if (!encoded.has(id))
        encoded.set(
          id,
          source().then((image) => encodeDisplay(image, width, f, avifEffort)),
        );
      return encoded.get(id)!.then((copy) => ({ ...copy, width }));
    };
    const display = await Promise.all(formats.flatMap((f) => DISPLAY_WIDTHS.map((width) => copyOf(width, f))));
    return { format, main: { data: main, ...FORMAT_FILE[format] }, display };
  } catch {
    throw fieldError(file.field, 'validation.image');
  }
}

/**
 * sharp's AVIF effort (0-9) for uploads. Measured on this 2-core machine under load, a
 * 960 px photo: effort 2 in 2.1 s (38.7 kB), 3 in 2.9 s (33.0 kB), 4 in 11.9 s (29.7 kB);
 * WebP 0.3 s (41.1 kB). Effort 3 keeps an upload of the three widths to a few seconds.
 */
export const AVIF_EFFORT = 3;

/** One display copy, `width` wide at most. */
function encodeDisplay(
  image: Sharp,
  width: DisplayWidth,
  format: DisplayFormat,
  avifEffort = AVIF_EFFORT,
): Promise<DisplayCopy> {
  const resized = image.resize({ width, withoutEnlargement: true });
  const encoded = format === 'avif' ? resized.avif({ quality: 55, effort: avifEffort }) : resized.webp({ quality: 80 });
  return encoded.toBuffer().then((data) => ({ width, format, contentType: DISPLAY_TYPE[format], data }));
}

/**
 * A display copy made later from a stored original (already checked and
 * re-encoded by `processImage`, so within the limits): for uploads stored
 * before a width or a format was added. An animated original has no AVIF copy:
 * its WebP copy is made instead (`format` says which).
 */
export async function displayCopyOf(
  original: Buffer,
  width: DisplayWidth,
  format: DisplayFormat,
): Promise<DisplayCopy> {
  const sharp = await loadSharp();
  const meta = await sharp(original, { animated: true, limitInputPixels: IMAGE_MAX_PIXELS }).metadata();
  const still = (meta.pages ?? 1) <= 1;
  return encodeDisplay(await open(original), width, still ? format : 'webp');
}
