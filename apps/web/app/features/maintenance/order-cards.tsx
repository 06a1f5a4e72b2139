/** Orders in a list: a maintenance order (number, state, problem, visit time, total), and any kind's order on the orders page. */
import { ThemeIcon } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerOrderItem, MaintenanceOrderItem, MaintenanceStatus } from '@pool/contracts/maintenance';
import type { ConstructionStatus } from '@pool/contracts/construction';
import type { StoreOrderStatus } from '@pool/contracts/orders';
import type { SubscriptionStatus } from '@pool/contracts/packages';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { Thumb } from '../cart/index.ts';
import { ConstructionStatusBadge } from '../construction/index.ts';
import { OrderCardFrame, OrderCardLines, OrderStatusBadge } from '../orders/index.ts';
import { SubscriptionStatusBadge } from '../packages/index.ts';
import { MaintenanceStatusBadge } from './status.tsx';

const ToolIcon = () => (
  <ThemeIcon size={64} radius="md" variant="light" color="cyan" aria-hidden>
    <IconTool size={30} />
  </ThemeIcon>
);

/** Closed before anything was charged: no price offer is coming any more. */
const CLOSED = new Set(['cancelled', 'refused']);

/** The total; before there is one, "price offer coming", or "no charge" once the order is closed. */
function useTotal() {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (total: number, status: string) =>
    total ? formatMoney(lang, total) : t(CLOSED.has(status) ? 'orders.ui_no_charge' : 'maintenance-site.no_price_yet');
}

export function MaintenanceOrderCard({ order }: { order: MaintenanceOrderItem }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const total = useTotal();
  return (
    <OrderCardFrame to={to(`/orders/immediate_maintenance/${order.id}`)} picture={<ToolIcon />}>
      <OrderCardLines
        number={order.number}
        badge={<MaintenanceStatusBadge status={order.status} size="sm" />}
        title={order.problem}
        note={t('maintenance-site.visit_at', { time: formatDateTime(lang, order.scheduled_at) })}
        total={total(order.total, order.status)}
      />
    </OrderCardFrame>
  );
}

/** The name of a service order's kind on the orders page. */
const KIND_TITLES: Partial<Record<CustomerOrderItem['kind'], string>> = {
  package_subscription: 'packages.ui_title',
  pool_construction: 'construction-site.orders_link',
};

/** Any kind's order on the orders page: its state named by its kind's texts. */
export function AnyOrderCard({ order }: { order: CustomerOrderItem }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const total = useTotal();
  const store = order.kind === 'store';
  return (
    <OrderCardFrame
      to={to(order.path)}
      picture={
        store || (order.kind === 'pool_construction' && order.image) ? (
          <Thumb src={order.image} alt="" size={64} />
        ) : (
          <ToolIcon />
        )
      }
    >
      <OrderCardLines
        number={order.number}
        badge={
          store ? (
            <OrderStatusBadge status={order.status as StoreOrderStatus} size="sm" />
          ) : order.kind === 'package_subscription' ? (
            <SubscriptionStatusBadge status={order.status as SubscriptionStatus} size="sm" />
          ) : order.kind === 'pool_construction' ? (
            <ConstructionStatusBadge status={order.status as ConstructionStatus} size="sm" />
          ) : (
            <MaintenanceStatusBadge status={order.status as MaintenanceStatus} size="sm" />
          )
        }
        title={order.title}
        note={`${store ? '' : `${t(KIND_TITLES[order.kind] ?? 'maintenance-site.title')} · `}${formatDateTime(lang, order.created_at)}`}
        total={total(order.total, order.status)}
      />
    </OrderCardFrame>
  );
}
