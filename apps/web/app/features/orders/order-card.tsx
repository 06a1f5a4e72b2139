/** One order in a list: picture, number, date, state, what was bought, total (and the frame other kinds' cards share). */
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StoreOrderItem } from '@pool/contracts/orders';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { Thumb } from '../cart/index.ts';
import { OrderStatusBadge } from './status-badge.tsx';

/** The frame of an order in a list, any kind: a link around its picture, its lines and the chevron. */
export function OrderCardFrame({
  to,
  picture,
  children,
}: {
  to: string;
  picture: React.ReactNode;
  children: React.ReactNode;
}) {
  const { lang } = useLang();
  const Chevron = lang === 'ar' ? IconChevronLeft : IconChevronRight;
  return (
    // Its name is what it shows (number, state, what was ordered).
    <UnstyledButton component={Link} to={to} data-testid="order-card">
      <Paper withBorder radius="lg" p="md">
        <Group gap="md" wrap="nowrap" align="center">
          {picture}
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            {children}
          </Stack>
          <Chevron size={18} color="var(--mantine-color-gray-6)" aria-hidden />
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/** An order's lines in its card: number and state, title, then a note and the total. */
export function OrderCardLines({
  number,
  badge,
  title,
  note,
  total,
}: {
  number: string;
  badge: React.ReactNode;
  title: string;
  note: React.ReactNode;
  total: string;
}) {
  return (
    <>
      <Group justify="space-between" gap="xs">
        <Text fw={800} dir="ltr" data-testid="order-number">
          {number}
        </Text>
        {badge}
      </Group>
      <Text fz="sm" truncate>
        {/* What the customer wrote keeps its own direction (Arabic words on the English page). */}
        <bdi>{title}</bdi>
      </Text>
      <Group justify="space-between" gap="xs">
        <Text fz="xs" c="gray.7">
          {note}
        </Text>
        <Text fw={700} fz="sm">
          {total}
        </Text>
      </Group>
    </>
  );
}

export function OrderCard({ order }: { order: StoreOrderItem }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  return (
    <OrderCardFrame
      to={to(`/orders/online_store_order/${order.id}`)}
      picture={<Thumb src={order.image} alt="" size={64} />}
    >
      <OrderCardLines
        number={order.number}
        badge={<OrderStatusBadge status={order.status} size="sm" />}
        title={order.title}
        note={`${formatDateTime(lang, order.created_at)} · ${t('orders.ui_units', { count: order.items_count })}`}
        total={formatMoney(lang, order.total)}
      />
    </OrderCardFrame>
  );
}
