import { Anchor, Badge, Code, Group, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AUDITED_METHODS, type ReportItem } from '@pool/contracts/people';
import type { Route } from './+types/reports';
import { formatDateTime } from '../../../lib/format.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, readWithUrl } from '../../../features/admin/admin-api.server.ts';
import { AdminPage } from '../../../features/admin/admin-page.tsx';
import { DataTable, useListParams, type Column } from '../../../features/admin/data-table.tsx';
import { DateFilter, SearchBox } from '../../../features/admin/list-filters.tsx';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_reports');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const list = await readWithUrl(api, '/api/admin/reports', request, ['q', 'admin_id', 'method', 'from', 'to', 'page']);
  // The admin filter lists admins when this admin may see them.
  const admins = await api.GET('/api/admin/admins');
  return { list, admins: admins.status === 200 ? admins.data.data.map(({ id, name }) => ({ id, name })) : [] };
}

const METHOD_COLORS: Record<string, string> = { POST: 'teal', PUT: 'blue', PATCH: 'blue', DELETE: 'red' };

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, admins } = loaderData;
  const params = useListParams();
  const columns: Column<ReportItem>[] = [
    {
      key: 'subject',
      label: t('admin.people_subject'),
      render: (r) => (
        <Anchor component={Link} to={`/admin/reports/${r.id}`} fw={600} fz="sm">
          {r.subject}
        </Anchor>
      ),
    },
    {
      key: 'method',
      label: t('admin.people_method'),
      render: (r) => (
        <Badge variant="light" color={METHOD_COLORS[r.method] ?? 'gray'} c="dark.7">
          {r.method}
        </Badge>
      ),
    },
    {
      key: 'url',
      label: t('admin.people_url'),
      render: (r) => (
        <Code dir="ltr" style={{ wordBreak: 'break-all' }}>
          {r.url}
        </Code>
      ),
    },
    { key: 'admin', label: t('admin.people_admin'), render: (r) => r.admin?.name ?? '—' },
    {
      key: 'time',
      label: t('admin.people_time'),
      render: (r) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime('ar', r.created_at)}
        </Text>
      ),
    },
  ];
  return (
    <AdminPage title={t('admin.group_reports')} description={t('admin.people_reports_intro')}>
      <Group gap="sm" align="flex-end">
        <SearchBox label={t('admin.people_search_reports')} />
        <Select
          label={t('admin.people_admin')}
          placeholder={t('admin.people_all')}
          data={admins.map((a) => ({ value: String(a.id), label: a.name }))}
          value={params.get('admin_id') || null}
          onChange={(v) => params.set({ admin_id: v })}
          clearable
          searchable
          w={200}
        />
        <Select
          label={t('admin.people_method')}
          placeholder={t('admin.people_all')}
          data={[...AUDITED_METHODS]}
          value={params.get('method') || null}
          onChange={(v) => params.set({ method: v })}
          clearable
          w={140}
        />
        <DateFilter name="from" label={t('admin.people_from')} />
        <DateFilter name="to" label={t('admin.people_to')} />
      </Group>
      <DataTable
        rows={list.data}
        columns={columns}
        pagination={list.pagination}
        caption={t('admin.group_reports')}
        testId="reports-table"
      />
    </AdminPage>
  );
}
