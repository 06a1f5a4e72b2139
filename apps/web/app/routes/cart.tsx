/**
 * `/shopping_cart`: the cart of a visitor, a guest or a customer, its coupon
 * and price lines, and checkout for customers (address, payment method).
 * Every figure comes from the server; the page only shows it.
 */
import { useState } from 'react';
import { Button, Container, Grid, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogin, IconShoppingCartOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import type { AddressItem, CartView, CheckoutResult } from '@pool/contracts/cart';
import type { Route } from './+types/cart';
import { isSuccess, pageStatus } from '../lib/api.server.ts';
import { asSent, type PathBody, type PathParams } from '../lib/api.ts';
import { useAnswerHandler, type Answer } from '../lib/envelope.ts';
import { pageMeta } from '../lib/page-meta.ts';
import { useLang } from '../lib/use-lang.ts';
import { useSettledNavigate } from '../lib/use-settled-navigate.ts';
import { useRoot } from '../lib/use-root.ts';
import { NotRegisteredDialog } from '../components/auth-guard.tsx';
import { cartApi } from '../features/cart/cart.server.ts';
import { CartLine, type LineChange } from '../features/cart/cart-line.tsx';
import { CheckoutPanel } from '../features/cart/checkout-panel.tsx';
import { CouponBox } from '../features/cart/coupon-box.tsx';
import { PriceLines } from '../features/cart/price-lines.tsx';
import { useChangeEffect } from '../lib/use-change-effect.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'cart.ui_title');

type City = { id: number; name: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await cartApi(context, request);
  const customer = Boolean(api.auth && !api.auth.is_guest);
  let addresses: AddressItem[] = [];
  let cities: City[] = [];
  let balance: number | null = null;
  if (customer) {
    const [a, c, w] = await Promise.all([
      api.GET('/api/user/addresses'),
      api.GET('/api/user/cities'),
      api.GET('/api/user/wallet'),
    ]);
    addresses = isSuccess(a) ? a.data : [];
    cities = isSuccess(c) ? c.data : [];
    balance = isSuccess(w) ? w.data.balance : null;
  }
  const wanted = Number(new URL(request.url).searchParams.get('address'));
  const addressId = addresses.find((a) => a.id === wanted)?.id ?? addresses[0]?.id ?? null;
  const res = await api.GET('/api/user/cart', addressId ? { params: { query: { address_id: addressId } } } : undefined);
  if (!isSuccess(res)) throw new Response(res.msg, { status: pageStatus(res) });
  return { cart: res.data, customer, addresses, cities, addressId, balance };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await cartApi(context, request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  const intent = field('intent');
  // The form's values go as they came (strings): the API validates and coerces them.
  const line = {
    path: asSent<PathParams<'post', '/api/user/cart/items/{variant_id}'>>({ variant_id: field('variant_id') }),
  };
  type LineBody = PathBody<'post', '/api/user/cart/items/{variant_id}'>;
  switch (intent) {
    case 'quantity':
      return api.POST('/api/user/cart/items/{variant_id}', {
        params: line,
        body: asSent<LineBody>({ quantity: field('quantity') }),
      });
    case 'installation':
      return api.POST('/api/user/cart/items/{variant_id}', {
        params: line,
        body: asSent<LineBody>({ with_installation: field('with_installation') }),
      });
    case 'remove':
      return api.DELETE('/api/user/cart/items/{variant_id}', { params: line });
    case 'coupon':
      return api.POST('/api/user/cart/coupon', { body: { code: field('code') } });
    case 'uncoupon':
      return api.DELETE('/api/user/cart/coupon');
    case 'address': {
      const { intent: _intent, ...body } = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
      return api.POST('/api/user/addresses', { body: body as unknown as PathBody<'post', '/api/user/addresses'> });
    }
    case 'checkout': {
      const answer = await api.POST('/api/user/checkout', {
        body: asSent<PathBody<'post', '/api/user/checkout'>>({
          address_id: field('address_id'),
          payment_method: field('payment_method'),
        }),
        headers: field('idempotency_key') ? { 'idempotency-key': field('idempotency_key').slice(0, 128) } : {},
      });
      // The page moves on itself (see `useCheckoutDone`): a redirect from here would be dropped when a
      // revalidation starts meanwhile, as the order's own notification makes the header do.
      return answer;
    }
    case 'top_up':
      // The wallet's shortfall for this cart; the panel sends the browser to the gateway's page.
      return api.POST('/api/user/wallet/top-up', {
        body: asSent<PathBody<'post', '/api/user/wallet/top-up'>>({
          address_id: field('address_id'),
          return_path: field('return_path'),
        }),
        headers: field('idempotency_key') ? { 'idempotency-key': field('idempotency_key').slice(0, 128) } : {},
      });
    default:
      return { msg: '', key: 'fail', data: null, status: 400 };
  }
}

/** The lines, each change through its own fetcher so the others stay usable. */
function Lines({ cart }: { cart: CartView }) {
  return (
    <Stack gap="sm">
      {cart.lines.map((line) => (
        <LineRow key={line.variant_id} line={line} />
      ))}
    </Stack>
  );
}

function LineRow({ line }: { line: CartView['lines'][number] }) {
  const handle = useAnswerHandler();
  const fetcher = useFetcher<Answer<CartView>>({ key: `cart-line-${line.variant_id}` });
  useChangeEffect(() => {
    handle(fetcher.data);
  }, [fetcher.data]);
  const change = (c: LineChange) => {
    const body: Record<string, string> = { intent: c.intent, variant_id: String(line.variant_id) };
    if (c.intent === 'quantity') body.quantity = String(c.quantity);
    if (c.intent === 'installation') body.with_installation = String(c.with_installation);
    void fetcher.submit(body, { method: 'post' });
  };
  return <CartLine line={line} busy={fetcher.state !== 'idle'} onChange={change} />;
}

/**
 * After checkout: the card page (a full page load, it is not a site route) or,
 * paid from the wallet, the order (once the checkout's own reload of this page
 * is over). Here, in the page, because the checkout panel leaves with the emptied cart.
 */
function useCheckoutDone() {
  const { to } = useLang();
  const navigate = useSettledNavigate();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<Answer<CheckoutResult>>({ key: 'checkout' });
  const [leaving, setLeaving] = useState<'payment' | 'order' | null>(null);
  useChangeEffect(() => {
    handle(fetcher.data, {
      onSuccess: (done) => {
        setLeaving(done.redirect_url ? 'payment' : 'order');
        if (done.redirect_url) window.location.assign(done.redirect_url);
        else navigate(to(`/orders/online_store_order/${done.order_id}?placed=1`));
      },
    });
  }, [fetcher.data]);
  return leaving;
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  const { viewer } = useRoot();
  const { cart, customer, addresses, cities, addressId, balance } = loaderData;
  const [askLogin, setAskLogin] = useState(false);
  const leaving = useCheckoutDone();
  const empty = cart.lines.length === 0;

  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {t('cart.ui_title')}
        </Title>
        {leaving ? (
          <Paper withBorder radius="lg" p="xl" data-testid="checkout-leaving">
            <Stack align="center" gap="sm">
              <Loader aria-hidden />
              <Text fw={700}>{t(leaving === 'payment' ? 'cart.ui_to_payment' : 'cart.ui_to_order')}</Text>
            </Stack>
          </Paper>
        ) : empty ? (
          <Paper withBorder radius="lg" p="xl" data-testid="cart-empty">
            <Stack align="center" gap="sm">
              <IconShoppingCartOff size={48} stroke={1.3} color="var(--mantine-color-gray-6)" aria-hidden />
              <Text fw={700}>{t('cart.empty')}</Text>
              <Button component={Link} to={to('/online_store')} variant="light">
                {t('cart.ui_browse')}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Lines cart={cart} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md">
                <Paper withBorder radius="lg" p="md">
                  <Stack gap="md">
                    <Title order={2} fz="h4">
                      {t('cart.ui_summary')}
                    </Title>
                    <CouponBox coupon={cart.coupon} />
                    <PriceLines prices={cart.prices} couponCode={cart.coupon?.valid ? cart.coupon.code : null} />
                  </Stack>
                </Paper>
                <Paper withBorder radius="lg" p="md">
                  {customer ? (
                    <CheckoutPanel
                      cart={cart}
                      addresses={addresses}
                      addressId={addressId}
                      cities={cities}
                      balance={balance}
                    />
                  ) : (
                    <Stack gap="sm">
                      <Text fz="sm" c="gray.7">
                        {viewer?.kind === 'guest' ? t('cart.ui_guest_checkout') : t('cart.ui_sign_in_checkout')}
                      </Text>
                      <Button
                        leftSection={<IconLogin size={18} aria-hidden />}
                        onClick={() => setAskLogin(true)}
                        data-testid="checkout-sign-in"
                      >
                        {t('cart.ui_checkout')}
                      </Button>
                    </Stack>
                  )}
                </Paper>
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
      <NotRegisteredDialog opened={askLogin} onCancel={() => setAskLogin(false)} />
    </Container>
  );
}
