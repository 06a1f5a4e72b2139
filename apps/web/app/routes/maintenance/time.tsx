/**
 * `/time?date=…`: the second step: the visit's time on the chosen day (00:00, Riyadh; a time
 * already past refused), then back to the request form with both (`/Immediate_maintenance?date=…&time=…`).
 * Without a day it sends the visitor to `/date_picker` first.
 */
import { useState } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, redirect } from 'react-router';
import type { Route } from './+types/time';
import { localePath, langFromPath } from '../../lib/lang.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { DayInWords } from '../../features/dates/date-field.tsx';
import { gregorianLabel, isDay, isPastDay, normaliseTime } from '../../features/dates/riyadh-day.ts';
import { TimeField, timeProblem } from '../../features/dates/time-field.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'maintenance-site.time_page_title');

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const date = url.searchParams.get('date');
  if (!isDay(date) || isPastDay(date)) throw redirect(localePath(langFromPath(url.pathname), '/date_picker'));
  return { date, time: normaliseTime(url.searchParams.get('time') ?? '') };
}

export default function TimePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const { date } = loaderData;
  const [time, setTime] = useState<string | null>(loaderData.time);
  const ok = !!time && !timeProblem(date, time);
  const Forward = lang === 'ar' ? IconArrowLeft : IconArrowRight;
  return (
    <AccountPage
      title={t('maintenance-site.time_page_title')}
      intro={t('maintenance-site.time_page_intro', { day: gregorianLabel(date, lang) })}
    >
      <Group justify="space-between" align="flex-start">
        <DayInWords day={date} lang={lang} />
        <Anchor component={Link} to={to(`/date_picker?date=${date}`)} fz="sm" data-testid="time-change-day">
          {t('maintenance-site.change_day')}
        </Anchor>
      </Group>
      <TimeField day={date} label={t('maintenance-site.time_label')} value={time} onChange={setTime} />
      <Group justify="flex-end">
        <Button
          component={Link}
          to={to(`/Immediate_maintenance?${new URLSearchParams({ date, time: time ?? '' })}`)}
          disabled={!ok}
          onClick={(e: React.MouseEvent) => !ok && e.preventDefault()}
          rightSection={<Forward size={18} aria-hidden />}
          data-testid="time-next"
        >
          {t('maintenance-site.continue_request')}
        </Button>
      </Group>
    </AccountPage>
  );
}
