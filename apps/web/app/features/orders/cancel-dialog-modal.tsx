/** Cancel (or, in the dashboard, refuse) with a reason: one of the cancel reasons, a note, or both (`cancel-dialog.tsx` loads it). */
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type CancelDialogProps = {
  opened: boolean;
  title: string;
  question: string;
  reasons: { id: number; title: string }[];
  busy: boolean;
  error?: string | null;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (v: { cancel_reason_id: string; note: string }) => void;
};

export default function CancelDialogModal({
  opened,
  title,
  question,
  reasons,
  busy,
  error,
  confirmLabel,
  onClose,
  onConfirm,
}: CancelDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason && !note.trim()) return setMissing(true);
          onConfirm({ cancel_reason_id: reason ?? '', note: note.trim() });
        }}
        data-testid="cancel-form"
      >
        <Stack gap="sm">
          <Text fz="sm">{question}</Text>
          <Select
            label={t('orders.ui_cancel_reason')}
            placeholder={t('orders.ui_choose_reason')}
            data={reasons.map((r) => ({ value: String(r.id), label: r.title }))}
            value={reason}
            onChange={(v) => {
              setReason(v);
              setMissing(false);
            }}
            clearable
            nothingFoundMessage={t('common.no_data')}
            data-testid="cancel-reason"
          />
          <Textarea
            label={t('orders.ui_cancel_note')}
            value={note}
            maxLength={500}
            autosize
            minRows={2}
            onChange={(e) => {
              setNote(e.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? t('orders.reason_required') : (error ?? null)}
            data-testid="cancel-note"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.back')}
            </Button>
            <Button type="submit" color="red" loading={busy} data-testid="cancel-confirm">
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
