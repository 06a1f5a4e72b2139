/** `/orders/immediate_maintenance`: my immediate maintenance orders by the spec's tabs. */
import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MaintenanceOrderItem } from '@pool/contracts/maintenance';
import type { Route } from './+types/orders';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { MaintenanceOrderCard } from '../../features/maintenance/order-cards.tsx';
import { listQuery } from '../../features/orders/load.server.ts';
import { OrdersList } from '../../features/orders/orders-list.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'maintenance-site.orders_title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  const { tab, query } = listQuery(request, 'all');
  const none = { orders: [] as MaintenanceOrderItem[], pagination: null, tab };
  if (!api.auth || api.auth.is_guest) return none;
  const res = await api.GET('/api/user/maintenance-orders', { params: { query } });
  return isSuccess(res) ? { orders: res.data.data, pagination: res.data.pagination, tab } : none;
}

export default function MaintenanceOrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  return (
    <AccountPage title={t('maintenance-site.orders_title')}>
      <Group>
        <Button
          component={Link}
          to={to('/Immediate_maintenance')}
          leftSection={<IconPlus size={18} aria-hidden />}
          data-testid="maintenance-new"
        >
          {t('maintenance-site.new_request')}
        </Button>
      </Group>
      <OrdersList
        orders={loaderData.orders}
        pagination={loaderData.pagination}
        tab={loaderData.tab}
        withAll
        card={(o) => <MaintenanceOrderCard order={o} />}
      />
    </AccountPage>
  );
}
