import { useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFetcher, useLocation } from 'react-router';
import { WALLET_CHARGE_MIN_SAR } from '@pool/contracts/wallet';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { formatMoney } from '../../lib/format.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

/**
 * Tops the wallet up by what it lacks (`missing` halalas, in whole riyals, at least the gateway's minimum)
 * through the wallet page's card charge; back from the payment page the browser returns to this page.
 */
export function TopUpButton({ missing }: { missing: number }) {
  const { to } = useLang();
  const { pathname } = useLocation();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<{ answer: Answer }>();
  const [key, setKey] = useState(newIdempotencyKey);
  const riyals = Math.max(Math.ceil(missing / 100), WALLET_CHARGE_MIN_SAR);
  useChangeEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    handle(fetcher.data.answer);
    setKey(newIdempotencyKey());
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" action={to('/more/wallet')}>
      <input type="hidden" name="amount" value={riyals} />
      <input type="hidden" name="return_path" value={pathname} />
      <input type="hidden" name="idempotency_key" value={key} />
      <TopUpSubmit amount={riyals * 100} loading={fetcher.state !== 'idle'} />
    </fetcher.Form>
  );
}

/** The submit of a top-up by what the wallet lacks (`amount` halalas): its words wrap on a phone. */
export function TopUpSubmit({ amount, loading }: { amount: number; loading: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Button
      type="submit"
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
