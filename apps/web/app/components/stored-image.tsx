import { imageLoading, webpSrcSet } from '../lib/images.ts';

/**
 * A picture from the upload pipeline: its WebP display sizes (the browser picks
 * the width from `sizes`), the original otherwise; fetched first when
 * `priority` (the page's main picture), else lazily. `width`/`height` give the
 * box its ratio before the image arrives (no layout shift).
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
  const set = webpSrcSet(src);
  return (
    <picture className={frameClassName}>
      {set && <source type="image/webp" srcSet={set} sizes={sizes} />}
      <img src={src} alt={alt} width={width} height={height} {...imageLoading(priority)} className={className} />
    </picture>
  );
}
