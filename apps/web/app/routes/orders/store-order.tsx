/**
 * `/orders/online_store_order/{id}`: one store order with every price line,
 * its lines, address and timeline; cancel while allowed (with a reason), pay
 * again while payment is pending, the tax invoice with its ZATCA QR, and the
 * way to rate the products once delivered.
 */
import { useEffect, useState } from 'react';
import { Button, Container, Grid, Modal, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { data, useFetcher, useSearchParams } from 'react-router';
import type { StoreInvoice, StoreOrderDetail } from '@pool/contracts/orders';
import type { Route } from './+types/store-order';
import { apiFor, isSuccess, pageStatus } from '../../lib/api.server.ts';
import { asSent, type PathBody, type PathParams } from '../../lib/api.ts';
import { useAnswerHandler, useToasts, type Answer } from '../../lib/envelope.ts';
import { formatMoney } from '../../lib/format.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { addressText } from '../../features/cart/address-text.ts';
import { PriceLines } from '../../features/cart/price-lines.tsx';
import { CancelDialog } from '../../features/orders/cancel-dialog.tsx';
import {
  CancelButton,
  CancelReasonAlert,
  PayAlert,
  RateButton,
  RefundAlert,
} from '../../features/orders/order-alerts.tsx';
import { InvoiceView } from '../../features/orders/invoice-view.tsx';
import { qrDataUrl } from '../../features/orders/qr.server.ts';
import { OrderStatusBadge } from '../../features/orders/status-badge.tsx';
import { methodKey } from '../../features/orders/method-key.ts';
import { OrderHeading, OrderLines, Section, TimelineSection } from '../../features/orders/order-sections.tsx';
import { routeId } from '../../lib/route-id.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'orders.ui_order');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  if (!api.auth || api.auth.is_guest) return { order: null, invoice: null, qr: null, reasons: [] };
  const id = routeId(params);
  const res = await api.GET('/api/user/store-orders/{id}', { params: { path: { id } } });
  if (!isSuccess(res)) throw data(res.msg, { status: pageStatus(res) });
  const order = res.data;
  let invoice: StoreInvoice | null = null;
  let qr: string | null = null;
  if (order.has_invoice) {
    const inv = await api.GET('/api/user/store-orders/{id}/invoice', { params: { path: { id } } });
    if (isSuccess(inv)) {
      invoice = inv.data;
      qr = await qrDataUrl(inv.data.qr);
    }
  }
  const reasons = order.can_cancel ? await api.GET('/api/user/cancel-reasons') : null;
  return { order, invoice, qr, reasons: reasons && isSuccess(reasons) ? reasons.data : [] };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  // The address's id and the form's fields as they came: the API validates them.
  const path = asSent<PathParams<'post', '/api/user/store-orders/{id}/pay'>>({ id: params.id });
  if (form.get('intent') === 'pay') {
    const key = String(form.get('idempotency_key') ?? '').slice(0, 128);
    const answer = await api.POST('/api/user/store-orders/{id}/pay', {
      params: { path },
      headers: key ? { 'idempotency-key': key } : {},
    });
    // The page opens the card page itself (a thrown redirect is dropped when a revalidation starts meanwhile).
    return answer;
  }
  return api.POST('/api/user/store-orders/{id}/cancel', {
    params: { path },
    body: asSent<PathBody<'post', '/api/user/store-orders/{id}/cancel'>>({
      cancel_reason_id: String(form.get('cancel_reason_id') ?? ''),
      note: String(form.get('note') ?? ''),
    }),
  });
}

/** The toast of a page reached after checkout or back from the card page (`free`: there was nothing to pay). */
function useArrival(free: boolean) {
  const { t } = useTranslation();
  const toast = useToasts();
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const status = params.get('payment_status');
    const placed = params.get('placed');
    if (!status && !placed) return;
    if (placed || status === 'paid') toast.success(t(free ? 'orders.ui_placed_toast' : 'orders.ui_paid_toast'));
    else if (status === 'failed') toast.error(t('orders.ui_payment_failed'));
    else toast.info(t('orders.ui_payment_pending'));
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const k of ['payment_status', 'payment_id', 'placed']) next.delete(k);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
}

export default function StoreOrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const handle = useAnswerHandler();
  const { order, invoice, qr, reasons } = loaderData;
  const cancel = useFetcher<Answer<StoreOrderDetail>>({ key: 'order-cancel' });
  const pay = useFetcher<Answer<unknown>>({ key: 'order-pay' });
  const [cancelling, setCancelling] = useState(false);
  const [showInvoice, setShowInvoice] = useState(false);
  const [payKey] = useState(newIdempotencyKey);
  useArrival(order?.prices.total === 0);
  useChangeEffect(() => {
    handle(cancel.data, { successToast: true, onSuccess: () => setCancelling(false) });
  }, [cancel.data]);
  useChangeEffect(() => {
    handle(pay.data as Answer<{ redirect_url?: string }> | undefined, {
      onSuccess: (d) => {
        if (d?.redirect_url) window.location.assign(d.redirect_url);
      },
    });
  }, [pay.data]);

  if (!order) return null;
  const money = (h: number) => formatMoney(lang, h);
  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <OrderHeading
          back={{ to: to('/orders/online_store_order'), label: t('orders.ui_back_to_orders') }}
          title={t('orders.ui_order_title')}
          number={order.number}
          badge={<OrderStatusBadge status={order.status} size="lg" />}
          createdAt={order.created_at}
        >
          {order.has_invoice && invoice ? (
            <Button
              variant="light"
              leftSection={<IconFileInvoice size={18} aria-hidden />}
              onClick={() => setShowInvoice(true)}
              data-testid="invoice-open"
            >
              {t('orders.ui_invoice')}
            </Button>
          ) : null}
          {order.can_rate ? <RateButton orderId={order.id} label={t('orders.ui_rate_products')} /> : null}
          {order.can_cancel ? (
            <CancelButton label={t('orders.ui_cancel_order')} onClick={() => setCancelling(true)} />
          ) : null}
        </OrderHeading>

        {order.can_pay ? (
          <PayAlert payBy={order.pay_by}>
            <pay.Form method="post">
              <input type="hidden" name="intent" value="pay" />
              <input type="hidden" name="idempotency_key" value={payKey} />
              <Button
                type="submit"
                leftSection={<IconCreditCard size={18} aria-hidden />}
                loading={pay.state !== 'idle'}
                data-testid="pay-again"
              >
                {t('orders.ui_pay_now', { total: money(order.prices.total) })}
              </Button>
            </pay.Form>
          </PayAlert>
        ) : null}

        <CancelReasonAlert status={order.status} reason={order.cancel_reason} note={order.cancel_note} />
        <RefundAlert refund={order.refund} />

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <OrderLines lines={order.lines} />
              <TimelineSection events={order.events} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Section title={t('cart.ui_summary')}>
                <PriceLines prices={order.prices} couponCode={order.coupon_code} />
                <Text fz="sm" c="gray.7">
                  {t('orders.ui_payment_method')}: {t(methodKey(order.payment_method, order.prices.total))}
                </Text>
              </Section>
              {order.address ? (
                <Section title={t('cart.ui_delivery_address')} gap={4}>
                  <Text fz="sm">{addressText(t, order.address)}</Text>
                  {order.address.details ? (
                    <Text fz="sm" c="gray.7">
                      {order.address.details}
                    </Text>
                  ) : null}
                </Section>
              ) : null}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>

      <CancelDialog
        opened={cancelling}
        title={t('orders.ui_cancel_order')}
        question={t('orders.ui_cancel_question', { number: order.number })}
        reasons={reasons}
        busy={cancel.state !== 'idle'}
        confirmLabel={t('orders.ui_cancel_order')}
        onClose={() => setCancelling(false)}
        onConfirm={(v) => void cancel.submit({ intent: 'cancel', ...v }, { method: 'post' })}
      />
      <Modal opened={showInvoice} onClose={() => setShowInvoice(false)} size="xl" title={t('orders.ui_invoice')}>
        {invoice ? <InvoiceView invoice={invoice} qr={qr} lang={lang} /> : null}
      </Modal>
    </Container>
  );
}
