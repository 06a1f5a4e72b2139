/**
 * The operations console's list of service orders (immediate maintenance and a package's visits):
 * filters in the URL (kind, state, city, visit day, technician, number or phone), the visit time in
 * Riyadh, the state and the technician; the open orders of the list on a map (clustered) or,
 * without a maps key, as a table of their locations (with none pinned, how many match and why);
 * and the way to the technicians' calendar.
 * A package's visit waiting for the customer's new date has no time: it is not listed (nor its state offered).
 * Construction orders (`?kind=pool_construction`) have their own list, filters and page.
 */
import { Button, Group, Text } from '@mantine/core';
import { IconCalendarWeek } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SERVICE_ORDER_KINDS, SERVICE_ORDER_STATUSES, type ServiceOrderItem } from '@pool/contracts/maintenance';
import { ORDER_MACHINES } from '@pool/contracts/orders';
import type { Route } from './+types/service-orders';
import { formatDateTime } from '../../../lib/format.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, listOrEmpty, listWithCities, queryOf } from '../../../features/admin/admin-api.server.ts';
import { isSuccess } from '../../../lib/api.server.ts';
import { asSent, type PathQuery } from '../../../lib/api.ts';
import { AdminPage } from '../../../features/admin/admin-page.tsx';
import { DataTable, type Column } from '../../../features/admin/data-table.tsx';
import { CityFilter, DateFilter, ParamSelect, SearchBox } from '../../../features/admin/list-filters.tsx';
import { CustomerCell, OrderNumberLink } from '../../../features/admin/order-cells.tsx';
import { ServiceStatusBadge, useStatusLabel } from '../../../features/admin/service-orders/status.tsx';
import { OpenOrdersMap } from '../../../features/admin/service-orders/orders-map.tsx';
import { ConstructionFilters, ConstructionOrdersTable } from '../../../features/admin/construction/orders-console.tsx';
import { loadConstructionConsole } from '../../../features/admin/construction/orders-console.server.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'operations.title');

/** The list's filters in the URL (the map takes the same). */
const FILTERS = ['q', 'kind', 'status', 'city_id', 'staff_id', 'date'] as const;

/** The kinds the console lists: the field visits, and construction orders (a list of their own). */
const CONSOLE_KINDS = [...SERVICE_ORDER_KINDS, 'pool_construction'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  if (queryOf(request, ['kind']).kind === 'pool_construction')
    return { kind: 'pool_construction' as const, construction: await loadConstructionConsole(api, request) };
  const [{ list, cities }, technicians, map] = await Promise.all([
    listWithCities(api, request, '/api/admin/service-orders', [...FILTERS, 'page']),
    // The technician filter's choices: empty for an admin who may not list the staff.
    listOrEmpty(
      api
        .GET('/api/admin/staff', { params: { query: { job: 'technician', status: 'active' } } })
        .then((r) => ({ ...r, data: r.data?.data ?? [] })),
    ),
    // The map: every open order the filters keep, not only this page's; and how many have no pin.
    api.GET('/api/admin/service-orders/pins', {
      params: { query: asSent<PathQuery<'get', '/api/admin/service-orders/pins'>>(queryOf(request, FILTERS)) },
    }),
  ]);
  const kind = SERVICE_ORDER_KINDS.find((k) => k === queryOf(request, ['kind']).kind) ?? null;
  const { pins, unpinned } = isSuccess(map) ? map.data : { pins: [], unpinned: 0 };
  return { list, cities, pins, unpinned, kind, technicians: technicians.map((s) => ({ id: s.id, name: s.name })) };
}

export default function ServiceOrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const status = useStatusLabel();
  const page = (children: React.ReactNode) => (
    <AdminPage
      title={t('operations.title')}
      description={t('operations.intro')}
      actions={
        <Button
          component={Link}
          to="/admin/visits-calendar"
          variant="light"
          leftSection={<IconCalendarWeek size={18} aria-hidden />}
          data-testid="open-visits-calendar"
        >
          {t('visits-calendar.title')}
        </Button>
      }
    >
      {children}
    </AdminPage>
  );
  const kindFilter = (
    <ParamSelect
      name="kind"
      label={t('operations.filter_kind')}
      data={CONSOLE_KINDS.map((k) => ({ value: k, label: t(`operations.kind_${k}`) }))}
      w={170}
      clears={['status', 'staff_id', 'date']}
      testId="filter-kind"
    />
  );
  if (loaderData.kind === 'pool_construction') {
    const { list, cities, engineers } = loaderData.construction;
    return page(
      <>
        <Group gap="sm" align="flex-end">
          <SearchBox label={t('operations.search')} />
          {kindFilter}
          <ConstructionFilters cities={cities} engineers={engineers} />
        </Group>
        <ConstructionOrdersTable list={list} />
      </>,
    );
  }
  const { list, cities, pins, unpinned, technicians, kind } = loaderData;
  const states = (kind ? ORDER_MACHINES[kind].states : SERVICE_ORDER_STATUSES).filter((s) => s !== 'unscheduled');
  const columns: Column<ServiceOrderItem>[] = [
    {
      key: 'number',
      label: t('operations.col_number'),
      render: (o) => <OrderNumberLink to={`/admin/service-orders/${o.id}`} number={o.number} />,
    },
    {
      key: 'customer',
      label: t('operations.col_customer'),
      render: (o) => <CustomerCell name={o.customer_name} phone={o.customer_phone} />,
    },
    {
      key: 'kind',
      label: t('operations.filter_kind'),
      render: (o) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {t(`operations.kind_${o.kind}`)}
        </Text>
      ),
    },
    { key: 'city', label: t('operations.col_city'), render: (o) => o.city ?? '—' },
    {
      key: 'scheduled',
      label: t('operations.col_scheduled'),
      render: (o) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime('ar', o.scheduled_at)}
        </Text>
      ),
    },
    {
      key: 'state',
      label: t('operations.col_state'),
      render: (o) => <ServiceStatusBadge status={o.status} size="sm" />,
    },
    {
      key: 'technician',
      label: t('operations.col_technician'),
      render: (o) =>
        o.staff ? (
          <Text fz="sm">{o.staff.name}</Text>
        ) : (
          <Text fz="sm" c="gray.7">
            {t('operations.unassigned')}
          </Text>
        ),
    },
  ];
  return page(
    <>
      <Group gap="sm" align="flex-end">
        <SearchBox label={t('operations.search')} />
        {kindFilter}
        <ParamSelect
          name="status"
          label={t('operations.filter_state')}
          data={states.map((s) => ({ value: s, label: status(s) }))}
          w={190}
          testId="filter-status"
        />
        <CityFilter cities={cities} label={t('operations.filter_city')} w={170} />
        <DateFilter name="date" label={t('operations.filter_date')} />
        {technicians.length > 0 ? (
          <ParamSelect
            name="staff_id"
            label={t('operations.filter_technician')}
            data={technicians.map((s) => ({ value: String(s.id), label: s.name }))}
            w={190}
            searchable
            testId="filter-technician"
          />
        ) : null}
      </Group>
      <DataTable
        rows={list.data}
        columns={columns}
        pagination={list.pagination}
        caption={t('operations.title')}
        testId="service-orders-table"
      />
      <OpenOrdersMap orders={pins} unpinned={unpinned} />
    </>,
  );
}
