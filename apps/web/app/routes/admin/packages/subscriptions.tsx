/**
 * Dashboard package subscriptions: search by number or customer phone, filters (state, package,
 * city) and the page in the URL, newest first; each opens its page with the visits.
 */
import { Anchor, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUBSCRIPTION_STATUSES, type AdminSubscriptionItem } from '@pool/contracts/packages';
import type { Route } from './+types/subscriptions';
import { isSuccess } from '../../../lib/api.server.ts';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { adminApi, listWithCities } from '../../../features/admin/admin-api.server.ts';
import { AdminPage } from '../../../features/admin/admin-page.tsx';
import { DataTable, type Column } from '../../../features/admin/data-table.tsx';
import { CityFilter, ParamSelect, SearchBox } from '../../../features/admin/list-filters.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { CustomerCell } from '../../../features/admin/order-cells.tsx';
import { PeriodText, SubscriptionBadge } from '../../../features/admin/packages/cells.tsx';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'packages-admin.subscriptions_title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const [lists, packages] = await Promise.all([
    listWithCities(api, request, '/api/admin/subscriptions', ['q', 'status', 'package_id', 'city_id', 'page']),
    // The package filter's choices: an admin without packages.view filters without names.
    api.GET('/api/admin/packages', { params: { query: {} } }),
  ]);
  return {
    ...lists,
    packages: isSuccess(packages) ? packages.data.data.map((p) => ({ value: String(p.id), label: p.name_ar })) : [],
  };
}

export default function SubscriptionsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, cities, packages } = loaderData;
  const columns: Column<AdminSubscriptionItem>[] = [
    {
      key: 'number',
      label: t('packages-admin.sub_number'),
      render: (s) => (
        <Anchor
          component={Link}
          to={`/admin/subscriptions/${s.id}`}
          fw={700}
          dir="ltr"
          style={{ whiteSpace: 'nowrap' }}
          data-testid="subscription-link"
        >
          {s.number}
        </Anchor>
      ),
    },
    {
      key: 'customer',
      label: t('packages-admin.sub_customer'),
      render: (s) => (
        <Box miw={130}>
          <CustomerCell name={s.customer_name} phone={s.customer_phone} />
        </Box>
      ),
    },
    {
      key: 'package',
      label: t('packages-admin.sub_package'),
      render: (s) => (
        <Text fz="sm" miw={120}>
          {s.package_name}
        </Text>
      ),
    },
    { key: 'status', label: t('packages-admin.sub_status'), render: (s) => <SubscriptionBadge status={s.status} /> },
    {
      key: 'period',
      label: t('packages-admin.sub_period'),
      render: (s) => (
        <Text fz="sm" miw={90}>
          <PeriodText sub={s} />
        </Text>
      ),
    },
    {
      key: 'visits',
      label: t('packages-admin.sub_visits'),
      render: (s) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }} data-testid="subscription-visits">
          {t('packages-admin.sub_visits_of', {
            remaining: formatNumber('ar', s.visits_remaining),
            total: formatNumber('ar', s.visits_total),
          })}
        </Text>
      ),
    },
    {
      key: 'renew',
      label: t('packages-admin.sub_auto_renew'),
      render: (s) => t(s.auto_renew ? 'packages-admin.sub_on' : 'packages-admin.sub_off'),
    },
    {
      key: 'total',
      label: t('packages-admin.sub_total'),
      render: (s) => <Text style={{ whiteSpace: 'nowrap' }}>{formatMoney('ar', s.total)}</Text>,
    },
  ];
  return (
    <AdminPage title={t('packages-admin.subscriptions_title')} description={t('packages-admin.subscriptions_about')}>
      <Group gap="sm" align="flex-end">
        <SearchBox label={t('packages-admin.sub_search')} />
        <ParamSelect
          name="status"
          label={t('packages-admin.sub_status')}
          data={SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: t(`packages-admin.sub_status_${s}`) }))}
          w={170}
          testId="subscriptions-status"
        />
        {packages.length ? (
          <ParamSelect
            name="package_id"
            label={t('packages-admin.sub_package')}
            data={packages}
            w={200}
            searchable
            testId="subscriptions-package"
          />
        ) : null}
        <CityFilter cities={cities} label={t('packages-admin.sub_city')} w={170} />
      </Group>
      <DataTable
        rows={list.data}
        columns={columns}
        pagination={list.pagination}
        caption={t('packages-admin.subscriptions_title')}
        testId="subscriptions-table"
        compact
      />
    </AdminPage>
  );
}
