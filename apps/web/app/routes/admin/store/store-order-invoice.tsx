/** The printable tax invoice of a paid store order (printing shows the invoice alone). */
import { Button, Paper, Stack } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/store-order-invoice';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, must } from '../../../features/admin/admin-api.server.ts';
import { InvoiceView } from '../../../features/orders/invoice-view.tsx';
import { qrDataUrl } from '../../../features/orders/qr.server.ts';
import { routeId } from '../../../lib/route-id.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'orders.ui_invoice');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const id = routeId(params);
  const invoice = must(await api.GET('/api/admin/store-orders/{id}/invoice', { params: { path: { id } } }));
  return { invoice, qr: await qrDataUrl(invoice.qr) };
}

export default function AdminInvoicePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { invoice, qr } = loaderData;
  return (
    <Stack gap="md" maw={900}>
      <Button
        component={Link}
        to={`/admin/store-orders/${invoice.order_id}`}
        variant="default"
        leftSection={<IconArrowRight size={16} aria-hidden />}
        w="fit-content"
      >
        {t('orders.ui_admin_back_order')}
      </Button>
      <Paper withBorder radius="lg" p="lg">
        <InvoiceView invoice={invoice} qr={qr} lang="ar" />
      </Paper>
    </Stack>
  );
}
