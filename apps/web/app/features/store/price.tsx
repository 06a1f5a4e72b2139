import { Badge, Group, Text, type MantineSize } from '@mantine/core';
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DiscountType } from '@pool/contracts/store';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import classes from './store.module.css';

/** The price after the discount, and the original struck through while a discount runs; both with VAT, said beside them. */
export function Price({
  price,
  discounted,
  hasDiscount,
  size = 'md',
}: {
  price: number;
  discounted: number;
  hasDiscount: boolean;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const big = size === 'lg';
  return (
    <Group gap={big ? 'sm' : 6} align="baseline" wrap="wrap" data-testid="price">
      <Text component="span" fw={800} fz={big ? 28 : 'lg'} c="cyan.9" data-testid="price-now">
        {hasDiscount && <span className="visually-hidden">{t('store.price_now')} </span>}
        {formatMoney(lang, hasDiscount ? discounted : price)}
      </Text>
      {hasDiscount && (
        <Text component="del" fz={big ? 'md' : 'sm'} c="dimmed" td="line-through" data-testid="price-was">
          <span className="visually-hidden">{t('store.price_was')} </span>
          {formatMoney(lang, price)}
        </Text>
      )}
      <Text component="span" fz="xs" c="gray.7" data-testid="price-vat-note">
        {t('store.incl_vat')}
      </Text>
    </Group>
  );
}

/** "-20%" or "Save 57.50 SAR" (the saving with VAT, as the prices beside it). */
export function DiscountBadge({
  product: p,
  size = 'md',
}: {
  product: {
    discount_type: DiscountType;
    discount_value: number;
    price_with_vat: number;
    discounted_price_with_vat: number;
  };
  size?: MantineSize;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const type = p.discount_type;
  const value = type === 'number' ? p.price_with_vat - p.discounted_price_with_vat : p.discount_value;
  if (type === 'none' || value <= 0) return null;
  return (
    <Badge color="red.8" variant="filled" size={size} radius="sm" tt="none" data-testid="discount-badge">
      {type === 'ratio'
        ? t('store.discount_ratio', { value: formatPercent(lang, value) })
        : t('store.discount_amount', { amount: formatMoney(lang, value) })}
    </Badge>
  );
}

/**
 * Five stars (halves mirrored in Arabic) read as the average and the count;
 * without `count`, one customer's rating.
 */
export function Stars({
  value,
  count,
  size = 16,
  showCount = true,
}: {
  value: number;
  count?: number;
  size?: number;
  /** The "(12)" beside the stars (off where the count is written out next to them). */
  showCount?: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const average = formatNumber(lang, Math.round(value * 10) / 10);
  return (
    <Group gap={4} wrap="nowrap" data-testid="stars">
      <span
        role="img"
        aria-label={
          count === undefined
            ? t('store.rated', { value: average })
            : count
              ? t('store.rating_label', { value: average, count })
              : t('store.no_ratings')
        }
        className={classes.stars}
      >
        {[1, 2, 3, 4, 5].map((i) =>
          value >= i - 0.25 ? (
            <IconStarFilled key={i} size={size} aria-hidden />
          ) : value >= i - 0.75 ? (
            <IconStarHalfFilled key={i} size={size} aria-hidden className={classes.halfStar} />
          ) : (
            <IconStar key={i} size={size} aria-hidden className={classes.emptyStar} />
          ),
        )}
      </span>
      {!!count && showCount && (
        <Text component="span" fz="xs" c="dimmed" aria-hidden>
          ({formatNumber(lang, count)})
        </Text>
      )}
    </Group>
  );
}
