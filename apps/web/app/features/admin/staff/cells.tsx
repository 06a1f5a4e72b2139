/** Cells of the staff list: the job badge, the cities served and the average rating with its count. */
import { Badge, Group, Rating, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StaffItem, StaffJob } from '@pool/contracts/people';
import { formatNumber } from '../../../lib/format.ts';

export function JobBadge({ job }: { job: StaffJob }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={job === 'engineer' ? 'indigo' : 'cyan'}
      c={job === 'engineer' ? 'indigo.9' : 'cyan.9'}
      miw="max-content"
    >
      {t(`staff.ui_job_${job}`)}
    </Badge>
  );
}

export function CityList({ cities }: { cities: StaffItem['cities'] }) {
  return (
    <Group gap={4} maw={220} miw={90}>
      {cities.map((c) => (
        <Badge key={c.id} variant="outline" color="gray" c="dark.6" fw={500} tt="none" miw="max-content">
          {c.name}
        </Badge>
      ))}
    </Group>
  );
}

/** Stars (read as one image: "rated 4.5 out of 5"), the average and how many ratings; "no ratings yet" before the first. */
export function StaffRating({ rating, count }: { rating: number | null; count: number }) {
  const { t } = useTranslation();
  if (rating === null)
    return (
      <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('staff.ui_no_ratings')}
      </Text>
    );
  const value = formatNumber('ar', rating);
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Rating
          value={rating}
          fractions={10}
          readOnly
          size="xs"
          role="img"
          aria-label={t('staff.ui_rating_label', { rating: value })}
        />
        <Text fz="sm" fw={600} aria-hidden>
          {value}
        </Text>
      </Group>
      <Text fz="xs" c="dimmed">
        {t('staff.ui_ratings_count', { count })}
      </Text>
    </Stack>
  );
}
