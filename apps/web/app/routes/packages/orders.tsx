/** `/orders/scheduled_maintenance`: my subscriptions as orders, newest first, filtered by state. */
import { Alert, Button, Group, Stack, Tabs } from '@mantine/core';
import { IconPackageOff, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus, type SubscriptionView } from '@pool/contracts/packages';
import type { Route } from './+types/orders';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { ListPages, useParamsChange } from '../../features/orders/orders-list.tsx';
import { SubscriptionCard } from '../../features/packages/subscription.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'packages.ui_orders_title');

const isStatus = (v: string | null): v is SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(v ?? '');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  const url = new URL(request.url);
  const asked = url.searchParams.get('status');
  const status = isStatus(asked) ? asked : null;
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  const none = { subscriptions: [] as SubscriptionView[], pagination: null, status };
  if (!api.auth || api.auth.is_guest) return none;
  const res = await api.GET('/api/user/subscriptions', {
    params: { query: { page, ...(status ? { status } : {}) } },
  });
  return isSuccess(res) ? { subscriptions: res.data.data, pagination: res.data.pagination, status } : none;
}

export default function ScheduledOrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  const go = useParamsChange();
  const { subscriptions, pagination, status } = loaderData;
  return (
    <AccountPage title={t('packages.ui_orders_title')}>
      <Group>
        <Button
          component={Link}
          to={to('/scheduled_maintenance')}
          leftSection={<IconPlus size={18} aria-hidden />}
          data-testid="packages-new"
        >
          {t('packages.ui_browse_packages')}
        </Button>
      </Group>
      <Tabs value={status ?? 'all'} onChange={(v) => go({ status: v === 'all' ? null : v, page: null })}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }} data-testid="subscriptions-filter">
          {['all', ...SUBSCRIPTION_STATUSES].map((k) => (
            <Tabs.Tab key={k} value={k} data-testid={`subscriptions-tab-${k}`}>
              {t(k === 'all' ? 'packages.ui_all' : `packages.status_${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {subscriptions.length ? (
        <Stack gap="sm" data-testid="orders-list">
          {subscriptions.map((s) => (
            <SubscriptionCard key={s.id} subscription={s} />
          ))}
        </Stack>
      ) : (
        <Alert color="gray" icon={<IconPackageOff size={20} aria-hidden />}>
          {t('packages.ui_my_packages_empty')}
        </Alert>
      )}
      <ListPages pagination={pagination} />
    </AccountPage>
  );
}
