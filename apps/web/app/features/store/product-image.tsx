import { Box } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import classes from './store.module.css';

/** An image stored by the upload pipeline has WebP copies 320 and 960 px wide beside it. */
const STORED = /^(\/uploads\/[a-z0-9-]+\/[0-9a-f]{32})\.(jpg|png|gif)$/;

export const webpSet = (src: string) => {
  const m = STORED.exec(src);
  return m ? `${m[1]}-320.webp 320w, ${m[1]}-960.webp 960w` : null;
};

/**
 * A square product picture: the WebP copies when the upload pipeline made
 * them (the browser picks the width from `sizes`), the original otherwise;
 * lazy unless `priority` (the first cards, the page's main image).
 */
export function ProductImage({
  src,
  alt,
  sizes,
  size = 320,
  priority = false,
  className,
}: {
  src: string | null;
  alt: string;
  sizes: string;
  size?: number;
  priority?: boolean;
  className?: string;
}) {
  if (!src) {
    return (
      <Box className={`${classes.imageFrame} ${classes.noImage} ${className ?? ''}`} role="img" aria-label={alt}>
        <IconPhoto size={48} stroke={1.2} aria-hidden />
      </Box>
    );
  }
  const set = webpSet(src);
  return (
    <picture className={`${classes.imageFrame} ${className ?? ''}`}>
      {set && <source type="image/webp" srcSet={set} sizes={sizes} />}
      <img
        src={src}
        alt={alt}
        width={size}
        height={size}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'auto' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        className={classes.image}
      />
    </picture>
  );
}
