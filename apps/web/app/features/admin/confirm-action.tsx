/** A button that asks before it acts (delete, block): a small dialog with confirm and cancel. */
import { Button, Group, Modal, Text, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { badgeText } from './tint-text.ts';

type Props = {
  /** The button's text (also its accessible name). */
  label: string;
  /** What the dialog asks, e.g. "Delete the admin Sara?" */
  question: string;
  confirmLabel?: string;
  onConfirm: () => void;
  color?: ButtonProps['color'];
  icon?: React.ReactNode;
  loading?: boolean;
  /** Nothing to act on yet (e.g. an offer without lines). */
  disabled?: boolean;
  testId?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
};

export function ConfirmAction({
  label,
  question,
  confirmLabel,
  onConfirm,
  color = 'red',
  icon,
  loading,
  disabled,
  testId,
  size = 'xs',
  variant = 'light',
}: Props) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        size={size}
        variant={variant}
        color={color}
        // A light button's own text colour is short of AA on its tint (orange above all).
        c={variant === 'light' ? badgeText(color) : undefined}
        leftSection={icon}
        loading={loading}
        disabled={disabled}
        onClick={open}
        data-testid={testId}
      >
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={label} centered size="sm">
        <Text mb="lg">{question}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            color={color}
            onClick={() => {
              close();
              onConfirm();
            }}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {confirmLabel ?? label}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
