/**
 * Dashboard scheduled maintenance packages: the list (name, price with VAT, visits, validity,
 * active subscriptions, the active switch) with search and status filters, add and edit in a
 * drawer, delete with confirmation. Subscriptions already sold keep what they bought.
 */
import { useState } from 'react';
import { Anchor, Button, Drawer, Group, Stack, Switch, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import { PACKAGE_STATUSES, type AdminPackage } from '@pool/contracts/packages';
import type { Route } from './+types/packages';
import type { Answer } from '../../../lib/envelope.ts';
import { asSent, type PathBody } from '../../../lib/api.ts';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { adminApi, answerOf, readWithUrl } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { ConfirmAction } from '../../../features/admin/confirm-action.tsx';
import { DataTable, type Column } from '../../../features/admin/data-table.tsx';
import { EditButton } from '../../../features/admin/edit-actions.tsx';
import { ParamSelect, SearchBox } from '../../../features/admin/list-filters.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { PackageForm } from '../../../features/admin/packages/package-form.tsx';
import { useMay } from '../../../features/admin/use-admin.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_packages');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return { list: await readWithUrl(api, '/api/admin/packages', request, ['q', 'status', 'page']) };
}

type Sent = { intent?: string; id?: number; body?: PathBody<'post', '/api/admin/packages'> };

export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const { intent, id = 0, body } = ((await request.json().catch(() => ({}))) ?? {}) as Sent;
  const params = { path: asSent<{ id: number }>({ id }) };
  if (intent === 'save' && body) {
    return answerOf(
      id
        ? await api.POST('/api/admin/packages/{id}', { params, body })
        : await api.POST('/api/admin/packages', { body }),
    );
  }
  if (intent === 'delete') return answerOf(await api.DELETE('/api/admin/packages/{id}', { params }));
  if (intent === 'activate') return answerOf(await api.POST('/api/admin/packages/{id}/activate', { params }));
  if (intent === 'deactivate') return answerOf(await api.POST('/api/admin/packages/{id}/deactivate', { params }));
  return { msg: '', key: 'fail', data: null, status: 400 };
}

export default function PackagesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const may = useMay();
  const { list } = loaderData;
  const fetcher = useFetcher<Answer<unknown>>();
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);
  useAnswerEffect(fetcher.data);
  const act = (intent: string, id: number) =>
    void fetcher.submit({ intent, id }, { method: 'post', encType: 'application/json' });
  const busy = fetcher.state !== 'idle' ? (fetcher.json as { id?: number; intent?: string } | undefined) : undefined;

  const columns: Column<AdminPackage>[] = [
    {
      key: 'name',
      label: t('packages-admin.col_name'),
      render: (p) => (
        <Stack gap={0} miw={180}>
          <Text fw={700} data-testid="package-row-name">
            {p.name_ar}
          </Text>
          <Text fz="xs" c="gray.7" dir="ltr" ta="right">
            {p.name_en}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'price',
      label: t('packages-admin.col_price'),
      render: (p) => (
        <Text style={{ whiteSpace: 'nowrap' }} data-testid="package-row-price">
          {formatMoney('ar', p.price_with_vat)}
        </Text>
      ),
    },
    {
      key: 'visits',
      label: t('packages-admin.col_visits'),
      render: (p) => <span data-testid="package-row-visits">{formatNumber('ar', p.visits)}</span>,
    },
    {
      key: 'validity',
      label: t('packages-admin.col_validity'),
      render: (p) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('packages-admin.validity_days', { days: formatNumber('ar', p.validity_days) })}
        </Text>
      ),
    },
    {
      key: 'subscriptions',
      label: t('packages-admin.col_subscriptions'),
      render: (p) => (
        <span data-testid="package-row-subscriptions">
          {may('orders.view') && p.active_subscriptions > 0 ? (
            <Anchor component={Link} to={`/admin/subscriptions?package_id=${p.id}&status=active`}>
              {formatNumber('ar', p.active_subscriptions)}
            </Anchor>
          ) : (
            formatNumber('ar', p.active_subscriptions)
          )}
        </span>
      ),
    },
    {
      key: 'active',
      label: t('packages-admin.col_active'),
      render: (p) => (
        <Switch
          checked={busy?.id === p.id && busy.intent !== 'delete' ? busy.intent === 'activate' : p.is_active}
          disabled={!may('packages.edit') || busy?.id === p.id}
          onChange={(e) => act(e.currentTarget.checked ? 'activate' : 'deactivate', p.id)}
          aria-label={t('packages-admin.toggle_label', { name: p.name_ar })}
          data-testid="package-toggle"
          data-active={p.is_active}
        />
      ),
    },
    {
      key: 'actions',
      label: t('admin.people_actions'),
      render: (p) => (
        <Group gap={6} wrap="nowrap">
          {may('packages.edit') ? (
            <EditButton name={p.name_ar} onClick={() => setEditing(p)} testId="package-edit" />
          ) : null}
          {may('packages.delete') ? (
            <ConfirmAction
              label={t('common.delete')}
              question={t('packages-admin.delete_q', { name: p.name_ar })}
              icon={<IconTrash size={14} aria-hidden />}
              loading={busy?.id === p.id && busy.intent === 'delete'}
              onConfirm={() => act('delete', p.id)}
              testId="package-delete"
            />
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('admin.group_packages')}
      description={t('packages-admin.about')}
      actions={
        may('packages.create') ? (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
            data-testid="package-add"
          >
            {t('packages-admin.add')}
          </Button>
        ) : null
      }
    >
      <Group gap="sm" align="flex-end">
        <SearchBox label={t('packages-admin.search')} />
        <ParamSelect
          name="status"
          label={t('packages-admin.status')}
          data={PACKAGE_STATUSES.map((s) => ({ value: s, label: t(`packages-admin.status_${s}`) }))}
          w={170}
          testId="packages-status"
        />
      </Group>
      <DataTable
        rows={list.data}
        columns={columns}
        pagination={list.pagination}
        caption={t('admin.group_packages')}
        testId="packages-table"
      />
      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="left"
        size="md"
        title={editing === 'new' ? t('packages-admin.add') : t('packages-admin.edit')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editing !== null ? (
          <PackageForm
            key={editing === 'new' ? 'new' : editing.id}
            item={editing === 'new' ? null : editing}
            vatRate={list.vat_rate}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Drawer>
    </AdminPage>
  );
}
