/**
 * The visit's time, written `00:00` (24 h, Riyadh): a slot every 30 minutes
 * between 08:00 and 22:00, or a typed time. Times already past today in
 * Riyadh are refused next to the field.
 */
import '@mantine/dates/styles.css';
import { useEffect, useState } from 'react';
import { Input, Paper, Stack, Text, TextInput } from '@mantine/core';
import { TimeGrid } from '@mantine/dates';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isPastTime, normaliseTime, riyadhToday, TIME_SLOTS } from './riyadh-day.ts';

/** Why a time cannot be taken (an i18n key), or null. */
export function timeProblem(day: string | null, time: string): string | null {
  const clean = normaliseTime(time);
  if (!clean) return 'maintenance-site.time_invalid';
  if (day && isPastTime(day, clean)) return 'maintenance-site.time_past';
  return null;
}

export function TimeField({
  day,
  value,
  onChange,
  label,
  error,
}: {
  /** The chosen day (Riyadh), if any: its past times are refused. */
  day: string | null;
  value: string | null;
  onChange: (time: string | null) => void;
  label: string;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(value && !TIME_SLOTS.includes(value) ? value : '');
  const [typedError, setTypedError] = useState<string | null>(null);
  // The slots of today that are past are off; after the last one, today has none.
  const past = (slot: string) => !!day && isPastTime(day, slot);
  const none = !!day && day === riyadhToday() && TIME_SLOTS.every(past);
  useEffect(() => {
    // A chosen time that the new day makes past is refused where it stands.
    if (value && day && isPastTime(day, value)) setTypedError(t('maintenance-site.time_past'));
    else setTypedError(null);
  }, [day]); // eslint-disable-line react-hooks/exhaustive-deps

  const takeTyped = (text: string) => {
    if (!text.trim()) return setTypedError(null);
    const problem = timeProblem(day, text);
    setTypedError(problem ? t(problem) : null);
    const clean = normaliseTime(text);
    if (clean) setTyped(clean);
    onChange(problem ? null : clean);
  };

  return (
    <Input.Wrapper label={label} withAsterisk error={typedError ?? error} data-testid="time-field">
      <Paper withBorder radius="md" p="sm" mt={4}>
        <Stack gap="sm">
          <Text fz="sm" c="gray.7">
            {t('maintenance-site.times_in_riyadh')}
          </Text>
          {none ? (
            <Text fz="sm" c="orange.9" data-testid="no-slots">
              {t('maintenance-site.no_slots_today')}
            </Text>
          ) : null}
          <TimeGrid
            data={[...TIME_SLOTS]}
            value={value && TIME_SLOTS.includes(value) ? value : null}
            onChange={(v) => {
              setTyped('');
              setTypedError(null);
              onChange(v);
            }}
            disableTime={past}
            format="24h"
            simpleGridProps={{ cols: { base: 4, xs: 6 }, spacing: 6 }}
            getControlProps={(slot) => ({ dir: 'ltr', 'data-testid': `slot-${slot}` })}
            data-testid="time-slots"
          />
          <TextInput
            label={t('maintenance-site.time_typed')}
            placeholder="00:00"
            value={typed}
            inputMode="numeric"
            dir="ltr"
            maxLength={5}
            leftSection={<IconClock size={16} aria-hidden />}
            onChange={(e) => setTyped(e.currentTarget.value)}
            onBlur={(e) => takeTyped(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                takeTyped(e.currentTarget.value);
              }
            }}
            w={{ base: '100%', xs: 200 }}
            data-testid="time-typed"
          />
        </Stack>
      </Paper>
    </Input.Wrapper>
  );
}
