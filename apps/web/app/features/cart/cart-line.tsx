/** One cart line: picture, name and options, unit price, quantity stepper within the stock, installation, remove. */
import { ActionIcon, Anchor, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CartLine as Line } from '@pool/contracts/cart';
import { formatMoney, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { productHref } from '../store/index.ts';
import { Thumb } from './thumb.tsx';

export type LineChange =
  | { intent: 'quantity'; quantity: number }
  | { intent: 'installation'; with_installation: boolean }
  | { intent: 'remove' };

export function CartLine({
  line,
  busy,
  onChange,
}: {
  line: Line;
  busy: boolean;
  onChange: (change: LineChange) => void;
}) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const money = (h: number) => formatMoney(lang, h);
  const max = Math.max(1, line.max_quantity);
  // Prices with VAT, as the store shows them (ADR 0023).
  const discounted = line.unit_price_with_vat < line.original_price_with_vat;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="cart-line" data-variant={line.variant_id}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Thumb src={line.image} alt={line.name} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor
                component={Link}
                to={to(productHref({ id: line.product_id, slug: line.slug }))}
                fw={700}
                c="dark"
                lineClamp={2}
              >
                {line.name}
              </Anchor>
              {line.options ? (
                <Text fz="sm" c="gray.7">
                  {line.options}
                </Text>
              ) : null}
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onChange({ intent: 'remove' })}
              disabled={busy}
              aria-label={t('cart.ui_remove_of', { name: line.name })}
              data-testid="cart-remove"
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <Group gap="xs">
            <Text fw={700}>{money(line.unit_price_with_vat)}</Text>
            {discounted ? (
              <Text fz="sm" c="dimmed" td="line-through">
                {money(line.original_price_with_vat)}
              </Text>
            ) : null}
            <Text fz="xs" c="gray.7" data-testid="cart-line-vat-note">
              {t('store.incl_vat')}
            </Text>
          </Group>
          <Group justify="space-between" gap="sm">
            <Group gap={6} wrap="nowrap" role="group" aria-label={t('cart.ui_quantity_of', { name: line.name })}>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => onChange({ intent: 'quantity', quantity: line.quantity - 1 })}
                disabled={busy || line.quantity <= 1}
                aria-label={t('cart.ui_decrease')}
                data-testid="cart-decrease"
              >
                <IconMinus size={16} aria-hidden />
              </ActionIcon>
              <Text w={36} ta="center" fw={700} aria-live="polite" data-testid="cart-quantity">
                {formatNumber(lang, line.quantity)}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => onChange({ intent: 'quantity', quantity: line.quantity + 1 })}
                disabled={busy || line.quantity >= max}
                aria-label={t('cart.ui_increase')}
                data-testid="cart-increase"
              >
                <IconPlus size={16} aria-hidden />
              </ActionIcon>
            </Group>
            <Text fw={800} data-testid="cart-line-total">
              {money(line.line_total_with_vat)}
            </Text>
          </Group>
          {line.installation_available && line.installation_unit_price_with_vat !== null ? (
            <Checkbox
              label={t('cart.ui_with_installation', { price: money(line.installation_unit_price_with_vat) })}
              checked={line.with_installation}
              disabled={busy}
              onChange={(e) => onChange({ intent: 'installation', with_installation: e.currentTarget.checked })}
              data-testid="cart-installation"
            />
          ) : null}
          {line.problem_message ? (
            <Text fz="sm" c="red.8" role="alert">
              {line.problem_message}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
