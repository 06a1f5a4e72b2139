/** The price lines of spec section 3 (products, installation, delivery, discount, tax with its rate, total), as the server computed them. */
import type { ReactNode } from 'react';
import { Divider, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PriceLines as Lines } from '@pool/contracts/cart';
import { formatMoney, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { signedMoney } from '../wallet/index.ts';

function Line({
  label,
  value,
  strong,
  testId,
  color,
}: {
  label: ReactNode;
  value: string;
  strong?: boolean;
  testId?: string;
  color?: string;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text fz={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} c={strong ? undefined : 'gray.7'}>
        {label}
      </Text>
      <Text fz={strong ? 'lg' : 'sm'} fw={strong ? 800 : 600} c={color} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * `label` may add a second language to each label (the tax invoice shows Arabic beside English);
 * by default the page's language alone.
 */
export function PriceLines({
  prices,
  couponCode,
  label,
}: {
  prices: Lines;
  couponCode?: string | null;
  label?: (t: TFunction, key: string, options?: Record<string, unknown>) => ReactNode;
}) {
  const { t } = useTranslation();
  const name = (key: string, options: Record<string, unknown> = {}) =>
    label ? label(t, key, options) : t(key, options);
  const { lang } = useLang();
  const money = (h: number) => formatMoney(lang, h);
  return (
    <Stack gap={8} data-testid="price-lines">
      <Line label={name('cart.ui_products_price')} value={money(prices.products)} testId="price-products" />
      {prices.installation > 0 ? (
        <Line
          label={name('cart.ui_installation_price')}
          value={money(prices.installation)}
          testId="price-installation"
        />
      ) : null}
      <Line
        label={name('cart.ui_delivery_price')}
        value={
          prices.delivery === null
            ? t('cart.ui_delivery_unknown')
            : prices.delivery === 0
              ? t('cart.ui_free')
              : money(prices.delivery)
        }
        testId="price-delivery"
      />
      {prices.discount > 0 ? (
        <Line
          label={couponCode ? name('cart.ui_discount_code', { code: couponCode }) : name('cart.ui_discount')}
          value={signedMoney(lang, -prices.discount)}
          color="teal.9"
          testId="price-discount"
        />
      ) : null}
      <Line
        label={name('cart.ui_tax', { rate: formatNumber(lang, prices.tax_rate) })}
        value={money(prices.tax)}
        testId="price-tax"
      />
      <Divider />
      <Line label={name('cart.ui_total')} value={money(prices.total)} strong testId="price-total" />
    </Stack>
  );
}
