/** One order in a list: picture, number, date, state, what was bought, total. */
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StoreOrderItem } from '@pool/contracts/orders';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { Thumb } from '../cart/index.ts';
import { OrderStatusBadge } from './status-badge.tsx';

export function OrderCard({ order }: { order: StoreOrderItem }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const Chevron = lang === 'ar' ? IconChevronLeft : IconChevronRight;
  return (
    <UnstyledButton
      component={Link}
      to={to(`/orders/online_store_order/${order.id}`)}
      data-testid="order-card"
      aria-label={t('orders.ui_open_order', { number: order.number })}
    >
      <Paper withBorder radius="lg" p="md">
        <Group gap="md" wrap="nowrap" align="center">
          <Thumb src={order.image} alt="" size={64} />
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" gap="xs">
              <Text fw={800} dir="ltr" data-testid="order-number">
                {order.number}
              </Text>
              <OrderStatusBadge status={order.status} size="sm" />
            </Group>
            <Text fz="sm" truncate>
              {order.title}
            </Text>
            <Group justify="space-between" gap="xs">
              <Text fz="xs" c="gray.7">
                {formatDateTime(lang, order.created_at)} · {t('orders.ui_units', { count: order.items_count })}
              </Text>
              <Text fw={700} fz="sm">
                {formatMoney(lang, order.total)}
              </Text>
            </Group>
          </Stack>
          <Chevron size={18} color="var(--mantine-color-gray-6)" aria-hidden />
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
