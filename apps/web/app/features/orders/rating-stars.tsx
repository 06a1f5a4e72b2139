import { Box, Rating } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A given rating, read-only: one image named "your rating 4 out of 5" for screen readers. */
export function RatingStars({ value, size = 'md' }: { value: number; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <Box role="img" aria-label={t('orders.ui_your_rating', { rating: value })} w="fit-content">
      <Rating value={value} readOnly size={size} aria-hidden />
    </Box>
  );
}
