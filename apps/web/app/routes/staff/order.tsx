import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBack, IconCar, IconClock, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { riyadhDayAndTime } from '@pool/contracts/field-work';
import type { Route } from './+types/order';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { ExtrasPanel } from '../../features/staff/extras-panel.tsx';
import { NextMove } from '../../features/staff/next-move.tsx';
import { ChatJumpButton, OrderChatCard } from '../../features/staff/order-chat.tsx';
import { loadStaffOrder, staffOrderAction, staffOrderId } from '../../features/staff/order-data.server.ts';
import { ReportForm } from '../../features/staff/report-form.tsx';
import { staffApiFor } from '../../features/staff/session.server.ts';
import { VisitStatus } from '../../features/staff/visit-status.tsx';
import { PlaceLine } from '../../features/staff/place-line.tsx';
import { st } from '../../features/staff/texts.ts';
import { VisitActions } from '../../features/staff/visit-actions.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, st('order_title'));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadStaffOrder(staffApiFor(context, request), staffOrderId(params));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return staffOrderAction(staffApiFor(context, request), staffOrderId(params), request);
}

/** The report is written from "on the way" until the visit finishes (the API's rule). */
const REPORT_OPEN = ['on_the_way', 'arrived'];

/**
 * One visit of the staff member, whatever its day or state: the next move, the visit's details,
 * a tap to the chat, extra services, the report, the chat.
 */
export default function StaffOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const { visit, extras, report, catalogue, vatRateBp, chat } = loaderData;
  const editable = REPORT_OPEN.includes(visit.status);
  const finishing = visit.next_statuses.some((s) => s === 'completed' || s === 'done');
  // Today's visit shows its time; another day's, its date too.
  const otherDay = visit.day !== riyadhDayAndTime(new Date()).day;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={to('/staff')} fz="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowBack size={16} aria-hidden style={{ transform: lang === 'ar' ? 'scaleX(-1)' : undefined }} />
        {t(st('back_to_day'))}
      </Anchor>
      <Card withBorder radius="md" padding="md" data-testid="order-head">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={1} fz="h3" dir="ltr" ta="start" data-testid="order-number">
              {visit.number}
            </Title>
            <Group gap={4} c="gray.7" mt={2} data-testid="visit-when">
              <IconClock size={16} aria-hidden />
              {otherDay && <Text fz="sm">{formatDate(lang, visit.scheduled_at)}</Text>}
              <Text fz="sm" fw={700} dir="ltr">
                {visit.time}
              </Text>
            </Group>
          </div>
          <VisitStatus status={visit.status} />
        </Group>
        {visit.arrival_at && visit.status === 'on_the_way' && (
          <Group gap={6} mt={6} wrap="nowrap">
            <IconCar size={18} aria-hidden color="var(--mantine-color-orange-7)" />
            <Text fz="sm" fw={700} data-testid="eta-at">
              {t(st('eta_at'), { time: formatDateTime(lang, visit.arrival_at) })}
            </Text>
          </Group>
        )}
        <Stack gap={6} mt="sm">
          <Text fz="sm">
            <Text span fw={700} fz="inherit">
              {t(st('customer'))}:{' '}
            </Text>
            <bdi>{visit.customer_name}</bdi>
          </Text>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            <Text fz="sm" data-testid="visit-place">
              <PlaceLine address={visit.address} city={visit.city} />
            </Text>
          </Group>
          {/* The customer's words keep their own direction and side (Arabic on an English page). */}
          <div data-testid="order-problem">
            <Text fz="sm" fw={700}>
              {t(st('problem'))}
            </Text>
            <Text fz="sm" dir="auto" ta="start" style={{ whiteSpace: 'pre-wrap' }}>
              {visit.problem}
            </Text>
          </div>
          {visit.place && (
            <div data-testid="order-place">
              <Text fz="sm" fw={700}>
                {t(st('place'))}
              </Text>
              <Text fz="sm" dir="auto" ta="start">
                {visit.place}
              </Text>
            </div>
          )}
        </Stack>
        <VisitActions mapUrl={visit.map_url} phoneLink={visit.phone_link} customerName={visit.customer_name} />
        {chat && <ChatJumpButton chat={chat} />}
      </Card>
      {/* A new state or a completed report clears an earlier refusal. */}
      <NextMove
        key={`${visit.status}-${report?.complete ?? false}`}
        next={visit.next_statuses}
        scheduledAt={visit.scheduled_at}
      />
      {finishing && !report?.complete && (
        <Text fz="sm" c="gray.7" ta="center">
          {t(st('finish_needs_report'))}
        </Text>
      )}
      {(visit.status === 'arrived' || extras.length > 0) && (
        <ExtrasPanel extras={extras} canPropose={visit.status === 'arrived'} items={catalogue} vatRateBp={vatRateBp} />
      )}
      {(editable || report) && (
        <ReportForm
          orderId={visit.id}
          report={report}
          editable={editable}
          parts={catalogue.filter((i) => i.kind === 'spare_part')}
        />
      )}
      {chat && (
        <OrderChatCard
          chat={chat}
          note={
            chat.order.id !== visit.id ? (
              <span data-testid="chat-of-subscription">
                {t(st('chat_of_subscription'), { number: chat.order.number })}
              </span>
            ) : undefined
          }
        />
      )}
    </Stack>
  );
}
