/**
 * The visit's day in the company's time zone: a month calendar (Mantine's
 * DatePicker, its names from Intl in the page's language) whose cells carry
 * the Hijri day (Umm al-Qura) under the Gregorian one, days before today in
 * Riyadh disabled, and the chosen day written out in both calendars.
 */
import '@mantine/dates/styles.css';
import classes from './date-field.module.css';
import { Box, Input, Paper, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../lib/lang.ts';
import {
  gregorianLabel,
  hijriDayNumber,
  hijriLabel,
  hijriMonthsLabel,
  isDay,
  monthLabel,
  plusDays,
  riyadhToday,
  weekdayLabel,
} from './riyadh-day.ts';

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
  // In Arabic the calendar runs right to left: "next" points left.
  const [Prev, Next] = lang === 'ar' ? [IconChevronRight, IconChevronLeft] : [IconChevronLeft, IconChevronRight];
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
            value={isDay(value) ? value : null}
            onChange={(v) => v && onChange(v)}
            defaultDate={isDay(value) ? value : today}
            minDate={today}
            maxDate={maxDate}
            maxLevel="month"
            firstDayOfWeek={0}
            weekendDays={[5, 6]}
            hideOutsideDates
            size="md"
            monthLabelFormat={(d) => (
              <Stack gap={0} align="center">
                <span>{monthLabel(d, lang)}</span>
                <Text span fz="xs" c="gray.7">
                  {hijriMonthsLabel(d, lang)}
                </Text>
              </Stack>
            )}
            weekdayFormat={(d) => weekdayLabel(d, lang)}
            getDayAriaLabel={(d) => `${gregorianLabel(d, lang)} (${hijriLabel(d, lang)})`}
            renderDay={(d) => (
              <span className={classes.dayNumbers} data-hijri={hijriDayNumber(d)}>
                {Number(d.slice(8, 10))}
              </span>
            )}
            classNames={{ day: classes.day }}
            previousIcon={<Prev size={18} aria-hidden />}
            nextIcon={<Next size={18} aria-hidden />}
            ariaLabels={{
              previousMonth: t('maintenance-site.previous_month'),
              nextMonth: t('maintenance-site.next_month'),
            }}
            styles={{
              day: { height: 46, width: 44 },
              calendarHeader: { maxWidth: 'none' },
              calendarHeaderLevel: { height: 'auto', paddingBlock: 4 },
            }}
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
