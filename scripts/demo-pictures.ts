/**
 * The display sizes of the demo store's banners and intro pictures (apps/web/public/img/demo):
 * beside each `<name>.webp` (the 1200 px banner, the 800 px intro picture) its copies
 * `<name>-<width>.avif` and `<name>-<width>.webp`, the widths `demoPictureWidths` in
 * apps/web/app/lib/images.ts lists (the original itself is the widest WebP). Made once and
 * committed: `node scripts/demo-pictures.ts` after changing a demo picture.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const dir = join(import.meta.dirname, '..', 'apps', 'web', 'public', 'img', 'demo');
/** As in apps/web/app/lib/images.ts. */
const WIDTHS: Record<string, number[]> = { banner: [640, 960, 1200], intro: [320, 640, 800] };

for (const file of readdirSync(dir).filter((f) => /^(banner|intro)-\d+\.webp$/.test(f))) {
  const name = file.replace(/\.webp$/, '');
  const widths = WIDTHS[name.split('-')[0]!]!;
  const original = sharp(join(dir, file));
  const { width: own } = await original.metadata();
  for (const width of widths) {
    const resized = () => original.clone().resize({ width, withoutEnlargement: true });
    await resized()
      .avif({ quality: 55, effort: 4 })
      .toFile(join(dir, `${name}-${width}.avif`));
    if (width < own!)
      await resized()
        .webp({ quality: 80 })
        .toFile(join(dir, `${name}-${width}.webp`));
  }
  console.log(name, widths.join(' '));
}
