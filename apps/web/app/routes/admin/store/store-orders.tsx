/** Dashboard store orders: search by number or customer, filters (status, payment method, city, dates), newest first. */
import { Anchor, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAYMENT_METHODS, STORE_ORDER_STATUSES, type AdminOrderItem, type Pagination } from '@pool/contracts';
import type { Route } from './+types/store-orders';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, queryOf } from '../../../features/admin/admin-api.server.ts';
import { AdminPage } from '../../../features/admin/admin-page.tsx';
import { DataTable, useListParams, type Column } from '../../../features/admin/data-table.tsx';
import { SearchBox } from '../../../features/admin/list-filters.tsx';
import { OrderStatusBadge } from '../../../features/orders/status-badge.tsx';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_orders');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const [list, cities] = await Promise.all([
    api.read<{ data: AdminOrderItem[]; pagination: Pagination }>(
      '/store-orders',
      queryOf(request, ['q', 'status', 'payment_method', 'city_id', 'from', 'to', 'page']),
    ),
    api.site<{ id: number; name: string }>('/user/cities'),
  ]);
  return { list, cities };
}

export default function StoreOrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, cities } = loaderData;
  const params = useListParams();
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
      render: (o) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {o.customer_name}
          </Text>
          <Text fz="xs" c="gray.7" dir="ltr" ta="right">
            {o.customer_phone}
          </Text>
        </Stack>
      ),
    },
    { key: 'city', label: t('cart.ui_city'), render: (o) => o.city ?? '—' },
    { key: 'date', label: t('orders.ui_admin_date'), render: (o) => formatDateTime('ar', o.created_at) },
    { key: 'method', label: t('orders.ui_payment_method'), render: (o) => t(`orders.ui_method_${o.payment_method}`) },
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
        <Select
          label={t('orders.ui_admin_status')}
          placeholder={t('admin.people_all')}
          data={STORE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders.status_${s}`) }))}
          value={params.get('status') || null}
          onChange={(v) => params.set({ status: v })}
          clearable
          w={170}
          data-testid="filter-status"
        />
        <Select
          label={t('orders.ui_payment_method')}
          placeholder={t('admin.people_all')}
          data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`orders.ui_method_${m}`) }))}
          value={params.get('payment_method') || null}
          onChange={(v) => params.set({ payment_method: v })}
          clearable
          w={190}
        />
        <Select
          label={t('cart.ui_city')}
          placeholder={t('admin.people_all')}
          data={cities.map((c) => ({ value: String(c.id), label: c.name }))}
          value={params.get('city_id') || null}
          onChange={(v) => params.set({ city_id: v })}
          clearable
          searchable
          w={170}
        />
        <TextInput
          type="date"
          label={t('orders.ui_admin_from')}
          value={params.get('from')}
          onChange={(e) => params.set({ from: e.currentTarget.value || null })}
          w={160}
        />
        <TextInput
          type="date"
          label={t('orders.ui_admin_to')}
          value={params.get('to')}
          onChange={(e) => params.set({ to: e.currentTarget.value || null })}
          w={160}
        />
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
