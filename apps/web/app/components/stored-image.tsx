import { preload } from 'react-dom';
import { imageLoading, pictureSources } from '../lib/images.ts';

/**
 * A picture from the upload pipeline or the demo store: its AVIF and WebP display
 * sizes (the browser picks the format it reads and the width from `sizes`), the
 * original otherwise; fetched first when
 * `priority` (the page's main picture), else lazily. `width`/`height` give the
 * box its ratio before the image arrives (no layout shift).
 *
 * A `priority` picture is also preloaded from the head (its first format, the sizes
 * it will take): React preloads a bare `<img>` by itself but not one in a `<picture>`,
 * and the browser's scanner met this one only after the page's inlined stylesheets.
 */
export function StoredImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
  frameClassName,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  priority?: boolean;
  className?: string;
  frameClassName?: string;
}) {
  const sources = pictureSources(src);
  const first = sources[0];
  if (priority && first)
    preload(src, {
      as: 'image',
      type: first.type,
      imageSrcSet: first.srcSet,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  return (
    <picture className={frameClassName}>
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img src={src} alt={alt} width={width} height={height} {...imageLoading(priority)} className={className} />
    </picture>
  );
}
