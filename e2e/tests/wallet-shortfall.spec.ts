/**
 * Checkout by wallet when the wallet is short (issue 12): the cart offers to
 * top it up by exactly what it lacks, the sandbox payment page (its methods
 * mada first) charges that amount with the mada test card, and the customer
 * comes back to the cart with the wallet chosen and finishes the order.
 */
import { expect, test, type Page } from '@playwright/test';
import { addressAndWallet, clientIp, expectAccessible, open, shot, signUpByApi } from './support.ts';

const site = { 'x-pool-site': '1', lang: 'ar' };
/** As the pages show money: Latin digits, grouped, two decimals. */
const sar = (halalas: number) => (halalas / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });

/** The first product with stock and no discount (a plain price line), one of it in the signed-in customer's cart. */
async function oneInCart(page: Page) {
  const list = (await (await page.request.get('/api/user/store/products', { headers: site })).json()).data.data as {
    id: number;
    price: number;
    discounted_price: number;
  }[];
  for (const card of list.filter((c) => c.discounted_price === c.price)) {
    const detail = (await (await page.request.get(`/api/user/store/products/${card.id}`, { headers: site })).json())
      .data as { main_variant_id: number | null; variants: { id: number; stock: number }[] };
    const variant = detail.variants.find((v) => v.id === detail.main_variant_id && v.stock > 0);
    if (!variant) continue;
    const added = await page.request.post('/api/user/cart/items', {
      headers: site,
      data: { variant_id: variant.id, quantity: 1, with_installation: false },
    });
    expect(added.status(), await added.text()).toBe(200);
    return;
  }
  throw new Error('no product in stock');
}

const balanceOf = async (page: Page) =>
  (await (await page.request.get('/api/user/wallet', { headers: site })).json()).data.balance as number;

test('a short wallet is topped up by the missing amount and pays the order back on the cart', async ({ browser }) => {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
    locale: 'ar-SA',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await signUpByApi(page, 'عميل الرصيد الناقص');
  await addressAndWallet(page, 10);
  await oneInCart(page);

  await open(page, '/shopping_cart');
  // Card is chosen first: its methods are listed mada first (Apple Pay only where the browser can pay).
  await expect(page.getByTestId('pay-marks').locator('[data-mark]')).toHaveText([
    'مدى',
    'فيزا',
    'ماستركارد',
    'إس تي سي باي',
  ]);
  await shot(page, 'pay-marks-ar-390');
  await page.getByTestId('payment-method').locator('label').filter({ hasText: 'المحفظة' }).click();
  await expect(page.getByTestId('place-order')).toBeDisabled();
  const shown = /\d[\d,]*\.\d{2}/.exec((await page.getByTestId('price-total').textContent())!)![0];
  const total = Number(shown.replace(/,/g, '')) * 100;
  const missing = Math.round(total) - 1000;
  const topUp = page.getByTestId('wallet-top-up');
  await expect(topUp).toContainText(sar(missing));
  await shot(page, 'wallet-shortfall-ar-390');
  await expectAccessible(page);

  await topUp.click();
  await page.waitForURL(/\/api\/payments\/sandbox\//);
  await expect(page.getByTestId('sandbox-amount')).toContainText(sar(missing));
  await expect(page.locator('[data-method]')).toHaveCount(3);
  await shot(page, 'sandbox-methods-ar-390');
  await page.locator('#card').fill('4201 3201 1111 1010');
  await page.locator('button[type="submit"]').click();

  // Back on the cart, wallet chosen, the top-up confirmed, the order payable from the wallet.
  await page.waitForURL(/\/shopping_cart\?.*pay=wallet.*payment_status=paid/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 5000 });
  await expect(page.getByTestId('top-up-outcome')).toBeVisible();
  await expect(page.getByTestId('payment-method').locator('input[value="wallet"]')).toBeChecked();
  await expect(page.getByTestId('wallet-top-up')).toHaveCount(0);
  expect(await balanceOf(page)).toBe(Math.round(total));
  await shot(page, 'wallet-topped-up-ar-390');
  await page.getByTestId('place-order').click();
  await page.waitForURL(/\/orders\/online_store_order\/\d+/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'new');
  expect(await balanceOf(page)).toBe(0);
  await context.close();
});

test('English, desktop: the sandbox page and the cart’s top-up offer', async ({ browser }) => {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await signUpByApi(page, 'Short Wallet');
  await addressAndWallet(page, 5);
  await oneInCart(page);
  await open(page, '/en/shopping_cart');
  await page.getByTestId('payment-method').locator('label').filter({ hasText: 'Wallet' }).click();
  await expect(page.getByTestId('wallet-top-up')).toContainText('Top up the missing');
  await shot(page, 'wallet-shortfall-en-1280');
  await page.getByTestId('wallet-top-up').click();
  await page.waitForURL(/\/api\/payments\/sandbox\//);
  await shot(page, 'sandbox-methods-en-1280');
  await page.locator('#mobile').fill('0501234567');
  await page.locator('[data-method="stcpay"] button').click();
  await page.waitForURL(/\/otp\?lang=en/);
  await shot(page, 'sandbox-stcpay-code-en-1280');
  await page.locator('#code').fill('123456');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/payment_status=paid/);
  await context.close();
});
