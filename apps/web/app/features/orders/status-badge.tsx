import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StoreOrderStatus } from '@pool/contracts/orders';

const COLORS: Record<StoreOrderStatus, string> = {
  pending_payment: 'orange',
  new: 'blue',
  preparing: 'indigo',
  delivering: 'cyan',
  delivered: 'teal',
  cancelled: 'gray',
  refused: 'red',
};

/** Teal's darkest shade (teal.9) is short of AA contrast on its own light tint at a badge's size: one darker. */
const TEXT: Record<string, string> = { teal: '#066048' };

/** An order's state by its label (dark text on a light tint, for contrast): any kind's, given its label and colour. */
export function StateBadge({
  status,
  label,
  color,
  size = 'md',
}: {
  status: string;
  label: string;
  color: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge
      variant="light"
      size={size}
      color={color}
      c={TEXT[color] ?? `${color}.9`}
      data-testid="order-status"
      data-status={status}
    >
      {label}
    </Badge>
  );
}

/** A store order's state by its label. */
export function OrderStatusBadge({ status, size = 'md' }: { status: StoreOrderStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return <StateBadge status={status} label={t(`orders.status_${status}`)} color={COLORS[status]} size={size} />;
}
