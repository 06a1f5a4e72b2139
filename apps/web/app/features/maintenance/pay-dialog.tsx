/** A service order's payment dialogs (their code comes with the first opening) and the pay-again alert. */
import { Button, Group } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@pool/contracts/store';
import { lazyDialog } from '../../components/once-opened.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { PayAlert } from '../orders/index.ts';

export type PayMethod = PaymentMethod;

/** Paying an accepted offer or extra service, by card or from the wallet (pay-dialog-modal.tsx). */
export const PayDialog = lazyDialog(() => import('./pay-dialog-modal.tsx'));

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
