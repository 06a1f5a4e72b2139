/**
 * A dashboard moment picked as Riyadh's day and time (a coupon's start and end, a discount's end; its texts
 * are the dashboard's `admin` namespace): Mantine's
 * DateTimePicker on the calendar of Riyadh days (riyadh-calendar.tsx) with a 24-hour time, written out
 * in the page's language. It replaces the browser's datetime field ("mm/dd/yyyy, --:-- --" on an Arabic
 * page, in the browser's own time zone). The value is an ISO instant, '' when empty: the wall clock is
 * Riyadh's whatever the browser's zone.
 */
import { DateTimePicker } from '@mantine/dates';
import { IconCalendarTime } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { riyadhInstant } from '@pool/contracts/maintenance';
import type { Lang } from '../../lib/lang.ts';
import { useRiyadhPickerField } from './riyadh-calendar.tsx';
import { gregorianLabel, riyadhNow, riyadhToday } from './riyadh-day.ts';

/** Mantine's `YYYY-MM-DD HH:mm:ss` wall-clock text of an ISO instant, read in Riyadh; null when none. */
const wallClock = (iso: string) => {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  const { day, time } = riyadhNow(new Date(iso));
  return `${day} ${time}:00`;
};

export function MomentInput({
  lang,
  label,
  description,
  value,
  onChange,
  error,
  disabled,
  withAsterisk,
  defaultTime = '00:00',
  testId,
}: {
  lang: Lang;
  label: string;
  description?: string;
  value?: string;
  onChange: (iso: string) => void;
  error?: React.ReactNode;
  disabled?: boolean;
  withAsterisk?: boolean;
  /** The time a newly picked day starts with: a start at the day's beginning, an end at its last minute. */
  defaultTime?: '00:00' | '23:59';
  testId?: string;
}) {
  const { t } = useTranslation();
  const field = useRiyadhPickerField(lang);
  const shown = wallClock(value ?? '');
  return (
    <DateTimePicker
      {...field}
      label={label}
      description={description}
      placeholder={t('admin.moment_placeholder')}
      value={shown}
      onChange={(v) => onChange(v ? riyadhInstant(v.slice(0, 10), v.slice(11, 16)).toISOString() : '')}
      valueFormat={(v) => t('admin.moment_value', { day: gregorianLabel(v.slice(0, 10), lang), time: v.slice(11, 16) })}
      defaultDate={shown?.slice(0, 10) ?? riyadhToday()}
      defaultTimeValue={defaultTime}
      timePickerProps={{
        format: '24h',
        hoursInputLabel: t('admin.moment_hours'),
        minutesInputLabel: t('admin.moment_minutes'),
        // Hours then minutes, left to right, as a clock reads in Arabic too.
        dir: 'ltr',
      }}
      submitButtonProps={{ 'aria-label': t('admin.moment_done') }}
      // A field that may stay empty can be emptied again.
      clearable={!withAsterisk}
      clearButtonProps={{ 'aria-label': t('admin.moment_clear') }}
      leftSection={<IconCalendarTime size={18} aria-hidden />}
      disabled={disabled}
      withAsterisk={withAsterisk}
      error={error}
      data-testid={testId}
    />
  );
}
