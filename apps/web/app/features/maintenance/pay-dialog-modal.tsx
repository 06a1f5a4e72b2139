/** Paying an accepted offer or extra service: by card (the gateway's page opens) or from the wallet (its balance shown); `pay-dialog.tsx` loads it. */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@pool/contracts/store';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { PaymentMethodControl } from '../cart/index.ts';
import { TopUpButton, useWalletChosen } from '../wallet/index.ts';

export type PayDialogProps = {
  opened: boolean;
  title: string;
  question: string;
  total: number;
  balance: number | null;
  busy: boolean;
  onClose: () => void;
  onPay: (method: PaymentMethod) => void;
};

export default function PayDialogModal({
  opened,
  title,
  question,
  total,
  balance,
  busy,
  onClose,
  onPay,
}: PayDialogProps) {
  const { t } = useTranslation();
  const { lang } = useLang();
  // Back from topping the wallet up for this payment, the wallet is chosen.
  const [method, setMethod] = useState<PaymentMethod>(useWalletChosen() ? 'wallet' : 'electronic');
  const short = method === 'wallet' && balance !== null && balance < total;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" data-testid="pay-dialog">
        <Text>{question}</Text>
        <Stack gap={6}>
          <Text fw={700} id="pay-method-label">
            {t('maintenance-site.pay_with')}
          </Text>
          <PaymentMethodControl value={method} onChange={setMethod} labelledBy="pay-method-label" />
          {method === 'wallet' && balance !== null ? (
            <Text fz="sm" c={short ? 'red.8' : 'gray.7'} data-testid="wallet-balance">
              {t(short ? 'cart.ui_wallet_short' : 'cart.ui_wallet_balance', { balance: formatMoney(lang, balance) })}
            </Text>
          ) : null}
          {short ? <TopUpButton missing={total - balance} /> : null}
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.back')}
          </Button>
          <Button onClick={() => onPay(method)} loading={busy} disabled={short} data-testid="pay-confirm">
            {t('maintenance-site.pay_total', { total: formatMoney(lang, total) })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
