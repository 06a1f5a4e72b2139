/**
 * Working hours in the staff form: a row per weekday, Sunday first as in Saudi
 * Arabia, with a "works this day" switch and the start and end times (Riyadh time).
 */
import '@mantine/dates/styles.css';
import { Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS } from '@pool/contracts/people';
import type { StaffValues } from './values.ts';

export function WorkingHoursField({ form, disabled }: { form: UseFormReturnType<StaffValues>; disabled: boolean }) {
  const { t } = useTranslation();
  const days = form.getValues().working_hours;
  // 24-hour times, read left to right (08:00) as a clock does on an Arabic page too; not the browser's
  // time field, which shows its own AM/PM by the browser's locale.
  const time = (i: number, end: 'from' | 'to', label: string) => (
    <TimePicker
      format="24h"
      dir="ltr"
      hoursInputLabel={t('staff.ui_hours_of', { field: label })}
      minutesInputLabel={t('staff.ui_minutes_of', { field: label })}
      disabled={disabled}
      style={{ flex: '1 1 0', minWidth: 0 }}
      {...form.getInputProps(`working_hours.${i}.${end}`)}
      data-testid={`staff-hours-${i}-${end}`}
    />
  );
  return (
    <Stack gap={6} role="group" aria-labelledby="staff-hours-label" aria-describedby="staff-hours-hint">
      <Text fw={600} fz="sm" id="staff-hours-label">
        {t('staff.ui_working_hours')}
      </Text>
      <Text fz="xs" c="dimmed" id="staff-hours-hint">
        {t('staff.ui_working_hours_hint')}
      </Text>
      <Paper withBorder radius="md" p="sm">
        <Stack gap="xs">
          {WEEKDAYS.map((d, i) => {
            const day = t(`staff.ui_day_${d}`);
            return (
              <Group key={d} gap="xs" wrap="nowrap" align="flex-start" mih={36} data-testid={`staff-day-${d}`}>
                <Switch
                  label={day}
                  aria-label={t('staff.ui_works_on', { day })}
                  disabled={disabled}
                  w={110}
                  mt={8}
                  style={{ flexShrink: 0 }}
                  {...form.getInputProps(`working_hours.${i}.on`, { type: 'checkbox' })}
                  data-testid={`staff-day-${d}-on`}
                />
                {days[i]?.on ? (
                  <>
                    <Text fz="sm" c="dimmed" mt={8} aria-hidden>
                      {t('staff.ui_from')}
                    </Text>
                    {time(i, 'from', t('staff.ui_from_of', { day }))}
                    <Text fz="sm" c="dimmed" mt={8} aria-hidden>
                      {t('staff.ui_to')}
                    </Text>
                    {time(i, 'to', t('staff.ui_to_of', { day }))}
                  </>
                ) : (
                  <Text fz="sm" c="dimmed" mt={8}>
                    {t('staff.ui_day_off')}
                  </Text>
                )}
              </Group>
            );
          })}
        </Stack>
      </Paper>
    </Stack>
  );
}
