/** A visit's time as the customer reads it: the Riyadh day in Gregorian and Hijri, and the time (24 h). */
import { Stack, Text } from '@mantine/core';
import type { Lang } from '../../lib/lang.ts';
import { gregorianLabel, hijriLabel, riyadhNow } from './riyadh-day.ts';

/** A chosen day and time (Riyadh), the Hijri day under the Gregorian one. */
export function SlotWhen({ day, time, lang }: { day: string; time: string; lang: Lang }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }} data-testid="visit-when">
      <Text fw={700} fz="sm">
        {gregorianLabel(day, lang)} · <bdi dir="ltr">{time}</bdi>
      </Text>
      <Text fz="xs" c="gray.7" data-testid="visit-hijri">
        {hijriLabel(day, lang)}
      </Text>
    </Stack>
  );
}

/** An instant (ISO) as its Riyadh day and time. */
export function InstantWhen({ at, lang }: { at: string; lang: Lang }) {
  const { day, time } = riyadhNow(new Date(at));
  return <SlotWhen day={day} time={time} lang={lang} />;
}
