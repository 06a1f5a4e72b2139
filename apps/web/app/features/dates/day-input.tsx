/**
 * A field holding one Riyadh day (`YYYY-MM-DD`): the day written out, the calendar of Riyadh days
 * (riyadh-calendar.tsx) in a popover named by the field's label, Riyadh's today marked,
 * optionally from `minDate` on and clearable. It replaces the browser's date field, which shows
 * "mm/dd/yyyy" on an Arabic page.
 */
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { Lang } from '../../lib/lang.ts';
import { useRiyadhPickerField } from './riyadh-calendar.tsx';
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
  const field = useRiyadhPickerField(lang);
  const today = riyadhToday();
  const day = value && isDay(value) ? value : null;
  return (
    <DatePickerInput
      {...field}
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
      miw={200}
      style={style}
      data-testid={testId}
    />
  );
}
