/**
 * A service order's page acting on it (immediate maintenance, pool construction): one dialog open at a time,
 * the action's answer handled (a toast, the card page opened, a field error shown in the dialog), a fresh
 * idempotency key per payment attempt, and the toast of a page reached back from the card page.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useSearchParams } from 'react-router';
import { useAnswerHandler, useToasts, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';
import { useWalletChosen } from '../wallet/index.ts';

/**
 * After the card page: says how the payment went (`payment_status`), then drops it from the address. Back from
 * topping the wallet up (`pay=wallet`: what was charged is the wallet, not the order), says the wallet is ready
 * to pay from; the wallet stays chosen in the payment dialogs.
 */
export function usePaymentReturn() {
  const { t } = useTranslation();
  const toast = useToasts();
  const [params, setParams] = useSearchParams();
  const toppedUp = useWalletChosen();
  useEffect(() => {
    const status = params.get('payment_status');
    if (!status) return;
    if (status === 'paid') toast.success(t(toppedUp ? 'wallet.topped_up' : 'maintenance-site.paid_toast'));
    else if (status === 'failed') toast.error(t(toppedUp ? 'wallet.top_up_failed' : 'orders.ui_payment_failed'));
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

/** The page's actions (`key`: its fetcher's) and which dialog `D` is open; `send` posts a form to the page's action. */
export function useOrderActions<D>(key: string) {
  const handle = useAnswerHandler();
  const act = useFetcher<Answer<unknown>>({ key });
  const [dialog, setDialog] = useState<D | null>(null);
  const [payKey, setPayKey] = useState(newIdempotencyKey);
  const [reasonError, setReasonError] = useState<string | null>(null);
  usePaymentReturn();
  useChangeEffect(() => {
    if (!act.data) return;
    setPayKey(newIdempotencyKey());
    handle(act.data as Answer<{ redirect_url?: string | null } | null>, {
      successToast: true,
      onSuccess: (d) => {
        if (d && typeof d === 'object' && 'redirect_url' in d && d.redirect_url) {
          window.location.assign(d.redirect_url);
          return;
        }
        setDialog(null);
        setReasonError(null);
      },
      onError: (a) => setReasonError(Object.values(answerFieldErrors(a))[0] ?? null),
    });
  }, [act.data]);
  return {
    dialog,
    setDialog,
    payKey,
    reasonError,
    busy: act.state !== 'idle',
    send: (values: Record<string, string>) => void act.submit(values, { method: 'post' }),
  };
}
