/** Paying an accepted offer or extra service: by card (the gateway's page opens) or from the wallet (its balance shown). */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@pool/contracts/store';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { PaymentMethodControl } from '../cart/index.ts';
import { PayAlert } from '../orders/index.ts';

export type PayMethod = PaymentMethod;

export function PayDialog({
  opened,
  title,
  question,
  total,
  balance,
  busy,
  onClose,
  onPay,
}: {
  opened: boolean;
  title: string;
  question: string;
  total: number;
  balance: number | null;
  busy: boolean;
  onClose: () => void;
  onPay: (method: PayMethod) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [method, setMethod] = useState<PayMethod>('electronic');
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

/**
 * A service order's two payments of its offer: accepting it (and paying its total), and paying again an
 * accepted offer whose payment did not go through; `open` says which dialog shows.
 */
export function OfferPayDialogs({
  open,
  offerTotal,
  total,
  balance,
  busy,
  onClose,
  onPay,
}: {
  open: 'accept' | 'pay' | null;
  /** The offer's total (accepting). */
  offerTotal: number;
  /** The order's total (paying again). */
  total: number;
  balance: number | null;
  busy: boolean;
  onClose: () => void;
  onPay: (intent: 'accept' | 'pay', method: PayMethod) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const money = (h: number) => formatMoney(lang, h);
  return (
    <>
      <PayDialog
        opened={open === 'accept'}
        title={t('maintenance-site.accept_title')}
        question={t('maintenance-site.accept_question', { total: money(offerTotal) })}
        total={offerTotal}
        balance={balance}
        busy={busy}
        onClose={onClose}
        onPay={(method) => onPay('accept', method)}
      />
      <PayDialog
        opened={open === 'pay'}
        title={t('orders.ui_pay_again_title')}
        question={t('orders.ui_pay_again_question', { total: money(total) })}
        total={total}
        balance={balance}
        busy={busy}
        onClose={onClose}
        onPay={(method) => onPay('pay', method)}
      />
    </>
  );
}

/** Waiting for payment: the deadline and the button that opens the payment again. */
export function PayAgainAlert({
  payBy,
  total,
  busy,
  onPay,
}: {
  payBy: string | null;
  total: number;
  busy: boolean;
  onPay: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <PayAlert payBy={payBy}>
      <Group>
        <Button
          leftSection={<IconCreditCard size={18} aria-hidden />}
          loading={busy}
          onClick={onPay}
          data-testid="pay-again"
        >
          {t('orders.ui_pay_now', { total: formatMoney(lang, total) })}
        </Button>
      </Group>
    </PayAlert>
  );
}
