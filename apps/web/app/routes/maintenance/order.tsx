/**
 * `/orders/immediate_maintenance/{id}`: one maintenance order. Its state and
 * timeline; the request; the price offer with every line, to accept and pay
 * (card or wallet) or reject with a reason; cancel while allowed; the
 * technician's card and arrival window; extra services to accept and pay or
 * reject; the visit report; the chat and the rating. The page follows the
 * order live: each of its notifications changes the header's count, which
 * reloads the page's data (components/live-count.tsx).
 */
import { Box, Container, Grid, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import type { ExtraView, MaintenanceOrderDetail } from '@pool/contracts/maintenance';
import type { Route } from './+types/order';
import { apiFor, isSuccess, pageStatus } from '../../lib/api.server.ts';
import { asSent, type PathBody, type PathParams } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { InstantWhen } from '../../features/dates/index.ts';
import { CancelDialog } from '../../features/orders/cancel-dialog.tsx';
import {
  CancelButton,
  CancelReasonAlert,
  ChatButton,
  RateButton,
  RefundAlert,
} from '../../features/orders/order-alerts.tsx';
import { OrderHeading, Section } from '../../features/orders/order-sections.tsx';
import { OrderTimeline } from '../../features/orders/timeline.tsx';
import { offerAction } from '../../features/orders/offer-action.server.ts';
import { useOrderActions } from '../../features/orders/order-actions.ts';
import { RatingStars } from '../../features/maintenance/rating-stars.tsx';
import { LocationView } from '../../features/maintenance/location-view.tsx';
import { OfferSection } from '../../features/maintenance/offer.tsx';
import { OfferPayDialogs, PayAgainAlert, PayDialog, type PayMethod } from '../../features/maintenance/pay-dialog.tsx';
import { ReasonDialog } from '../../features/maintenance/reason-dialog.tsx';
import { MaintenanceStatusBadge } from '../../features/maintenance/status.tsx';
import { ArrivalView, ExtraCard, ReportSection, StaffCardView } from '../../features/maintenance/visit.tsx';
import { routeId } from '../../lib/route-id.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'maintenance-site.order_page_title');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  if (!api.auth || api.auth.is_guest) return { order: null, reasons: [], balance: null };
  const id = routeId(params);
  const res = await api.GET('/api/user/maintenance-orders/{id}', { params: { path: { id } } });
  if (!isSuccess(res)) throw data(res.msg, { status: pageStatus(res) });
  const order = res.data;
  const payable =
    order.can_accept || order.can_pay || order.extras.some((x) => x.status === 'proposed' || x.status === 'accepted');
  const [reasons, wallet] = await Promise.all([
    order.can_cancel ? api.GET('/api/user/cancel-reasons') : null,
    payable ? api.GET('/api/user/wallet') : null,
  ]);
  return {
    order,
    reasons: reasons && isSuccess(reasons) ? reasons.data : [],
    balance: wallet && isSuccess(wallet) ? wallet.data.balance : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  // The path's id and the form's fields as they came: the API validates them.
  const done = offerAction(api, form, params.id, '/api/user/maintenance-orders');
  if (done) return done;
  const key = field('idempotency_key').slice(0, 128);
  const headers = key ? { 'idempotency-key': key } : {};
  const extra = asSent<PathParams<'post', '/api/user/maintenance-orders/{id}/extras/{extraId}/accept'>>({
    id: params.id,
    extraId: field('extra_id'),
  });
  switch (field('intent')) {
    case 'extra-accept':
      return api.POST('/api/user/maintenance-orders/{id}/extras/{extraId}/accept', {
        params: { path: extra },
        headers,
        body: asSent<PathBody<'post', '/api/user/maintenance-orders/{id}/extras/{extraId}/accept'>>({
          payment_method: field('payment_method'),
        }),
      });
    case 'extra-reject':
      return api.POST('/api/user/maintenance-orders/{id}/extras/{extraId}/reject', {
        params: { path: extra },
        body: { reason: field('reason') },
      });
    default:
      return { msg: '', key: 'fail', data: null, status: 400 };
  }
}

type Dialog =
  | { kind: 'accept' }
  | { kind: 'pay' }
  | { kind: 'reject' }
  | { kind: 'cancel' }
  | { kind: 'extra-accept'; extra: ExtraView }
  | { kind: 'extra-reject'; extra: ExtraView };

function RequestSection({ order }: { order: MaintenanceOrderDetail }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const r = order.request;
  return (
    <Section title={t('maintenance-site.request')}>
      <Stack gap={2}>
        <Text fz="sm" c="gray.7">
          {t('maintenance-site.problem')}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="request-problem">
          <bdi>{r.problem}</bdi>
        </Text>
      </Stack>
      <Stack gap={2}>
        <Text fz="sm" c="gray.7">
          {t('maintenance-site.place')}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>
          <bdi>{r.place}</bdi>
        </Text>
      </Stack>
      {r.images.length ? (
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
          {r.images.map((u, i) => (
            <a key={u} href={u} target="_blank" rel="noreferrer">
              <Image src={u} alt={t('maintenance-site.image_alt', { n: i + 1 })} radius="md" h={96} fit="cover" />
            </a>
          ))}
        </SimpleGrid>
      ) : null}
      <Stack gap={2}>
        <Text fz="sm" c="gray.7">
          {t('maintenance-site.visit_time')}
        </Text>
        <Box data-testid="request-visit">
          <InstantWhen at={r.scheduled_at} lang={lang} />
        </Box>
      </Stack>
      <LocationView location={r.location} city={r.city} />
    </Section>
  );
}

export default function MaintenanceOrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const { order, reasons, balance } = loaderData;
  const { dialog, setDialog, payKey, reasonError, busy, send } = useOrderActions<Dialog>('maintenance-order');

  if (!order) return null;
  const money = (h: number) => formatMoney(lang, h);

  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <OrderHeading
          back={{ to: to('/orders/immediate_maintenance'), label: t('maintenance-site.back_to_orders') }}
          title={t('maintenance-site.order_title')}
          number={order.number}
          badge={<MaintenanceStatusBadge status={order.status} size="lg" />}
          createdAt={order.created_at}
        >
          {order.can_chat ? <ChatButton path="/chat/chat_immediate_maintenance" orderId={order.id} /> : null}
          {order.can_rate ? <RateButton orderId={order.id} label={t('maintenance-site.rate')} /> : null}
          {order.can_cancel ? (
            <CancelButton label={t('maintenance-site.cancel_order')} onClick={() => setDialog({ kind: 'cancel' })} />
          ) : null}
        </OrderHeading>

        {order.can_pay ? (
          <PayAgainAlert
            payBy={order.pay_by}
            total={order.offer?.prices.total ?? order.total}
            busy={busy}
            onPay={() => setDialog({ kind: 'pay' })}
          />
        ) : null}

        <CancelReasonAlert status={order.status} reason={order.cancel_reason} note={order.cancel_note} />
        <RefundAlert refund={order.refund} />

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <OfferSection
                offer={order.offer}
                status={order.status}
                events={order.events}
                canAccept={order.can_accept}
                canReject={order.can_reject}
                waiting={t('maintenance-site.offer_waiting')}
                onAccept={() => setDialog({ kind: 'accept' })}
                onReject={() => setDialog({ kind: 'reject' })}
              />
              {order.extras.length ? (
                <Section title={t('maintenance-site.extras')}>
                  {order.extras.map((x) => (
                    <ExtraCard
                      key={x.id}
                      extra={x}
                      busy={busy}
                      onAccept={(extra) => setDialog({ kind: 'extra-accept', extra })}
                      onReject={(extra) => setDialog({ kind: 'extra-reject', extra })}
                    />
                  ))}
                </Section>
              ) : null}
              {order.report ? (
                <Section title={t('maintenance-site.report')}>
                  <ReportSection report={order.report} />
                </Section>
              ) : null}
              <Section title={t('maintenance-site.timeline')}>
                <OrderTimeline events={order.events} label={(s) => t(`maintenance-site.status_${s}`)} />
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              {order.staff ? (
                <Section title={t('maintenance-site.technician')}>
                  <StaffCardView staff={order.staff} />
                  {order.arrival && ['technician_assigned', 'on_the_way'].includes(order.status) ? (
                    <ArrivalView arrival={order.arrival} />
                  ) : null}
                </Section>
              ) : null}
              {order.rating ? (
                <Section title={t('maintenance-site.your_rating')}>
                  <RatingStars
                    value={order.rating.stars}
                    label={t('orders.ui_your_rating', { rating: order.rating.stars })}
                  />
                  {order.rating.comment ? <Text fz="sm">{order.rating.comment}</Text> : null}
                </Section>
              ) : null}
              <RequestSection order={order} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>

      <OfferPayDialogs
        open={dialog?.kind === 'accept' || dialog?.kind === 'pay' ? dialog.kind : null}
        offerTotal={order.offer?.prices.total ?? 0}
        total={order.total}
        balance={balance}
        busy={busy}
        onClose={() => setDialog(null)}
        onPay={(intent, method) => send({ intent, payment_method: method, idempotency_key: payKey })}
      />
      <PayDialog
        opened={dialog?.kind === 'extra-accept'}
        title={t('maintenance-site.extras')}
        question={t('maintenance-site.accept_question', {
          total: money(dialog?.kind === 'extra-accept' ? dialog.extra.total : 0),
        })}
        total={dialog?.kind === 'extra-accept' ? dialog.extra.total : 0}
        balance={balance}
        busy={busy}
        onClose={() => setDialog(null)}
        onPay={(method: PayMethod) =>
          dialog?.kind === 'extra-accept' &&
          send({
            intent: 'extra-accept',
            extra_id: String(dialog.extra.id),
            payment_method: method,
            idempotency_key: payKey,
          })
        }
      />
      <ReasonDialog
        key={dialog?.kind === 'reject' ? 'reject' : dialog?.kind === 'extra-reject' ? `x${dialog.extra.id}` : 'none'}
        opened={dialog?.kind === 'reject' || dialog?.kind === 'extra-reject'}
        title={t(
          dialog?.kind === 'extra-reject' ? 'maintenance-site.extra_reject_title' : 'maintenance-site.reject_title',
        )}
        busy={busy}
        error={reasonError}
        onClose={() => setDialog(null)}
        onSend={(reason) =>
          dialog?.kind === 'extra-reject'
            ? send({ intent: 'extra-reject', extra_id: String(dialog.extra.id), reason })
            : send({ intent: 'reject', reason })
        }
      />
      <CancelDialog
        opened={dialog?.kind === 'cancel'}
        title={t('maintenance-site.cancel_order')}
        question={t('maintenance-site.cancel_question', { number: order.number })}
        reasons={reasons}
        busy={busy}
        confirmLabel={t('maintenance-site.cancel_order')}
        onClose={() => setDialog(null)}
        onConfirm={(v) => send({ intent: 'cancel', ...v })}
      />
    </Container>
  );
}
