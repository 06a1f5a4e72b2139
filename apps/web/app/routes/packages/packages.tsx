/**
 * `/scheduled_maintenance`: the packages on sale as cards (name, description,
 * what it includes, the price with VAT, visits, validity); `?package=` opens
 * one: its details and subscribing, that is exactly as many visit times as it
 * has visits (each a Riyadh day, Hijri beside Gregorian, within its validity,
 * and a time), where (a saved address, a map pin or the short code), and
 * card or wallet. Paid from the wallet, the subscription's page opens; by
 * card, the gateway's page. A wallet short of the price is topped up by what
 * it lacks; the form comes back from the gateway filled in, the wallet chosen.
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Grid, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPackageOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { data, Link, useFetcher } from 'react-router';
import type { AddressItem } from '@pool/contracts/cart';
import type { PublicPackage } from '@pool/contracts/packages';
import type { PaymentMethod } from '@pool/contracts/store';
import type { Route } from './+types/packages';
import { apiFor, isSuccess, pageStatus } from '../../lib/api.server.ts';
import { asSent, type PathBody, type PathData, type PathParams } from '../../lib/api.ts';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { formatMoney } from '../../lib/format.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useSettledNavigate } from '../../lib/use-settled-navigate.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { PaymentMethodControl } from '../../features/cart/index.ts';
import { plusDays, riyadhToday } from '../../features/dates/index.ts';
import {
  firstLocation,
  LocationCard,
  locationBody,
  withoutLocationErrors,
  type LocationValues,
} from '../../features/maintenance/location-field.tsx';
import { saveAddress, sentLocation } from '../../features/maintenance/location.server.ts';
import { PackageCard } from '../../features/packages/package-card.tsx';
import { TopUpButton, TopUpOutcome, useWalletChosen } from '../../features/wallet/index.ts';
import { SlotsField, type Slot } from '../../features/packages/slots-field.tsx';
import { useChangeEffect } from '../../lib/use-change-effect.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { keepDraft, takeDraft } from '../../lib/session-draft.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'packages.ui_title');

type City = { id: number; name: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  const asked = Number(new URL(request.url).searchParams.get('package'));
  const customer = !!api.auth && !api.auth.is_guest;
  if (!asked) {
    const res = await api.GET('/api/user/packages');
    return { packages: isSuccess(res) ? res.data : [], chosen: null, addresses: [], cities: [], balance: null };
  }
  if (!Number.isSafeInteger(asked) || asked <= 0) throw data(null, { status: 404 });
  const [one, a, c, w] = await Promise.all([
    api.GET('/api/user/packages/{id}', { params: { path: { id: asked } } }),
    customer ? api.GET('/api/user/addresses') : null,
    customer ? api.GET('/api/user/cities') : null,
    customer ? api.GET('/api/user/wallet') : null,
  ]);
  if (!isSuccess(one)) throw data(one.msg, { status: pageStatus(one) });
  return {
    packages: [] as PublicPackage[],
    chosen: one.data,
    addresses: a && isSuccess(a) ? a.data : ([] as AddressItem[]),
    cities: c && isSuccess(c) ? c.data : ([] as City[]),
    balance: w && isSuccess(w) ? w.data.balance : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  if (field('intent') === 'address') return saveAddress(api, form);
  const key = field('idempotency_key').slice(0, 128);
  return api.POST('/api/user/packages/{id}/subscribe', {
    params: { path: asSent<PathParams<'post', '/api/user/packages/{id}/subscribe'>>({ id: field('package_id') }) },
    headers: key ? { 'idempotency-key': key } : {},
    body: asSent<PathBody<'post', '/api/user/packages/{id}/subscribe'>>({
      slots: parseSlots(field('slots')),
      payment_method: field('payment_method'),
      // The form's values as they came (only the chosen way of location): the API validates them.
      ...sentLocation(form),
    }),
  });
}

/** The form's slots (JSON); anything else goes as it came, for the API to refuse in the page's language. */
function parseSlots(text: string): Slot[] {
  try {
    return JSON.parse(text || '[]') as Slot[];
  } catch {
    return text as unknown as Slot[];
  }
}

type Errors = Record<string, React.ReactNode>;

function Subscribe({
  pkg,
  addresses,
  cities,
  balance,
}: {
  pkg: PublicPackage;
  addresses: AddressItem[];
  cities: City[];
  balance: number | null;
}) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const handle = useAnswerHandler();
  const navigate = useSettledNavigate();
  const fetcher = useFetcher<Answer<PathData<'post', '/api/user/packages/{id}/subscribe'>>>({ key: 'subscribe' });
  const [slots, setSlots] = useState<Slot[]>([]);
  const walletChosen = useWalletChosen();
  const [method, setMethod] = useState<PaymentMethod>(walletChosen ? 'wallet' : 'electronic');
  const [where, setWhere] = useState<LocationValues>(() => firstLocation(addresses));
  const [errors, setErrors] = useState<Errors>({});
  const [key, setKey] = useState(newIdempotencyKey);
  const [leaving, setLeaving] = useState(false);
  const busy = fetcher.state !== 'idle' || leaving;
  const short = method === 'wallet' && balance !== null && balance < pkg.price_with_vat;

  // Back from topping the wallet up, the visit times and the place chosen before it are filled in again.
  const draftKey = `subscribe:${pkg.id}`;
  useEffect(() => {
    const draft = takeDraft<{ slots: Slot[]; where: LocationValues }>(draftKey);
    if (!walletChosen || !draft) return;
    setSlots(draft.slots);
    setWhere(draft.where);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useChangeEffect(() => {
    if (!fetcher.data) return;
    setKey(newIdempotencyKey());
    handle(fetcher.data, {
      successToast: true,
      onSuccess: (done) => {
        setLeaving(true);
        if (done.redirect_url) window.location.assign(done.redirect_url);
        else navigate(to(`/orders/scheduled_maintenance/${done.subscription.id}`));
      },
      onError: (a) => {
        const found = answerFieldErrors(a);
        // Every slot's error shows at the dates.
        const slotError = Object.entries(found).find(([k]) => k.startsWith('slots'))?.[1];
        setErrors(slotError ? { ...found, slots: slotError } : found);
      },
    });
  }, [fetcher.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (slots.length !== pkg.visits) {
      setErrors({ slots: t('packages.slots_exactly', { required: pkg.visits }) });
      document.querySelector('[data-field="slots"]')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    const form = new FormData();
    form.set('package_id', String(pkg.id));
    form.set('slots', JSON.stringify(slots));
    form.set('payment_method', method);
    form.set('idempotency_key', key);
    for (const [k, v] of Object.entries(locationBody(where))) form.set(k, v);
    void fetcher.submit(form, { method: 'post' });
  };

  return (
    <form noValidate onSubmit={submit} data-testid="subscribe-form">
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-field="slots">
          <SlotsField
            lang={lang}
            required={pkg.visits}
            validityDays={pkg.validity_days}
            lastDay={plusDays(riyadhToday(), pkg.validity_days - 1)}
            value={slots}
            onChange={(v) => {
              setSlots(v);
              setErrors(({ slots: _s, ...rest }) => rest);
            }}
            error={errors.slots}
          />
        </Paper>
        <LocationCard
          value={where}
          onChange={(next) => {
            setWhere(next);
            setErrors(withoutLocationErrors);
          }}
          addresses={addresses}
          cities={cities}
          errors={errors}
        />
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Title order={2} fz="h4" id="subscribe-pay-label">
              {t('packages.ui_payment')}
            </Title>
            <PaymentMethodControl value={method} onChange={setMethod} labelledBy="subscribe-pay-label" />
            <TopUpOutcome />
            {method === 'wallet' && balance !== null ? (
              <Text fz="sm" c={short ? 'red.8' : 'gray.7'} data-testid="wallet-balance">
                {t(short ? 'cart.ui_wallet_short' : 'cart.ui_wallet_balance', { balance: formatMoney(lang, balance) })}
              </Text>
            ) : null}
            {short ? (
              <TopUpButton
                missing={pkg.price_with_vat - balance!}
                onLeave={() => keepDraft(draftKey, { slots, where })}
              />
            ) : null}
            {errors.payment_method ? (
              <Text fz="sm" c="red.8">
                {errors.payment_method}
              </Text>
            ) : null}
            <Button type="submit" size="md" fullWidth loading={busy} disabled={short} data-testid="subscribe-submit">
              {t(method === 'wallet' ? 'cart.ui_pay_wallet' : 'cart.ui_pay_card', {
                total: formatMoney(lang, pkg.price_with_vat),
              })}
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}

export default function PackagesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const { packages, chosen, addresses, cities, balance } = loaderData;
  const Forward = lang === 'ar' ? IconArrowLeft : IconArrowRight;

  if (chosen) {
    return (
      <AccountPage title={t('packages.ui_subscribe_title')} size="lg">
        <Anchor component={Link} to={to('/scheduled_maintenance')} fz="sm" data-testid="packages-back">
          {t('packages.ui_back_to_packages')}
        </Anchor>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <PackageCard pkg={chosen} full />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Subscribe key={chosen.id} pkg={chosen} addresses={addresses} cities={cities} balance={balance} />
          </Grid.Col>
        </Grid>
      </AccountPage>
    );
  }
  return (
    <AccountPage title={t('packages.ui_title')} intro={t('packages.ui_intro')} size="lg">
      {packages.length ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="packages">
          {packages.map((p) => (
            <PackageCard key={p.id} pkg={p}>
              <Button
                component={Link}
                to={to(`/scheduled_maintenance?package=${p.id}`)}
                rightSection={<Forward size={18} aria-hidden />}
                fullWidth
                data-testid="package-subscribe"
              >
                {t('packages.ui_subscribe')}
              </Button>
            </PackageCard>
          ))}
        </SimpleGrid>
      ) : (
        <Alert color="gray" icon={<IconPackageOff size={20} aria-hidden />} data-testid="packages-empty">
          {t('packages.ui_no_packages')}
        </Alert>
      )}
    </AccountPage>
  );
}
