/**
 * The week on a phone: the seven days as buttons (Saturday to Friday), then the chosen day's visits
 * lane by lane (the unassigned ones first, then each technician who has some), each with its time,
 * number, area and state, and the "assign to" menu to move it.
 */
import { useState } from 'react';
import { Anchor, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CalendarTechnician, CalendarVisit, VisitsCalendar } from '@pool/contracts/people';
import { hijriDayAndMonth, weekdayAndDate, weekdayLabel } from '../../dates/index.ts';
import { ServiceStatusBadge } from '../service-orders/status.tsx';
import { cellKey, cellsOf, type Lane } from './layout.ts';
import { AssignMenu, blockColours, type AssignVisit } from './visit-parts.tsx';
import classes from './calendar.module.css';

export function DayList({
  week,
  visits,
  technicians,
  canEdit,
  savingId,
  onAssign,
}: {
  week: VisitsCalendar['week'];
  visits: CalendarVisit[];
  technicians: CalendarTechnician[];
  canEdit: boolean;
  savingId: number | null;
  onAssign: AssignVisit;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useState(() => (week.days.includes(week.today) ? week.today : week.days[0]!));
  const cells = cellsOf(visits);
  const lanes: { id: Lane; name: string }[] = [
    { id: null, name: t('visits-calendar.unassigned') },
    ...technicians.map((x) => ({ id: x.id, name: x.name })),
  ].filter((lane) => cells.has(cellKey(lane.id, day)));
  return (
    <Stack gap="md" data-testid="visits-day-list">
      <div className={classes.dayPicker} role="group" aria-label={t('visits-calendar.pick_day')}>
        {week.days.map((d) => {
          const count = visits.filter((v) => v.date === d).length;
          return (
            <UnstyledButton
              key={d}
              onClick={() => setDay(d)}
              aria-pressed={d === day}
              data-testid="pick-day"
              data-day={d}
              style={{
                textAlign: 'center',
                padding: '6px 0',
                borderRadius: 'var(--mantine-radius-md)',
                border: '1px solid var(--mantine-color-gray-4)',
                background: d === day ? 'var(--mantine-color-cyan-9)' : undefined,
                color: d === day ? 'var(--mantine-color-white)' : undefined,
              }}
            >
              <Text fz="xs" fw={700} c="inherit">
                {weekdayLabel(d, 'ar')}
              </Text>
              <Text fz="sm" c="inherit">
                {Number(d.slice(8))}
              </Text>
              <span className="visually-hidden">
                {t('visits-calendar.day_heading', {
                  day: weekdayAndDate(d, 'ar'),
                  visits: t('visits-calendar.day_visits', { count }),
                })}
              </span>
            </UnstyledButton>
          );
        })}
      </div>
      <div>
        <Title order={2} fz="h4">
          {weekdayAndDate(day, 'ar')}
        </Title>
        <Text fz="sm" c="gray.7">
          {hijriDayAndMonth(day, 'ar')}
        </Text>
      </div>
      {lanes.length === 0 ? <Text c="gray.7">{t('visits-calendar.day_empty')}</Text> : null}
      {lanes.map((lane) => (
        <Stack key={lane.id ?? 'none'} gap={6} data-testid="day-lane" data-lane={lane.id ?? 'none'}>
          <Text fw={700}>{lane.name}</Text>
          {(cells.get(cellKey(lane.id, day)) ?? []).map((v) => (
            <Paper
              key={v.id}
              withBorder
              radius="md"
              p="xs"
              style={{ ...blockColours(v), borderInlineStart: '4px solid var(--block-edge)' }}
              data-testid="day-visit"
              data-visit={v.id}
              data-saving={savingId === v.id ? '' : undefined}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={8} wrap="wrap">
                    <Text fw={700} dir="ltr">
                      {v.time}
                    </Text>
                    <Anchor component={Link} to={`/admin/service-orders/${v.id}`} fw={700} dir="ltr">
                      {v.number}
                    </Anchor>
                  </Group>
                  <Text fz="sm">{v.area ?? t('visits-calendar.no_area')}</Text>
                  <div>
                    <ServiceStatusBadge status={v.status} size="sm" />
                  </div>
                </Stack>
                {canEdit && v.can_assign ? (
                  <AssignMenu visit={v} technicians={technicians} onAssign={onAssign} />
                ) : null}
              </Group>
            </Paper>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
