/**
 * Checkout on the cart page: a saved address (or a new one), the payment
 * method, and the order. A card payment continues on the gateway's page; a
 * wallet payment lands on the order. Each attempt carries an Idempotency-Key.
 * A wallet too short for the order is topped up by exactly what it lacks
 * through the gateway, which brings the customer back here, wallet chosen.
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useSearchParams } from 'react-router';
import type { AddressItem, CartView, CheckoutResult } from '@pool/contracts/cart';
import type { PaymentMethod } from '@pool/contracts/store';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { AddressModal } from './address-modal.tsx';
import { AddressRadios, PaymentMethodControl } from './choices.tsx';
import { PayMarks } from './pay-marks.tsx';
import { useChangeEffect } from '../../lib/use-change-effect.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { TopUpOutcome, topUpReturnPath, TopUpSubmit, useWalletChosen } from '../wallet/index.ts';

/** The gateway's smallest charge (1 SAR): a smaller shortfall is topped up by this much (the server decides). */
const MIN_TOP_UP = 100;

export function CheckoutPanel({
  cart,
  addresses,
  addressId,
  cities,
  balance,
}: {
  cart: CartView;
  addresses: AddressItem[];
  addressId: number | null;
  cities: { id: number; name: string }[];
  balance: number | null;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [, setParams] = useSearchParams();
  const fetcher = useFetcher<Answer<CheckoutResult | null>>({ key: 'checkout' });
  // Back from topping the wallet up, the wallet stays chosen.
  const [method, setMethod] = useState<PaymentMethod>(useWalletChosen() ? 'wallet' : 'electronic');
  const [adding, setAdding] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const busy = fetcher.state !== 'idle';

  // A refusal is final for its key: the next attempt gets a new one (the page handles the answer).
  useChangeEffect(() => {
    if (fetcher.data) setKey(newIdempotencyKey());
  }, [fetcher.data]);

  const choose = (id: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('address', String(id));
        return next;
      },
      { preventScrollReset: true, replace: true },
    );

  const noDelivery = cart.delivery !== null && !cart.delivery.available;
  // A discount of 100 % leaves nothing to pay: no method to choose, the order is placed as is.
  const free = cart.prices.total === 0;
  const short = !free && method === 'wallet' && balance !== null && balance < cart.prices.total;
  const ready = cart.can_checkout && addressId !== null && !noDelivery && !short;

  return (
    <Stack gap="md" data-testid="checkout">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700}>{t('cart.ui_delivery_address')}</Text>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setAdding(true)}
            data-testid="address-add"
          >
            {t('cart.ui_add_address')}
          </Button>
        </Group>
        {addresses.length ? (
          <AddressRadios
            addresses={addresses}
            value={addressId}
            onChange={choose}
            label={t('cart.ui_delivery_address')}
          />
        ) : (
          <Text fz="sm" c="gray.7">
            {t('cart.ui_no_addresses')}
          </Text>
        )}
        {noDelivery ? (
          <Alert color="orange" icon={<IconMapPin size={18} aria-hidden />}>
            {t('orders.no_delivery', { city: cart.delivery!.city })}
          </Alert>
        ) : null}
      </Stack>

      {free ? (
        <Text fz="sm" data-testid="nothing-to-pay">
          {t('cart.ui_nothing_to_pay')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Text fw={700} id="payment-method-label">
            {t('cart.ui_payment_method')}
          </Text>
          <PaymentMethodControl value={method} onChange={setMethod} labelledBy="payment-method-label" />
          {method === 'electronic' ? <PayMarks /> : null}
          <TopUpOutcome />
          {method === 'wallet' && balance !== null ? (
            <Text fz="sm" c={short ? 'red.8' : 'gray.7'}>
              {t(short ? 'cart.ui_wallet_short' : 'cart.ui_wallet_balance', { balance: formatMoney(lang, balance) })}
            </Text>
          ) : null}
          {short && cart.can_checkout && addressId !== null && !noDelivery ? (
            <TopUpShortfall addressId={addressId} amount={Math.max(cart.prices.total - balance!, MIN_TOP_UP)} />
          ) : null}
        </Stack>
      )}

      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="checkout" />
        <input type="hidden" name="address_id" value={addressId ?? ''} />
        <input type="hidden" name="payment_method" value={free ? 'wallet' : method} />
        <input type="hidden" name="idempotency_key" value={key} />
        <Button type="submit" size="md" fullWidth disabled={!ready} loading={busy} data-testid="place-order">
          {free
            ? t('cart.ui_place_free_order')
            : method === 'wallet'
              ? t('cart.ui_pay_wallet', { total: formatMoney(lang, cart.prices.total) })
              : t('cart.ui_pay_card', { total: formatMoney(lang, cart.prices.total) })}
        </Button>
      </fetcher.Form>

      <AddressModal
        opened={adding}
        title={t('cart.ui_add_address')}
        cities={cities}
        onClose={() => setAdding(false)}
        onSaved={(a) => choose(a.id)}
      />
    </Stack>
  );
}

/** Tops the wallet up by what it lacks (the server prices it again), then back to this cart with the wallet chosen. */
function TopUpShortfall({ addressId, amount }: { addressId: number; amount: number }) {
  const { to } = useLang();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<Answer<{ redirect_url: string } | null>>({ key: 'wallet-top-up' });
  const [key, setKey] = useState(newIdempotencyKey);
  const [leaving, setLeaving] = useState(false);
  useChangeEffect(() => {
    if (!fetcher.data) return;
    setKey(newIdempotencyKey());
    handle(fetcher.data, {
      onSuccess: (started) => {
        if (!started) return;
        setLeaving(true);
        window.location.assign(started.redirect_url);
      },
    });
  }, [fetcher.data]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="top_up" />
      <input type="hidden" name="address_id" value={addressId} />
      <input type="hidden" name="return_path" value={topUpReturnPath(to('/shopping_cart'), `address=${addressId}`)} />
      <input type="hidden" name="idempotency_key" value={key} />
      <TopUpSubmit amount={amount} loading={fetcher.state !== 'idle' || leaving} />
    </fetcher.Form>
  );
}
