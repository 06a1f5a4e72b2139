/** The same buying path on PGlite, the engine of `npm start`: checkout, cancellation, the 2-hour job. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { CheckoutResult, StoreOrderDetail, StoreOrderItem } from '@pool/contracts';
import { cancelUnpaidOrders } from '../../jobs/auto-cancel.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { getBalance } from '../wallet/service.ts';
import { api, deliveryCity, fillWallet, ok, product, readyToBuy, stockOf } from './testing.ts';

describe('buying on PGlite', () => {
  let app: TestApp;
  let cityId = 0;
  beforeAll(async () => {
    app = await buildTestApp({ engine: 'pglite' });
    cityId = (await deliveryCity(app, 1000)).id;
  });
  afterAll(() => app.close());

  it('checks out from the wallet, cancels with a refund, and auto-cancels an unpaid card order; lists both', async () => {
    const item = await product(app, { price: 10_000, stock: 5 });
    const buyer = await readyToBuy(app, [{ variantId: item.variant.id, quantity: 2 }], cityId);
    await fillWallet(app, buyer.user.id, 100_000);
    const paid = ok<CheckoutResult>(
      await api(app, 'POST', '/checkout', {
        token: buyer.token,
        body: { address_id: buyer.addressId, payment_method: 'wallet' },
      }),
    );
    expect(paid.status).toBe('new');
    expect(await stockOf(app, item.variant.id)).toBe(3);
    const cancelled = ok<StoreOrderDetail>(
      await api(app, 'POST', `/store-orders/${paid.order_id}/cancel`, { token: buyer.token, body: { note: 'x' } }),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(await getBalance(app.db, buyer.user.id)).toBe(100_000);
    expect(await stockOf(app, item.variant.id)).toBe(5);

    ok(await api(app, 'POST', '/cart/items', { token: buyer.token, body: { variant_id: item.variant.id } }));
    const waiting = ok<CheckoutResult>(
      await api(app, 'POST', '/checkout', {
        token: buyer.token,
        body: { address_id: buyer.addressId, payment_method: 'electronic' },
      }),
    );
    await app.db
      .update(tables.orders)
      .set({ payBy: new Date(Date.now() - 1000) })
      .where(eq(tables.orders.id, waiting.order_id));
    expect(await cancelUnpaidOrders(app)).toMatchObject({ cancelled: 1 });
    expect(await stockOf(app, item.variant.id)).toBe(5);
    // The list reads each order's lines summary as JSON in its own query.
    const list = ok<{ data: StoreOrderItem[] }>(await api(app, 'GET', '/store-orders', { token: buyer.token }));
    expect(list.data.map((o) => [o.id, o.status, o.items_count])).toEqual([
      [waiting.order_id, 'cancelled', 1],
      [paid.order_id, 'cancelled', 2],
    ]);
  });
});
