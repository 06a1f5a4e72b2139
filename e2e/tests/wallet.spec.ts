/**
 * The wallet page (/more/wallet) in a real browser: a signed-in customer
 * charges the wallet by sandbox card (success, 3-D Secure) and sees the new
 * balance and the history line, in Arabic and in English; a declined card
 * leaves the balance unchanged with a clear message.
 */
import { expect, test, type Page } from '@playwright/test';
import { clientIp, codeFor, expectAccessible, newPhone, open, shot, SHOTS, splashGone } from './support.ts';

test.describe.configure({ mode: 'serial' });

const site = { 'x-pool-site': '1', lang: 'ar' };
let page: Page;

/** A fresh customer signed up through the API; the browser context gets the site's auth cookie. */
async function signUpFresh(p: Page) {
  const phone = newPhone();
  const sent = await p.request.post('/api/user/send-code', { headers: site, form: { phone, country_code: '966' } });
  expect(sent.status()).toBe(200);
  const code = await codeFor(`966${phone}`);
  const checked = await (
    await p.request.post('/api/user/check-code', { headers: site, form: { phone, country_code: '966', code } })
  ).json();
  expect(checked.key).toBe('needCompleteInfo');
  const signed = await (
    await p.request.post('/api/user/sign-up', {
      headers: site,
      form: { name: 'عميل المحفظة', phone, country_code: '966', registration_token: checked.data.registration_token },
    })
  ).json();
  expect(signed.key).toBe('success');
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() }, locale: 'ar-SA' });
  page = await context.newPage();
  await signUpFresh(page);
});
test.afterAll(() => page.context().close());

/** Types an amount, submits, and lands on the sandbox payment page. */
async function startCharge(amount: string) {
  await page.getByTestId('wallet-amount').fill(amount);
  await page.getByTestId('wallet-charge-submit').click();
  await page.waitForURL(/\/api\/payments\/sandbox\//);
}

/** After a full page load that did not go through `open()`: hydrated, and the splash gone. */
async function landed() {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await splashGone(page);
}

async function payWith(card: string) {
  await page.locator('#card').fill(card);
  await page.locator('button[type="submit"]').click();
}

test('Arabic: an empty wallet, then a charge by the success card', async () => {
  await open(page, '/more/wallet');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المحفظة');
  await expect(page.getByTestId('wallet-balance')).toContainText('0.00');
  await expect(page.getByTestId('wallet-empty')).toBeVisible();
  await shot(page, 'wallet-empty-ar');
  await expectAccessible(page);

  // Bad input is refused in the page, in Arabic.
  await page.getByTestId('wallet-amount').fill('abc');
  await page.getByTestId('wallet-charge-submit').click();
  await expect(page.getByText('يجب أن يحتوي هذا الحقل على أرقام فقط')).toBeVisible();
  await page.getByTestId('wallet-amount').fill('0');
  await page.getByTestId('wallet-charge-submit').click();
  await expect(page.getByText('أدخل عددًا صحيحًا من الريالات من 1 إلى 10000')).toBeVisible();
  await expect(page).toHaveURL(/\/more\/wallet$/);

  // Arabic-Indic digits are accepted and shown as typed digits 0-9.
  await page.getByTestId('wallet-amount').fill('١٥٠');
  await expect(page.getByTestId('wallet-amount')).toHaveValue('150');
  await page.getByTestId('wallet-charge-submit').click();
  await page.waitForURL(/\/api\/payments\/sandbox\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('sandbox-amount')).toContainText('150.00');
  await shot(page, 'wallet-sandbox-page-ar');
  await payWith('4111 1111 1111 1111');

  await page.waitForURL(/\/more\/wallet\?payment_id=\d+&payment_status=paid$/);
  await landed();
  await expect(page.getByTestId('wallet-outcome')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('wallet-outcome')).toContainText('تم شحن محفظتك بمبلغ');
  await expect(page.getByTestId('wallet-balance')).toContainText('150.00');
  const entries = page.getByTestId('wallet-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toHaveAttribute('data-kind', 'charge');
  await expect(entries.first()).toContainText('شحن المحفظة');
  await expect(entries.first().getByTestId('wallet-entry-amount')).toContainText('+150.00');
  await shot(page, 'wallet-charged-ar');
  await entries.first().screenshot({ path: `${SHOTS}/wallet-entry-ar.png` });
  await expectAccessible(page);
});

test('Arabic: a declined card leaves the balance unchanged with a clear message', async () => {
  await open(page, '/more/wallet');
  await startCharge('40');
  await payWith('4000 0000 0000 0002');
  await page.waitForURL(/payment_status=failed$/);
  await landed();
  await expect(page.getByTestId('wallet-outcome')).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('wallet-outcome')).toContainText('لم تتم عملية الدفع ولم يتغير رصيدك');
  await expect(page.getByTestId('wallet-balance')).toContainText('150.00');
  await expect(page.getByTestId('wallet-entry')).toHaveCount(1);
  await shot(page, 'wallet-failed-ar');
  // Dismissing the message clears the address.
  await page.getByTestId('wallet-outcome').getByRole('button').click();
  await expect(page).toHaveURL(/\/more\/wallet$/);
  await expect(page.getByTestId('wallet-outcome')).toHaveCount(0);
});

test('English: a charge through the 3-D Secure step adds to the balance and the history', async () => {
  await open(page, '/en/more/wallet');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('wallet-balance')).toContainText('SAR 150.00');
  await startCharge('25');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test payment page');
  await payWith('4000000000003220');
  await page.waitForURL(/\/3ds\?lang=en$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('3-D Secure verification');
  await shot(page, 'wallet-sandbox-3ds-en');
  await page.getByRole('button', { name: 'Confirm the payment' }).click();

  await page.waitForURL(/\/en\/more\/wallet\?payment_id=\d+&payment_status=paid$/);
  await landed();
  await expect(page.getByTestId('wallet-outcome')).toContainText('Your wallet was charged with SAR 25.00.');
  await expect(page.getByTestId('wallet-balance')).toContainText('SAR 175.00');
  const entries = page.getByTestId('wallet-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Wallet charge');
  await expect(entries.first().getByTestId('wallet-entry-amount')).toContainText('+SAR 25.00');
  await expect(entries.first()).toContainText('Balance after: SAR 175.00');
  await expect(page.getByTestId('wallet-count')).toHaveText('2 transactions');
  await shot(page, 'wallet-charged-en');
  await expectAccessible(page);
});

test('English: a declined card, and an amount over the limit', async () => {
  await open(page, '/en/more/wallet');
  await page.getByTestId('wallet-amount').fill('10001');
  await page.getByTestId('wallet-charge-submit').click();
  await expect(page.getByText('Enter a whole number of riyals from 1 to 10000')).toBeVisible();
  await startCharge('60');
  await payWith('4000000000000002');
  await page.waitForURL(/payment_status=failed$/);
  await landed();
  await expect(page.getByTestId('wallet-outcome')).toContainText('The payment did not go through');
  await expect(page.getByTestId('wallet-balance')).toContainText('SAR 175.00');
  await shot(page, 'wallet-failed-en');
});

test('mobile width: the page fits', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/more/wallet');
  await shot(page, 'wallet-mobile-ar');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });
});
