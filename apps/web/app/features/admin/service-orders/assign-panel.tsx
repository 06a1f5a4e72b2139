/**
 * The assignment: the technicians who serve the order's city, each with their rating and whether
 * they are free at the order's time, and the chosen one's visits of that day on a small day
 * calendar beside this order. Assigning posts `{intent: 'assign', staff_id}` to the page's action;
 * once assigned, the same panel moves the visit to another technician (the one assigned now is marked).
 */
import { useState } from 'react';
import { Avatar, Badge, Grid, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { riyadhDateTime, VISIT_MINUTES, type AssignableStaff } from '@pool/contracts/maintenance';
import type { Answer } from '../../../lib/envelope.ts';
import { formatDate } from '../../../lib/format.ts';
import { useAnswerEffect } from '../admin-page.tsx';
import { ConfirmAction } from '../confirm-action.tsx';
import { StaffRating } from '../staff/cells.tsx';
import { badgeText, useStatusLabel } from './status.tsx';
import classes from './service-orders.module.css';
import { Ltr } from '../../../components/ltr.tsx';

const HOUR_PX = 30;

/** Minutes since Riyadh's midnight of an instant. */
const riyadhMinutes = (iso: string) => {
  const [h, m] = riyadhDateTime(new Date(iso)).time.split(':').map(Number);
  return h! * 60 + m!;
};

/** One day, hour by hour, with the technician's visits (90 minutes each) and this order's slot. */
export function DayCalendar({
  label,
  visits,
  order,
}: {
  label: string;
  visits: AssignableStaff['visits'];
  order: { id: number; number: string; scheduled_at: string };
}) {
  const { t } = useTranslation();
  const status = useStatusLabel();
  const blocks = [
    ...visits.filter((v) => v.order_id !== order.id).map((v) => ({ ...v, mine: false })),
    { order_id: order.id, number: order.number, scheduled_at: order.scheduled_at, status: '', kind: '', mine: true },
  ].map((v) => ({ ...v, start: riyadhMinutes(v.scheduled_at) }));
  const first = Math.max(0, Math.min(8, ...blocks.map((b) => Math.floor(b.start / 60))));
  const last = Math.min(24, Math.max(20, ...blocks.map((b) => Math.ceil((b.start + VISIT_MINUTES) / 60))));
  const hours = Array.from({ length: last - first }, (_, i) => first + i);
  const top = (minutes: number) => ((minutes - first * 60) / 60) * HOUR_PX;
  return (
    <Stack gap={6} data-testid="day-calendar">
      <Text fw={700} fz="sm">
        {label}
      </Text>
      {visits.length === 0 ? (
        <Text fz="xs" c="gray.7">
          {t('operations.no_visits')}
        </Text>
      ) : null}
      <div className={classes.day} style={{ height: hours.length * HOUR_PX }} role="list" aria-label={label}>
        {hours.map((h) => (
          <div key={h} className={classes.hour} style={{ top: top(h * 60) }} aria-hidden>
            <span dir="ltr">{`${String(h).padStart(2, '0')}:00`}</span>
          </div>
        ))}
        {blocks.map((b) => (
          <div
            key={`${b.order_id}-${b.mine}`}
            role="listitem"
            className={classes.visit}
            data-this={b.mine || undefined}
            style={{ top: top(b.start), height: (VISIT_MINUTES / 60) * HOUR_PX - 2 }}
            data-testid={b.mine ? 'calendar-this-order' : 'calendar-visit'}
          >
            <span dir="ltr">{riyadhDateTime(new Date(b.scheduled_at)).time}</span> ·{' '}
            {b.mine ? (
              t('operations.this_order')
            ) : (
              <>
                <Ltr>{b.number}</Ltr> · {status(b.status)}
              </>
            )}
          </div>
        ))}
      </div>
    </Stack>
  );
}

export function AssignPanel({
  order,
  staff,
  city,
  current = null,
}: {
  order: { id: number; number: string; scheduled_at: string };
  staff: AssignableStaff[];
  city: string | null;
  /** The technician assigned now (a reassignment), if any. */
  current?: number | null;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer<unknown>>({ key: 'service-assign' });
  useAnswerEffect(fetcher.data);
  const [chosen, setChosen] = useState<number | null>(
    () => (staff.find((s) => s.free && s.id !== current) ?? staff[0])?.id ?? null,
  );
  const shown = staff.find((s) => s.id === chosen);
  const day = formatDate('ar', order.scheduled_at);

  return (
    <Paper withBorder radius="lg" p="md" data-testid="assign-panel">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t(current ? 'operations.reassignment' : 'operations.assignment')}
        </Title>
        <Text fz="sm" c="gray.7">
          {t(current ? 'operations.reassignment_intro' : 'operations.assignment_intro', { city: city ?? '—' })}
        </Text>
        {staff.length === 0 ? (
          <Text c="gray.7">{t('operations.no_technicians')}</Text>
        ) : (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <Stack gap="xs" role="list">
                {staff.map((s) => (
                  <Paper
                    key={s.id}
                    withBorder
                    radius="md"
                    p="xs"
                    role="listitem"
                    bg={s.id === chosen ? 'cyan.0' : undefined}
                    data-testid="assignable-staff"
                  >
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <UnstyledButton
                        onClick={() => setChosen(s.id)}
                        aria-pressed={s.id === chosen}
                        aria-label={t('operations.day_of', { name: s.name, day })}
                        style={{ flex: 1, minWidth: 0 }}
                      >
                        <Group gap="sm" wrap="nowrap">
                          <Avatar src={s.image} alt="" radius="xl" color="cyan" />
                          <Stack gap={2} style={{ minWidth: 0 }}>
                            <Text fw={700} truncate>
                              {s.name}
                            </Text>
                            <StaffRating rating={s.rating_count ? s.rating : null} count={s.rating_count} />
                          </Stack>
                        </Group>
                      </UnstyledButton>
                      <Stack gap={6} align="flex-end">
                        {s.id === current ? (
                          <Badge variant="light" color="cyan" c={badgeText('cyan')} miw="max-content">
                            {t('operations.assigned_now')}
                          </Badge>
                        ) : (
                          <Badge
                            variant="light"
                            color={s.free ? 'teal' : 'red'}
                            c={badgeText(s.free ? 'teal' : 'red')}
                            miw="max-content"
                            data-testid="staff-free"
                            data-free={s.free}
                          >
                            {s.free ? t('operations.free') : t('operations.busy')}
                          </Badge>
                        )}
                        {s.id === current ? null : (
                          <ConfirmAction
                            label={t('operations.assign')}
                            question={t('operations.assign_q', { number: order.number, name: s.name })}
                            color="cyan"
                            variant={s.free ? 'filled' : 'light'}
                            icon={<IconUserCheck size={14} aria-hidden />}
                            loading={fetcher.state !== 'idle'}
                            onConfirm={() =>
                              void fetcher.submit({ intent: 'assign', staff_id: String(s.id) }, { method: 'post' })
                            }
                            testId={`assign-${s.id}`}
                          />
                        )}
                      </Stack>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              {shown ? (
                <DayCalendar
                  label={t('operations.day_of', { name: shown.name, day })}
                  visits={shown.visits}
                  order={order}
                />
              ) : null}
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Paper>
  );
}
