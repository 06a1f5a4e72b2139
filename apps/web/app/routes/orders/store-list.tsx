/** `/orders/online_store_order`: all my store orders, or one tab. */
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/store-list';
import { pageMeta } from '../../lib/page-meta.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { loadOrders } from '../../features/orders/load.server.ts';
import { OrdersList } from '../../features/orders/orders-list.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'orders.ui_store_orders');

export const loader = ({ request, context }: Route.LoaderArgs) => loadOrders(context, request, 'all');

export default function StoreOrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AccountPage title={t('orders.ui_store_orders')}>
      <OrdersList orders={loaderData.orders} pagination={loaderData.pagination} tab={loaderData.tab} withAll />
    </AccountPage>
  );
}
