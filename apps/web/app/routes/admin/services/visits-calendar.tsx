/**
 * The technicians' visits calendar (issue 11): a Saudi week, Saturday to Friday, in Riyadh time,
 * with the Hijri days beside the Gregorian ones; a lane per technician (of the city chosen) and one
 * for the visits waiting for a technician. A visit moves to another technician by dragging it to
 * their lane on the same day or with its "assign to" menu (the server checks the city and the
 * overlap; a refusal says why and the visit stays). On a phone, a day's list. The week reloads when
 * the admins' stream says a visit moved.
 */
import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher, useRevalidator, useSearchParams } from 'react-router';
import { addDays, CALENDAR_VISITS_MAX } from '@pool/contracts/people';
import type { Route } from './+types/visits-calendar';
import type { Answer } from '../../../lib/envelope.ts';
import { onStreamEvent } from '../../../components/live-count.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, listWithCities } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { CityFilter } from '../../../features/admin/list-filters.tsx';
import { useMay } from '../../../features/admin/use-admin.ts';
import { assignAnswer } from '../../../features/admin/service-orders/assign.server.ts';
import { daysRangeLabel, hijriRangeLabel } from '../../../features/dates/index.ts';
import { DayList } from '../../../features/admin/visits-calendar/day-list.tsx';
import { hourSpan, withMove } from '../../../features/admin/visits-calendar/layout.ts';
import type { AssignVisit } from '../../../features/admin/visits-calendar/visit-parts.tsx';
import { WeekGrid } from '../../../features/admin/visits-calendar/week-grid.tsx';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'visits-calendar.title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const { list, cities } = await listWithCities(api, request, '/api/admin/visits-calendar', ['week', 'city_id']);
  return { cal: list, cities };
}

/** Moves a visit to a technician (`id`, `staff_id`). */
export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const form = await request.formData();
  return assignAnswer(api, String(form.get('id') ?? ''), String(form.get('staff_id') ?? ''));
}

/** A reload asked by the stream waits this long for more moves (one reload for a burst). */
const RELOAD_AFTER_MS = 400;

export default function VisitsCalendarPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cal, cities } = loaderData;
  const [params] = useSearchParams();
  const canEdit = useMay()('orders.edit');
  const fetcher = useFetcher<Answer<unknown>>({ key: 'calendar-assign' });
  useAnswerEffect(fetcher.data);
  const moving =
    fetcher.state !== 'idle' && fetcher.formData
      ? { id: Number(fetcher.formData.get('id')), staffId: Number(fetcher.formData.get('staff_id')) }
      : null;
  const visits = withMove(cal.visits, moving);
  const span = hourSpan(cal.visits);
  const onAssign: AssignVisit = (visit, staffId) =>
    void fetcher.submit({ id: String(visit.id), staff_id: String(staffId) }, { method: 'post' });

  // Another admin (or a technician, or a customer) moved a visit: read the week again, once idle.
  const revalidator = useRevalidator();
  const idle = useRef(true);
  idle.current = fetcher.state === 'idle' && revalidator.state === 'idle';
  const reload = useRef(revalidator.revalidate);
  reload.current = revalidator.revalidate;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onStreamEvent('visits', () => {
      clearTimeout(timer);
      timer = setTimeout(() => idle.current && void reload.current(), RELOAD_AFTER_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);

  const weekLink = (day: string | null) => {
    const next = new URLSearchParams(params);
    if (day) next.set('week', day);
    else next.delete('week');
    return `?${next.toString()}`;
  };
  const grid = {
    week: cal.week,
    visits,
    technicians: cal.technicians,
    canEdit,
    savingId: moving?.id ?? null,
    onAssign,
  };

  return (
    <AdminPage
      title={t('visits-calendar.title')}
      description={t('visits-calendar.intro')}
      actions={
        <Button
          component={Link}
          to="/admin/service-orders"
          variant="light"
          leftSection={<IconClipboardList size={18} aria-hidden />}
        >
          {t('visits-calendar.console')}
        </Button>
      }
    >
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Text fw={700} fz="lg" data-testid="calendar-week">
            {daysRangeLabel(cal.week.from, cal.week.to, 'ar')}
          </Text>
          <Text fz="sm" c="gray.7" data-testid="calendar-week-hijri">
            {hijriRangeLabel(cal.week.from, cal.week.to, 'ar')}
          </Text>
        </Stack>
        <Group gap="xs" align="flex-end">
          <Button
            component={Link}
            to={weekLink(addDays(cal.week.from, -7))}
            variant="default"
            leftSection={<IconChevronRight size={16} aria-hidden />}
            data-testid="previous-week"
          >
            {t('visits-calendar.previous_week')}
          </Button>
          <Button component={Link} to={weekLink(null)} variant="default" data-testid="this-week">
            {t('visits-calendar.this_week')}
          </Button>
          <Button
            component={Link}
            to={weekLink(addDays(cal.week.from, 7))}
            variant="default"
            rightSection={<IconChevronLeft size={16} aria-hidden />}
            data-testid="next-week"
          >
            {t('visits-calendar.next_week')}
          </Button>
          <CityFilter cities={cities} label={t('visits-calendar.filter_city')} w={170} />
        </Group>
      </Group>
      {canEdit ? (
        <Text fz="sm" c="gray.7" visibleFrom="lg">
          {t('visits-calendar.drag_hint')}
        </Text>
      ) : null}
      {cal.truncated ? (
        <Alert color="yellow" variant="light">
          {t('visits-calendar.truncated', { max: CALENDAR_VISITS_MAX })}
        </Alert>
      ) : null}
      <Box visibleFrom="lg">
        <WeekGrid {...grid} span={span} />
      </Box>
      <Box hiddenFrom="lg">
        <DayList key={cal.week.from} {...grid} />
      </Box>
    </AdminPage>
  );
}
