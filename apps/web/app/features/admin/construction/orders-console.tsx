/**
 * Construction orders in the operations console: their filters (state, city, engineer) beside the
 * console's search and kind, and the list (number opening the order, customer, the design's picture
 * with its type and sizes, city, requested when, state, engineer).
 */
import { Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONSTRUCTION_STATUSES } from '@pool/contracts/construction';
import type { ConstructionAdminItem } from '@pool/contracts/construction-admin';
import type { Pagination } from '@pool/contracts/core';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { ConstructionStatusBadge } from '../../construction/index.ts';
import { DataTable, type Column } from '../data-table.tsx';
import { CityFilter, ParamSelect } from '../list-filters.tsx';
import { CustomerCell, OrderNumberLink } from '../order-cells.tsx';

type Choice = { id: number; name: string };

/** The dashboard's page of a construction order. */
export const constructionOrderPath = (id: number) => `/admin/service-orders/construction/${id}`;

export function ConstructionFilters({ cities, engineers }: { cities: Choice[]; engineers: Choice[] }) {
  const { t } = useTranslation();
  return (
    <>
      <ParamSelect
        name="status"
        label={t('operations.filter_state')}
        data={CONSTRUCTION_STATUSES.map((s) => ({ value: s, label: t(`construction-site.status_${s}`) }))}
        w={190}
        testId="filter-status"
      />
      <CityFilter cities={cities} label={t('operations.filter_city')} w={170} />
      {engineers.length > 0 ? (
        <ParamSelect
          name="staff_id"
          label={t('construction-admin.filter_engineer')}
          data={engineers.map((s) => ({ value: String(s.id), label: s.name }))}
          w={190}
          searchable
          testId="filter-engineer"
        />
      ) : null}
    </>
  );
}

export function ConstructionOrdersTable({ list }: { list: { data: ConstructionAdminItem[]; pagination: Pagination } }) {
  const { t } = useTranslation();
  const n = (v: number) => formatNumber('ar', v);
  const columns: Column<ConstructionAdminItem>[] = [
    {
      key: 'number',
      label: t('operations.col_number'),
      render: (o) => <OrderNumberLink to={constructionOrderPath(o.id)} number={o.number} />,
    },
    {
      key: 'customer',
      label: t('operations.col_customer'),
      render: (o) => <CustomerCell name={o.customer_name} phone={o.customer_phone} />,
    },
    {
      key: 'design',
      label: t('construction-admin.col_design'),
      render: (o) => (
        <Group gap="sm" wrap="nowrap" miw={200}>
          <Image src={o.snapshot} alt="" w={56} h={40} radius="sm" fit="cover" bg="gray.1" />
          <Stack gap={0}>
            <Text fz="sm" fw={600}>
              {o.design_type}
            </Text>
            <Text fz="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
              {t('construction-admin.sizes', { length: n(o.length), width: n(o.width), depth: n(o.depth) })}
            </Text>
          </Stack>
        </Group>
      ),
    },
    { key: 'city', label: t('operations.col_city'), render: (o) => o.city ?? '—' },
    {
      key: 'created',
      label: t('construction-admin.col_requested'),
      render: (o) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime('ar', o.created_at)}
        </Text>
      ),
    },
    {
      key: 'state',
      label: t('operations.col_state'),
      render: (o) => (
        <div style={{ minWidth: 'max-content' }}>
          <ConstructionStatusBadge status={o.status} size="sm" />
        </div>
      ),
    },
    {
      key: 'engineer',
      label: t('construction-admin.col_engineer'),
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
  return (
    <DataTable
      rows={list.data}
      columns={columns}
      pagination={list.pagination}
      caption={t('operations.title')}
      testId="service-orders-table"
    />
  );
}
