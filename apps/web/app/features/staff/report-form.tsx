import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import {
  READING_KEYS,
  READING_RANGES,
  REPORT_CHECKLIST,
  REPORT_NOTES_MAX,
  REPORT_PARTS_MAX,
  type ChecklistKey,
  type VisitReportView,
} from '@pool/contracts/field-work';
import type { ServiceItemOption } from '@pool/contracts/service-items';
import type { Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { submitJson, useStaffAnswer } from './answers.ts';
import { LineEditor } from './line-editor.tsx';
import { lineErrors, newLine, partBody } from './lines.ts';
import { PhotosField, PhotosWaitNote, useUploadsRunning } from './photos-field.tsx';
import { draftLevel, readingDrafts, readingsBody } from './readings.ts';
import { dropReportDraft, keepReportDraft, loadReportDraft, type ReportDraft } from './report-draft.ts';
import { st } from './texts.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

const fw = (key: string) => `field-work.${key}`;

/** One checklist item: OK or needs work, unanswered until tapped. */
function CheckItem({
  item,
  value,
  onChange,
  disabled,
}: {
  item: ChecklistKey;
  value: boolean | undefined;
  onChange: (v: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const label = t(fw(`checklist_${item}`));
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={`check-${item}`}>
      <Text fz="sm" fw={600} id={`check-${item}`}>
        {label}
      </Text>
      <Group gap={6} wrap="nowrap" role="group" aria-labelledby={`check-${item}`}>
        <Button
          size="compact-md"
          variant={value === true ? 'filled' : 'default'}
          color="teal.9"
          aria-pressed={value === true}
          onClick={() => onChange(true)}
          disabled={disabled}
          data-testid={`check-${item}-ok`}
        >
          {t(st('check_ok'))}
        </Button>
        <Button
          size="compact-md"
          variant={value === false ? 'filled' : 'default'}
          color="red.9"
          aria-pressed={value === false}
          onClick={() => onChange(false)}
          disabled={disabled}
          data-testid={`check-${item}-not-ok`}
        >
          {t(st('check_not_ok'))}
        </Button>
      </Group>
    </Group>
  );
}

/** A water reading with its healthy range beside it; a value out of the range is flagged as typed. */
function ReadingField({
  name,
  value,
  onChange,
  disabled,
  error,
}: {
  name: (typeof READING_KEYS)[number];
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const range = READING_RANGES[name];
  const level = draftLevel(name, value);
  const out = level === 'low' || level === 'high';
  return (
    <TextInput
      label={t(fw(`reading_${name}`))}
      description={t(fw('reading_range'), {
        min: formatNumber(lang, range.min),
        max: formatNumber(lang, range.max),
        unit: range.unit,
      })}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      inputMode="decimal"
      dir="ltr"
      disabled={disabled}
      error={
        error ??
        (out ? (
          <Group gap={4} wrap="nowrap" component="span" data-testid={`reading-${name}-flag`} data-level={level}>
            <IconAlertTriangle size={14} aria-hidden />
            {t(fw(`level_${level}`))}
          </Group>
        ) : undefined)
      }
      rightSection={
        range.unit ? (
          <Text fz="xs" c="gray.7">
            {range.unit}
          </Text>
        ) : undefined
      }
      rightSectionWidth={range.unit ? 44 : undefined}
      data-testid={`reading-${name}`}
    />
  );
}

type Draft = ReportDraft;

function draftOf(report: VisitReportView | null, items: ServiceItemOption[]): Draft {
  return {
    checklist: (report?.checklist ?? {}) as Draft['checklist'],
    photos_before: report?.photos_before ?? [],
    photos_after: report?.photos_after ?? [],
    parts: (report?.parts ?? []).map((p) => {
      const item = p.item_id === null ? undefined : items.find((i) => i.id === p.item_id);
      return item
        ? { ...newLine(), item: String(item.id), quantity: p.quantity }
        : { ...newLine(), mode: 'typed' as const, name: p.name, quantity: p.quantity };
    }),
    notes: report?.notes ?? '',
    readings: readingDrafts(report?.readings),
  };
}

/**
 * The visit report, saved whole: checklist, photos before and after from the camera, spare
 * parts used, notes and water readings against their healthy ranges. Open from "on the way"
 * until the visit finishes (`editable`).
 */
export function ReportForm({
  orderId,
  report,
  editable,
  parts,
}: {
  orderId: number;
  report: VisitReportView | null;
  editable: boolean;
  /** The catalogue's spare parts. */
  parts: ServiceItemOption[];
}) {
  const { t } = useTranslation();
  const handle = useStaffAnswer();
  const save = useFetcher<Answer>();
  const [draft, setDraft] = useState(() => draftOf(report, parts));
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** Changed since the last save: kept in the browser until saved (report-draft.ts). */
  const touched = useRef(false);
  const [restored, setRestored] = useState(false);
  const { uploading, onBusy } = useUploadsRunning();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    touched.current = true;
    setDraft((d) => ({ ...d, [key]: value }));
  };

  // After hydration (the server cannot see the browser's draft): an unsaved draft comes back.
  useEffect(() => {
    if (!editable) {
      dropReportDraft(orderId);
      return;
    }
    const kept = loadReportDraft(orderId);
    if (!kept) return;
    touched.current = true;
    setDraft(kept);
    setRestored(true);
  }, [orderId, editable]);

  useEffect(() => {
    if (touched.current && editable) keepReportDraft(orderId, draft);
  }, [draft]); // eslint-disable-line react-hooks/exhaustive-deps

  useChangeEffect(() => {
    handle(save.data, {
      toast: true,
      success: () => {
        setErrors({});
        touched.current = false;
        dropReportDraft(orderId);
        setRestored(false);
      },
      error: (a) => setErrors(answerFieldErrors(a)),
    });
  }, [save.data]);

  const submit = () =>
    submitJson(save, {
      intent: 'report',
      report: {
        checklist: draft.checklist,
        photos_before: draft.photos_before,
        photos_after: draft.photos_after,
        parts: draft.parts.map((l) => partBody(l, parts)),
        notes: draft.notes,
        readings: readingsBody(draft.readings),
      },
    });

  const photoError = (side: 'photos_before' | 'photos_after') =>
    Object.entries(errors).find(([k]) => k === side || k.startsWith(`${side}.`))?.[1];

  return (
    <Card withBorder radius="md" padding="md" data-testid="report-form">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="h4">
          {t(st('report_title'))}
        </Title>
        {report?.complete ? (
          <Badge
            color="teal.9"
            variant="filled"
            leftSection={<IconCircleCheck size={14} aria-hidden />}
            data-testid="report-complete"
          >
            {t(st('report_complete'))}
          </Badge>
        ) : null}
      </Group>
      {restored && (
        <Alert color="yellow" variant="light" mb="sm" p="xs" data-testid="report-draft-restored">
          <Text fz="sm">{t(st('report_draft_restored'))}</Text>
        </Alert>
      )}
      {!report?.complete && editable && (
        <Alert color="blue" variant="light" mb="sm" p="xs">
          <Text fz="sm">{t(st('report_incomplete'))}</Text>
        </Alert>
      )}
      <Stack gap="md">
        <div>
          <Text fw={700} mb={6}>
            {t(st('checklist'))}
          </Text>
          <Stack gap={8}>
            {REPORT_CHECKLIST.map((item) => (
              <CheckItem
                key={item}
                item={item}
                value={draft.checklist[item]}
                onChange={(v) => set('checklist', { ...draft.checklist, [item]: v })}
                disabled={!editable}
              />
            ))}
          </Stack>
        </div>
        <Divider />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <PhotosField
            orderId={orderId}
            label={t(st('photos_before'))}
            photos={draft.photos_before}
            onChange={(v) => set('photos_before', v)}
            disabled={!editable}
            error={photoError('photos_before')}
            onBusy={onBusy}
            testId="photos-before"
          />
          <PhotosField
            orderId={orderId}
            label={t(st('photos_after'))}
            photos={draft.photos_after}
            onChange={(v) => set('photos_after', v)}
            disabled={!editable}
            error={photoError('photos_after')}
            onBusy={onBusy}
            testId="photos-after"
          />
        </SimpleGrid>
        <Divider />
        <div>
          <Text fw={700} mb={6}>
            {t(st('readings'))}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {READING_KEYS.map((k) => (
              <ReadingField
                key={k}
                name={k}
                value={draft.readings[k]}
                onChange={(v) => set('readings', { ...draft.readings, [k]: v })}
                disabled={!editable}
                error={errors[`readings.${k}`]}
              />
            ))}
          </SimpleGrid>
        </div>
        <Divider />
        <div>
          <Text fw={700} mb={6}>
            {t(st('parts_title'))}
          </Text>
          {draft.parts.length === 0 && (
            <Text fz="sm" c="gray.7" mb={6}>
              {t(st('parts_none'))}
            </Text>
          )}
          <LineEditor
            lines={draft.parts}
            onChange={(v) => set('parts', v)}
            items={parts}
            priced={false}
            errors={lineErrors(errors, draft.parts, 'parts')}
            testId="part"
          />
          {editable && (
            <Button
              mt="xs"
              variant="subtle"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => set('parts', [...draft.parts, newLine()])}
              disabled={draft.parts.length >= REPORT_PARTS_MAX}
              data-testid="add-part"
            >
              {t(st('add_part'))}
            </Button>
          )}
        </div>
        <Textarea
          label={t(st('notes'))}
          placeholder={t(st('notes_placeholder'))}
          value={draft.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={REPORT_NOTES_MAX}
          disabled={!editable}
          error={errors.notes}
          data-testid="report-notes"
        />
        {editable && (
          <Button
            size="md"
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            onClick={submit}
            loading={save.state !== 'idle'}
            disabled={uploading}
            data-testid="save-report"
          >
            {t(st('report_save'))}
          </Button>
        )}
        {editable && uploading && <PhotosWaitNote testId="report-photos-wait" />}
      </Stack>
    </Card>
  );
}
