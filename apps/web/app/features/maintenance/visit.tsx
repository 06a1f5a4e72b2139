/** The visit's parts of a maintenance order: the technician's card, the arrival window, the extra services proposed on site, the visit report. */
import { Avatar, Badge, Button, Group, Image, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EXTRA_PAY_MINUTES, flagReadings, REPORT_CHECKLIST } from '@pool/contracts/field-work';
import type { ExtraView, MaintenanceOrderDetail, ReportView } from '@pool/contracts/maintenance';
import { perLang } from '@pool/i18n/translator';
import { formatMoney, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { RatingStars } from './rating-stars.tsx';
import { OfferLines } from './offer.tsx';

const clock = perLang(
  (l) => new Intl.DateTimeFormat(l, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Riyadh' }),
);
const timeOf = (lang: 'ar' | 'en', iso: string) => clock(lang).format(new Date(iso));

export function StaffCardView({ staff }: { staff: NonNullable<MaintenanceOrderDetail['staff']> }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Group gap="md" wrap="nowrap" data-testid="staff-card">
      <Avatar src={staff.image} name={staff.name} alt={staff.name} size={64} radius={64} color="cyan" />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={700} data-testid="staff-name">
          {staff.name}
        </Text>
        {staff.rating_count ? (
          <Group gap={6}>
            <RatingStars
              value={staff.rating}
              size="sm"
              label={t('maintenance-site.staff_rating', {
                rating: formatNumber(lang, staff.rating),
                count: staff.rating_count,
              })}
            />
            <Text fz="xs" c="gray.7">
              {t('maintenance-site.staff_rating', {
                rating: formatNumber(lang, staff.rating),
                count: staff.rating_count,
              })}
            </Text>
          </Group>
        ) : (
          <Text fz="xs" c="gray.7">
            {t('maintenance-site.staff_not_rated')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

export function ArrivalView({ arrival }: { arrival: NonNullable<MaintenanceOrderDetail['arrival']> }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Group gap="xs" wrap="nowrap" data-testid="arrival">
      <IconClock size={20} aria-hidden color="var(--mantine-color-cyan-7)" />
      <Stack gap={0}>
        <Text fw={600}>
          {t('maintenance-site.arrival_between', { from: timeOf(lang, arrival.from), to: timeOf(lang, arrival.to) })}
        </Text>
        {arrival.estimate ? (
          <Text fz="sm" c="gray.7" data-testid="arrival-estimate">
            {t('maintenance-site.arrival_estimate', { time: timeOf(lang, arrival.estimate) })}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

const EXTRA_COLORS: Record<ExtraView['status'], string> = {
  proposed: 'orange',
  accepted: 'blue',
  paid: 'teal',
  rejected: 'gray',
  expired: 'gray',
};

export function ExtraCard({
  extra,
  onAccept,
  onReject,
  busy,
}: {
  extra: ExtraView;
  onAccept: (extra: ExtraView) => void;
  onReject: (extra: ExtraView) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const open = extra.status === 'proposed' || extra.status === 'accepted';
  return (
    <Stack gap="xs" data-testid="extra" data-status={extra.status}>
      <Group justify="space-between">
        <Badge variant="light" color={EXTRA_COLORS[extra.status]} c={`${EXTRA_COLORS[extra.status]}.9`}>
          {t(`field-work.extra_status_${extra.status}`)}
        </Badge>
        <Text fw={700}>{t('maintenance-site.extra_total', { total: formatMoney(lang, extra.total) })}</Text>
      </Group>
      <OfferLines lines={extra.lines} />
      {extra.reject_reason ? (
        <Text fz="sm" c="gray.7">
          {extra.reject_reason}
        </Text>
      ) : null}
      {extra.pay_by ? (
        <Text fz="sm" c="blue.9" data-testid="extra-pay-by">
          {t('field-work.extra_pay_by', { time: timeOf(lang, extra.pay_by) })}
        </Text>
      ) : null}
      {extra.status === 'expired' ? (
        <Text fz="sm" c="gray.7" data-testid="extra-expired">
          {t('field-work.extra_expired_note', { minutes: formatNumber(lang, EXTRA_PAY_MINUTES) })}
        </Text>
      ) : null}
      {open ? (
        <Group gap="sm" justify="flex-end">
          <Button
            variant="default"
            color="red"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => onReject(extra)}
            disabled={busy || extra.status !== 'proposed'}
            data-testid="extra-reject"
          >
            {t('maintenance-site.extra_reject')}
          </Button>
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={() => onAccept(extra)}
            loading={busy}
            data-testid="extra-accept"
          >
            {t('maintenance-site.extra_accept')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function Photos({ title, urls }: { title: string; urls: string[] }) {
  const { t } = useTranslation();
  if (!urls.length) return null;
  return (
    <Stack gap={4}>
      <Text fw={600} fz="sm">
        {title}
      </Text>
      <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
        {urls.map((u, i) => (
          <a key={u} href={u} target="_blank" rel="noreferrer">
            <Image
              src={u}
              alt={t('maintenance-site.photo_alt', { n: i + 1 })}
              radius="md"
              h={96}
              fit="cover"
              loading="lazy"
            />
          </a>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function ReportSection({ report }: { report: ReportView }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const flags = flagReadings(report.readings);
  const answered = REPORT_CHECKLIST.filter((k) => typeof report.checklist[k] === 'boolean');
  return (
    <Stack gap="md" data-testid="report">
      {answered.length ? (
        <Stack gap={4}>
          <Text fw={600} fz="sm">
            {t('maintenance-site.checklist')}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={6}>
            {answered.map((k) => (
              <Group key={k} gap={6} wrap="nowrap" data-testid="report-check" data-done={String(report.checklist[k])}>
                {report.checklist[k] ? (
                  <IconCheck
                    size={16}
                    color="var(--mantine-color-teal-7)"
                    aria-label={t('maintenance-site.check_done')}
                  />
                ) : (
                  <IconX
                    size={16}
                    color="var(--mantine-color-red-7)"
                    aria-label={t('maintenance-site.check_not_done')}
                  />
                )}
                <Text fz="sm">{t(`field-work.checklist_${k}`)}</Text>
              </Group>
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
      <Photos title={t('maintenance-site.photos_before')} urls={report.photos_before} />
      <Photos title={t('maintenance-site.photos_after')} urls={report.photos_after} />
      {report.parts.length ? (
        <Stack gap={4}>
          <Text fw={600} fz="sm">
            {t('maintenance-site.parts_used')}
          </Text>
          {report.parts.map((p, i) => (
            <Group key={i} justify="space-between" data-testid="report-part">
              <Text fz="sm">{p.name}</Text>
              <Text fz="sm" dir="ltr">
                × {formatNumber(lang, p.quantity)}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
      {flags.length ? (
        <Stack gap={4}>
          <Text fw={600} fz="sm">
            {t('maintenance-site.readings')}
          </Text>
          <Table verticalSpacing={4} data-testid="report-readings">
            <Table.Tbody>
              {flags.map((f) => (
                <Table.Tr key={f.key} data-testid="reading" data-level={f.level}>
                  <Table.Td>
                    <Text fz="sm">{t(`field-work.reading_${f.key}`)}</Text>
                    <Text fz="xs" c="gray.7">
                      {t('field-work.reading_range', {
                        min: formatNumber(lang, f.min),
                        max: formatNumber(lang, f.max),
                        unit: f.unit,
                      })}
                    </Text>
                  </Table.Td>
                  {/* The value over its level: side by side, a phone cut the level's words off. */}
                  <Table.Td>
                    <Stack gap={4} align="flex-end">
                      <Text fz="sm" fw={700} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                        {formatNumber(lang, f.value)}
                        {f.unit ? ` ${f.unit}` : ''}
                      </Text>
                      <Badge
                        variant="light"
                        color={f.level === 'ok' ? 'teal' : 'red'}
                        c={f.level === 'ok' ? 'teal.9' : 'red.9'}
                        style={{ minWidth: 'max-content' }}
                        data-testid="reading-level"
                      >
                        {t(`field-work.level_${f.level}`)}
                      </Badge>
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
      {report.notes ? (
        <Stack gap={4}>
          <Text fw={600} fz="sm">
            {t('maintenance-site.notes')}
          </Text>
          <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }} data-testid="report-notes-text">
            {report.notes}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
