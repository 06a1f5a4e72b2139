/** Dashboard delivery prices: every city with its price and free-delivery threshold (no price: no delivery there). */
import { useState } from 'react';
import { Badge, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { toHalalas } from '@pool/contracts/core';
import type { AdminDeliveryPrice } from '@pool/contracts/coupons';
import type { Route } from './+types/delivery-prices';
import type { Answer } from '../../../lib/envelope.ts';
import { formatMoney } from '../../../lib/format.ts';
import { answerFieldErrors } from '../../../lib/forms.ts';
import { EditButton, FormActions } from '../../../features/admin/edit-actions.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { asSent, type PathBody } from '../../../lib/api.ts';
import { adminApi, answerOf, must } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { DataTable, type Column } from '../../../features/admin/data-table.tsx';
import { useAdmin } from '../../../features/admin/use-admin.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_delivery');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return { cities: must(await api.GET('/api/admin/delivery-prices')) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const form = await request.formData();
  const id = Number(form.get('city_id')) || 0;
  return answerOf(
    await api.POST('/api/admin/delivery-prices/{city_id}', {
      params: { path: { city_id: id } },
      body: asSent<PathBody<'post', '/api/admin/delivery-prices/{city_id}'>>({
        price: String(form.get('price') ?? ''),
        free_above: String(form.get('free_above') ?? ''),
      }),
    }),
  );
}

const halalasText = (v: string) => {
  if (v.trim() === '') return '';
  const h = toHalalas(v);
  return Number.isNaN(h) ? v : String(h);
};

function PriceForm({ city, onDone }: { city: AdminDeliveryPrice; onDone: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer<AdminDeliveryPrice>>({ key: 'delivery-form' });
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      price: city.price === null ? '' : (city.price / 100).toFixed(2),
      free_above: city.free_above === null ? '' : (city.free_above / 100).toFixed(2),
    },
  });
  useAnswerEffect(fetcher.data, { onSuccess: onDone, onError: (a) => form.setErrors(answerFieldErrors(a)) });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (v) =>
          void fetcher.submit(
            { city_id: String(city.city_id), price: halalasText(v.price), free_above: halalasText(v.free_above) },
            { method: 'post' },
          ),
      )}
      data-testid="delivery-form"
    >
      <Stack gap="md">
        <TextInput
          label={t('coupons.ui_delivery_price')}
          withAsterisk
          inputMode="decimal"
          dir="ltr"
          {...form.getInputProps('price')}
          data-testid="delivery-price"
        />
        <TextInput
          label={t('coupons.ui_free_above')}
          description={t('coupons.ui_free_above_hint')}
          inputMode="decimal"
          dir="ltr"
          {...form.getInputProps('free_above')}
          data-testid="delivery-free-above"
        />
        <FormActions onCancel={onDone} busy={fetcher.state !== 'idle'} saveTestId="delivery-submit" />
      </Stack>
    </form>
  );
}

export default function DeliveryPricesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const me = useAdmin();
  const [editing, setEditing] = useState<AdminDeliveryPrice | null>(null);
  const mayEdit = me.is_super || me.permissions.includes('delivery.edit');
  const rows = loaderData.cities.map((c) => ({ ...c, id: c.city_id }));
  const columns: Column<(typeof rows)[number]>[] = [
    {
      key: 'city',
      label: t('coupons.ui_city'),
      render: (c) => (
        <Group gap="xs">
          <Text fw={600} fz="sm">
            {c.name_ar}
          </Text>
          {!c.active ? (
            <Badge variant="light" color="gray" c="gray.9" size="sm">
              {t('coupons.ui_city_inactive')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'price',
      label: t('coupons.ui_delivery_price'),
      render: (c) =>
        c.price === null ? (
          <Text c="orange.9" fz="sm">
            {t('coupons.ui_no_delivery')}
          </Text>
        ) : c.price === 0 ? (
          t('cart.ui_free')
        ) : (
          formatMoney('ar', c.price)
        ),
    },
    {
      key: 'free',
      label: t('coupons.ui_free_above'),
      render: (c) => (c.free_above === null ? '—' : formatMoney('ar', c.free_above)),
    },
    {
      key: 'actions',
      label: t('admin.people_actions'),
      render: (c) =>
        mayEdit ? <EditButton name={c.name_ar} onClick={() => setEditing(c)} testId="delivery-edit" /> : null,
    },
  ];
  return (
    <AdminPage title={t('admin.group_delivery')} description={t('coupons.ui_delivery_intro')}>
      <DataTable rows={rows} columns={columns} caption={t('admin.group_delivery')} testId="delivery-table" />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('coupons.ui_delivery_to', { city: editing.name_ar }) : ''}
        centered
      >
        {editing ? <PriceForm key={editing.city_id} city={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </AdminPage>
  );
}
