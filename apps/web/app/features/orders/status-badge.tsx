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

/** A store order's state by its label (dark text on a light tint, for contrast). */
export function OrderStatusBadge({ status, size = 'md' }: { status: StoreOrderStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      size={size}
      color={COLORS[status]}
      c={`${COLORS[status]}.9`}
      data-testid="order-status"
      data-status={status}
    >
      {t(`orders.status_${status}`)}
    </Badge>
  );
}
