/**
 * A subscription's visits: number, state, day (Gregorian and Hijri, Riyadh) and time, technician,
 * the customer's moves, and a done visit's rating (its stars, or the way to the rating page).
 */
import { useEffect, useRef } from 'react';
import { Avatar, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from '@pool/contracts/packages';
import { useLang } from '../../lib/use-lang.ts';
import type { Move } from './moves.tsx';
import { VisitStatusBadge } from './status.tsx';
import { InstantWhen } from '../dates/index.ts';
import { RatingStars } from '../maintenance/index.ts';
import { RateButton } from '../orders/index.ts';

export function VisitsList({
  subscription,
  focus,
  onMove,
}: {
  subscription: SubscriptionView;
  /** A visit to show first in view (a visit's notification). */
  focus?: number | null;
  onMove: (move: Move) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const focused = useRef<HTMLDivElement>(null);
  useEffect(() => {
    focused.current?.scrollIntoView({ block: 'center' });
  }, [focus]);
  return (
    <Stack gap="sm" data-testid="visits">
      {subscription.visits.map((v) => (
        <Paper
          key={v.id}
          ref={v.id === focus ? focused : undefined}
          withBorder
          radius="md"
          p="sm"
          style={v.id === focus ? { borderColor: 'var(--mantine-color-cyan-6)', borderWidth: 2 } : undefined}
          data-testid="visit"
          data-visit={v.id}
          data-status={v.status}
        >
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Text fw={800} dir="ltr" fz="sm" data-testid="visit-number">
                {v.number}
              </Text>
              <VisitStatusBadge status={v.status} />
            </Group>
            {v.scheduled_at ? (
              <InstantWhen at={v.scheduled_at} lang={lang} />
            ) : (
              <Text fz="sm" c="orange.9" fw={600}>
                {t('packages.ui_no_time')}
              </Text>
            )}
            {v.staff ? (
              <Group gap="xs" wrap="nowrap" data-testid="visit-staff">
                <Avatar src={v.staff.image} name={v.staff.name} alt="" size={28} color="cyan" />
                <Text fz="sm">{t('packages.ui_technician', { name: v.staff.name })}</Text>
              </Group>
            ) : v.status === 'scheduled' ? (
              <Text fz="xs" c="gray.7">
                {t('packages.ui_no_technician')}
              </Text>
            ) : null}
            {v.rating ? (
              <Group gap="xs" data-testid="visit-rating">
                <Text fz="sm" c="gray.7">
                  {t('packages.ui_visit_rated')}
                </Text>
                <RatingStars value={v.rating} size="sm" label={t('orders.ui_your_rating', { rating: v.rating })} />
              </Group>
            ) : v.can_rate ? (
              <Group justify="flex-end">
                <RateButton orderId={v.id} label={t('packages.ui_rate_visit')} />
              </Group>
            ) : null}
            {v.can_cancel || v.can_reschedule ? (
              <Group gap="xs" justify="flex-end">
                {v.can_reschedule ? (
                  <Button
                    size="xs"
                    leftSection={<IconCalendarEvent size={16} aria-hidden />}
                    onClick={() => onMove({ kind: 'visit-pick', visit: v, subscription })}
                    data-testid="visit-pick"
                  >
                    {t('packages.ui_pick_time')}
                  </Button>
                ) : null}
                {v.can_cancel ? (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconX size={16} aria-hidden />}
                    onClick={() => onMove({ kind: 'visit-cancel', visit: v })}
                    data-testid="visit-cancel"
                  >
                    {t('packages.ui_cancel_visit')}
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
