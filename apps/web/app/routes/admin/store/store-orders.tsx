/** Dashboard store orders: search by number or customer, filters (status, payment method, city, dates), newest first. */
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminOrderItem } from '@pool/contracts/orders';
import { PAYMENT_METHODS, STORE_ORDER_STATUSES } from '@pool/contracts/store';
import type { Route } from './+types/store-orders';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, listWithCities } from '../../../features/admin/admin-api.server.ts';
import { AdminPage } from '../../../features/admin/admin-page.tsx';
import { DataTable, type Column } from '../../../features/admin/data-table.tsx';
import { CityFilter, DateFilter, ParamSelect, SearchBox } from '../../../features/admin/list-filters.tsx';
import { CustomerCell } from '../../../features/admin/order-cells.tsx';
import { OrderStatusBadge } from '../../../features/orders/status-badge.tsx';
import { methodKey } from '../../../features/orders/method-key.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_orders');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return listWithCities(api, request, '/api/admin/store-orders', [
    'q',
    'status',
    'payment_method',
    'city_id',
    'from',
    'to',
    'page',
  ]);
}

export default function StoreOrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, cities } = loaderData;
  const columns: Column<AdminOrderItem>[] = [
    {
      key: 'number',
      label: t('orders.ui_admin_number'),
      render: (o) => (
        <Anchor component={Link} to={`/admin/store-orders/${o.id}`} fw={700} dir="ltr" data-testid="admin-order-link">
          {o.number}
        </Anchor>
      ),
    },
    {
      key: 'customer',
      label: t('orders.ui_customer'),
      render: (o) => <CustomerCell name={o.customer_name} phone={o.customer_phone} />,
    },
    { key: 'city', label: t('cart.ui_city'), render: (o) => o.city ?? '—' },
    { key: 'date', label: t('orders.ui_admin_date'), render: (o) => formatDateTime('ar', o.created_at) },
    { key: 'method', label: t('orders.ui_payment_method'), render: (o) => t(methodKey(o.payment_method, o.total)) },
    { key: 'total', label: t('cart.ui_total'), render: (o) => formatMoney('ar', o.total) },
    {
      key: 'status',
      label: t('orders.ui_admin_status'),
      render: (o) => <OrderStatusBadge status={o.status} size="sm" />,
    },
  ];
  return (
    <AdminPage title={t('admin.group_orders')}>
      <Group gap="sm" align="flex-end">
        <SearchBox label={t('orders.ui_admin_search')} />
        <ParamSelect
          name="status"
          label={t('orders.ui_admin_status')}
          data={STORE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders.status_${s}`) }))}
          w={170}
          testId="filter-status"
        />
        <ParamSelect
          name="payment_method"
          label={t('orders.ui_payment_method')}
          data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`orders.ui_method_${m}`) }))}
          w={190}
        />
        <CityFilter cities={cities} label={t('cart.ui_city')} w={170} />
        <DateFilter name="from" label={t('orders.ui_admin_from')} />
        <DateFilter name="to" label={t('orders.ui_admin_to')} />
      </Group>
      <DataTable
        rows={list.data}
        columns={columns}
        pagination={list.pagination}
        caption={t('admin.group_orders')}
        testId="admin-orders-table"
      />
    </AdminPage>
  );
}
