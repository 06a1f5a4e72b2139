/**
 * A field holding one Riyadh day (`YYYY-MM-DD`): the day written out, the calendar of Riyadh days
 * (riyadh-calendar.tsx) in a popover named by the field's label, Riyadh's today marked,
 * optionally from `minDate` on and clearable. It replaces the browser's date field, which shows
 * "mm/dd/yyyy" on an Arabic page.
 */
import { useId } from 'react';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { Lang } from '../../lib/lang.ts';
import { useRiyadhCalendar } from './riyadh-calendar.tsx';
import { gregorianLabel, isDay, riyadhToday } from './riyadh-day.ts';

export function DayInput({
  lang,
  label,
  placeholder,
  value,
  onChange,
  minDate,
  clearLabel,
  error,
  testId,
  style,
}: {
  lang: Lang;
  label: string;
  placeholder: string;
  value: string | null;
  onChange: (day: string | null) => void;
  minDate?: string;
  /** The clear button's name: with it, the field can be emptied. */
  clearLabel?: string;
  error?: React.ReactNode;
  testId?: string;
  style?: React.CSSProperties;
}) {
  const calendar = useRiyadhCalendar(lang);
  const id = useId();
  const today = riyadhToday();
  const day = value && isDay(value) ? value : null;
  return (
    <DatePickerInput
      {...calendar}
      id={id}
      // The calendar's dialog is named by the field's label (Mantine points it at an id nothing has).
      popoverProps={{ id: `${id}-label` }}
      label={label}
      placeholder={placeholder}
      value={day}
      onChange={onChange}
      minDate={minDate}
      valueFormatter={({ date }) => (typeof date === 'string' ? gregorianLabel(date, lang) : '')}
      clearable={!!clearLabel}
      clearButtonProps={{ 'aria-label': clearLabel }}
      leftSection={<IconCalendar size={18} aria-hidden />}
      defaultDate={day ?? today}
      error={error}
      // WCAG AA on white: the placeholder in the site's dimmed grey.
      styles={{ ...calendar.styles, placeholder: { color: 'var(--mantine-color-dimmed)' } }}
      miw={200}
      style={style}
      data-testid={testId}
    />
  );
}
