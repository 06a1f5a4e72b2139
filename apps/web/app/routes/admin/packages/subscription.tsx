/**
 * One package subscription in the dashboard: the package as subscribed, its state, period,
 * visits left, automatic renewal and amount, the customer and the place, and its visits (state,
 * time in Riyadh, technician); a visit with a time opens in the operations console.
 */
import { Anchor, Grid, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminSubscriptionVisit } from '@pool/contracts/packages';
import type { Route } from './+types/subscription';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format.ts';
import { asSent, type PathBody, type PathParams } from '../../../lib/api.ts';
import { adminApi, adminCancelReasons, answerOf, must } from '../../../features/admin/admin-api.server.ts';
import { OrderActions } from '../../../features/admin/order-actions.tsx';
import { AdminPage } from '../../../features/admin/admin-page.tsx';
import { BackToList, CancelReason, CustomerSection } from '../../../features/admin/order-cells.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { PeriodText, SubscriptionBadge, VisitBadge } from '../../../features/admin/packages/cells.tsx';
import { Section } from '../../../features/orders/order-sections.tsx';
import { routeId } from '../../../lib/route-id.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'packages-admin.subscriptions_title');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const id = routeId(params);
  const [sub, reasons] = await Promise.all([
    api.GET('/api/admin/subscriptions/{id}', { params: { path: { id } } }).then(must),
    adminCancelReasons(api),
  ]);
  return { sub, reasons };
}

/** The cancel dialog's answer: the API cancels with the reason and refunds the unused share. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  return answerOf(
    await api.POST('/api/admin/subscriptions/{id}/cancel', {
      params: { path: asSent<PathParams<'post', '/api/admin/subscriptions/{id}/cancel'>>({ id: params.id }) },
      body: asSent<PathBody<'post', '/api/admin/subscriptions/{id}/cancel'>>({
        cancel_reason_id: field('cancel_reason_id') || undefined,
        note: field('note') || undefined,
      }),
    }),
  );
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
                {v.scheduled_at ? (
                  <Anchor component={Link} to={`/admin/service-orders/${v.id}`} data-testid="subscription-visit-link">
                    {v.number}
                  </Anchor>
                ) : (
                  v.number
                )}
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
  const { sub, reasons } = loaderData;
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
                <Group gap="sm">
                  <SubscriptionBadge status={sub.status} />
                  <OrderActions
                    number={sub.number}
                    nextStatuses={sub.can_cancel ? ['cancelled'] : []}
                    reasons={reasons}
                    moveLabel={() => ''}
                    statusLabel={() => ''}
                    endingQuestions={{
                      cancelled: t('packages-admin.sub_cancel_q', {
                        number: sub.number,
                        amount: formatMoney('ar', sub.refund_if_cancelled),
                      }),
                    }}
                  />
                </Group>
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
            <CancelReason order={{ cancel_reason: sub.cancel_reason, cancel_note: null }} />
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
