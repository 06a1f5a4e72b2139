import { Anchor, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { StaffDayVisit } from '@pool/contracts/field-work';
import type { Route } from './+types/day';
import { PushSetup } from '../../components/push-setup.tsx';
import { pageStatus } from '../../lib/api.server.ts';
import { formatDate } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { dayChoice, riyadhDayOf, STAFF_DAYS } from '../../features/staff/day.ts';
import { signOutIfEnded, staffApiFor } from '../../features/staff/session.server.ts';
import { VisitStatus } from '../../features/staff/visit-status.tsx';
import { placeLine, st } from '../../features/staff/texts.ts';
import { VisitActions } from '../../features/staff/visit-actions.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, st('day_title'));

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = staffApiFor(context, request);
  const choice = dayChoice(new URL(request.url).searchParams.get('day'));
  const res = await signOutIfEnded(
    await api.GET('/api/staff/day', { params: { query: { date: riyadhDayOf(choice) } } }),
    api.lang,
  );
  if (res.key !== 'success') throw new Response(res.msg, { status: pageStatus(res) });
  return { choice, day: res.data };
}

function VisitCard({ visit }: { visit: StaffDayVisit }) {
  const { t } = useTranslation();
  const { to } = useLang();
  return (
    <Card withBorder radius="md" padding="md" shadow="xs" data-testid="visit-card" data-order={visit.id}>
      <Anchor
        component={Link}
        to={to(`/staff/orders/${visit.id}`)}
        underline="never"
        c="inherit"
        data-testid="open-visit"
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fz={28} fw={800} lh={1} dir="ltr" ta="start" data-testid="visit-time">
              {visit.time}
            </Text>
            <Text fz="sm" c="gray.7" mt={4} dir="ltr" ta="start">
              {visit.number}
            </Text>
          </div>
          <VisitStatus status={visit.status} />
        </Group>
        <Text fw={700} mt="sm">
          {visit.customer_name}
        </Text>
        <Text fz="sm" c="gray.8" lineClamp={3} mt={4} data-testid="visit-problem">
          <Text span fw={600} fz="inherit">
            {t(st('problem'))}:{' '}
          </Text>
          {visit.problem}
        </Text>
        <Group gap={6} mt={6} wrap="nowrap" align="flex-start" c="gray.7">
          <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
          <Text fz="sm" lineClamp={2}>
            {placeLine(t, visit.address, visit.city)}
          </Text>
        </Group>
      </Anchor>
      <VisitActions mapUrl={visit.map_url} phoneLink={visit.phone_link} customerName={visit.customer_name} />
    </Card>
  );
}

/** The staff member's day: assigned visits in time order, today or tomorrow in Riyadh. */
export default function StaffDay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { choice, day } = loaderData;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <div>
          <Title order={1} fz="h2">
            {t(st('day_title'))}
          </Title>
          <Text c="gray.7" fz="sm" data-testid="day-date">
            {formatDate(lang, `${day.date}T12:00:00Z`)} · {t(st('visits_count'), { count: day.visits.length })}
          </Text>
        </div>
        <SegmentedControl
          value={choice}
          onChange={(v) => {
            const next = new URLSearchParams(search);
            if (v === 'today') next.delete('day');
            else next.set('day', v);
            navigate(`${to('/staff')}${next.size ? `?${next}` : ''}`, { replace: true });
          }}
          data={STAFF_DAYS.map((d) => ({ value: d, label: t(st(d)) }))}
          aria-label={t(st('day_title'))}
          data-testid="day-switch"
        />
      </Group>
      {day.visits.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Text ta="center" c="gray.7" data-testid="no-visits">
            {t(st('no_visits'))}
          </Text>
        </Card>
      ) : (
        day.visits.map((v) => <VisitCard key={v.id} visit={v} />)
      )}
      <PushSetup audience="staff" />
    </Stack>
  );
}
