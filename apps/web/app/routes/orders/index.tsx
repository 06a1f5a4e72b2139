/** `/orders`: my orders of every kind (store, immediate maintenance, …) by the spec's tabs (new, current, waiting, pending payment, finished). */
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORDER_TABS, type OrderTab } from '@pool/contracts/orders';
import type { CustomerOrderItem } from '@pool/contracts/maintenance';
import type { Route } from './+types/index';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { AnyOrderCard } from '../../features/maintenance/order-cards.tsx';
import { OrdersList } from '../../features/orders/orders-list.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'orders.ui_title');

const isTab = (tab: string): tab is OrderTab => (ORDER_TABS as readonly string[]).includes(tab);

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  const url = new URL(request.url);
  const asked = url.searchParams.get('tab') ?? 'new';
  const tab: OrderTab = isTab(asked) ? asked : 'new';
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  const none = { orders: [] as CustomerOrderItem[], pagination: null, tab };
  if (!api.auth || api.auth.is_guest) return none;
  const res = await api.GET('/api/user/orders', { params: { query: { page, tab } } });
  return isSuccess(res) ? { orders: res.data.data, pagination: res.data.pagination, tab } : none;
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  return (
    <AccountPage title={t('orders.ui_title')}>
      <Group gap="lg">
        <Anchor component={Link} to={to('/orders/online_store_order')} fw={600} data-testid="store-orders-link">
          {t('orders.ui_store_orders')}
        </Anchor>
        <Anchor
          component={Link}
          to={to('/orders/immediate_maintenance')}
          fw={600}
          data-testid="maintenance-orders-link"
        >
          {t('maintenance-site.orders_link')}
        </Anchor>
        <Anchor component={Link} to={to('/orders/scheduled_maintenance')} fw={600} data-testid="scheduled-orders-link">
          {t('packages.ui_orders_link')}
        </Anchor>
      </Group>
      <OrdersList
        orders={loaderData.orders}
        pagination={loaderData.pagination}
        tab={loaderData.tab}
        card={(o) => <AnyOrderCard order={o} />}
      />
    </AccountPage>
  );
}
