/**
 * `/admin/products`: the product list with search and filters (category,
 * brand, status, stock: sold out / low stock), the low-stock threshold, and
 * the row actions (edit, activate / deactivate, delete).
 */
import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconPlus, IconThumbUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import type { AdminProductRow } from '@pool/contracts/catalogue';
import type { Route } from './+types/products';
import type { Answer } from '../../../lib/envelope.ts';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { adminApi, answerOf, must, readWithUrl } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { ConfirmAction } from '../../../features/admin/confirm-action.tsx';
import { DataTable, useListParams, type Column } from '../../../features/admin/data-table.tsx';
import { SearchBox } from '../../../features/admin/list-filters.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { may } from '../../../features/admin/resources.ts';
import { useAdmin } from '../../../features/admin/use-admin.ts';
import { catalogueChoices, type Choices } from '../../../features/admin/catalogue.server.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_products');

const FILTERS = ['q', 'page', 'category_id', 'brand_id', 'status', 'stock'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const [list, settings, choices, pending] = await Promise.all([
    readWithUrl(api, '/api/admin/products', request, FILTERS),
    api.GET('/api/admin/products/stock-settings').then(must),
    catalogueChoices(api),
    api.GET('/api/admin/product-main-changes', { params: { query: { status: 'pending' } } }),
  ]);
  return {
    list,
    threshold: settings.low_stock_threshold,
    choices,
    pending: pending.key === 'success' ? pending.data.pagination.total_items : null,
  };
}

type Intent = { intent: 'activate' | 'deactivate' | 'delete'; id: number } | { intent: 'threshold'; value: number };

export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const body = (await request.json()) as Intent;
  if (body.intent === 'threshold')
    return answerOf(
      await api.POST('/api/admin/products/stock-settings', { body: { low_stock_threshold: body.value } }),
    );
  const params = { path: { id: Number(body.id) } };
  if (body.intent === 'delete') return answerOf(await api.DELETE('/api/admin/products/{id}', { params }));
  return answerOf(
    body.intent === 'activate'
      ? await api.POST('/api/admin/products/{id}/activate', { params })
      : await api.POST('/api/admin/products/{id}/deactivate', { params }),
  );
}

function StockBadge({ row }: { row: AdminProductRow }) {
  const { t } = useTranslation();
  if (row.stock === 0)
    return (
      <Badge color="red" variant="light" c="red.9" style={{ minWidth: 'max-content' }}>
        {t('catalogue.ui_sold_out')}
      </Badge>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Text span fw={600}>
        {formatNumber('ar', row.stock)}
      </Text>
      {row.low_stock ? (
        <Badge color="orange" variant="light" c="orange.9" style={{ minWidth: 'max-content' }}>
          {t('catalogue.ui_low_stock')}
        </Badge>
      ) : null}
    </Group>
  );
}

function Filters({ choices }: { choices: Choices }) {
  const { t } = useTranslation();
  const params = useListParams();
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <SearchBox label={t('catalogue.ui_search_products')} />
      <Select
        label={t('catalogue.ui_category')}
        placeholder={t('admin.people_all')}
        data={choices.categories.map((c) => ({ value: String(c.id), label: c.name }))}
        value={params.get('category_id') || null}
        onChange={(v) => params.set({ category_id: v })}
        clearable
        searchable
        w={190}
      />
      <Select
        label={t('catalogue.ui_brand')}
        placeholder={t('admin.people_all')}
        data={choices.brands.map((b) => ({ value: String(b.id), label: b.name }))}
        value={params.get('brand_id') || null}
        onChange={(v) => params.set({ brand_id: v })}
        clearable
        searchable
        w={170}
      />
      <Select
        label={t('catalogue.ui_status')}
        placeholder={t('admin.people_all')}
        data={[
          { value: 'active', label: t('catalogue.ui_active') },
          { value: 'inactive', label: t('catalogue.ui_inactive') },
        ]}
        value={params.get('status') || null}
        onChange={(v) => params.set({ status: v })}
        clearable
        w={150}
      />
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="stock-view">
          {t('catalogue.ui_stock_view')}
        </Text>
        <SegmentedControl
          aria-labelledby="stock-view"
          value={params.get('stock') || 'all'}
          onChange={(v) => params.set({ stock: v === 'all' ? null : v })}
          data={[
            { value: 'all', label: t('admin.people_all') },
            { value: 'sold_out', label: t('catalogue.ui_sold_out') },
            { value: 'low_stock', label: t('catalogue.ui_low_stock') },
          ]}
          data-testid="stock-view"
        />
      </Stack>
    </Group>
  );
}

function Threshold({ value, canEdit }: { value: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer<unknown>>();
  useAnswerEffect(fetcher.data);
  const [current, setCurrent] = useState<number | string>(value);
  return (
    <Paper withBorder radius="md" p="sm">
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={t('catalogue.ui_threshold')}
          description={t('catalogue.ui_threshold_hint')}
          value={current}
          onChange={setCurrent}
          min={0}
          allowDecimal={false}
          w={220}
          disabled={!canEdit}
          dir="ltr"
          data-testid="threshold"
        />
        {canEdit ? (
          <Button
            variant="light"
            loading={fetcher.state !== 'idle'}
            onClick={() =>
              void fetcher.submit(
                { intent: 'threshold', value: Number(current) },
                { method: 'post', encType: 'application/json' },
              )
            }
          >
            {t('cms.ui_save')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

export default function ProductsScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const admin = useAdmin();
  const fetcher = useFetcher<Answer<unknown>>();
  useAnswerEffect(fetcher.data);
  const { list, choices, threshold, pending } = loaderData;
  const screen = t('admin.group_products');
  const send = (intent: 'activate' | 'deactivate' | 'delete', id: number) =>
    void fetcher.submit({ intent, id }, { method: 'post', encType: 'application/json' });

  const columns: Column<AdminProductRow>[] = [
    {
      key: 'image',
      label: t('catalogue.ui_image'),
      width: 76,
      render: (p) =>
        p.image ? <Image src={p.image} alt="" w={56} h={56} radius="md" fit="cover" /> : <Text c="dimmed">—</Text>,
    },
    {
      key: 'name',
      label: t('catalogue.ui_product'),
      render: (p) => (
        <Stack gap={2}>
          {may(admin, 'products.view') ? (
            <Anchor component={Link} to={`/admin/products/${p.id}`} fw={600} fz="sm" data-testid="product-link">
              {p.name_ar}
            </Anchor>
          ) : null}
          <Text fz="xs" c="dimmed">
            <bdi dir="ltr">{p.name_en}</bdi>
          </Text>
        </Stack>
      ),
    },
    {
      key: 'category',
      label: t('catalogue.ui_category'),
      render: (p) => (
        <Stack gap={0}>
          <Text fz="sm">{p.category ?? '—'}</Text>
          {p.sub_category ? (
            <Text fz="xs" c="dimmed">
              {p.sub_category}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'brand', label: t('catalogue.ui_brand'), render: (p) => p.brand ?? '—' },
    {
      key: 'price',
      label: t('catalogue.ui_price'),
      render: (p) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {formatMoney('ar', p.discounted_price)}
          </Text>
          {p.discounted_price !== p.price ? (
            <Text fz="xs" c="dimmed" td="line-through">
              {formatMoney('ar', p.price)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'stock', label: t('catalogue.ui_stock'), render: (p) => <StockBadge row={p} /> },
    {
      key: 'status',
      label: t('catalogue.ui_status'),
      render: (p) => (
        <Stack gap={4}>
          <Badge
            variant="light"
            color={p.is_active ? 'teal' : 'gray'}
            c={p.is_active ? 'teal.9' : 'dark.5'}
            style={{ minWidth: 'max-content' }}
          >
            {p.is_active ? t('catalogue.ui_active') : t('catalogue.ui_inactive')}
          </Badge>
          {!p.is_available ? (
            <Badge variant="outline" color="gray" c="dark.5" style={{ minWidth: 'max-content' }}>
              {t('catalogue.ui_unavailable')}
            </Badge>
          ) : null}
        </Stack>
      ),
    },
  ];
  if (may(admin, 'products.edit') || may(admin, 'products.delete'))
    columns.push({
      key: 'actions',
      label: t('cms.ui_actions'),
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          {may(admin, 'products.edit') ? (
            <>
              <Tooltip label={t('cms.ui_edit')}>
                <ActionIcon
                  component={Link}
                  to={`/admin/products/${p.id}`}
                  variant="light"
                  size="lg"
                  aria-label={t('common.edit_of', { name: p.name_ar })}
                >
                  <IconEdit size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={p.is_active ? t('catalogue.ui_deactivate') : t('catalogue.ui_activate')}>
                <ActionIcon
                  variant="light"
                  size="lg"
                  color={p.is_active ? 'gray' : 'teal'}
                  onClick={() => send(p.is_active ? 'deactivate' : 'activate', p.id)}
                  aria-label={t('common.label_of', {
                    label: p.is_active ? t('catalogue.ui_deactivate') : t('catalogue.ui_activate'),
                    name: p.name_ar,
                  })}
                  data-testid="product-toggle"
                >
                  {p.is_active ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
          {may(admin, 'products.delete') ? (
            <ConfirmAction
              label={t('cms.ui_delete')}
              question={t('cms.ui_delete_question', { name: p.name_ar })}
              icon={<IconTrash size={14} aria-hidden />}
              loading={fetcher.state !== 'idle'}
              onConfirm={() => send('delete', p.id)}
            />
          ) : null}
        </Group>
      ),
    });

  return (
    <AdminPage
      title={screen}
      description={t('catalogue.ui_about_products')}
      actions={
        <>
          {pending !== null ? (
            <Button
              component={Link}
              to="/admin/products/main-changes"
              variant="light"
              color={pending ? 'orange' : 'gray'}
              leftSection={<IconThumbUp size={18} aria-hidden />}
              data-testid="main-changes-link"
            >
              {t('catalogue.ui_main_changes_count', { count: pending })}
            </Button>
          ) : null}
          {may(admin, 'products.create') ? (
            <Button
              component={Link}
              to="/admin/products/new"
              leftSection={<IconPlus size={18} aria-hidden />}
              data-testid="product-add"
            >
              {t('catalogue.ui_product_add')}
            </Button>
          ) : null}
        </>
      }
    >
      <Filters choices={choices} />
      <DataTable
        rows={list.data}
        columns={columns}
        pagination={list.pagination}
        caption={screen}
        testId="products-table"
      />
      <Threshold value={threshold} canEdit={may(admin, 'products.edit')} />
    </AdminPage>
  );
}
