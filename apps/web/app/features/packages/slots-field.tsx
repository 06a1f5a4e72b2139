/**
 * The visits' times when subscribing: exactly `required` of them, each a Riyadh
 * day (Hijri beside Gregorian) within the package's validity and a time on it
 * (`/date_picker` and `/time`'s fields), none twice. The chosen ones are listed
 * in order; until all are chosen, 'please choose {required} dates exactly'.
 */
import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Input, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconCircleCheck, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../lib/lang.ts';
import { DateField, SlotWhen, TimeField, timeProblem } from '../dates/index.ts';

export type Slot = { date: string; time: string };

const byTime = (a: Slot, b: Slot) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`);

/** One day and a time on it, and the button that takes them (adding a visit, or a visit's new time). */
export function SlotPicker({
  lang,
  lastDay,
  taken = [],
  label,
  busy,
  error,
  onPick,
}: {
  lang: Lang;
  /** The last day a visit may be on (Riyadh). */
  lastDay: string;
  /** Times already chosen (refused again). */
  taken?: Slot[];
  label: string;
  busy?: boolean;
  error?: React.ReactNode;
  onPick: (slot: Slot) => void;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const twice = !!day && !!time && taken.some((s) => s.date === day && s.time === time);
  const ready = !!day && !!time && !timeProblem(day, time) && !twice;
  return (
    <Stack gap="sm">
      {/* Side by side only where both fit whole: the calendar and the time chips need about 340 px each. */}
      <SimpleGrid type="container" cols={{ base: 1, '700px': 2 }} spacing="md">
        <DateField lang={lang} label={t('packages.ui_visit_day')} value={day} onChange={setDay} lastDay={lastDay} />
        <TimeField
          day={day}
          label={t('packages.ui_visit_time')}
          value={time}
          onChange={setTime}
          error={twice ? t('packages.slot_twice') : error}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          leftSection={<IconCalendarPlus size={18} aria-hidden />}
          disabled={!ready}
          loading={busy}
          onClick={() => {
            if (!ready) return;
            onPick({ date: day, time });
            setTime(null);
          }}
          data-testid="slot-add"
        >
          {label}
        </Button>
      </Group>
    </Stack>
  );
}

export function SlotsField({
  lang,
  required,
  validityDays,
  lastDay,
  value,
  onChange,
  error,
}: {
  lang: Lang;
  required: number;
  validityDays: number;
  lastDay: string;
  value: Slot[];
  onChange: (slots: Slot[]) => void;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const full = value.length >= required;
  return (
    <Input.Wrapper
      label={t('packages.ui_dates_title')}
      description={t('packages.ui_dates_hint', { days: validityDays })}
      withAsterisk
      error={error}
      data-testid="slots-field"
    >
      <Stack gap="sm" mt="xs">
        <Text fw={700} fz="sm" data-testid="slots-count">
          {t('packages.ui_dates_chosen', { chosen: value.length, required })}
        </Text>
        {full ? (
          <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="slots-done">
            {t('packages.ui_dates_done')}
          </Alert>
        ) : (
          <Alert color="orange" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="slots-exactly">
            {t('packages.slots_exactly', { required })}
          </Alert>
        )}
        {value.length ? (
          <Stack gap={6} data-testid="slots-list">
            {value.map((s, i) => (
              <Paper key={`${s.date} ${s.time}`} withBorder radius="md" p="xs" data-testid="slot-row">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Badge variant="filled" color="cyan" circle>
                      {i + 1}
                    </Badge>
                    <SlotWhen day={s.date} time={s.time} lang={lang} />
                  </Group>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('packages.ui_remove_visit', { n: i + 1 })}
                    onClick={() => onChange(value.filter((_, j) => j !== i))}
                    data-testid="slot-remove"
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : null}
        {full ? null : (
          <Paper withBorder radius="md" p="sm" bg="gray.0">
            <Text fw={700} fz="sm" mb="xs">
              {t('packages.ui_visit_n', { n: value.length + 1 })}
            </Text>
            <SlotPicker
              lang={lang}
              lastDay={lastDay}
              taken={value}
              label={t('packages.ui_add_visit')}
              onPick={(slot) => onChange([...value, slot].sort(byTime))}
            />
          </Paper>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
