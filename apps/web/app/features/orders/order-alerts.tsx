/** What an order's page says and offers above its details, any kind: pay before the deadline, why it was cancelled and its refund, rate, cancel. */
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMessageCircle, IconReceiptRefund, IconStar, IconX } from '@tabler/icons-react';
import type { OrderRefund } from '@pool/contracts/orders';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { reasonTitle } from './reason-title.ts';

/** Waiting for payment: the time it is cancelled at, and the way to pay (`children`). */
export function PayAlert({ payBy, children }: { payBy: string | null; children: React.ReactNode }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={t('orders.status_pending_payment')}
      data-testid="pay-alert"
    >
      <Stack gap="sm">
        {payBy ? <Text fz="sm">{t('orders.ui_pay_by', { time: formatDateTime(lang, payBy) })}</Text> : null}
        {children}
      </Stack>
    </Alert>
  );
}

/** The reason and note of a cancelled or refused order, when there are some. */
export function CancelReasonAlert({
  status,
  reason,
  note,
}: {
  status: string;
  reason: string | null;
  note: string | null;
}) {
  const { t } = useTranslation();
  if (!reason && !note) return null;
  return (
    <Alert color="gray" title={t(reasonTitle(status))}>
      {[reason, note].filter(Boolean).join(' — ')}
    </Alert>
  );
}

/** The refund of a cancelled or refused paid order: how much, to the wallet or the card, and when. */
export function RefundAlert({ refund }: { refund: OrderRefund | null }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  if (!refund) return null;
  const amount = formatMoney(lang, refund.amount);
  const text = refund.pending
    ? t('orders.ui_refund_pending', { amount })
    : t(`orders.ui_refund_${refund.to}`, { amount, time: formatDateTime(lang, refund.refunded_at ?? '') });
  return (
    <Alert
      color="blue"
      icon={<IconReceiptRefund size={20} aria-hidden />}
      title={t('orders.ui_refund_title')}
      data-testid="order-refund"
      data-to={refund.to}
    >
      <Stack gap={6} align="flex-start">
        <Text fz="sm" suppressHydrationWarning>
          {text}
        </Text>
        {refund.to === 'wallet' && !refund.pending ? (
          <Anchor component={Link} to={to('/more/wallet')} fz="sm">
            {t('orders.ui_refund_to_wallet')}
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The way to the order's rating page. */
export function RateButton({ orderId, label }: { orderId: number; label: string }) {
  const { to } = useLang();
  return (
    <Button
      component={Link}
      to={to(`/orders/evaluation/${orderId}`)}
      leftSection={<IconStar size={18} aria-hidden />}
      data-testid="rate-open"
    >
      {label}
    </Button>
  );
}

/** The way to an order's chat (`path`: its kind's chat page, without the language). */
export function ChatButton({ path, orderId }: { path: string; orderId: number }) {
  const { t } = useTranslation();
  const { to } = useLang();
  return (
    <Button
      component={Link}
      to={to(`${path}?order=${orderId}`)}
      variant="light"
      leftSection={<IconMessageCircle size={18} aria-hidden />}
      data-testid="order-chat"
    >
      {t('maintenance-site.chat')}
    </Button>
  );
}

/** Opens the cancel dialog. */
export function CancelButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="light"
      color="red"
      leftSection={<IconX size={18} aria-hidden />}
      onClick={onClick}
      data-testid="order-cancel"
    >
      {label}
    </Button>
  );
}
