/**
 * Dashboard spare parts and extra services (the catalogue the price offers and the
 * technicians pick from): a tab per kind, search and status filters, add and edit
 * in a drawer (price typed in riyals, shown with VAT as it is typed), activate and
 * deactivate, delete.
 */
import { useState } from 'react';
import { Badge, Button, Drawer, Group, Select, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import {
  SERVICE_ITEM_KINDS,
  SERVICE_ITEM_STATUSES,
  type ServiceItem,
  type ServiceItemKind,
} from '@pool/contracts/service-items';
import type { Route } from './+types/service-items';
import type { Answer } from '../../../lib/envelope.ts';
import type { PathBody } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/format.ts';
import { answerFieldErrors } from '../../../lib/forms.ts';
import { adminApi, answerOf, readWithUrl, sentFields } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { ConfirmAction } from '../../../features/admin/confirm-action.tsx';
import { DataTable, useListParams, type Column } from '../../../features/admin/data-table.tsx';
import { EditButton, FormActions } from '../../../features/admin/edit-actions.tsx';
import { ParamSelect, SearchBox } from '../../../features/admin/list-filters.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { SarPriceInput, typedSar } from '../../../features/admin/sar-price-input.tsx';
import { useAdmin } from '../../../features/admin/use-admin.ts';
import { badgeText } from '../../../features/admin/tint-text.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_service_items');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return { list: await readWithUrl(api, '/api/admin/service-items', request, ['kind', 'q', 'status', 'page']) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const id = Number(form.get('id')) || 0;
  if (intent === 'save') {
    const body = sentFields<PathBody<'post', '/api/admin/service-items'>>(form);
    return answerOf(
      id
        ? await api.POST('/api/admin/service-items/{id}', { params: { path: { id } }, body })
        : await api.POST('/api/admin/service-items', { body }),
    );
  }
  const params = { path: { id } };
  if (intent === 'delete') return answerOf(await api.DELETE('/api/admin/service-items/{id}', { params }));
  if (intent === 'activate') return answerOf(await api.POST('/api/admin/service-items/{id}/activate', { params }));
  if (intent === 'deactivate') return answerOf(await api.POST('/api/admin/service-items/{id}/deactivate', { params }));
  return { msg: '', key: 'fail', data: null, status: 400 };
}

type Values = { kind: string; name_ar: string; name_en: string; price_sar: string; is_active: boolean };

function ItemForm({
  item,
  kind,
  vatRate,
  onDone,
}: {
  item: ServiceItem | null;
  kind: ServiceItemKind;
  vatRate: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer<ServiceItem>>({ key: 'service-item-form' });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      kind: item?.kind ?? kind,
      name_ar: item?.name_ar ?? '',
      name_en: item?.name_en ?? '',
      price_sar: item ? (item.price / 100).toFixed(2) : '',
      is_active: item?.is_active ?? true,
    },
  });
  useAnswerEffect(fetcher.data, { onSuccess: onDone, onError: (a) => form.setErrors(answerFieldErrors(a)) });
  const submit = form.onSubmit(
    (v) =>
      void fetcher.submit(
        {
          intent: 'save',
          id: item ? String(item.id) : '',
          kind: v.kind,
          name_ar: v.name_ar,
          name_en: v.name_en,
          price_sar: typedSar(v.price_sar),
          is_active: String(v.is_active),
        },
        { method: 'post' },
      ),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="service-item-form">
      <Stack gap="md">
        <Select
          label={t('catalogue.ui_si_kind')}
          data={SERVICE_ITEM_KINDS.map((k) => ({ value: k, label: t(`catalogue.ui_si_kind_${k}`) }))}
          allowDeselect={false}
          withAsterisk
          {...form.getInputProps('kind')}
          data-testid="service-item-kind"
        />
        <TextInput
          label={t('catalogue.ui_si_name_ar')}
          withAsterisk
          maxLength={150}
          {...form.getInputProps('name_ar')}
          data-testid="service-item-name-ar"
        />
        <TextInput
          label={t('catalogue.ui_si_name_en')}
          withAsterisk
          maxLength={150}
          dir="ltr"
          {...form.getInputProps('name_en')}
          data-testid="service-item-name-en"
        />
        <SarPriceInput
          label={t('catalogue.ui_si_price_sar')}
          vatRate={vatRate}
          {...form.getInputProps('price_sar')}
          value={form.values.price_sar}
          data-testid="service-item-price"
        />
        <Switch
          label={t('catalogue.ui_si_active')}
          {...form.getInputProps('is_active', { type: 'checkbox' })}
          data-testid="service-item-active"
        />
        <FormActions onCancel={onDone} busy={fetcher.state !== 'idle'} saveTestId="service-item-submit" />
      </Stack>
    </form>
  );
}

const TABS = ['all', ...SERVICE_ITEM_KINDS] as const;

export default function ServiceItemsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const me = useAdmin();
  const { list } = loaderData;
  const params = useListParams();
  const fetcher = useFetcher<Answer<unknown>>();
  const [editing, setEditing] = useState<ServiceItem | 'new' | null>(null);
  useAnswerEffect(fetcher.data);
  const may = (p: string) => me.is_super || me.permissions.includes(p);
  const act = (intent: string, id: number) => void fetcher.submit({ intent, id }, { method: 'post' });
  const busyId = fetcher.state !== 'idle' ? Number(fetcher.formData?.get('id')) : null;
  const tab = (TABS as readonly string[]).includes(params.get('kind')) ? params.get('kind') : 'all';

  const columns: Column<ServiceItem>[] = [
    {
      key: 'name',
      label: t('catalogue.ui_si_name'),
      render: (i) => (
        // Two names stay readable when a phone scrolls the table sideways.
        <Stack gap={0} miw={190}>
          <Text fw={700} data-testid="service-item-row-name">
            {i.name_ar}
          </Text>
          <Text fz="xs" c="gray.7" dir="ltr" ta="right">
            {i.name_en}
          </Text>
        </Stack>
      ),
    },
    ...(tab === 'all'
      ? [
          {
            key: 'kind',
            label: t('catalogue.ui_si_kind'),
            render: (i: ServiceItem) => (
              <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {t(`catalogue.ui_si_kind_${i.kind}`)}
              </Text>
            ),
          },
        ]
      : []),
    {
      key: 'price',
      label: t('catalogue.ui_si_price'),
      render: (i) => <Text style={{ whiteSpace: 'nowrap' }}>{formatMoney('ar', i.price)}</Text>,
    },
    {
      key: 'price_with_vat',
      label: t('catalogue.ui_si_price_with_vat'),
      render: (i) => (
        <Text style={{ whiteSpace: 'nowrap' }} data-testid="service-item-row-vat">
          {formatMoney('ar', i.price_with_vat)}
        </Text>
      ),
    },
    {
      key: 'status',
      label: t('catalogue.ui_si_status'),
      width: 110,
      render: (i) => (
        <Badge
          variant="light"
          color={i.is_active ? 'teal' : 'gray'}
          c={i.is_active ? badgeText('teal') : 'dark.6'}
          miw="max-content"
          data-testid="service-item-row-status"
        >
          {t(i.is_active ? 'catalogue.ui_si_status_active' : 'catalogue.ui_si_status_inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      label: t('admin.people_actions'),
      render: (i) => (
        <Group gap={6} wrap="nowrap">
          {may('service_items.edit') ? (
            <EditButton name={i.name_ar} onClick={() => setEditing(i)} testId="service-item-edit" />
          ) : null}
          {may('service_items.edit') ? (
            <ConfirmAction
              label={i.is_active ? t('catalogue.ui_si_deactivate') : t('catalogue.ui_si_activate')}
              question={t(i.is_active ? 'catalogue.ui_si_deactivate_q' : 'catalogue.ui_si_activate_q', {
                name: i.name_ar,
              })}
              color={i.is_active ? 'orange' : 'teal'}
              icon={i.is_active ? <IconPlayerPause size={14} aria-hidden /> : <IconPlayerPlay size={14} aria-hidden />}
              loading={busyId === i.id}
              onConfirm={() => act(i.is_active ? 'deactivate' : 'activate', i.id)}
              testId="service-item-toggle"
            />
          ) : null}
          {may('service_items.delete') ? (
            <ConfirmAction
              label={t('common.delete')}
              question={t('catalogue.ui_si_delete_q', { name: i.name_ar })}
              icon={<IconTrash size={14} aria-hidden />}
              loading={busyId === i.id}
              onConfirm={() => act('delete', i.id)}
              testId="service-item-delete"
            />
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('admin.group_service_items')}
      description={t('catalogue.ui_si_about')}
      actions={
        may('service_items.create') ? (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
            data-testid="service-item-add"
          >
            {t('catalogue.ui_si_add')}
          </Button>
        ) : null
      }
    >
      <Tabs value={tab} onChange={(v) => params.set({ kind: v === 'all' ? null : v })}>
        <Tabs.List>
          {TABS.map((k) => (
            <Tabs.Tab key={k} value={k} data-testid={`service-items-tab-${k}`}>
              {t(`catalogue.ui_si_tab_${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="flex-end">
        <SearchBox label={t('catalogue.ui_si_search')} />
        <ParamSelect
          name="status"
          label={t('catalogue.ui_si_status')}
          data={SERVICE_ITEM_STATUSES.map((s) => ({ value: s, label: t(`catalogue.ui_si_status_${s}`) }))}
          w={170}
          testId="service-items-status"
        />
      </Group>
      <DataTable
        rows={list.data}
        columns={columns}
        pagination={list.pagination}
        caption={t('admin.group_service_items')}
        testId="service-items-table"
      />
      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="left"
        size="md"
        title={editing === 'new' ? t('catalogue.ui_si_add') : t('catalogue.ui_si_edit')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editing !== null ? (
          <ItemForm
            key={editing === 'new' ? 'new' : editing.id}
            item={editing === 'new' ? null : editing}
            kind={tab === 'all' ? 'spare_part' : (tab as ServiceItemKind)}
            vatRate={list.vat_rate}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Drawer>
    </AdminPage>
  );
}
