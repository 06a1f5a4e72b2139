/**
 * One service order in the operations console: the request, the customer, the full history, the
 * moves the API offers (approve; cancel or refuse with a reason, refunded when paid), the price
 * offer editor (catalogue or typed lines, VAT live), the assignment of a technician with their day,
 * what happened on site (extra services, visit report), the customer's rating and refunds. A
 * package's visit shows its subscription (the package, which visit of how many) and is assigned or
 * moved to another technician the same way.
 */
import { Anchor, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/service-order';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { asSent, type PathBody, type PathParams } from '../../../lib/api.ts';
import { isSuccess } from '../../../lib/api.server.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, adminCancelReasons, answerOf, listOrEmpty, must } from '../../../features/admin/admin-api.server.ts';
import { AdminPage } from '../../../features/admin/admin-page.tsx';
import { OrderActions } from '../../../features/admin/order-actions.tsx';
import {
  AssignedStaffSection,
  BackToList,
  CancelReason,
  CustomerSection,
  PaymentsSection,
} from '../../../features/admin/order-cells.tsx';
import { useMay } from '../../../features/admin/use-admin.ts';
import { Section, TimelineSection } from '../../../features/orders/order-sections.tsx';
import { OrderChatPanel } from '../../../features/admin/service-orders/chat-panel.tsx';
import { AssignPanel } from '../../../features/admin/service-orders/assign-panel.tsx';
import { assignAnswer } from '../../../features/admin/service-orders/assign.server.ts';
import { ExtrasSection, RatingSection, ReportSection } from '../../../features/admin/service-orders/field-work.tsx';
import { OfferEditor, OfferView } from '../../../features/admin/service-orders/offer-editor.tsx';
import { RequestSection } from '../../../features/admin/service-orders/request-section.tsx';
import { ServiceStatusBadge, useStatusLabel } from '../../../features/admin/service-orders/status.tsx';
import { routeId } from '../../../lib/route-id.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'operations.title');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const id = routeId(params);
  const path = { params: { path: { id } } };
  const [order, reasons] = await Promise.all([
    api.GET('/api/admin/service-orders/{id}', path).then(must),
    adminCancelReasons(api),
  ]);
  const [staff, options, chat] = await Promise.all([
    order.can_assign ? listOrEmpty(api.GET('/api/admin/service-orders/{id}/assignable-staff', path)) : [],
    order.can_edit_offer ? listOrEmpty(api.GET('/api/admin/service-items/options', { params: { query: {} } })) : [],
    // The chat, when the order has one (a thread that fails to load leaves the page without it).
    order.can_chat ? api.GET('/api/admin/service-orders/{id}/chat', path) : null,
  ]);
  return { order, reasons, staff, options, chat: chat && isSuccess(chat) ? chat.data : null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  // The order's id and the form's fields as they came: the API validates them.
  const path = {
    params: { path: asSent<PathParams<'post', '/api/admin/service-orders/{id}/approve'>>({ id: params.id }) },
  };
  switch (field('intent')) {
    case 'offer': {
      let lines: unknown = [];
      try {
        lines = JSON.parse(field('lines'));
      } catch {
        // Left empty: the API answers with the field's error.
      }
      return answerOf(
        await api.PUT('/api/admin/service-orders/{id}/offer', {
          ...path,
          body: asSent<PathBody<'put', '/api/admin/service-orders/{id}/offer'>>({
            lines: lines as PathBody<'put', '/api/admin/service-orders/{id}/offer'>['lines'],
            send: field('send'),
          }),
        }),
      );
    }
    case 'assign':
      return assignAnswer(api, params.id ?? '', field('staff_id'));
    case 'cancel': {
      const body = asSent<PathBody<'post', '/api/admin/service-orders/{id}/cancel'>>({
        cancel_reason_id: field('cancel_reason_id'),
        note: field('note'),
      });
      return answerOf(
        field('status') === 'refused'
          ? await api.POST('/api/admin/service-orders/{id}/refuse', { ...path, body })
          : await api.POST('/api/admin/service-orders/{id}/cancel', { ...path, body }),
      );
    }
    default:
      // The one plain move an admin makes here: approving a new order (the offer and the assignment have their own forms).
      return answerOf(await api.POST('/api/admin/service-orders/{id}/approve', path));
  }
}

export default function AdminServiceOrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const status = useStatusLabel();
  const { order, reasons, staff, options, chat } = loaderData;
  // The server refuses these to an admin without orders.edit: such an admin reads the order only.
  const editing = useMay()('orders.edit');
  const rejected = order.events.findLast((e) => e.status === 'offer_rejected');

  return (
    <AdminPage
      title={t('operations.order_title', { number: order.number })}
      actions={<BackToList to="/admin/service-orders" label={t('operations.back')} />}
    >
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" gap="md">
          <Group gap="md">
            <ServiceStatusBadge status={order.status} size="lg" />
            <Text fz="sm" c="gray.7">
              {t(`operations.kind_${order.kind}`)} · {formatDateTime('ar', order.created_at)}
            </Text>
          </Group>
          <OrderActions
            number={order.number}
            nextStatuses={order.next_statuses}
            reasons={reasons}
            moveLabel={(s) => (s === 'approved' ? t('operations.move_approved') : status(s))}
            statusLabel={status}
            skip={['offer_sent', 'technician_assigned']}
          />
        </Group>
      </Paper>

      {/* The work of the moment, full width: pricing, or choosing the technician. */}
      {editing && order.can_edit_offer ? (
        <OfferEditor offer={order.offer} options={options} taxRate={order.tax_rate} />
      ) : null}
      {editing && order.can_assign ? (
        <AssignPanel order={order} staff={staff} city={order.request.city} current={order.staff?.id ?? null} />
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <RequestSection request={order.request} withProblem={order.kind !== 'package_visit'} />
            {editing && order.can_edit_offer ? null : <OfferView offer={order.offer} />}
            <ExtrasSection extras={order.extras} />
            <ReportSection report={order.report} />
            {chat ? <OrderChatPanel thread={chat} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {order.subscription ? (
              <Section title={t('operations.subscription')} gap={4}>
                <Text fw={700} data-testid="visit-package">
                  {order.subscription.package_name}
                </Text>
                <Text fz="sm" data-testid="visit-of">
                  {t('operations.subscription_visit', {
                    n: formatNumber('ar', order.subscription.visit_n),
                    total: formatNumber('ar', order.subscription.visits_total),
                  })}
                </Text>
                <Anchor component={Link} to={`/admin/subscriptions/${order.subscription.id}`} fz="sm">
                  {t('operations.subscription_open', { number: order.subscription.number })}
                </Anchor>
              </Section>
            ) : null}
            <CustomerSection order={order} />
            {order.staff ? (
              <AssignedStaffSection title={t('operations.assigned_to')} staff={order.staff}>
                {order.arrival ? (
                  <Text fz="sm" c="gray.7" data-testid="arrival-window">
                    {t('operations.arrival', {
                      from: formatDateTime('ar', order.arrival.from),
                      to: formatDateTime('ar', order.arrival.to),
                    })}
                  </Text>
                ) : null}
              </AssignedStaffSection>
            ) : null}
            {rejected?.note ? (
              <Section title={t('operations.rejected_reason')} gap={4}>
                <Text fz="sm" dir="auto" ta="start">
                  {rejected.note}
                </Text>
              </Section>
            ) : null}
            <CancelReason order={order} />
            <PaymentsSection order={order} />
            <RatingSection rating={order.rating} />
            <TimelineSection events={order.events} label={status} />
          </Stack>
        </Grid.Col>
      </Grid>
    </AdminPage>
  );
}
