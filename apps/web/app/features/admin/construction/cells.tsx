/** Cells of the construction catalogue's lists: a colour's swatch, a picture's thumbnail, the two names. */
import { ColorSwatch, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

/** A colour square with its code beside it (left to right). */
export function Swatch({ hex, label }: { hex: string; label: string }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ColorSwatch color={hex} size={28} radius="sm" aria-label={label} role="img" withShadow />
      <Text fz="sm" dir="ltr" ff="monospace" data-testid="colour-row-hex">
        {hex}
      </Text>
    </Group>
  );
}

/** A small picture, or a placeholder icon without one. */
export function Thumb({ src, alt }: { src: string | null; alt: string }) {
  return src ? (
    <Image src={src} alt={alt} w={72} h={48} radius="sm" fit="cover" />
  ) : (
    <Group w={72} h={48} justify="center" bg="gray.1" style={{ borderRadius: 4 }} aria-hidden>
      <IconPhoto size={20} color="var(--mantine-color-gray-6)" />
    </Group>
  );
}

/** The Arabic name, the English one under it. */
export function Names({ ar, en, testId }: { ar: string; en: string; testId: string }) {
  return (
    <Stack gap={0} miw={160}>
      <Text fw={700} data-testid={testId}>
        {ar}
      </Text>
      <Text fz="xs" c="gray.7" dir="ltr" ta="right">
        {en}
      </Text>
    </Stack>
  );
}
