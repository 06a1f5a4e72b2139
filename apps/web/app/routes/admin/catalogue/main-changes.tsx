/**
 * `/admin/products/main-changes`: requests to change a product's main display
 * product (spec section 4), approved (applied) or rejected by an admin with
 * `products.approve`.
 */
import { Anchor, Badge, Button, Group, Image, Select, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import type { MainVariantChange } from '@pool/contracts/catalogue';
import type { Route } from './+types/main-changes';
import type { Answer } from '../../../lib/envelope.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { adminApi, answerOf, readWithUrl } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { ConfirmAction } from '../../../features/admin/confirm-action.tsx';
import { DataTable, useListParams, type Column } from '../../../features/admin/data-table.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'catalogue.ui_main_changes');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return readWithUrl(api, '/api/admin/product-main-changes', request, ['status', 'page'], { status: 'pending' });
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const body = (await request.json()) as { id: number; approve: boolean };
  const params = { path: { id: Number(body.id) } };
  return answerOf(
    body.approve
      ? await api.POST('/api/admin/product-main-changes/{id}/approve', { params })
      : await api.POST('/api/admin/product-main-changes/{id}/reject', { params }),
  );
}

const STATUS_COLOR = { pending: 'orange', approved: 'teal', rejected: 'gray' } as const;

export default function MainChangesScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const params = useListParams();
  const fetcher = useFetcher<Answer<unknown>>();
  useAnswerEffect(fetcher.data);
  const decide = (id: number, approve: boolean) =>
    void fetcher.submit({ id, approve }, { method: 'post', encType: 'application/json' });
  const variant = (v: { sku: string; name_ar: string; price: number } | null) =>
    v ? (
      <Stack gap={0}>
        <Text fz="sm" fw={600}>
          {v.name_ar || '—'}
        </Text>
        <Text fz="xs" c="dimmed">
          <bdi dir="ltr">{v.sku}</bdi> · {formatMoney('ar', v.price)}
        </Text>
      </Stack>
    ) : (
      '—'
    );
  const columns: Column<MainVariantChange>[] = [
    {
      key: 'product',
      label: t('catalogue.ui_product'),
      render: (r) => (
        <Group gap="sm" wrap="nowrap">
          {r.product.image ? <Image src={r.product.image} alt="" w={44} h={44} radius="sm" fit="cover" /> : null}
          <Anchor component={Link} to={`/admin/products/${r.product.id}`} fz="sm" fw={600}>
            {r.product.name_ar}
          </Anchor>
        </Group>
      ),
    },
    { key: 'current', label: t('catalogue.ui_current_main'), render: (r) => variant(r.current) },
    { key: 'requested', label: t('catalogue.ui_requested_main'), render: (r) => variant(r.requested) },
    {
      key: 'by',
      label: t('catalogue.ui_requested_by'),
      render: (r) => (
        <Stack gap={0}>
          <Text fz="sm">{r.requested_by ?? '—'}</Text>
          <Text fz="xs" c="dimmed">
            {formatDateTime('ar', r.created_at)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      label: t('catalogue.ui_status'),
      render: (r) => (
        <Badge
          variant="light"
          color={STATUS_COLOR[r.status]}
          c={`${STATUS_COLOR[r.status]}.9`}
          style={{ minWidth: 'max-content' }}
        >
          {t(`catalogue.ui_change_${r.status}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      label: t('cms.ui_actions'),
      render: (r) =>
        r.status === 'pending' ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              color="teal"
              leftSection={<IconCheck size={14} aria-hidden />}
              loading={fetcher.state !== 'idle'}
              onClick={() => decide(r.id, true)}
              aria-label={t('common.label_of', { label: t('catalogue.ui_approve'), name: r.product.name_ar })}
              data-testid="change-approve"
            >
              {t('catalogue.ui_approve')}
            </Button>
            <ConfirmAction
              label={t('catalogue.ui_reject')}
              question={t('catalogue.ui_reject_question', { name: r.product.name_ar })}
              icon={<IconX size={14} aria-hidden />}
              onConfirm={() => decide(r.id, false)}
              testId="change-reject"
            />
          </Group>
        ) : (
          <Text fz="xs" c="dimmed">
            {r.decided_by ?? ''} {r.decided_at ? formatDateTime('ar', r.decided_at) : ''}
          </Text>
        ),
    },
  ];
  const screen = t('catalogue.ui_main_changes');
  return (
    <AdminPage
      title={screen}
      description={t('catalogue.ui_about_main_changes')}
      actions={
        <Button
          component={Link}
          to="/admin/products"
          variant="default"
          leftSection={<IconArrowRight size={18} aria-hidden />}
        >
          {t('catalogue.ui_back_to_products')}
        </Button>
      }
    >
      <Select
        label={t('catalogue.ui_status')}
        data={(['pending', 'approved', 'rejected'] as const).map((s) => ({
          value: s,
          label: t(`catalogue.ui_change_${s}`),
        }))}
        value={params.get('status') || 'pending'}
        onChange={(v) => params.set({ status: v === 'pending' ? null : v })}
        allowDeselect={false}
        w={200}
      />
      <DataTable
        rows={loaderData.data}
        columns={columns}
        pagination={loaderData.pagination}
        caption={screen}
        testId="main-changes-table"
      />
    </AdminPage>
  );
}
