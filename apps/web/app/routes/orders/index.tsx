/** `/orders`: my orders by the spec's tabs (new, current, waiting, pending payment, finished). */
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/index';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { loadOrders } from '../../features/orders/load.server.ts';
import { OrdersList } from '../../features/orders/orders-list.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'orders.ui_title');

export const loader = ({ request, context }: Route.LoaderArgs) => loadOrders(context, request, 'new');

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  return (
    <AccountPage title={t('orders.ui_title')}>
      <Group gap="lg">
        <Anchor component={Link} to={to('/orders/online_store_order')} fw={600} data-testid="store-orders-link">
          {t('orders.ui_store_orders')}
        </Anchor>
      </Group>
      <OrdersList orders={loaderData.orders} pagination={loaderData.pagination} tab={loaderData.tab} />
    </AccountPage>
  );
}
