import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { redirect, redirectDocument } from 'react-router';
import type { WalletPage } from '@pool/contracts/wallet';
import type { Route } from './+types/wallet';
import { apiFor, isSuccess } from '../lib/api.server.ts';
import { asSent, type PathBody } from '../lib/api.ts';
import { localePath } from '../lib/lang.ts';
import { pageMeta } from '../lib/page-meta.ts';
import { AccountPage } from '../features/account/account-page.tsx';
import { BalanceCard } from '../features/wallet/balance-card.tsx';
import { ChargeForm } from '../features/wallet/charge-form.tsx';
import { PaymentOutcome, type Outcome } from '../features/wallet/payment-outcome.tsx';
import { WalletHistory } from '../features/wallet/wallet-history.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'wallet.title');

type Loaded = { wallet: WalletPage | null; outcome: Outcome | null };

export async function loader({ request, context }: Route.LoaderArgs): Promise<Loaded> {
  const api = await apiFor(context, request);
  if (!api.auth || api.auth.is_guest) return { wallet: null, outcome: null };
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  const res = await api.GET('/api/user/wallet', { params: { query: { page } } });
  if (!isSuccess(res)) return { wallet: null, outcome: null };
  const last = Math.max(1, res.data.entries.pagination.total_pages);
  if (page > last) throw redirect(localePath(api.lang, '/more/wallet'));

  // Back from the payment page: the payment's state as the server recorded it (after asking the gateway).
  let outcome: Outcome | null = null;
  const paymentId = Number(url.searchParams.get('payment_id'));
  if (Number.isSafeInteger(paymentId) && paymentId > 0) {
    const p = await api.GET('/api/user/payments/{id}', { params: { path: { id: paymentId } } });
    if (isSuccess(p) && p.data.purpose === 'wallet_charge') {
      const status = p.data.status === 'paid' || p.data.status === 'refunded' ? 'paid' : p.data.status;
      outcome = { status: status === 'initiated' ? 'pending' : status, amount: p.data.amount };
    }
  }
  return { wallet: res.data, outcome };
}

/** Starts a card charge and sends the browser to the payment page (a full page load: it is not a site route). */
export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  const key = String(form.get('idempotency_key') ?? '').slice(0, 128);
  const answer = await api.POST('/api/user/wallet/charge', {
    // The amount as the form sent it: the API validates it.
    body: asSent<PathBody<'post', '/api/user/wallet/charge'>>({
      amount: String(form.get('amount') ?? ''),
      // Back to the page that asked (an order's pay dialog tops up what the wallet lacks); the API checks it.
      return_path: String(form.get('return_path') || localePath(api.lang, '/more/wallet')),
    }),
    headers: key ? { 'idempotency-key': key } : {},
  });
  if (isSuccess(answer)) throw redirectDocument(answer.data.redirect_url);
  return { answer };
}

export default function WalletRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { wallet, outcome } = loaderData;
  return (
    <AccountPage title={t('wallet.title')} intro={t('wallet.intro')}>
      {outcome && <PaymentOutcome key={`${outcome.status}-${outcome.amount}`} outcome={outcome} />}
      {wallet ? (
        <>
          <BalanceCard balance={wallet.balance} />
          <ChargeForm />
          <WalletHistory entries={wallet.entries.data} pagination={wallet.entries.pagination} />
        </>
      ) : (
        <Text c="dimmed">{t('wallet.unavailable')}</Text>
      )}
    </AccountPage>
  );
}
