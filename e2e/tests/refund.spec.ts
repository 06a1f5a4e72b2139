/**
 * A cancelled paid order shows its refund (amount, to the wallet, when) in Arabic and English, on a
 * phone and a desktop; the wallet's refund line links to the order.
 */
import { expect, test } from '@playwright/test';
import { addressAndWallet, clientIp, open, shot, signUpByApi } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const headers = { 'x-pool-site': '1', lang: 'ar' };

test('a cancelled wallet-paid store order shows its refund; the wallet line opens the order', async ({ page }) => {
  await signUpByApi(page, 'عميل الاسترداد');
  await addressAndWallet(page, 1000);
  const get = async (path: string) => (await (await page.request.get(path, { headers })).json()).data;
  const post = async (path: string, form: Record<string, string>) =>
    (await page.request.post(path, { headers, form })).json();
  const products = (await get('/api/user/store/products')).data as { variant_id: number | null; price: number }[];
  const cheap = products.find((p) => p.variant_id && p.price < 50_000)!;
  expect((await post('/api/user/cart/items', { variant_id: String(cheap.variant_id) })).key).toBe('success');
  const [address] = (await get('/api/user/addresses')) as { id: number }[];
  const order = await post('/api/user/checkout', { address_id: String(address!.id), payment_method: 'wallet' });
  expect(order.key, order.msg).toBe('success');
  const [reason] = (await get('/api/user/cancel-reasons')) as { id: number }[];
  const cancelled = await post(`/api/user/store-orders/${order.data.order_id}/cancel`, {
    cancel_reason_id: String(reason!.id),
  });
  expect(cancelled.key, cancelled.msg).toBe('success');

  const path = `/orders/online_store_order/${order.data.order_id}`;
  for (const [lang, prefix, words] of [
    ['ar', '', 'إلى محفظتك'],
    ['en', '/en', 'went back to your wallet'],
  ] as const) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, `${prefix}${path}`);
      const refund = page.getByTestId('order-refund');
      await expect(refund).toContainText(words);
      await expect(refund).toHaveAttribute('data-to', 'wallet');
      // A day for people, never an ISO date.
      await expect(refund).not.toContainText(/\d{4}-\d{2}-\d{2}/);
      await shot(page, `refund-${lang}-${width}`);
    }
  }
  await open(page, '/more/wallet');
  const line = page.locator('[data-testid="wallet-entry"][data-kind="refund"]').getByTestId('wallet-entry-order');
  await expect(line).toHaveAttribute('href', path);
  await line.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
});
