/** A reason in words (rejecting an offer or an extra service): at least 3 characters, sent with the answer; `reason-dialog.tsx` loads it. */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type ReasonDialogProps = {
  opened: boolean;
  title: string;
  busy: boolean;
  error?: string | null;
  onClose: () => void;
  onSend: (reason: string) => void;
};

export default function ReasonDialogModal({ opened, title, busy, error, onClose, onSend }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [short, setShort] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim().length < 3) return setShort(true);
          onSend(reason.trim());
        }}
        data-testid="reason-form"
      >
        <Stack gap="sm">
          <Textarea
            label={t('maintenance-site.reject_reason')}
            placeholder={t('maintenance-site.reject_reason_hint')}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setShort(false);
            }}
            withAsterisk
            autosize
            minRows={3}
            maxLength={1000}
            error={short ? t('maintenance-site.reason_short') : (error ?? null)}
            data-autofocus
            data-testid="reason-text"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.back')}
            </Button>
            <Button type="submit" color="red" loading={busy} data-testid="reason-send">
              {t('maintenance-site.reject_send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
