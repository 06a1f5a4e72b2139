/**
 * The price lines of spec section 3 as the server computed them, with VAT as the store shows
 * prices (ADR 0023): products, installation, delivery, discount; then the VAT broken out (the total
 * before VAT and the VAT with its rate) and the total last, as a Saudi tax invoice closes (the total
 * above the VAT lines read as if they were added to it).
 */
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
      <Line label={name('cart.ui_products_price')} value={money(prices.products_with_vat)} testId="price-products" />
      {prices.installation_with_vat > 0 ? (
        <Line
          label={name('cart.ui_installation_price')}
          value={money(prices.installation_with_vat)}
          testId="price-installation"
        />
      ) : null}
      <Line
        label={name('cart.ui_delivery_price')}
        value={
          prices.delivery_with_vat === null
            ? t('cart.ui_delivery_unknown')
            : prices.delivery_with_vat === 0
              ? t('cart.ui_free')
              : money(prices.delivery_with_vat)
        }
        testId="price-delivery"
      />
      {prices.discount_with_vat > 0 ? (
        <Line
          label={couponCode ? name('cart.ui_discount_code', { code: couponCode }) : name('cart.ui_discount')}
          value={signedMoney(lang, -prices.discount_with_vat)}
          color="teal.9"
          testId="price-discount"
        />
      ) : null}
      <Divider />
      <Line
        label={name('cart.ui_total_before_vat')}
        value={money(prices.total - prices.tax)}
        testId="price-before-vat"
      />
      <Line
        label={name('cart.ui_tax', { rate: formatNumber(lang, prices.tax_rate) })}
        value={money(prices.tax)}
        testId="price-tax"
      />
      <Line label={name('cart.ui_total')} value={money(prices.total)} strong testId="price-total" />
    </Stack>
  );
}
