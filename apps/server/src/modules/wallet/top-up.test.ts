/** A wallet checkout's shortfall topped up through the gateway, priced by the server, then the order paid by wallet. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView, CheckoutResult } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { api, deliveryCity, fillWallet, ok, product, readyToBuy, t } from '../orders/testing.ts';
import { cardFlow, SUCCESS } from '../payments/testing.ts';
import { getBalance } from './service.ts';

describe('wallet top-up by the checkout shortfall', () => {
  let app: TestApp;
  let cityId = 0;
  beforeAll(async () => {
    app = await buildTestApp();
    cityId = (await deliveryCity(app, 2500, null)).id;
  });
  afterAll(() => app.close());
  const { form, follow } = cardFlow(() => app);
  const topUp = (token: string, body: object, lang: 'ar' | 'en' = 'ar') =>
    api(app, 'POST', '/wallet/top-up', { token, lang, body });

  it('charges exactly the total less the balance, comes back to the cart, and the wallet then pays the order', async () => {
    const p = await product(app, { price: 10_000, stock: 3 });
    const { user, token, addressId } = await readyToBuy(app, [{ variantId: p.variant.id, quantity: 2 }], cityId);
    await fillWallet(app, user.id, 5_055);
    const { prices } = ok<CartView>(
      await api(app, 'GET', '/cart', { token, query: { address_id: String(addressId) } }),
    );
    const shortfall = prices.total - 5_055;

    const res = await topUp(token, {
      address_id: addressId,
      return_path: `/en/shopping_cart?address=${addressId}&pay=wallet`,
    });
    const started = ok<{ payment_id: number; redirect_url: string; amount: number }>(res);
    expect(started.amount).toBe(shortfall);
    const paid = await form(started.redirect_url, { card: SUCCESS });
    const back = await follow(String(paid.headers.location));
    expect(back.headers.location).toBe(
      `/en/shopping_cart?address=${addressId}&pay=wallet&payment_id=${started.payment_id}&payment_status=paid`,
    );
    expect(await getBalance(app.db, user.id)).toBe(prices.total);

    // Covered now: no second top-up; the wallet pays the order and is left at zero.
    const again = await topUp(token, { address_id: addressId }, 'en');
    expect(again.statusCode).toBe(422);
    expect(again.json().msg).toBe(t('en', 'wallet.top_up_not_needed'));
    const done = ok<CheckoutResult>(
      await api(app, 'POST', '/checkout', { token, body: { address_id: addressId, payment_method: 'wallet' } }),
    );
    expect(done).toMatchObject({ status: 'new', total: prices.total });
    expect(await getBalance(app.db, user.id)).toBe(0);
  });

  it('a shortfall under 1 SAR is charged the gateway minimum; bad input is refused and starts nothing', async () => {
    const p = await product(app, { price: 10_000, stock: 3 });
    const { user, token, addressId } = await readyToBuy(app, [{ variantId: p.variant.id }], cityId);
    const { prices } = ok<CartView>(
      await api(app, 'GET', '/cart', { token, query: { address_id: String(addressId) } }),
    );
    await fillWallet(app, user.id, prices.total - 40);
    const small = ok<{ amount: number }>(await topUp(token, { address_id: addressId }));
    expect(small.amount).toBe(100);

    expect((await topUp(token, { address_id: 'x' })).statusCode).toBe(422);
    expect((await topUp(token, { address_id: addressId, return_path: 'https://evil.example/' })).statusCode).toBe(422);
    const other = await readyToBuy(app, [{ variantId: p.variant.id }], cityId);
    expect((await topUp(token, { address_id: other.addressId })).statusCode).toBe(404);
    const empty = await readyToBuy(app, [], cityId);
    const none = await topUp(empty.token, { address_id: empty.addressId }, 'en');
    expect(none.statusCode).toBe(422);
    expect(none.json().msg).toBe(t('en', 'wallet.top_up_cart_not_ready'));
  });
});
