/**
 * The dashboard's inbox of complaints and inquiries: filters in the URL (type, state with its
 * count, the order's kind or none, how long it has waited, mine), newest first, each with its
 * customer, the order it is about, its state and the admin handling it.
 */
import { Anchor, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  COMPLAINT_AGES,
  COMPLAINT_KINDS,
  COMPLAINT_ORDER_FILTERS,
  COMPLAINT_STATUSES,
  type AdminComplaintItem,
} from '@pool/contracts/complaints';
import type { Route } from './+types/inbox';
import { displayPhone, formatDateTime } from '../../../lib/format.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, readWithUrl } from '../../../features/admin/admin-api.server.ts';
import { AdminPage } from '../../../features/admin/admin-page.tsx';
import { DataTable, useListParams, type Column } from '../../../features/admin/data-table.tsx';
import { ParamSelect } from '../../../features/admin/list-filters.tsx';
import { CustomerCell } from '../../../features/admin/order-cells.tsx';
import { ComplaintStatusBadge, useOrderKindLabel } from '../../../features/complaints/index.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'complaints-admin.title');

const FILTERS = ['kind', 'status', 'order_kind', 'age', 'mine', 'page'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return { list: await readWithUrl(api, '/api/admin/complaints', request, FILTERS) };
}

function MineFilter() {
  const { t } = useTranslation();
  const params = useListParams();
  return (
    <Checkbox
      label={t('complaints-admin.mine')}
      checked={params.get('mine') === '1'}
      onChange={(e) => params.set({ mine: e.currentTarget.checked ? '1' : null })}
      mb={8}
      data-testid="filter-mine"
    />
  );
}

export default function ComplaintsInbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const orderKind = useOrderKindLabel();
  const { list } = loaderData;
  const columns: Column<AdminComplaintItem>[] = [
    {
      key: 'id',
      label: t('complaints-admin.col_id'),
      render: (c) => (
        <Anchor
          component={Link}
          to={`/admin/complaints/${c.id}`}
          fw={700}
          style={{ whiteSpace: 'nowrap' }}
          data-testid="complaint-link"
        >
          {t('complaints-admin.item_title', { kind: t(`complaints.kind_${c.kind}`), id: c.id })}
        </Anchor>
      ),
    },
    {
      key: 'customer',
      label: t('complaints-admin.col_customer'),
      render: (c) => (
        <CustomerCell name={c.customer.name} phone={displayPhone(c.customer.country_code, c.customer.phone)} />
      ),
    },
    {
      key: 'subject',
      label: t('complaints-admin.col_subject'),
      width: 240,
      render: (c) => (
        <Text fz="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {c.excerpt}
        </Text>
      ),
    },
    {
      key: 'order',
      label: t('complaints-admin.col_order'),
      render: (c) =>
        c.order ? (
          <Stack gap={0}>
            <Text fz="sm" dir="ltr" ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {c.order.number}
            </Text>
            <Text fz="xs" c="gray.7">
              {orderKind(c.order.kind)}
            </Text>
          </Stack>
        ) : (
          <Text fz="sm" c="gray.7">
            —
          </Text>
        ),
    },
    {
      key: 'status',
      label: t('complaints-admin.col_status'),
      width: 110,
      render: (c) => <ComplaintStatusBadge status={c.status} size="sm" />,
    },
    {
      key: 'assignee',
      label: t('complaints-admin.col_assignee'),
      render: (c) => (
        <Text fz="sm" c={c.assignee ? undefined : 'gray.7'}>
          {c.assignee?.name ?? t('complaints-admin.unassigned')}
        </Text>
      ),
    },
    {
      key: 'created',
      label: t('complaints-admin.col_created'),
      render: (c) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime('ar', c.created_at)}
        </Text>
      ),
    },
  ];
  return (
    <AdminPage title={t('complaints-admin.title')} description={t('complaints-admin.intro')}>
      <Group gap="sm" align="flex-end">
        <ParamSelect
          name="status"
          label={t('complaints-admin.filter_status')}
          data={COMPLAINT_STATUSES.map((s) => ({
            value: s,
            label: `${t(`complaints.status_${s}`)} (${list.counts[s]})`,
          }))}
          w={180}
          testId="filter-status"
        />
        <ParamSelect
          name="kind"
          label={t('complaints-admin.filter_kind')}
          data={COMPLAINT_KINDS.map((k) => ({ value: k, label: t(`complaints.kind_${k}`) }))}
          w={150}
          testId="filter-kind"
        />
        <ParamSelect
          name="order_kind"
          label={t('complaints-admin.filter_order_kind')}
          data={COMPLAINT_ORDER_FILTERS.map((k) => ({ value: k, label: orderKind(k) }))}
          w={200}
          testId="filter-order-kind"
        />
        <ParamSelect
          name="age"
          label={t('complaints-admin.filter_age')}
          data={COMPLAINT_AGES.map((a) => ({ value: a, label: t(`complaints-admin.age_${a}`) }))}
          w={160}
          testId="filter-age"
        />
        <MineFilter />
      </Group>
      {list.data.length ? (
        <DataTable
          rows={list.data}
          columns={columns}
          pagination={list.pagination}
          caption={t('complaints-admin.title')}
          testId="complaints-table"
        />
      ) : (
        <Text c="gray.7" ta="center" py="xl" data-testid="complaints-empty">
          {t('complaints-admin.empty')}
        </Text>
      )}
    </AdminPage>
  );
}
