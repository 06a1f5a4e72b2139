/**
 * The buttons of the dashboard's edit dialogs: a table row's "edit" button and
 * the cancel / save row under an edit form. One look and one accessible name
 * on every screen.
 */
import { Button, Group, type MantineSpacing } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A row's "edit" button, named with the row (`Edit: {name}`) for assistive technology. */
export function EditButton({ name, onClick, testId }: { name: string; onClick: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconEdit size={14} aria-hidden />}
      onClick={onClick}
      aria-label={t('common.edit_of', { name })}
      data-testid={testId}
    >
      {t('common.edit')}
    </Button>
  );
}

/** Cancel and save (the form's submit button) under an edit form; cancel waits while saving when `lockCancel`. */
export function FormActions({
  onCancel,
  busy,
  lockCancel = false,
  saveTestId,
  mt,
}: {
  onCancel: () => void;
  busy: boolean;
  lockCancel?: boolean;
  saveTestId?: string;
  mt?: MantineSpacing;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={lockCancel && busy}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={busy} data-testid={saveTestId}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
