/**
 * The visit's day in the company's time zone: a month calendar of Riyadh days
 * (riyadh-calendar.tsx: the Hijri day under the Gregorian one), days before
 * today in Riyadh disabled, and the chosen day written out in both calendars.
 */
import { Box, Input, Paper, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../lib/lang.ts';
import { useRiyadhCalendar } from './riyadh-calendar.tsx';
import { gregorianLabel, hijriLabel, isDay, plusDays, riyadhToday } from './riyadh-day.ts';

/** How far ahead a visit may be booked. */
const DAYS_AHEAD = 90;

/** The chosen day in words, Gregorian then Hijri. */
export function DayInWords({ day, lang }: { day: string; lang: Lang }) {
  return (
    <Stack gap={0} data-testid="chosen-day">
      <Text fw={700}>{gregorianLabel(day, lang)}</Text>
      <Text fz="sm" c="gray.7" data-testid="chosen-day-hijri">
        {hijriLabel(day, lang)}
      </Text>
    </Stack>
  );
}

export function DateField({
  value,
  onChange,
  lang,
  label,
  error,
  lastDay,
}: {
  value: string | null;
  onChange: (day: string) => void;
  lang: Lang;
  label: string;
  error?: React.ReactNode;
  /** The last day that may be chosen (Riyadh): a package's validity; 90 days ahead when left out. */
  lastDay?: string;
}) {
  const { t } = useTranslation();
  const today = riyadhToday();
  const maxDate = lastDay ?? plusDays(today, DAYS_AHEAD);
  const labelId = useId();
  const errorId = useId();
  const calendar = useRiyadhCalendar(lang);
  return (
    <Input.Wrapper
      label={<span id={labelId}>{label}</span>}
      withAsterisk
      error={error}
      errorProps={{ id: errorId }}
      data-testid="date-field"
    >
      <Paper
        withBorder
        radius="md"
        p="sm"
        mt={4}
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
      >
        <Stack gap="sm" align="center">
          <DatePicker
            {...calendar}
            value={isDay(value) ? value : null}
            onChange={(v) => v && onChange(v)}
            defaultDate={isDay(value) ? value : today}
            minDate={today}
            maxDate={maxDate}
            size="md"
            styles={{ ...calendar.styles, day: { height: 46, width: 44 } }}
            data-testid="date-picker"
          />
          <Box w="100%">
            {isDay(value) ? (
              <DayInWords day={value} lang={lang} />
            ) : (
              <Text fz="sm" c="gray.7">
                {t('maintenance-site.choose_day')}
              </Text>
            )}
          </Box>
        </Stack>
      </Paper>
    </Input.Wrapper>
  );
}
