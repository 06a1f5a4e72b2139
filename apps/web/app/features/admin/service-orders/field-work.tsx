/** What happened on site, read-only: the extra services proposed and their state, the visit report, the customer's rating, refunds. */
import { Badge, Group, Rating, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { flagReadings } from '@pool/contracts/field-work';
import type { ServiceOrderDetail } from '@pool/contracts/maintenance';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format.ts';
import { StoredImage } from '../../../components/stored-image.tsx';
import { Section } from '../../orders/index.ts';
import { badgeText } from './status.tsx';
import classes from './service-orders.module.css';

const EXTRA_COLORS = { proposed: 'yellow', accepted: 'blue', paid: 'teal', rejected: 'red', expired: 'gray' } as const;

export function ExtrasSection({ extras }: { extras: ServiceOrderDetail['extras'] }) {
  const { t } = useTranslation();
  if (extras.length === 0) return null;
  return (
    <Section title={t('operations.extras')}>
      {extras.map((x) => (
        <Stack key={x.id} gap={4} data-testid="service-extra">
          <Group justify="space-between" gap="sm">
            <Badge variant="light" color={EXTRA_COLORS[x.status]} c={badgeText(EXTRA_COLORS[x.status])}>
              {t(`operations.extra_status_${x.status}`)}
            </Badge>
            <Text fz="xs" c="gray.7">
              {formatDateTime('ar', x.created_at)}
            </Text>
          </Group>
          {x.lines.map((l) => (
            <Group key={l.id} justify="space-between" gap="sm" wrap="nowrap">
              <Text fz="sm">
                {l.name_ar} × {formatNumber('ar', l.quantity)}
              </Text>
              <Text fz="sm">{formatMoney('ar', l.net)}</Text>
            </Group>
          ))}
          <Text fz="sm" fw={700} ta="end">
            {t('operations.total')}: {formatMoney('ar', x.total)}
          </Text>
          {x.reject_reason ? (
            <Text fz="sm" c="red.8" dir="auto" ta="start">
              {x.reject_reason}
            </Text>
          ) : null}
        </Stack>
      ))}
    </Section>
  );
}

function Photos({ label, photos }: { label: string; photos: string[] }) {
  if (photos.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600}>
        {label}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        {photos.map((src, i) => (
          <a key={src} href={src} target="_blank" rel="noopener">
            <StoredImage
              src={src}
              alt={`${label} ${i + 1}`}
              width={160}
              height={120}
              sizes="160px"
              className={classes.thumb}
            />
          </a>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The water readings, each with its healthy range and a badge where it is out of range. */
function Readings({ readings }: { readings: Record<string, number> }) {
  const { t } = useTranslation();
  const flags = flagReadings(readings);
  if (flags.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text fz="sm" fw={600}>
        {t('operations.report_readings')}
      </Text>
      {flags.map((f) => (
        <Group
          key={f.key}
          justify="space-between"
          gap="sm"
          wrap="nowrap"
          data-testid="report-reading"
          data-level={f.level}
        >
          <Stack gap={0}>
            <Text fz="sm">{t(`field-work.reading_${f.key}`)}</Text>
            <Text fz="xs" c="gray.7">
              {t('field-work.reading_range', {
                min: formatNumber('ar', f.min),
                max: formatNumber('ar', f.max),
                unit: f.unit,
              })}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Text fz="sm" fw={700} dir="ltr">
              {formatNumber('ar', f.value)}
              {f.unit ? ` ${f.unit}` : ''}
            </Text>
            <Badge
              variant="light"
              color={f.level === 'ok' ? 'teal' : 'red'}
              c={badgeText(f.level === 'ok' ? 'teal' : 'red')}
            >
              {t(`field-work.level_${f.level}`)}
            </Badge>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

export function ReportSection({ report }: { report: ServiceOrderDetail['report'] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('operations.report')}>
      {report === null ? (
        <Text fz="sm" c="gray.7">
          {t('operations.report_none')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="service-report">
          {Object.keys(report.checklist).length > 0 ? (
            <Stack gap={2}>
              <Text fz="sm" fw={600}>
                {t('operations.report_checklist')}
              </Text>
              {Object.entries(report.checklist).map(([item, done]) => (
                <Group key={item} gap={6}>
                  {done ? (
                    <IconCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />
                  ) : (
                    <IconX size={16} color="var(--mantine-color-red-8)" aria-hidden />
                  )}
                  <Text fz="sm">{t(`field-work.checklist_${item}`, { defaultValue: item })}</Text>
                </Group>
              ))}
            </Stack>
          ) : null}
          <Photos label={t('operations.report_before')} photos={report.photos_before} />
          <Photos label={t('operations.report_after')} photos={report.photos_after} />
          {report.parts.length > 0 ? (
            <Stack gap={2}>
              <Text fz="sm" fw={600}>
                {t('operations.report_parts')}
              </Text>
              {report.parts.map((p, i) => (
                <Text key={i} fz="sm">
                  <bdi>{p.name}</bdi> × {formatNumber('ar', p.quantity)}
                </Text>
              ))}
            </Stack>
          ) : null}
          <Readings readings={report.readings} />
          {report.notes ? (
            <Stack gap={2}>
              <Text fz="sm" fw={600}>
                {t('operations.report_notes')}
              </Text>
              <Text fz="sm" dir="auto" ta="start" style={{ whiteSpace: 'pre-wrap' }} data-testid="report-notes-text">
                {report.notes}
              </Text>
            </Stack>
          ) : null}
        </Stack>
      )}
    </Section>
  );
}

/** `none`: what to say before the rating, when the kind names its staff otherwise (an engineer). */
export function RatingSection({ rating, none }: { rating: ServiceOrderDetail['rating']; none?: string }) {
  const { t } = useTranslation();
  return (
    <Section title={t('operations.rating')} gap={4}>
      {rating === null ? (
        <Text fz="sm" c="gray.7">
          {none ?? t('operations.rating_none')}
        </Text>
      ) : (
        <>
          <Rating
            value={rating.stars}
            readOnly
            role="img"
            aria-label={t('staff.ui_rating_label', { rating: rating.stars })}
          />
          {rating.comment ? (
            <Text fz="sm" dir="auto" ta="start">
              {rating.comment}
            </Text>
          ) : null}
        </>
      )}
    </Section>
  );
}
