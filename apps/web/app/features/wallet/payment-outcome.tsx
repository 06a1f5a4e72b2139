import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';

export type Outcome = { status: 'paid' | 'failed' | 'pending'; amount: number | null };

const LOOK = {
  paid: { color: 'teal', Icon: IconCircleCheck },
  failed: { color: 'red', Icon: IconAlertTriangle },
  pending: { color: 'yellow', Icon: IconClockPause },
} as const;

/** The message after coming back from the payment page; dismissing it clears the address. */
export function PaymentOutcome({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const navigate = useNavigate();
  const { color, Icon } = LOOK[outcome.status];
  return (
    <Alert
      color={color}
      radius="lg"
      variant="light"
      icon={<Icon size={22} aria-hidden />}
      title={t(`wallet.${outcome.status}_title`)}
      withCloseButton
      closeButtonLabel={t('wallet.dismiss')}
      onClose={() => navigate(to('/more/wallet'), { replace: true, preventScrollReset: true })}
      role={outcome.status === 'paid' ? 'status' : 'alert'}
      // On the light variant's pale background even shade 9 is below AA for small bold text: the words are
      // near-black, the icon and the close button keep the colour.
      vars={() => ({ root: { '--alert-color': `var(--mantine-color-${color}-9)` } })}
      styles={{ label: { color: 'var(--mantine-color-gray-9)' }, message: { color: 'var(--mantine-color-gray-9)' } }}
      data-testid="wallet-outcome"
      data-status={outcome.status}
    >
      {t(`wallet.${outcome.status}_text`, { amount: formatMoney(lang, outcome.amount ?? 0) })}
    </Alert>
  );
}
