/**
 * `/orders/scheduled_maintenance/{id}`: one subscription: its state, what is
 * left, the period, what was paid and where; its visits with state, day
 * (Gregorian and Hijri, Riyadh) and technician, to take one back (confirmation;
 * 24 hours or more before) and to pick an unscheduled one's time within the
 * period, and a done one's rating (its stars, or the way to rate); paying
 * again while it waits for payment, renewing it in its last days or after it
 * expired (card or wallet), the automatic renewal switch, cancel (the refund
 * shown first) and the chat. `?visit=` brings one visit into view (its
 * notification).
 */
import { Container, Grid, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, useSearchParams } from 'react-router';
import type { Route } from './+types/subscription';
import { apiFor, isSuccess, pageStatus } from '../../lib/api.server.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { CancelButton, ChatButton, PayAlert, RefundAlert } from '../../features/orders/order-alerts.tsx';
import { OrderHeading, Section } from '../../features/orders/order-sections.tsx';
import { usePaymentReturn } from '../../features/orders/index.ts';
import { subscriptionAction } from '../../features/packages/actions.server.ts';
import { AutoRenewSwitch, useSubscriptionMoves } from '../../features/packages/moves.tsx';
import { SubscriptionStatusBadge } from '../../features/packages/status.tsx';
import { PayAgainButton, RenewBox } from '../../features/packages/renew-box.tsx';
import { SubscriptionFacts } from '../../features/packages/subscription.tsx';
import { VisitsList } from '../../features/packages/visits.tsx';
import { routeId } from '../../lib/route-id.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'packages.ui_subscription_title');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  if (!api.auth || api.auth.is_guest) return { subscription: null, balance: null };
  const id = routeId(params);
  const res = await api.GET('/api/user/subscriptions/{id}', { params: { path: { id } } });
  if (!isSuccess(res)) throw data(res.msg, { status: pageStatus(res) });
  const payable = res.data.status === 'pending_payment' || res.data.renewal !== null;
  const wallet = payable ? await api.GET('/api/user/wallet') : null;
  return { subscription: res.data, balance: wallet && isSuccess(wallet) ? wallet.data.balance : null };
}

export const action = (args: Route.ActionArgs) => subscriptionAction(args);

export default function SubscriptionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  const [params] = useSearchParams();
  const { open, dialogs } = useSubscriptionMoves(loaderData.balance);
  usePaymentReturn();
  const s = loaderData.subscription;
  if (!s) return null;
  const focus = Number(params.get('visit')) || null;
  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <OrderHeading
          back={{ to: to('/orders/scheduled_maintenance'), label: t('packages.ui_back_to_orders') }}
          title={t('packages.ui_subscription_title')}
          number={s.number}
          badge={<SubscriptionStatusBadge status={s.status} size="lg" />}
          createdAt={s.created_at}
        >
          {s.can_chat ? <ChatButton path="/chat/chat_scheduled_maintenance" orderId={s.id} /> : null}
          {s.can_cancel ? (
            <CancelButton
              label={t('packages.ui_cancel_subscription')}
              onClick={() => open({ kind: 'cancel', subscription: s })}
            />
          ) : null}
        </OrderHeading>
        {s.status === 'pending_payment' ? (
          <PayAlert payBy={s.pay_by}>
            <Group>
              <PayAgainButton subscription={s} onMove={open} />
            </Group>
          </PayAlert>
        ) : null}
        <RefundAlert refund={s.refund} />
        <RenewBox subscription={s} onMove={open} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            <Section title={t('packages.ui_visits_title')}>
              <VisitsList subscription={s} focus={focus} onMove={open} />
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <Section title={s.name}>
              <SubscriptionFacts subscription={s} withPlace />
              {s.status === 'active' ? <AutoRenewSwitch subscription={s} /> : null}
            </Section>
          </Grid.Col>
        </Grid>
      </Stack>
      {dialogs}
    </Container>
  );
}
