/**
 * What every calendar of Riyadh days shares (the site's visit day, the dashboard's day filters): Mantine's
 * month view only, Sunday first, Friday and Saturday the weekend, the names from Intl in the page's language,
 * the Hijri month under the Gregorian one and the Hijri day under each day (Umm al-Qura), each day named in
 * both calendars, Riyadh's today marked (not the browser's), the arrows the way the page reads. Spread into
 * Mantine's DatePicker, DatePickerInput or DateTimePicker.
 */
import '@mantine/dates/styles.css';
import { useId } from 'react';
import classes from './date-field.module.css';
import { Stack, Text } from '@mantine/core';
import type { DayOfWeek } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../lib/lang.ts';
import {
  gregorianLabel,
  hijriDayNumber,
  hijriLabel,
  hijriMonthsLabel,
  monthLabel,
  riyadhToday,
  weekdayLabel,
} from './riyadh-day.ts';

const WEEKEND: DayOfWeek[] = [5, 6];

export function useRiyadhCalendar(lang: Lang) {
  const { t } = useTranslation();
  // In Arabic the calendar runs right to left: "next" points left.
  const [Prev, Next] = lang === 'ar' ? [IconChevronRight, IconChevronLeft] : [IconChevronLeft, IconChevronRight];
  const today = riyadhToday();
  return {
    maxLevel: 'month' as const,
    firstDayOfWeek: 0 as const,
    weekendDays: WEEKEND,
    hideOutsideDates: true,
    monthLabelFormat: (d: string) => (
      <Stack gap={0} align="center">
        <span>{monthLabel(d, lang)}</span>
        <Text span fz="xs" c="gray.7">
          {hijriMonthsLabel(d, lang)}
        </Text>
      </Stack>
    ),
    weekdayFormat: (d: string) => weekdayLabel(d, lang),
    getDayAriaLabel: (d: string) =>
      t('common.day_both_calendars', { day: gregorianLabel(d, lang), hijri: hijriLabel(d, lang) }),
    renderDay: (d: string) => (
      <span className={classes.dayNumbers} data-hijri={hijriDayNumber(d)}>
        {Number(d.slice(8, 10))}
      </span>
    ),
    getDayProps: (d: string) => ({
      highlightToday: true,
      'data-today': d === today || undefined,
      'aria-current': d === today ? ('date' as const) : undefined,
    }),
    classNames: { day: classes.day },
    previousIcon: <Prev size={18} aria-hidden />,
    nextIcon: <Next size={18} aria-hidden />,
    ariaLabels: { previousMonth: t('common.previous_month'), nextMonth: t('common.next_month') },
    styles: { calendarHeader: { maxWidth: 'none' }, calendarHeaderLevel: { height: 'auto', paddingBlock: 4 } },
  };
}

/**
 * `useRiyadhCalendar` for a field whose calendar opens in a popover (DayInput, MomentInput): the field's id,
 * the popover named by the field's label (Mantine points the dialog at an id nothing has), the placeholder
 * in the site's dimmed grey (WCAG AA on white).
 */
export function useRiyadhPickerField(lang: Lang) {
  const calendar = useRiyadhCalendar(lang);
  const id = useId();
  return {
    ...calendar,
    id,
    popoverProps: { id: `${id}-label` },
    styles: { ...calendar.styles, placeholder: { color: 'var(--mantine-color-dimmed)' } },
  };
}
