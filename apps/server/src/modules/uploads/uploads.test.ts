import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@pool/contracts';
import { AppError } from '../../lib/errors.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { deleteImage, displayUrls, storeImage } from './service.ts';

const file = (filename: string, data: Buffer, mimetype = 'image/png'): UploadedFile => ({
  field: 'image',
  filename,
  mimetype,
  data,
});
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 30 } } });

/** A valid PNG header (IHDR with a right CRC) claiming any size, with one tiny data chunk. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The format a display copy really is, from its bytes (sharp calls AVIF 'heif'; its brand says AVIF). */
const brand = (data: Buffer) => {
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (data.subarray(4, 12).toString('latin1') === 'ftypavif') return 'avif';
  return 'other';
};

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.status).toBe(422);
  return appError.options.fields!.image!.key;
}

describe('image uploads', () => {
  let app: TestApp;
  let uploadsDir: string;
  const storedFiles = () =>
    existsSync(uploadsDir)
      ? readdirSync(uploadsDir, { recursive: true, withFileTypes: true })
          .filter((d) => d.isFile())
          .map((d) => d.name)
      : [];
  const pathOf = (url: string) => join(uploadsDir, url.replace(/^\/uploads\//, ''));

  beforeAll(async () => {
    app = await buildTestApp({ engine: 'pglite' });
    uploadsDir = join(app.config.dataDir, 'uploads');
  });
  afterAll(() => app.close());

  it('accepts jpg, jpeg, png, gif and webp, keeping the format family under a random name', async () => {
    const cases = [
      { name: 'photo.jpg', data: await solid(64, 48).jpeg().toBuffer(), ext: 'jpg', format: 'jpeg' },
      { name: 'PHOTO.JPEG', data: await solid(64, 48).jpeg().toBuffer(), ext: 'jpg', format: 'jpeg' },
      { name: 'logo.png', data: await solid(64, 48).png().toBuffer(), ext: 'png', format: 'png' },
      { name: 'still.gif', data: await solid(64, 48).gif().toBuffer(), ext: 'gif', format: 'gif' },
      { name: 'phone.WEBP', data: await solid(64, 48).webp().toBuffer(), ext: 'webp', format: 'webp' },
      // The content decides the stored format, whatever allowed name it came with.
      { name: 'saved.png', data: await solid(64, 48).webp().toBuffer(), ext: 'webp', format: 'webp' },
    ];
    for (const c of cases) {
      const url = await storeImage(app, file(c.name, c.data, 'application/octet-stream'), 'users');
      expect(url).toMatch(new RegExp(`^/uploads/users/[0-9a-f]{32}\\.${c.ext}$`));
      const meta = await sharp(readFileSync(pathOf(url))).metadata();
      expect(meta).toMatchObject({ format: c.format, width: 64, height: 48 });
      const small = await sharp(readFileSync(pathOf(displayUrls(url)[320]))).metadata();
      expect(small).toMatchObject({ format: 'webp', width: 64, height: 48 });
      const avif = readFileSync(pathOf(displayUrls(url, 'avif')[640]));
      expect(brand(avif)).toBe('avif');
      expect(await sharp(avif).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 64, height: 48 });
    }
  });

  it('keeps an animated GIF animated', async () => {
    const frames = await Promise.all(
      ['red', 'blue', 'green'].map((c) =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: c } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const url = await storeImage(app, file('anim.gif', gif), 'banners');
    const meta = await sharp(readFileSync(pathOf(url)), { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', pages: 3, width: 40, pageHeight: 30 });
    const webp = await sharp(readFileSync(pathOf(displayUrls(url)[320])), { animated: true }).metadata();
    expect(webp).toMatchObject({ format: 'webp', pages: 3, width: 40 });
    // No still AVIF in place of the animation: its AVIF address serves the animated WebP.
    expect(existsSync(pathOf(displayUrls(url, 'avif')[320]))).toBe(false);
    const res = await app.inject({ method: 'GET', url: displayUrls(url, 'avif')[640] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await sharp(res.rawPayload, { animated: true }).metadata()).toMatchObject({ format: 'webp', pages: 3 });
    expect(existsSync(pathOf(displayUrls(url, 'avif')[640]))).toBe(false);
  });

  it('keeps an animated WebP animated and drops its metadata', async () => {
    const frames = await Promise.all(
      ['red', 'blue'].map((c) =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: c } })
          .png()
          .toBuffer(),
      ),
    );
    const anim = await sharp(frames, { join: { animated: true } })
      .webp()
      .withExif({ IFD0: { Copyright: 'SECRET-OWNER' } })
      .toBuffer();
    expect(anim.includes('SECRET-OWNER')).toBe(true);
    const url = await storeImage(app, file('anim.webp', anim, 'image/webp'), 'banners');
    const stored = readFileSync(pathOf(url));
    expect(await sharp(stored, { animated: true }).metadata()).toMatchObject({ format: 'webp', pages: 2, width: 40 });
    expect(stored.includes('SECRET-OWNER')).toBe(false);
    const res = await app.inject({ method: 'GET', url });
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('refuses other types whatever their name or claimed mimetype', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const webp = await solid(10, 10).webp().toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n');
    const jpeg = await solid(50, 50).jpeg().toBuffer();
    const refused: [string, Buffer][] = [
      ['x.svg', svg],
      ['x.png', svg],
      ['x.bmp', webp],
      ['x.webp', svg],
      ['x.webp', Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), Buffer.alloc(40)])], // signature only
      ['notes.png', Buffer.from('just some text, not an image')],
      ['page.gif', html],
      ['doc.jpg', pdf],
      ['tool.exe', png],
      ['image.png.exe', png],
      ['no-extension', png],
      ['x.jpg', jpeg.subarray(0, 200)], // truncated: right signature, cannot be decoded
      ['x.png', Buffer.alloc(0)],
    ];
    for (const [name, data] of refused) {
      expect(await refusal(storeImage(app, file(name, data, 'image/png'), 'refused')), name).toBe('validation.image');
    }
    expect(existsSync(join(uploadsDir, 'refused'))).toBe(false);
  });

  it('refuses files over 5 MB and images over 25 megapixels before decoding them', async () => {
    const big = Buffer.concat([await solid(10, 10).png().toBuffer(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    expect(await refusal(storeImage(app, file('big.png', big), 'refused'))).toBe('validation.image_too_large');
    // A few hundred bytes claiming 50000 x 50000 (a decompression bomb): refused from the header.
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(1000);
    expect(await refusal(storeImage(app, file('bomb.png', bomb), 'refused'))).toBe('validation.image_too_large');
    // A real 6000 x 5000 image (30 MP, small once compressed).
    const real = await solid(6000, 5000).png({ compressionLevel: 9 }).toBuffer();
    expect(real.length).toBeLessThan(IMAGE_MAX_BYTES);
    expect(await refusal(storeImage(app, file('huge.png', real), 'refused'))).toBe('validation.image_too_large');
    expect(existsSync(join(uploadsDir, 'refused'))).toBe(false);
  });

  it('turns the image upright by EXIF, then removes EXIF, GPS and all other metadata', async () => {
    const tagged = await solid(80, 40)
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'SECRET-OWNER', Make: 'PhoneMaker' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '24/1 42/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '46/1 40/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(tagged.includes('SECRET-OWNER')).toBe(true);

    const url = await storeImage(app, file('gps.jpg', tagged, 'image/jpeg'), 'users');
    const stored = readFileSync(pathOf(url));
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 40, height: 80 }); // rotated 90°
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    for (const text of ['Exif', 'SECRET-OWNER', 'PhoneMaker']) expect(stored.includes(text), text).toBe(false);
    for (const format of ['webp', 'avif'] as const)
      for (const width of [320, 640, 960] as const) {
        const copy = readFileSync(pathOf(displayUrls(url, format)[width]));
        expect((await sharp(copy).metadata()).exif, `${format} ${width}`).toBeUndefined();
        for (const text of ['Exif', 'SECRET-OWNER', 'PhoneMaker'])
          expect(copy.includes(text), `${format} ${width} ${text}`).toBe(false);
      }

    const png = await solid(30, 20)
      .png()
      .withExif({ IFD0: { Copyright: 'SECRET-OWNER' } })
      .toBuffer();
    expect(png.includes('SECRET-OWNER')).toBe(true);
    const pngUrl = await storeImage(app, file('x.png', png), 'users');
    expect(readFileSync(pathOf(pngUrl)).includes('SECRET-OWNER')).toBe(false);
  });

  it('stores AVIF and WebP display sizes beside the original, never upscaled', async () => {
    const wide = await storeImage(app, file('wide.jpg', await solid(1200, 600).jpeg().toBuffer()), 'products');
    const small = await storeImage(app, file('small.png', await solid(200, 100).png().toBuffer()), 'products');
    expect(displayUrls(wide)).toEqual({
      320: wide.replace('.jpg', '-320.webp'),
      640: wide.replace('.jpg', '-640.webp'),
      960: wide.replace('.jpg', '-960.webp'),
    });
    expect(displayUrls(small, 'avif')).toEqual({
      320: small.replace('.png', '-320.avif'),
      640: small.replace('.png', '-640.avif'),
      960: small.replace('.png', '-960.avif'),
    });
    const sizes = (url: string, format: 'avif' | 'webp') =>
      Promise.all(
        Object.values(displayUrls(url, format)).map(async (u) => {
          const data = readFileSync(pathOf(u));
          const { width, height } = await sharp(data).metadata();
          return { format: brand(data), width, height };
        }),
      );
    for (const format of ['avif', 'webp'] as const) {
      expect(await sizes(wide, format)).toEqual([
        { format, width: 320, height: 160 },
        { format, width: 640, height: 320 },
        { format, width: 960, height: 480 },
      ]);
      expect(await sizes(small, format)).toEqual(Array(3).fill({ format, width: 200, height: 100 }));
    }
  });

  it('makes a display copy an older upload lacks on its first request, and keeps it', async () => {
    const url = await storeImage(app, file('old.jpg', await solid(1000, 500).jpeg().toBuffer()), 'products');
    // As stored before the 640 width and the AVIF copies existed.
    const missing = [displayUrls(url)[640], ...Object.values(displayUrls(url, 'avif'))];
    for (const u of missing) rmSync(pathOf(u));
    const [first, again] = await Promise.all([0, 1].map(() => app.inject({ method: 'GET', url: missing[1]! })));
    for (const res of [first!, again!]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/avif');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brand(res.rawPayload)).toBe('avif');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 320, height: 160 });
    }
    expect(readFileSync(pathOf(missing[1]!)).equals(first!.rawPayload)).toBe(true);
    const webp = await app.inject({ method: 'GET', url: missing[0]! });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 320 });
    expect(existsSync(pathOf(missing[0]!))).toBe(true);

    // Only the copies' own widths, and only of a stored original.
    const base = url.replace(/\.jpg$/, '');
    for (const u of [
      `${base}-500.avif`,
      `${base}-6400.webp`,
      `${base}.avif`,
      '/uploads/products/' + 'f'.repeat(32) + '-640.avif',
    ])
      expect((await app.inject({ method: 'GET', url: u })).statusCode, u).toBe(404);
    expect(existsSync(pathOf(`${base}-500.avif`))).toBe(false);
  });

  it('gives every upload a new random name, never derived from the file name', async () => {
    const data = await solid(20, 20).png().toBuffer();
    const urls = await Promise.all([1, 2, 3].map(() => storeImage(app, file('my-secret-name.png', data), 'names')));
    expect(new Set(urls).size).toBe(3);
    for (const url of urls) expect(url).not.toContain('secret');
    expect(storedFiles().filter((n) => n.includes('secret'))).toEqual([]);
    expect(readdirSync(join(uploadsDir, 'names')).sort()).toHaveLength(21); // 3 x (original + 3 AVIF + 3 WebP)
  });

  it('only takes folder names from code', async () => {
    const data = await solid(20, 20).png().toBuffer();
    for (const folder of ['../x', 'Users', 'a/b', '', 'x y', '..']) {
      await expect(storeImage(app, file('a.png', data), folder), folder).rejects.toThrow(/invalid upload folder/);
    }
  });

  it('serves stored files with the right type, nosniff and an immutable cache', async () => {
    const url = await storeImage(app, file('a.jpeg', await solid(500, 400).jpeg().toBuffer()), 'users');
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(readFileSync(pathOf(url)))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    const webp = await app.inject({ method: 'GET', url: displayUrls(url)[320] });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['x-content-type-options']).toBe('nosniff');
    const avif = await app.inject({ method: 'GET', url: displayUrls(url, 'avif')[960] });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(brand(avif.rawPayload)).toBe('avif');

    const png = await storeImage(app, file('a.png', await solid(5, 5).png().toBuffer()), 'users');
    expect((await app.inject({ method: 'GET', url: png })).headers['content-type']).toBe('image/png');
    const gif = await storeImage(app, file('a.gif', await solid(5, 5).gif().toBuffer()), 'users');
    expect((await app.inject({ method: 'GET', url: gif })).headers['content-type']).toBe('image/gif');

    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
  });

  it('answers a missing file with the JSON 404 envelope', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/uploads/users/0123456789abcdef0123456789abcdef.jpg',
      headers: { lang: 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ key: 'notFound', data: null });
    expect(res.json().msg).toEqual(expect.any(String));
    for (const url of ['/uploads/', '/uploads/users', '/uploads/users/x.txt', '/uploads/users/x']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('never serves anything outside the uploads folder', async () => {
    // Files an attacker would like: one with an image extension right beside the uploads folder.
    writeFileSync(join(app.config.dataDir, 'secret.png'), 'TOP-SECRET');
    await storeImage(app, file('a.png', await solid(5, 5).png().toBuffer()), 'users');
    const attempts = [
      '/uploads/../package.json',
      '/uploads/../secret.png',
      '/uploads/%2e%2e/secret.png',
      '/uploads/..%2fsecret.png',
      '/uploads/%2e%2e%2fsecret.png',
      '/uploads/%2E%2E%2Fsecret.png',
      '/uploads/users/..%2f..%2fsecret.png',
      '/uploads/users/%2e%2e/%2e%2e/secret.png',
      '/uploads/users/..%5c..%5csecret.png',
      '/uploads/%252e%252e%252fsecret.png',
      '/uploads/%2fetc%2fpasswd',
      '/uploads//etc/passwd',
      '/uploads/users/%00.png',
      `/uploads/${encodeURIComponent(join(app.config.dataDir, 'secret.png'))}`,
      '/uploads/users/../../../../../../etc/passwd',
    ];
    for (const url of attempts) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('TOP-SECRET');
      expect(res.body, url).not.toContain('"workspaces"');
    }
    // Malformed percent-encoding (overlong UTF-8 '/') is refused by the router itself.
    const malformed = await app.inject({ method: 'GET', url: '/uploads/..%c0%afsecret.png' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toContain('TOP-SECRET');
  });

  it('deletes a stored image with its display copies, ignoring URLs it did not make', async () => {
    for (const data of [await solid(5, 5).png().toBuffer(), await solid(5, 5).webp().toBuffer()]) {
      const url = await storeImage(app, file('a.png', data), 'deleted');
      const all = [url, ...Object.values(displayUrls(url)), ...Object.values(displayUrls(url, 'avif'))];
      expect(new Set(all).size).toBe(7);
      for (const u of all) expect(existsSync(pathOf(u))).toBe(true);
      await deleteImage(app, url);
      for (const u of all) expect(existsSync(pathOf(u))).toBe(false);
    }
    await deleteImage(app, null);
    await deleteImage(app, 'https://example.com/x.png');
    await deleteImage(app, '/uploads/../secret.png');
    expect(existsSync(join(app.config.dataDir, 'secret.png'))).toBe(true);
  });
});
