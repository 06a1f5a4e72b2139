/**
 * `/date_picker`: the first step of a maintenance request from its own pages: the visit's day
 * (Riyadh, Hijri beside Gregorian). It goes on to `/time?date=…`, which returns to the request
 * form with both in its address (`/Immediate_maintenance?date=…&time=…`).
 */
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/date-picker';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { DateField } from '../../features/dates/date-field.tsx';
import { isDay, isPastDay, normaliseTime } from '../../features/dates/riyadh-day.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'maintenance-site.date_page_title');

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const date = url.searchParams.get('date');
  return {
    date: isDay(date) && !isPastDay(date) ? date : null,
    time: normaliseTime(url.searchParams.get('time') ?? ''),
  };
}

export default function DatePickerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const [day, setDay] = useState<string | null>(loaderData.date);
  const Forward = lang === 'ar' ? IconArrowLeft : IconArrowRight;
  const next = new URLSearchParams({
    ...(day ? { date: day } : {}),
    ...(loaderData.time ? { time: loaderData.time } : {}),
  });
  return (
    <AccountPage title={t('maintenance-site.date_page_title')} intro={t('maintenance-site.date_page_intro')}>
      <DateField lang={lang} label={t('maintenance-site.date_label')} value={day} onChange={setDay} />
      <Group justify="flex-end">
        <Button
          component={Link}
          to={to(`/time?${next}`)}
          disabled={!day}
          onClick={(e: React.MouseEvent) => !day && e.preventDefault()}
          rightSection={<Forward size={18} aria-hidden />}
          data-testid="date-next"
        >
          {t('maintenance-site.next_choose_time')}
        </Button>
      </Group>
    </AccountPage>
  );
}
