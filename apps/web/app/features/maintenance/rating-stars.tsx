import { Box, Rating } from '@mantine/core';

/** Stars shown read-only, as one image with a spoken label (e.g. "4.5 of 5 (12 ratings)"). */
export function RatingStars({ value, size = 'md', label }: { value: number; size?: 'sm' | 'md'; label: string }) {
  return (
    <Box role="img" aria-label={label} w="fit-content">
      <Rating value={value} fractions={2} readOnly size={size} aria-hidden />
    </Box>
  );
}
