/**
 * One construction order in the operations console: the design the customer made (snapshot, sizes,
 * area and volume, type, colour, extras) with the estimate shown then, the customer, the history,
 * the moves the API offers (complete; cancel or refuse with a reason, refunded when paid), the
 * engineer's assignment, the price offer editor (typed lines, VAT live), the stages posted, the
 * chat and the customer's rating of the engineer.
 */
import { Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/order';
import { formatDateTime } from '../../../lib/format.ts';
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
import { ConstructionStatusBadge } from '../../../features/construction/index.ts';
import { OrderChatPanel } from '../../../features/admin/service-orders/chat-panel.tsx';
import { RatingSection } from '../../../features/admin/service-orders/field-work.tsx';
import { OfferEditor, OfferView } from '../../../features/admin/service-orders/offer-editor.tsx';
import { DesignSection, StagesSection } from '../../../features/admin/construction/design-section.tsx';
import { EngineerPanel } from '../../../features/admin/construction/engineer-panel.tsx';
import { routeId } from '../../../lib/route-id.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'operations.title');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const id = routeId(params);
  const path = { params: { path: { id } } };
  const [order, reasons] = await Promise.all([
    api.GET('/api/admin/construction/orders/{id}', path).then(must),
    adminCancelReasons(api),
  ]);
  const [engineers, chat] = await Promise.all([
    order.can_assign ? listOrEmpty(api.GET('/api/admin/construction/orders/{id}/assignable-engineers', path)) : [],
    // The chat, when the order has one (a thread that fails to load leaves the page without it).
    order.can_chat ? api.GET('/api/admin/service-orders/{id}/chat', path) : null,
  ]);
  return { order, reasons, engineers, chat: chat && isSuccess(chat) ? chat.data : null };
}

type Id = PathParams<'post', '/api/admin/construction/orders/{id}/complete'>;
type OfferBody = PathBody<'put', '/api/admin/construction/orders/{id}/offer'>;

export async function action({ request, context, params }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  // The order's id and the form's fields as they came: the API validates them.
  const path = { params: { path: asSent<Id>({ id: params.id }) } };
  switch (field('intent')) {
    case 'offer': {
      let lines: unknown = [];
      try {
        lines = JSON.parse(field('lines'));
      } catch {
        // Left empty: the API answers with the field's error.
      }
      return answerOf(
        await api.PUT('/api/admin/construction/orders/{id}/offer', {
          ...path,
          body: asSent<OfferBody>({ lines: lines as OfferBody['lines'], send: field('send') }),
        }),
      );
    }
    case 'assign':
      return answerOf(
        await api.POST('/api/admin/construction/orders/{id}/assign', {
          ...path,
          body: asSent<PathBody<'post', '/api/admin/construction/orders/{id}/assign'>>({
            staff_id: field('staff_id'),
          }),
        }),
      );
    case 'cancel': {
      const body = asSent<PathBody<'post', '/api/admin/construction/orders/{id}/cancel'>>({
        cancel_reason_id: field('cancel_reason_id'),
        note: field('note'),
      });
      return answerOf(
        field('status') === 'refused'
          ? await api.POST('/api/admin/construction/orders/{id}/refuse', { ...path, body })
          : await api.POST('/api/admin/construction/orders/{id}/cancel', { ...path, body }),
      );
    }
    case 'move':
      if (field('status') === 'completed')
        return answerOf(await api.POST('/api/admin/construction/orders/{id}/complete', path));
      return { msg: '', key: 'fail', data: null, status: 400 };
    default:
      return { msg: '', key: 'fail', data: null, status: 400 };
  }
}

export default function AdminConstructionOrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { order, reasons, engineers, chat } = loaderData;
  const status = (s: string) => t(`construction-site.status_${s}`);
  // The server refuses these to an admin without orders.edit: such an admin reads the order only.
  const editing = useMay()('orders.edit');
  const rejected = order.events.findLast((e) => e.status === 'offer_rejected');

  return (
    <AdminPage
      title={t('construction-admin.order_title', { number: order.number })}
      actions={<BackToList to="/admin/service-orders?kind=pool_construction" label={t('construction-admin.back')} />}
    >
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" gap="md">
          <Group gap="md">
            <ConstructionStatusBadge status={order.status} size="lg" />
            <Text fz="sm" c="gray.7">
              {t('operations.kind_pool_construction')} · {formatDateTime('ar', order.created_at)}
            </Text>
          </Group>
          <OrderActions
            number={order.number}
            nextStatuses={order.next_statuses}
            reasons={reasons}
            moveLabel={(s) => (s === 'completed' ? t('construction-admin.move_completed') : status(s))}
            statusLabel={status}
            skip={['offer_sent', 'engineer_assigned']}
          />
        </Group>
      </Paper>

      {/* The work of the moment, full width: choosing the engineer, or pricing. */}
      {editing && order.can_assign ? <EngineerPanel order={order} engineers={engineers} /> : null}
      {editing && order.can_edit_offer ? (
        <OfferEditor
          offer={order.offer}
          options={[]}
          taxRate={order.tax_rate}
          intro={t('construction-admin.offer_intro')}
        />
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <DesignSection order={order} />
            {editing && order.can_edit_offer ? null : <OfferView offer={order.offer} />}
            <StagesSection stages={order.stages} />
            {chat ? <OrderChatPanel thread={chat} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <CustomerSection order={order} />
            {order.staff ? (
              <AssignedStaffSection title={t('construction-admin.assigned_to')} staff={order.staff} />
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
            <RatingSection rating={order.rating} none={t('construction-admin.rating_none')} />
            <TimelineSection events={order.events} label={status} staff={t('construction-site.engineer')} />
          </Stack>
        </Grid.Col>
      </Grid>
    </AdminPage>
  );
}
