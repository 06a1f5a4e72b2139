/**
 * One package subscription in the dashboard: the package as subscribed, its state, period,
 * visits left, automatic renewal and amount, the customer and the place, and its visits (state,
 * time in Riyadh, technician).
 */
import { Grid, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import type { AdminSubscriptionVisit } from '@pool/contracts/packages';
import type { Route } from './+types/subscription';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format.ts';
import { adminApi, must } from '../../../features/admin/admin-api.server.ts';
import { AdminPage } from '../../../features/admin/admin-page.tsx';
import { BackToList, CustomerSection } from '../../../features/admin/order-cells.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { PeriodText, SubscriptionBadge, VisitBadge } from '../../../features/admin/packages/cells.tsx';
import { Section } from '../../../features/orders/order-sections.tsx';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'packages-admin.subscriptions_title');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return { sub: must(await api.GET('/api/admin/subscriptions/{id}', { params: { path: { id } } })) };
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text fz="sm" c="gray.7">
        {label}
      </Text>
      <Text fz="sm" fw={600} ta="end">
        {children}
      </Text>
    </Group>
  );
}

function Visits({ visits }: { visits: AdminSubscriptionVisit[] }) {
  const { t } = useTranslation();
  if (!visits.length) return <Text c="dimmed">{t('packages-admin.visits_none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="sm" striped data-testid="subscription-visits-table">
        <caption className="visually-hidden">{t('packages-admin.visits_title')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('packages-admin.visit_number')}</Table.Th>
            <Table.Th scope="col">{t('packages-admin.visit_status')}</Table.Th>
            <Table.Th scope="col">{t('packages-admin.visit_time')}</Table.Th>
            <Table.Th scope="col">{t('packages-admin.visit_staff')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visits.map((v) => (
            <Table.Tr key={v.id} data-testid="subscription-visit">
              <Table.Td dir="ltr" ta="right">
                {v.number}
              </Table.Td>
              <Table.Td>
                <VisitBadge status={v.status} />
              </Table.Td>
              <Table.Td>
                {v.scheduled_at ? formatDateTime('ar', v.scheduled_at) : t('packages-admin.visit_unscheduled')}
              </Table.Td>
              <Table.Td>{v.staff?.name ?? t('packages-admin.visit_no_staff')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export default function SubscriptionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sub } = loaderData;
  return (
    <AdminPage
      title={t('packages-admin.sub_title', { number: sub.number })}
      actions={<BackToList to="/admin/subscriptions" label={t('packages-admin.sub_back')} />}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section title={t('packages-admin.sub_details')}>
              <Group justify="space-between">
                <Text fw={700} fz="lg" data-testid="subscription-package">
                  {sub.package_name}
                </Text>
                <SubscriptionBadge status={sub.status} />
              </Group>
              <Line label={t('packages-admin.sub_period')}>
                <PeriodText sub={sub} />
              </Line>
              <Line label={t('packages-admin.sub_visits')}>
                {t('packages-admin.sub_visits_of', {
                  remaining: formatNumber('ar', sub.visits_remaining),
                  total: formatNumber('ar', sub.visits_total),
                })}
              </Line>
              <Line label={t('packages-admin.sub_visits_done')}>{formatNumber('ar', sub.visits_done)}</Line>
              <Line label={t('packages-admin.sub_renewal')}>{formatNumber('ar', sub.period)}</Line>
              <Line label={t('packages-admin.sub_auto_renew')}>
                {t(sub.auto_renew ? 'packages-admin.sub_on' : 'packages-admin.sub_off')}
              </Line>
              <Line label={t('packages-admin.sub_total')}>{formatMoney('ar', sub.total)}</Line>
              <Line label={t('packages-admin.sub_payment')}>{t(`orders.ui_method_${sub.payment_method}`)}</Line>
              <Line label={t('packages-admin.sub_created')}>{formatDateTime('ar', sub.created_at)}</Line>
            </Section>
            <Section title={t('packages-admin.visits_title')}>
              <Visits visits={sub.visits} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <CustomerSection order={sub}>
              {sub.city || sub.location_text ? (
                <Text fz="sm">{[sub.city, sub.location_text].filter(Boolean).join(' — ')}</Text>
              ) : null}
            </CustomerSection>
          </Stack>
        </Grid.Col>
      </Grid>
    </AdminPage>
  );
}
