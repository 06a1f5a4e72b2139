/** One store order in the dashboard: customer, lines, prices, address, timeline; the allowed moves, cancel or refuse with a reason, the invoice. */
import { Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/store-order';
import { formatDateTime } from '../../../lib/format.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { asSent, type PathBody, type PathParams } from '../../../lib/api.ts';
import { adminApi, adminCancelReasons, answerOf, must } from '../../../features/admin/admin-api.server.ts';
import { AdminPage } from '../../../features/admin/admin-page.tsx';
import { OrderActions } from '../../../features/admin/order-actions.tsx';
import { BackToList, CancelReason, CustomerSection } from '../../../features/admin/order-cells.tsx';
import { addressText } from '../../../features/cart/address-text.ts';
import { PriceLines } from '../../../features/cart/price-lines.tsx';
import { OrderStatusBadge } from '../../../features/orders/status-badge.tsx';
import { methodKey } from '../../../features/orders/method-key.ts';
import { OrderLines, TimelineSection } from '../../../features/orders/order-sections.tsx';
import { routeId } from '../../../lib/route-id.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'orders.ui_order');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const id = routeId(params);
  const [order, reasons] = await Promise.all([
    api.GET('/api/admin/store-orders/{id}', { params: { path: { id } } }).then(must),
    adminCancelReasons(api),
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
  const { order, reasons } = loaderData;

  return (
    <AdminPage
      title={`${t('orders.ui_order_title')} ${order.number}`}
      actions={
        <Group gap="sm">
          <BackToList to="/admin/store-orders" label={t('orders.ui_admin_back')} />
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
              {formatDateTime('ar', order.created_at)} · {t(methodKey(order.payment_method, order.prices.total))}
              {order.payment_status
                ? ` · ${t(`orders.ui_payment_${order.payment_status === 'failed' ? 'failed_status' : order.payment_status}`)}`
                : ''}
            </Text>
          </Group>
          <OrderActions
            number={order.number}
            nextStatuses={order.next_statuses}
            reasons={reasons}
            moveLabel={(s) => t(`orders.ui_move_${s}`)}
            statusLabel={(s) => t(`orders.status_${s}`)}
          />
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
            <CustomerSection order={order}>
              {order.address ? <Text fz="sm">{addressText(t, order.address)}</Text> : null}
              {order.address?.details ? (
                <Text fz="sm" c="gray.7">
                  {order.address.details}
                </Text>
              ) : null}
            </CustomerSection>
            <Paper withBorder radius="lg" p="md">
              <PriceLines prices={order.prices} couponCode={order.coupon_code} />
            </Paper>
            <CancelReason order={order} />
          </Stack>
        </Grid.Col>
      </Grid>
    </AdminPage>
  );
}
