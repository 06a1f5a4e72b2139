/**
 * Prices with VAT for consumers (ADR 0023), in both settings: entered before VAT (the default) and
 * entered with it. The store's card and page, the cart, checkout, the order and its invoice show the
 * same figures, and the lines with VAT add up to the total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '@pool/db';
import type { CartView, CheckoutResult, StoreInvoice, StoreOrderDetail, StoreProduct } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { api, deliveryCity, fillWallet, ok, product, readyToBuy } from './testing.ts';

describe('prices with VAT', () => {
  let app: TestApp;
  let cityId = 0;
  beforeAll(async () => {
    app = await buildTestApp();
    cityId = (await deliveryCity(app, 2500, null)).id;
  });
  afterAll(() => app.close());

  const setPricesIncludeVat = (value: boolean) =>
    app.db
      .insert(tables.settings)
      .values({ key: 'prices_include_vat', value })
      .onConflictDoUpdate({ target: tables.settings.key, set: { value } });

  /** Buys `quantity` of a product (with installation) from the wallet; the cart, the order and the invoice. */
  async function buy(price: number, installation: number, quantity: number) {
    const a = await product(app, { price, installation, stock: 20, discountType: 'ratio', discountValue: 10 });
    const page = ok<StoreProduct>(await api(app, 'GET', `/store/products/${a.product.id}`));
    const { user, token, addressId } = await readyToBuy(
      app,
      [{ variantId: a.variant.id, quantity, withInstallation: true }],
      cityId,
    );
    await fillWallet(app, user.id, 10_000_000);
    const cart = ok<CartView>(await api(app, 'GET', '/cart', { token, query: { address_id: String(addressId) } }));
    const done = ok<CheckoutResult>(
      await api(app, 'POST', '/checkout', { token, body: { address_id: addressId, payment_method: 'wallet' } }),
    );
    const order = ok<StoreOrderDetail>(await api(app, 'GET', `/store-orders/${done.order_id}`, { token }));
    const invoice = ok<StoreInvoice>(await api(app, 'GET', `/store-orders/${done.order_id}/invoice`, { token }));
    return { page, cart, done, order, invoice };
  }

  /** The lines with VAT add up to the total, and the VAT is the total less the amounts before it. */
  function expectExact(p: CartView['prices'], lineTotals: number[]) {
    expect(lineTotals.reduce((s, x) => s + x, 0)).toBe(p.products_with_vat + p.installation_with_vat);
    expect(p.products_with_vat + p.installation_with_vat + (p.delivery_with_vat ?? 0) - p.discount_with_vat).toBe(
      p.total,
    );
    expect(p.tax).toBe(p.total - (p.products + p.installation + (p.delivery ?? 0) - p.discount));
  }

  it('prices entered before VAT (the default): shown with 15 % added, the demo totals as before', async () => {
    await setPricesIncludeVat(false);
    const { page, cart, done, order, invoice } = await buy(10_000, 2_000, 3);
    expect(page).toMatchObject({
      price: 10_000,
      discounted_price: 9_000,
      price_with_vat: 11_500,
      discounted_price_with_vat: 10_350,
      installation_price: 2_000,
      installation_price_with_vat: 2_300,
    });
    expect(cart.lines[0]).toMatchObject({
      unit_price: 9_000,
      unit_price_with_vat: 10_350,
      original_price_with_vat: 11_500,
      installation_unit_price_with_vat: 2_300,
      line_total: 33_000,
      line_total_with_vat: 37_950,
    });
    // 27000 + 6000 + 2500 = 35500 before VAT; 5325 VAT; 40825 with it.
    expect(cart.prices).toMatchObject({
      products_with_vat: 31_050,
      installation_with_vat: 6_900,
      delivery_with_vat: 2_875,
      tax: 5_325,
      total: 40_825,
    });
    expectExact(
      cart.prices,
      cart.lines.map((l) => l.line_total_with_vat),
    );
    expect(done.total).toBe(40_825);
    expect(order.prices).toEqual(cart.prices);
    expect(order.lines[0]).toMatchObject({ unit_price_with_vat: 10_350, line_total_with_vat: 37_950 });
    expect(invoice.prices).toEqual(cart.prices);
    expectExact(
      invoice.prices,
      invoice.lines.map((l) => l.line_total_with_vat),
    );
  });

  it('prices entered with VAT: shown as entered, the VAT taken out of them', async () => {
    await setPricesIncludeVat(true);
    try {
      const { page, cart, order, invoice } = await buy(1_001, 333, 7);
      expect(page).toMatchObject({
        price_with_vat: 1_001,
        discounted_price_with_vat: 901,
        installation_price_with_vat: 333,
      });
      expect(page.price).toBe(870);
      expect(cart.lines[0]).toMatchObject({ unit_price_with_vat: 901, line_total_with_vat: (901 + 333) * 7 });
      expect(cart.prices).toMatchObject({
        products_with_vat: 6_307,
        installation_with_vat: 2_331,
        delivery_with_vat: 2_500,
      });
      expect(cart.prices.total).toBe(6_307 + 2_331 + 2_500);
      expectExact(
        cart.prices,
        cart.lines.map((l) => l.line_total_with_vat),
      );
      // The VAT of a total of 11138 with VAT is 1453 (15/115 of it), give or take the units' halalas.
      expect(Math.abs(cart.prices.tax - 1_453)).toBeLessThanOrEqual(8);
      expect(order.prices).toEqual(cart.prices);
      expect(invoice.prices).toEqual(cart.prices);
      expectExact(
        invoice.prices,
        invoice.lines.map((l) => l.line_total_with_vat),
      );

      // The list filters on the price shown.
      const list = ok<{ data: { id: number }[] }>(
        await api(app, 'GET', '/store/products', { query: { price_min: '901', price_max: '901' } }),
      );
      expect(list.data.map((p) => p.id)).toContain(page.id);
    } finally {
      await setPricesIncludeVat(false);
    }
  });
});
