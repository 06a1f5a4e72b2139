import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLoginPath } from '../lib/return-to.ts';

/** The dialog of auth-guard.tsx `NotRegisteredDialog`, loaded when it first opens. */
export default function NotRegisteredModal({
  opened,
  onCancel,
  onLogin,
}: {
  opened: boolean;
  onCancel: () => void;
  onLogin?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      centered
      withCloseButton={false}
      title={t('common.login')}
      data-testid="auth-dialog"
    >
      <Text mb="lg">{t('common.not_registered')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onLogin ?? (() => navigate(loginPath()))} data-autofocus>
          {t('common.login')}
        </Button>
      </Group>
    </Modal>
  );
}
