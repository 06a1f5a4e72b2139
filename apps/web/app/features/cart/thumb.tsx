/** A small square picture of an order or cart line (a placeholder when there is none). */
import { Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

export function Thumb({ src, alt, size = 72 }: { src: string | null; alt: string; size?: number }) {
  if (!src) {
    return (
      <Center
        w={size}
        h={size}
        bg="gray.1"
        style={{ borderRadius: 'var(--mantine-radius-md)', flexShrink: 0 }}
        role="img"
        aria-label={alt}
      >
        <IconPhoto size={size / 2.5} stroke={1.3} color="var(--mantine-color-gray-5)" aria-hidden />
      </Center>
    );
  }
  return (
    <Image src={src} alt={alt} w={size} h={size} fit="cover" radius="md" loading="lazy" style={{ flexShrink: 0 }} />
  );
}
