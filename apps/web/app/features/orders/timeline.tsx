/** The order's status timeline: each move with its time and who made it. */
import { Text, Timeline } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OrderActor } from '@pool/contracts/orders';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';

/**
 * `label`: a state's name, for kinds whose states are not the store's (default: the store's names);
 * `staff`: who the staff member is for this kind (default: the technician).
 */
export function OrderTimeline({
  events,
  label,
  staff,
}: {
  events: readonly { status: string; actor: OrderActor; note: string | null; created_at: string }[];
  label?: (status: string) => string;
  staff?: string;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Timeline active={events.length - 1} bulletSize={22} lineWidth={2} color="cyan" data-testid="order-timeline">
      {events.map((e, i) => {
        const ended = e.status === 'cancelled' || e.status === 'refused';
        return (
          <Timeline.Item
            key={`${e.status}-${i}`}
            color={ended ? 'red' : 'cyan'}
            bullet={ended ? <IconCircleX size={14} aria-hidden /> : <IconCircleCheck size={14} aria-hidden />}
            title={label ? label(e.status) : t(`orders.status_${e.status}`)}
          >
            <Text fz="xs" c="gray.7">
              {formatDateTime(lang, e.created_at)} ·{' '}
              {e.actor === 'staff' && staff ? staff : t(`orders.ui_actor_${e.actor}`)}
            </Text>
            {e.note ? (
              <Text fz="sm" mt={2}>
                {e.note}
              </Text>
            ) : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
