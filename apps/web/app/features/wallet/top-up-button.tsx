import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from '@mantine/core';
import { IconCircleCheck, IconWalletOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useLocation, useSearchParams } from 'react-router';
import { WALLET_CHARGE_MIN_SAR } from '@pool/contracts/wallet';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { formatMoney } from '../../lib/format.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

/** The address parameter a page is brought back with from a top-up: the wallet stays the chosen way to pay. */
const CHOSEN = 'pay';

/** Whether this page was reached back from topping the wallet up (its payment choices start on the wallet). */
export function useWalletChosen() {
  const [params] = useSearchParams();
  return params.get(CHOSEN) === 'wallet';
}

/** This page's address to come back to from the gateway: the wallet chosen, an earlier payment's outcome dropped. */
export function topUpReturnPath(pathname: string, search: string) {
  const params = new URLSearchParams(search);
  for (const k of ['payment_status', 'payment_id']) params.delete(k);
  params.set(CHOSEN, 'wallet');
  return `${pathname}?${params}`;
}

/**
 * Tops the wallet up by what it lacks (`missing` halalas, in whole riyals, at least the gateway's minimum)
 * through the wallet page's card charge; back from the payment page the browser returns to this page with the
 * wallet chosen. A plain button, so it may sit inside another form; `onLeave` runs before the browser leaves
 * (a form keeps what was filled in).
 */
export function TopUpButton({ missing, onLeave }: { missing: number; onLeave?: () => void }) {
  const { to } = useLang();
  const { pathname, search } = useLocation();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<{ answer: Answer }>();
  const [key, setKey] = useState(newIdempotencyKey);
  const riyals = Math.max(Math.ceil(missing / 100), WALLET_CHARGE_MIN_SAR);
  useChangeEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    handle(fetcher.data.answer);
    setKey(newIdempotencyKey());
  }, [fetcher.state, fetcher.data]);
  const start = () => {
    onLeave?.();
    void fetcher.submit(
      { amount: String(riyals), return_path: topUpReturnPath(pathname, search), idempotency_key: key },
      { method: 'post', action: to('/more/wallet') },
    );
  };
  return <TopUpSubmit amount={riyals * 100} loading={fetcher.state !== 'idle'} onClick={start} />;
}

/**
 * The button of a top-up by what the wallet lacks (`amount` halalas): its words wrap on a phone. A form's
 * submit, or a plain button with `onClick`.
 */
export function TopUpSubmit({ amount, loading, onClick }: { amount: number; loading: boolean; onClick?: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Button
      type={onClick ? 'button' : 'submit'}
      onClick={onClick}
      variant="light"
      fullWidth
      h="auto"
      py={8}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      loading={loading}
      data-testid="wallet-top-up"
    >
      {t('wallet.top_up_shortfall', { amount: formatMoney(lang, amount) })}
    </Button>
  );
}

/**
 * Back from a top-up on a page that pays (`payment_status` of the charge): topped up, pay now; or it failed.
 * Brought into view: the page opens at its top, the payment is further down.
 */
export function TopUpOutcome() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ref = useRef<HTMLDivElement>(null);
  const status = params.get(CHOSEN) === 'wallet' ? params.get('payment_status') : null;
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center' });
  }, []);
  if (status !== 'paid' && status !== 'failed') return null;
  const paid = status === 'paid';
  return (
    <Alert
      ref={ref}
      color={paid ? 'teal' : 'red'}
      icon={paid ? <IconCircleCheck size={18} aria-hidden /> : <IconWalletOff size={18} aria-hidden />}
      data-testid="top-up-outcome"
    >
      {t(paid ? 'wallet.topped_up' : 'wallet.top_up_failed')}
    </Alert>
  );
}
