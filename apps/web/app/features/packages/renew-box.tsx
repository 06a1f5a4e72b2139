/** The way to renew a subscription now (its `renewal`: from when), and the way to pay one that waits for payment. */
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconCalendarRepeat, IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from '@pool/contracts/packages';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import type { Move } from './moves.tsx';

export function RenewBox({ subscription: s, onMove }: { subscription: SubscriptionView; onMove: (m: Move) => void }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  if (!s.renewal) return null;
  return (
    <Paper withBorder radius="md" p="sm" bg="cyan.0" data-testid="renew-box">
      <Group justify="space-between" gap="sm">
        <Text fz="sm" style={{ flex: '1 1 12rem' }}>
          {t('packages.ui_renew_hint', { from: formatDate(lang, s.renewal.starts_at) })}
        </Text>
        <Button
          leftSection={<IconCalendarRepeat size={18} aria-hidden />}
          onClick={() => onMove({ kind: 'renew', subscription: s })}
          data-testid="renew-open"
        >
          {t('packages.ui_renew')}
        </Button>
      </Group>
    </Paper>
  );
}

/** "Pay {{total}} now" for a subscription waiting for payment. */
export function PayAgainButton({
  subscription: s,
  onMove,
}: {
  subscription: SubscriptionView;
  onMove: (m: Move) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  if (s.status !== 'pending_payment') return null;
  return (
    <Button
      leftSection={<IconCreditCard size={18} aria-hidden />}
      onClick={() => onMove({ kind: 'pay', subscription: s })}
      data-testid="pay-again"
    >
      {t('orders.ui_pay_now', { total: formatMoney(lang, s.total) })}
    </Button>
  );
}
