/** A subscription in words (what is left, its period, what was paid, where) and as a card in a list. */
import { Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from '@pool/contracts/packages';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { OrderCardFrame, OrderCardLines } from '../orders/index.ts';
import { SubscriptionStatusBadge } from './status.tsx';

/** Visits left of the total (with a bar), the period's end, what was paid and where. */
export function SubscriptionFacts({
  subscription: s,
  withPlace,
}: {
  subscription: SubscriptionView;
  withPlace?: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const line = (label: string, value: React.ReactNode, testId?: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text fz="sm" c="gray.7">
        {label}
      </Text>
      <Text fz="sm" fw={600} ta="end" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={700} data-testid="visits-remaining">
        {t('packages.ui_remaining', { remaining: s.visits_remaining, total: s.visits_total })}
      </Text>
      <Progress
        value={s.visits_total ? (100 * s.visits_remaining) / s.visits_total : 0}
        color="cyan"
        size="sm"
        aria-hidden
      />
      {s.visits_done ? (
        <Text fz="xs" c="gray.7">
          {t('packages.ui_done_visits', { done: s.visits_done })}
        </Text>
      ) : null}
      {s.starts_at && s.ends_at
        ? line(t('packages.ui_period_end'), formatDate(lang, s.ends_at), 'subscription-ends')
        : null}
      {line(t('packages.ui_paid'), formatMoney(lang, s.total))}
      {withPlace && s.location_text ? line(t('packages.ui_location'), <bdi>{s.location_text}</bdi>) : null}
    </Stack>
  );
}

/** A subscription in the orders list: number, state, package, visits left and the period's end, total. */
export function SubscriptionCard({ subscription: s }: { subscription: SubscriptionView }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  return (
    <OrderCardFrame
      to={to(`/orders/scheduled_maintenance/${s.id}`)}
      picture={
        <ThemeIcon size={64} radius="md" variant="light" color="cyan" aria-hidden>
          <IconCalendarRepeat size={30} />
        </ThemeIcon>
      }
    >
      <OrderCardLines
        number={s.number}
        badge={<SubscriptionStatusBadge status={s.status} size="sm" />}
        title={s.name}
        note={[
          t('packages.ui_remaining', { remaining: s.visits_remaining, total: s.visits_total }),
          s.ends_at ? t('packages.ui_ends_at', { date: formatDate(lang, s.ends_at) }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
        total={formatMoney(lang, s.total)}
      />
    </OrderCardFrame>
  );
}
