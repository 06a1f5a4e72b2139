/** Paying a service order's offer: a fresh idempotency key per attempt, and the toast of a page reached back from the card page. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToasts } from '../../lib/envelope.ts';

/** A new key for one payment attempt (the API answers a repeated key with the first answer). */
export const newPayKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/** After the card page: says how the payment went (`payment_status`), then drops it from the address. */
export function usePaymentReturn() {
  const { t } = useTranslation();
  const toast = useToasts();
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const status = params.get('payment_status');
    if (!status) return;
    if (status === 'paid') toast.success(t('maintenance-site.paid_toast'));
    else if (status === 'failed') toast.error(t('orders.ui_payment_failed'));
    else toast.info(t('orders.ui_payment_pending'));
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const k of ['payment_status', 'payment_id']) next.delete(k);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
}
