/** One store order in the dashboard: customer, lines, prices, address, timeline; the allowed moves, cancel or refuse with a reason, the invoice. */
import { useEffect, useState } from 'react';
import { Anchor, Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconBan, IconPrinter, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { data, Link, useFetcher } from 'react-router';
import type { AdminOrderDetail, StoreOrderStatus } from '@pool/contracts/orders';
import type { Route } from './+types/store-order';
import type { Answer } from '../../../lib/envelope.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { answerFieldErrors } from '../../../lib/forms.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { asSent, type PathBody, type PathParams } from '../../../lib/api.ts';
import { adminApi, answerOf, listOrEmpty, must } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { ConfirmAction } from '../../../features/admin/confirm-action.tsx';
import { useAdmin } from '../../../features/admin/use-admin.ts';
import { addressText } from '../../../features/cart/address-text.ts';
import { PriceLines } from '../../../features/cart/price-lines.tsx';
import { CancelDialog } from '../../../features/orders/cancel-dialog.tsx';
import { OrderStatusBadge } from '../../../features/orders/status-badge.tsx';
import { OrderLines, Section, TimelineSection } from '../../../features/orders/order-sections.tsx';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'orders.ui_order');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  const [order, reasons] = await Promise.all([
    api.GET('/api/admin/store-orders/{id}', { params: { path: { id } } }).then(must),
    listOrEmpty(api.anonymous.GET('/api/user/cancel-reasons')),
  ]);
  return { order, reasons };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const form = await request.formData();
  // The address's id and the form's fields as they came: the API validates them.
  const path = asSent<PathParams<'post', '/api/admin/store-orders/{id}/status'>>({ id: params.id });
  const status = String(form.get('status') ?? '');
  if (form.get('intent') === 'cancel') {
    return answerOf(
      await api.POST('/api/admin/store-orders/{id}/cancel', {
        params: { path },
        body: asSent<PathBody<'post', '/api/admin/store-orders/{id}/cancel'>>({
          status,
          cancel_reason_id: String(form.get('cancel_reason_id') ?? ''),
          note: String(form.get('note') ?? ''),
        }),
      }),
    );
  }
  return answerOf(
    await api.POST('/api/admin/store-orders/{id}/status', {
      params: { path },
      body: asSent<PathBody<'post', '/api/admin/store-orders/{id}/status'>>({ status }),
    }),
  );
}

export default function AdminStoreOrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const me = useAdmin();
  const { order, reasons } = loaderData;
  const move = useFetcher<Answer<AdminOrderDetail>>({ key: 'order-move' });
  const cancel = useFetcher<Answer<AdminOrderDetail>>({ key: 'order-admin-cancel' });
  const [ending, setEnding] = useState<'cancelled' | 'refused' | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  useAnswerEffect(move.data);
  useAnswerEffect(cancel.data, {
    onSuccess: () => setEnding(null),
    onError: (a) => setCancelError(Object.values(answerFieldErrors(a))[0] ?? null),
  });
  useEffect(() => setCancelError(null), [ending]);
  const may = (p: string) => me.is_super || me.permissions.includes(p);
  const forward = order.next_statuses.filter((s) => s !== 'cancelled' && s !== 'refused');
  const canEnd = order.next_statuses.includes('cancelled');

  return (
    <AdminPage
      title={`${t('orders.ui_order_title')} ${order.number}`}
      actions={
        <Group gap="sm">
          <Button
            component={Link}
            to="/admin/store-orders"
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {t('orders.ui_admin_back')}
          </Button>
          {order.has_invoice ? (
            <Button
              component={Link}
              to={`/admin/store-orders/${order.id}/invoice`}
              variant="light"
              leftSection={<IconPrinter size={16} aria-hidden />}
              data-testid="admin-invoice"
            >
              {t('orders.ui_invoice')}
            </Button>
          ) : null}
        </Group>
      }
    >
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" gap="md">
          <Group gap="md">
            <OrderStatusBadge status={order.status} size="lg" />
            <Text fz="sm" c="gray.7">
              {formatDateTime('ar', order.created_at)} · {t(`orders.ui_method_${order.payment_method}`)}
              {order.payment_status
                ? ` · ${t(`orders.ui_payment_${order.payment_status === 'failed' ? 'failed_status' : order.payment_status}`)}`
                : ''}
            </Text>
          </Group>
          <Group gap="sm">
            {may('orders.edit')
              ? forward.map((s: StoreOrderStatus) => (
                  <ConfirmAction
                    key={s}
                    label={t(`orders.ui_move_${s}`)}
                    question={t('orders.ui_move_q', { number: order.number, status: t(`orders.status_${s}`) })}
                    color="cyan"
                    variant="filled"
                    size="sm"
                    loading={move.state !== 'idle'}
                    onConfirm={() => void move.submit({ intent: 'move', status: s }, { method: 'post' })}
                    testId={`move-${s}`}
                  />
                ))
              : null}
            {may('orders.cancel') && canEnd ? (
              <>
                <Button
                  size="sm"
                  variant="light"
                  color="red"
                  leftSection={<IconX size={16} aria-hidden />}
                  onClick={() => setEnding('cancelled')}
                  data-testid="admin-cancel"
                >
                  {t('orders.ui_cancel_order')}
                </Button>
                <Button
                  size="sm"
                  variant="light"
                  color="orange"
                  leftSection={<IconBan size={16} aria-hidden />}
                  onClick={() => setEnding('refused')}
                  data-testid="admin-refuse"
                >
                  {t('orders.ui_refuse_order')}
                </Button>
              </>
            ) : null}
          </Group>
        </Group>
      </Paper>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <OrderLines lines={order.lines} lang="ar" />
            <TimelineSection events={order.events} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Section title={t('orders.ui_customer')} gap={4}>
              <Anchor component={Link} to={`/admin/users/${order.customer_id}`} fw={600}>
                {order.customer_name}
              </Anchor>
              <Text fz="sm" dir="ltr" ta="right">
                {order.customer_phone}
              </Text>
              {order.address ? <Text fz="sm">{addressText(t, order.address)}</Text> : null}
              {order.address?.details ? (
                <Text fz="sm" c="gray.7">
                  {order.address.details}
                </Text>
              ) : null}
            </Section>
            <Paper withBorder radius="lg" p="md">
              <PriceLines prices={order.prices} couponCode={order.coupon_code} />
            </Paper>
            {order.cancel_reason || order.cancel_note ? (
              <Paper withBorder radius="lg" p="md">
                <Text fw={700}>{t('orders.ui_cancel_reason')}</Text>
                <Text fz="sm">{[order.cancel_reason, order.cancel_note].filter(Boolean).join(' — ')}</Text>
              </Paper>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>

      <CancelDialog
        opened={ending !== null}
        title={ending === 'refused' ? t('orders.ui_refuse_order') : t('orders.ui_cancel_order')}
        question={t(ending === 'refused' ? 'orders.ui_admin_refuse_q' : 'orders.ui_admin_cancel_q', {
          number: order.number,
        })}
        reasons={reasons}
        busy={cancel.state !== 'idle'}
        error={cancelError}
        confirmLabel={ending === 'refused' ? t('orders.ui_refuse_order') : t('orders.ui_cancel_order')}
        onClose={() => setEnding(null)}
        onConfirm={(v) =>
          void cancel.submit({ intent: 'cancel', status: ending ?? 'cancelled', ...v }, { method: 'post' })
        }
      />
    </AdminPage>
  );
}
