/**
 * `/orders/pool_construction/{id}`: one pool construction order. Its state and timeline; the design
 * (its picture, sizes, finish, extras) and the estimate given when it was requested; the engineer; the
 * price offer with its lines, to accept and pay (card or wallet) or reject with a reason; the stages of
 * the work with their photos; the chat, cancelling while allowed, and rating the engineer once done.
 */
import { Container, Grid, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import type { ConstructionOrderDetail } from '@pool/contracts/construction';
import type { Route } from './+types/order';
import { apiFor, isSuccess, pageStatus } from '../../lib/api.server.ts';
import { formatRiyals } from '../../lib/format.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { DesignSummary } from '../../features/construction/design-summary.tsx';
import { StagesView } from '../../features/construction/stages.tsx';
import { ConstructionStatusBadge } from '../../features/construction/status.tsx';
import { LocationView } from '../../features/maintenance/location-view.tsx';
import { OfferSection } from '../../features/maintenance/offer.tsx';
import { OfferPayDialogs, PayAgainAlert } from '../../features/maintenance/pay-dialog.tsx';
import { RatingStars } from '../../features/maintenance/rating-stars.tsx';
import { ReasonDialog } from '../../features/maintenance/reason-dialog.tsx';
import { StaffCardView } from '../../features/maintenance/visit.tsx';
import { CancelDialog } from '../../features/orders/cancel-dialog.tsx';
import {
  CancelButton,
  CancelReasonAlert,
  ChatButton,
  RateButton,
  RefundAlert,
} from '../../features/orders/order-alerts.tsx';
import { OrderHeading, Section } from '../../features/orders/order-sections.tsx';
import { offerAction } from '../../features/orders/offer-action.server.ts';
import { useOrderActions } from '../../features/orders/order-actions.ts';
import { OrderTimeline } from '../../features/orders/timeline.tsx';
import { routeId } from '../../lib/route-id.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'construction-site.order_page_title');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  if (!api.auth || api.auth.is_guest) return { order: null, reasons: [], balance: null };
  const id = routeId(params);
  const res = await api.GET('/api/user/construction-orders/{id}', { params: { path: { id } } });
  if (!isSuccess(res)) throw data(res.msg, { status: pageStatus(res) });
  const order = res.data;
  const [reasons, wallet] = await Promise.all([
    order.can_cancel ? api.GET('/api/user/cancel-reasons') : null,
    order.can_accept || order.can_pay ? api.GET('/api/user/wallet') : null,
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
  return (
    offerAction(api, form, params.id, '/api/user/construction-orders') ?? {
      msg: '',
      key: 'fail',
      data: null,
      status: 400,
    }
  );
}

type Dialog = 'accept' | 'pay' | 'reject' | 'cancel';

function RequestSection({ order }: { order: ConstructionOrderDetail }) {
  const { t } = useTranslation();
  return (
    <Section title={t('maintenance-site.request')}>
      <LocationView location={order.location} city={order.city} />
      {order.notes ? (
        <Stack gap={2}>
          <Text fz="sm" c="gray.7">
            {t('construction-site.notes')}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="request-notes">
            <bdi>{order.notes}</bdi>
          </Text>
        </Stack>
      ) : null}
      {order.images.length ? (
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
          {order.images.map((u, i) => (
            <a key={u} href={u} target="_blank" rel="noreferrer">
              <Image src={u} alt={t('construction-site.image_alt', { n: i + 1 })} radius="md" h={96} fit="cover" />
            </a>
          ))}
        </SimpleGrid>
      ) : null}
    </Section>
  );
}

export default function ConstructionOrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const { order, reasons, balance } = loaderData;
  const { dialog, setDialog, payKey, reasonError, busy, send } = useOrderActions<Dialog>('construction-order');

  if (!order) return null;
  const offerTotal = order.offer?.prices.total ?? 0;

  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <OrderHeading
          back={{ to: to('/orders/pool_construction'), label: t('construction-site.back_to_orders') }}
          title={t('construction-site.order_title')}
          number={order.number}
          badge={<ConstructionStatusBadge status={order.status} size="lg" />}
          createdAt={order.created_at}
        >
          {order.can_chat ? <ChatButton path="/chat/chat_pool_construction" orderId={order.id} /> : null}
          {order.can_rate ? <RateButton orderId={order.id} label={t('construction-site.rate')} /> : null}
          {order.can_cancel ? (
            <CancelButton label={t('maintenance-site.cancel_order')} onClick={() => setDialog('cancel')} />
          ) : null}
        </OrderHeading>

        {order.can_pay ? (
          <PayAgainAlert
            payBy={order.pay_by}
            total={order.offer?.prices.total ?? order.total}
            busy={busy}
            onPay={() => setDialog('pay')}
          />
        ) : null}

        <CancelReasonAlert status={order.status} reason={order.cancel_reason} note={null} />
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
                waiting={t('construction-site.offer_waiting')}
                onAccept={() => setDialog('accept')}
                onReject={() => setDialog('reject')}
              />
              {['in_progress', 'completed'].includes(order.status) || order.stages.length ? (
                <Section title={t('construction-site.stages')}>
                  <StagesView stages={order.stages} />
                </Section>
              ) : null}
              <Section title={t('maintenance-site.timeline')}>
                <OrderTimeline
                  events={order.events}
                  label={(s) => t(`construction-site.status_${s}`)}
                  staff={t('construction-site.engineer')}
                />
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Section title={t('construction-site.design')}>
                <DesignSummary design={order.design} />
                <Stack gap={0} data-testid="order-estimate">
                  <Text fz="xs" c="gray.7">
                    {t('construction-site.estimate_then')}
                  </Text>
                  <Text fw={700}>
                    {t('construction-site.estimate_range', {
                      low: formatRiyals(lang, order.estimate.low),
                      high: formatRiyals(lang, order.estimate.high),
                    })}{' '}
                    <Text span fz="sm" fw={400} c="gray.7">
                      ({t('construction-site.estimate_vat')})
                    </Text>
                  </Text>
                </Stack>
              </Section>
              {order.staff ? (
                <Section title={t('construction-site.engineer')}>
                  <StaffCardView staff={order.staff} />
                </Section>
              ) : null}
              {order.rating ? (
                <Section title={t('maintenance-site.your_rating')}>
                  <RatingStars
                    value={order.rating.stars}
                    label={t('orders.ui_your_rating', { rating: order.rating.stars })}
                  />
                  {order.rating.comment ? (
                    <Text fz="sm">
                      <bdi>{order.rating.comment}</bdi>
                    </Text>
                  ) : null}
                </Section>
              ) : null}
              <RequestSection order={order} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>

      <OfferPayDialogs
        open={dialog === 'accept' || dialog === 'pay' ? dialog : null}
        offerTotal={offerTotal}
        total={order.total}
        balance={balance}
        busy={busy}
        onClose={() => setDialog(null)}
        onPay={(intent, method) => send({ intent, payment_method: method, idempotency_key: payKey })}
      />
      <ReasonDialog
        key={dialog === 'reject' ? 'reject' : 'none'}
        opened={dialog === 'reject'}
        title={t('maintenance-site.reject_title')}
        busy={busy}
        error={reasonError}
        onClose={() => setDialog(null)}
        onSend={(reason) => send({ intent: 'reject', reason })}
      />
      <CancelDialog
        opened={dialog === 'cancel'}
        title={t('maintenance-site.cancel_order')}
        question={t('construction-site.cancel_question', { number: order.number })}
        reasons={reasons}
        busy={busy}
        confirmLabel={t('maintenance-site.cancel_order')}
        onClose={() => setDialog(null)}
        onConfirm={(v) => send({ intent: 'cancel', ...v })}
      />
    </Container>
  );
}
