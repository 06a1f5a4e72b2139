import { Anchor, Card, Group, Pagination, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useRouteLoaderData, useSearchParams } from 'react-router';
import type { StaffDayVisit } from '@pool/contracts/field-work';
import type { StaffOrderItem } from '@pool/contracts/field-work';
import type { Route } from './+types/day';
import { PushSetup } from '../../components/push-setup.tsx';
import { isSuccess, pageStatus } from '../../lib/api.server.ts';
import { formatDate } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { riyadhDayOf, staffPageOf, STAFF_VIEWS, viewOf, viewSearch, type StaffView } from '../../features/staff/day.ts';
import { ProjectsSection } from '../../features/staff/projects.tsx';
import { signOutIfEnded, staffApiFor } from '../../features/staff/session.server.ts';
import { VisitStatus } from '../../features/staff/visit-status.tsx';
import { PlaceLine } from '../../features/staff/place-line.tsx';
import { cst, st } from '../../features/staff/texts.ts';
import { VisitActions } from '../../features/staff/visit-actions.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, st('day_title'));

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = staffApiFor(context, request);
  const search = new URL(request.url).searchParams;
  const view = viewOf(search);
  if (view === 'finished') {
    const page = Math.max(1, Math.trunc(Number(search.get('page'))) || 1);
    const res = await signOutIfEnded(
      await api.GET('/api/staff/orders', { params: { query: { scope: 'finished', page } } }),
      api.lang,
    );
    if (res.key !== 'success') throw new Response(res.msg, { status: pageStatus(res) });
    return { view, day: null, finished: res.data, projects: [] };
  }
  const [res, open] = await Promise.all([
    api
      .GET('/api/staff/day', { params: { query: { date: riyadhDayOf(view) } } })
      .then((a) => signOutIfEnded(a, api.lang)),
    // An engineer's construction projects (no time of day): those still open, beside the day.
    api.GET('/api/staff/orders', { params: { query: { scope: 'open' } } }),
  ]);
  if (res.key !== 'success') throw new Response(res.msg, { status: pageStatus(res) });
  const projects = isSuccess(open) ? open.data.data.filter((o) => o.kind === 'pool_construction') : [];
  return { view, day: res.data, finished: null, projects };
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
        <Text fw={700} mt="sm" dir="auto" ta="start">
          {visit.customer_name}
        </Text>
        <Text fz="sm" c="gray.8" lineClamp={3} mt={4} data-testid="visit-problem">
          <Text span fw={600} fz="inherit">
            {t(st('problem'))}:{' '}
          </Text>
          <bdi>{visit.problem}</bdi>
        </Text>
        <Group gap={6} mt={6} wrap="nowrap" align="flex-start" c="gray.7">
          <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
          <Text fz="sm" lineClamp={2} data-testid="visit-place">
            <PlaceLine address={visit.address} city={visit.city} />
          </Text>
        </Group>
      </Anchor>
      <VisitActions mapUrl={visit.map_url} phoneLink={visit.phone_link} customerName={visit.customer_name} />
    </Card>
  );
}

/** A finished visit: its number, state and customer; it opens the order page with the report. */
function FinishedCard({ item }: { item: StaffOrderItem }) {
  const { to } = useLang();
  return (
    <Card withBorder radius="md" padding="md" data-testid="finished-card" data-order={item.id}>
      <Anchor component={Link} to={to(staffPageOf(item))} underline="never" c="inherit">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={800} dir="ltr" ta="start">
              {item.number}
            </Text>
            <Text fz="sm" mt={4}>
              {item.customer_name}
            </Text>
            {item.city && (
              <Text fz="sm" c="gray.7">
                {item.city}
              </Text>
            )}
          </div>
          <VisitStatus status={item.status} />
        </Group>
      </Anchor>
    </Card>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Card withBorder radius="md" padding="xl">
    <Text ta="center" c="gray.7" data-testid="no-visits">
      {text}
    </Text>
  </Card>
);

/**
 * The staff member's day: assigned visits in time order, today or tomorrow in Riyadh; or the
 * visits already finished, newest first, each opening its report.
 */
export default function StaffDay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { view, day, finished, projects } = loaderData;
  // An engineer's work is projects, not visits of the day: their page lists the open ones (and the finished view).
  const engineer = useRouteLoaderData<{ me: { job: string } }>(`${lang}:staff-layout`)?.me.job === 'engineer';
  const views = engineer ? STAFF_VIEWS.filter((v) => v !== 'tomorrow') : STAFF_VIEWS;
  const viewLabel = (v: StaffView) => t(engineer && v === 'today' ? cst('projects_title') : st(v));
  const show = (v: StaffView, page = 1) => {
    const next = viewSearch(search, v, page);
    navigate(`${to('/staff')}${next.size ? `?${next}` : ''}`, { replace: true });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <div>
          <Title order={1} fz="h2">
            {t(engineer ? cst('projects_title') : st('day_title'))}
          </Title>
          {engineer && day ? null : (
            <Text c="gray.7" fz="sm" data-testid="day-date">
              {day
                ? `${formatDate(lang, `${day.date}T12:00:00Z`)} · ${t(st('visits_count'), { count: day.visits.length })}`
                : t(st('finished_count'), { count: finished.pagination.total_items })}
            </Text>
          )}
        </div>
        <SegmentedControl
          value={view}
          onChange={(v) => show(v as StaffView)}
          data={views.map((d) => ({ value: d, label: viewLabel(d) }))}
          aria-label={t(engineer ? cst('projects_title') : st('day_title'))}
          data-testid="day-switch"
        />
      </Group>
      {day && (engineer || projects.length > 0) ? <ProjectsSection projects={projects} titled={!engineer} /> : null}
      {day && engineer ? null : day ? (
        day.visits.length === 0 ? (
          <Empty text={t(st('no_visits'))} />
        ) : (
          day.visits.map((v) => <VisitCard key={v.id} visit={v} />)
        )
      ) : finished.data.length === 0 ? (
        <Empty text={t(st('no_finished'))} />
      ) : (
        <>
          {finished.data.map((o) => (
            <FinishedCard key={o.id} item={o} />
          ))}
          {finished.pagination.total_pages > 1 && (
            <Pagination
              total={finished.pagination.total_pages}
              value={finished.pagination.current_page}
              onChange={(p) => show('finished', p)}
              mx="auto"
            />
          )}
        </>
      )}
      <PushSetup audience="staff" />
    </Stack>
  );
}
