/**
 * `/more/my_remains` ("my packages"): each of my subscriptions with its state,
 * the visits left, the period's end, paying again one that waits for payment,
 * renewing one in its last days or after it expired, the automatic renewal
 * switch, its chat, and cancel (a confirmation that shows what returns to the
 * wallet before it is done).
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPackageOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubscriptionView } from '@pool/contracts/packages';
import type { Route } from './+types/my-remains';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { usePaymentReturn } from '../../features/orders/index.ts';
import { ChatButton } from '../../features/orders/order-alerts.tsx';
import { subscriptionAction } from '../../features/packages/actions.server.ts';
import { AutoRenewSwitch, useSubscriptionMoves } from '../../features/packages/moves.tsx';
import { SubscriptionStatusBadge } from '../../features/packages/status.tsx';
import { PayAgainButton, RenewBox } from '../../features/packages/renew-box.tsx';
import { SubscriptionFacts } from '../../features/packages/subscription.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'packages.ui_my_packages');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  if (!api.auth || api.auth.is_guest) return { subscriptions: [] as SubscriptionView[], balance: null };
  const res = await api.GET('/api/user/subscriptions');
  const subscriptions = isSuccess(res) ? res.data.data : [];
  const payable = subscriptions.some((s) => s.status === 'pending_payment' || s.renewal !== null);
  const wallet = payable ? await api.GET('/api/user/wallet') : null;
  return { subscriptions, balance: wallet && isSuccess(wallet) ? wallet.data.balance : null };
}

export const action = (args: Route.ActionArgs) => subscriptionAction(args);

export default function MyPackagesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const { open, dialogs } = useSubscriptionMoves(loaderData.balance);
  usePaymentReturn();
  const Chevron = lang === 'ar' ? IconChevronLeft : IconChevronRight;
  const { subscriptions } = loaderData;
  return (
    <AccountPage title={t('packages.ui_my_packages')}>
      {subscriptions.length ? (
        <Stack gap="md" data-testid="my-packages">
          {subscriptions.map((s) => (
            <Paper key={s.id} withBorder radius="lg" p="md" data-testid="my-package" data-id={s.id}>
              <Stack gap="sm">
                <Group justify="space-between" gap="xs" align="flex-start">
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Title order={2} fz="h4">
                      {s.name}
                    </Title>
                    <Text fz="xs" c="gray.7" dir="ltr" ta={lang === 'ar' ? 'right' : 'left'}>
                      {s.number}
                    </Text>
                  </Stack>
                  <SubscriptionStatusBadge status={s.status} />
                </Group>
                <SubscriptionFacts subscription={s} />
                <RenewBox subscription={s} onMove={open} />
                {s.status === 'active' ? <AutoRenewSwitch subscription={s} /> : null}
                <Group justify="space-between" gap="sm">
                  <PayAgainButton subscription={s} onMove={open} />
                  <Button
                    component={Link}
                    to={to(`/orders/scheduled_maintenance/${s.id}`)}
                    variant="light"
                    rightSection={<Chevron size={16} aria-hidden />}
                    data-testid="my-package-open"
                  >
                    {t('packages.ui_open_subscription')}
                  </Button>
                  {s.can_chat ? <ChatButton path="/chat/chat_scheduled_maintenance" orderId={s.id} /> : null}
                  {s.can_cancel ? (
                    <Button
                      variant="subtle"
                      color="red"
                      leftSection={<IconX size={16} aria-hidden />}
                      onClick={() => open({ kind: 'cancel', subscription: s })}
                      data-testid="subscription-cancel"
                    >
                      {t('packages.ui_cancel_subscription')}
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Alert color="gray" icon={<IconPackageOff size={20} aria-hidden />} data-testid="my-packages-empty">
          <Stack gap="sm" align="flex-start">
            <Text>{t('packages.ui_my_packages_empty')}</Text>
            <Button component={Link} to={to('/scheduled_maintenance')} variant="light">
              {t('packages.ui_browse_packages')}
            </Button>
          </Stack>
        </Alert>
      )}
      {dialogs}
    </AccountPage>
  );
}
