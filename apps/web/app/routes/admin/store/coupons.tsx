/** Dashboard coupons: list with search and status, create and edit, open and close, notify customers, delete. */
import { useState } from 'react';
import { Badge, Button, Drawer, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBell, IconLock, IconLockOpen, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { toHalalas } from '@pool/contracts/core';
import type { AdminCoupon } from '@pool/contracts/coupons';
import { COUPON_STATUSES, type CouponStatus } from '@pool/contracts/store';
import type { Route } from './+types/coupons';
import type { Answer } from '../../../lib/envelope.ts';
import { formatDate, formatMoney, formatNumber, formatPercent } from '../../../lib/format.ts';
import { answerFieldErrors } from '../../../lib/forms.ts';
import { EditButton, FormActions } from '../../../features/admin/edit-actions.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import type { PathBody } from '../../../lib/api.ts';
import { adminApi, answerOf, readWithUrl, sentFields } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { MomentInput } from '../../../features/dates/index.ts';
import { ConfirmAction } from '../../../features/admin/confirm-action.tsx';
import { DataTable, useListParams, type Column } from '../../../features/admin/data-table.tsx';
import { SearchBox } from '../../../features/admin/list-filters.tsx';
import { useAdmin } from '../../../features/admin/use-admin.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_coupons');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return {
    list: await readWithUrl(api, '/api/admin/coupons', request, ['q', 'status', 'page']),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const id = Number(form.get('id')) || 0;
  if (intent === 'save') {
    const body = sentFields<PathBody<'post', '/api/admin/coupons'>>(form);
    return answerOf(
      id
        ? await api.POST('/api/admin/coupons/{id}', { params: { path: { id } }, body })
        : await api.POST('/api/admin/coupons', { body }),
    );
  }
  const params = { path: { id } };
  if (intent === 'delete') return answerOf(await api.DELETE('/api/admin/coupons/{id}', { params }));
  if (intent === 'open') return answerOf(await api.POST('/api/admin/coupons/{id}/open', { params }));
  if (intent === 'close') return answerOf(await api.POST('/api/admin/coupons/{id}/close', { params }));
  if (intent === 'notify') return answerOf(await api.POST('/api/admin/coupons/{id}/notify', { params }));
  return { msg: '', key: 'fail', data: null, status: 400 };
}

const STATUS_COLORS: Record<CouponStatus, string> = {
  scheduled: 'blue',
  available: 'teal',
  expired: 'gray',
  usage_ended: 'orange',
  closed: 'red',
};

/** The coupon's state; a scheduled one says when it starts. */
function CouponStatusBadge({ coupon }: { coupon: AdminCoupon }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="flex-start">
      {/* A dot badge keeps dark text on the row's own background, hovered or not (contrast). */}
      <Badge variant="dot" color={STATUS_COLORS[coupon.status]} c="dark.7" data-testid="coupon-status">
        {t(`coupons.ui_status_${coupon.status}`)}
      </Badge>
      {coupon.status === 'scheduled' ? (
        <Text fz="xs" c="gray.7" data-testid="coupon-starts-on">
          {t('coupons.ui_starts_on', { date: formatDate('ar', coupon.starts_at) })}
        </Text>
      ) : null}
    </Stack>
  );
}

type Values = {
  title: string;
  code: string;
  discount_type: string;
  value: string;
  max_discount: string;
  max_uses: string;
  max_uses_per_user: string;
  starts_at: string;
  expires_at: string;
};

const sar = (halalas: number | null) => (halalas === null ? '' : (halalas / 100).toFixed(2));

function CouponForm({ coupon, onDone }: { coupon: AdminCoupon | null; onDone: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer<AdminCoupon>>({ key: 'coupon-form' });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      title: coupon?.title ?? '',
      code: coupon?.code ?? '',
      discount_type: coupon?.discount_type ?? 'ratio',
      value: coupon ? (coupon.discount_type === 'ratio' ? String(coupon.value) : sar(coupon.value)) : '',
      max_discount: sar(coupon?.max_discount ?? null),
      max_uses: coupon ? String(coupon.max_uses) : '',
      max_uses_per_user: coupon ? String(coupon.max_uses_per_user) : '1',
      starts_at: coupon?.starts_at ?? '',
      expires_at: coupon?.expires_at ?? '',
    },
  });
  useAnswerEffect(fetcher.data, { onSuccess: onDone, onError: (a) => form.setErrors(answerFieldErrors(a)) });
  const ratio = form.values.discount_type === 'ratio';
  const money = (v: string) => {
    if (v.trim() === '') return '';
    const h = toHalalas(v);
    return Number.isNaN(h) ? v : String(h);
  };
  const submit = form.onSubmit(
    (v) =>
      void fetcher.submit(
        {
          intent: 'save',
          id: coupon ? String(coupon.id) : '',
          title: v.title,
          code: v.code.trim(),
          discount_type: v.discount_type,
          value: ratio ? v.value : money(v.value),
          max_discount: money(v.max_discount),
          max_uses: v.max_uses,
          max_uses_per_user: v.max_uses_per_user,
          starts_at: v.starts_at,
          expires_at: v.expires_at,
        },
        { method: 'post' },
      ),
  );
  const ltr = { dir: 'ltr' as const };
  return (
    <form onSubmit={submit} noValidate data-testid="coupon-form">
      <Stack gap="md">
        <TextInput
          label={t('coupons.ui_title')}
          withAsterisk
          maxLength={200}
          {...form.getInputProps('title')}
          data-testid="coupon-title"
        />
        <TextInput
          label={t('coupons.ui_code')}
          description={t('coupons.ui_code_hint')}
          withAsterisk
          maxLength={32}
          {...ltr}
          styles={{ input: { textTransform: 'uppercase' } }}
          {...form.getInputProps('code')}
          data-testid="coupon-code"
        />
        <SimpleGrid cols={2}>
          <Select
            label={t('coupons.ui_type')}
            data={[
              { value: 'ratio', label: t('coupons.ui_type_ratio') },
              { value: 'number', label: t('coupons.ui_type_number') },
            ]}
            allowDeselect={false}
            withAsterisk
            {...form.getInputProps('discount_type')}
            data-testid="coupon-type"
          />
          <TextInput
            label={ratio ? t('coupons.ui_value_ratio') : t('coupons.ui_value_number')}
            withAsterisk
            inputMode="decimal"
            {...ltr}
            {...form.getInputProps('value')}
            data-testid="coupon-value"
          />
        </SimpleGrid>
        <TextInput
          label={t('coupons.ui_max_discount')}
          description={t('coupons.ui_optional')}
          inputMode="decimal"
          {...ltr}
          {...form.getInputProps('max_discount')}
        />
        <SimpleGrid cols={2}>
          <TextInput
            label={t('coupons.ui_max_uses')}
            withAsterisk
            inputMode="numeric"
            {...ltr}
            {...form.getInputProps('max_uses')}
            data-testid="coupon-max-uses"
          />
          <TextInput
            label={t('coupons.ui_max_uses_per_user')}
            withAsterisk
            inputMode="numeric"
            {...ltr}
            {...form.getInputProps('max_uses_per_user')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <MomentInput
            lang="ar"
            label={t('coupons.ui_starts_at')}
            withAsterisk
            {...form.getInputProps('starts_at')}
            testId="coupon-starts"
          />
          <MomentInput
            lang="ar"
            label={t('coupons.ui_expires_at')}
            withAsterisk
            defaultTime="23:59"
            {...form.getInputProps('expires_at')}
            testId="coupon-expires"
          />
        </SimpleGrid>
        <FormActions onCancel={onDone} busy={fetcher.state !== 'idle'} saveTestId="coupon-submit" />
      </Stack>
    </form>
  );
}

export default function CouponsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const me = useAdmin();
  const { list } = loaderData;
  const params = useListParams();
  const fetcher = useFetcher<Answer<unknown>>();
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  useAnswerEffect(fetcher.data);
  const may = (p: string) => me.is_super || me.permissions.includes(p);
  const act = (intent: string, id: number) => void fetcher.submit({ intent, id }, { method: 'post' });
  const busyId = fetcher.state !== 'idle' ? Number(fetcher.formData?.get('id')) : null;

  const discount = (c: AdminCoupon) =>
    c.discount_type === 'ratio' ? formatPercent('ar', c.value) : formatMoney('ar', c.value);
  const columns: Column<AdminCoupon>[] = [
    {
      key: 'code',
      label: t('coupons.ui_code'),
      render: (c) => (
        <Stack gap={0}>
          <Text fw={700} dir="ltr" ta="right" data-testid="coupon-row-code">
            {c.code}
          </Text>
          <Text fz="xs" c="gray.7">
            {c.title}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'discount',
      label: t('coupons.ui_discount'),
      render: (c) =>
        c.max_discount
          ? t('coupons.ui_discount_capped', { discount: discount(c), max: formatMoney('ar', c.max_discount) })
          : discount(c),
    },
    {
      key: 'uses',
      label: t('coupons.ui_uses'),
      render: (c) =>
        t('coupons.ui_uses_of', {
          used: formatNumber('ar', c.used_count),
          max: formatNumber('ar', c.max_uses),
          per: formatNumber('ar', c.max_uses_per_user),
        }),
    },
    {
      key: 'period',
      label: t('coupons.ui_period'),
      render: (c) => `${formatDate('ar', c.starts_at)} – ${formatDate('ar', c.expires_at)}`,
    },
    {
      key: 'status',
      label: t('coupons.ui_status'),
      width: 130,
      render: (c) => <CouponStatusBadge coupon={c} />,
    },
    {
      key: 'actions',
      label: t('admin.people_actions'),
      render: (c) => (
        <Group gap={6}>
          {may('coupons.edit') ? <EditButton name={c.code} onClick={() => setEditing(c)} testId="coupon-edit" /> : null}
          {may('coupons.edit') ? (
            <ConfirmAction
              label={c.is_closed ? t('coupons.ui_open') : t('coupons.ui_close')}
              question={t(c.is_closed ? 'coupons.ui_open_q' : 'coupons.ui_close_q', { code: c.code })}
              color={c.is_closed ? 'cyan' : 'red'}
              icon={c.is_closed ? <IconLockOpen size={14} aria-hidden /> : <IconLock size={14} aria-hidden />}
              loading={busyId === c.id}
              onConfirm={() => act(c.is_closed ? 'open' : 'close', c.id)}
              testId="coupon-toggle"
            />
          ) : null}
          {may('coupons.notify') && c.status === 'available' ? (
            <ConfirmAction
              label={t('coupons.ui_notify')}
              question={t('coupons.ui_notify_q', { code: c.code })}
              color="cyan"
              icon={<IconBell size={14} aria-hidden />}
              loading={busyId === c.id}
              onConfirm={() => act('notify', c.id)}
              testId="coupon-notify"
            />
          ) : null}
          {may('coupons.delete') ? (
            <ConfirmAction
              label={t('common.delete')}
              question={t('coupons.ui_delete_q', { code: c.code })}
              icon={<IconTrash size={14} aria-hidden />}
              loading={busyId === c.id}
              onConfirm={() => act('delete', c.id)}
            />
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('admin.group_coupons')}
      actions={
        may('coupons.create') ? (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
            data-testid="coupon-add"
          >
            {t('coupons.ui_add')}
          </Button>
        ) : null
      }
    >
      <Group gap="sm" align="flex-end">
        <SearchBox label={t('coupons.ui_search')} />
        <Select
          label={t('coupons.ui_status')}
          placeholder={t('admin.people_all')}
          data={COUPON_STATUSES.map((s) => ({ value: s, label: t(`coupons.ui_status_${s}`) }))}
          value={params.get('status') || null}
          onChange={(v) => params.set({ status: v })}
          clearable
          w={180}
        />
      </Group>
      <DataTable
        rows={list.data}
        columns={columns}
        pagination={list.pagination}
        caption={t('admin.group_coupons')}
        testId="coupons-table"
      />
      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="left"
        size="md"
        title={editing === 'new' ? t('coupons.ui_add') : t('coupons.ui_edit')}
      >
        {editing !== null ? (
          <CouponForm
            key={editing === 'new' ? 'new' : editing.id}
            coupon={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Drawer>
    </AdminPage>
  );
}
