import { Box } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { StoredImage } from '../../components/stored-image.tsx';
import classes from './store.module.css';

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
  return (
    <StoredImage
      src={src}
      alt={alt}
      width={size}
      height={size}
      sizes={sizes}
      priority={priority}
      className={classes.image}
      frameClassName={`${classes.imageFrame} ${className ?? ''}`}
    />
  );
}
