/**
 * Scheduled maintenance in a real browser. In Arabic (right to left): the packages as cards with the
 * price incl. VAT; subscribing asks for exactly the package's number of dates (Hijri beside Gregorian),
 * a saved address and the wallet, then opens the subscription's page with its visits; "my packages"
 * shows what is left and the renewal switch; a visit is taken back and booked again; a visit's link
 * and /order-details open the subscription; cancelling shows the refund before confirming and the
 * wallet gets it back; a wallet short of the price is topped up from the form, which keeps its dates and
 * place across the payment page. In English: the list (the demo packages too) and the subscribe form.
 * Screenshots at 390 and 1280 pixels in both languages.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  addressAndWallet,
  adminPost,
  clientIp,
  expectAccessible,
  open,
  payOnSandbox,
  pickDay,
  riyadhDay,
  shot,
  signUpByApi,
} from './support.ts';
import { expectNothingClipped } from './clipping.ts';

const TAG = Date.now() % 1_000_000;
const SITE = { 'x-pool-site': '1', lang: 'ar' };
const PHONE_SIZE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const NAME_AR = `باقة الاختبار ${TAG}`;
const NAME_EN = `Test package ${TAG}`;

let browser: Browser;
let page: Page;
let subscriptionId = 0;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** Both widths of the page as it stands, named `packages-<name>-<width>`. */
async function shots(p: Page, name: string) {
  await shot(p, `packages-${name}-390`);
  await p.setViewportSize(DESKTOP);
  await shot(p, `packages-${name}-1280`);
  await p.setViewportSize(PHONE_SIZE);
}

/** Picks a day `days` ahead and a time on it in the open date and time fields, then the add button. */
async function pickSlot(p: Page, days: number, time: string, lang: 'ar' | 'en' = 'ar') {
  await pickDay(p, riyadhDay(days).label(lang));
  await p.getByTestId(`slot-${time}`).click();
  await p.getByTestId('slot-add').click();
}

const myCard = (p: Page) => p.getByTestId('package-card').filter({ hasText: NAME_AR });

test.beforeAll(async ({ browser: b }) => {
  browser = b;
  // A package of 2 visits within 30 days at 300 SAR before VAT (345 with it).
  const admin = await b.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });
  await adminPost(admin.request, '/packages', {
    name_ar: NAME_AR,
    name_en: NAME_EN,
    description_ar: 'زيارتان لتنظيف المسبح وفحص المياه',
    description_en: 'Two visits to clean the pool and test the water',
    features_ar: ['تنظيف القاع', 'فحص المياه'],
    features_en: ['Floor cleaning', 'Water test'],
    price_sar: '300',
    visits: 2,
    validity_days: 30,
    sort: 0,
  });
  await admin.close();
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
    locale: 'ar-SA',
    viewport: PHONE_SIZE,
  });
  page = await context.newPage();
  await signUpByApi(page, `عميل الباقات ${TAG}`);
  await addressAndWallet(page, 1000);
});

test.afterAll(async () => {
  await page.context().close();
});

const balance = async () =>
  ((await (await page.request.get('/api/user/wallet', { headers: SITE })).json()).data as { balance: number }).balance;

test('Arabic: the packages, then subscribing with exactly 2 dates, a saved address and the wallet', async () => {
  await open(page, '/scheduled_maintenance');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(myCard(page)).toContainText('345.00');
  await expect(myCard(page)).toContainText('شامل ضريبة القيمة المضافة');
  await expect(myCard(page)).toContainText('عدد الزيارات: 2');
  await expect(myCard(page)).toContainText('المدة: 30 يوماً');
  await expect(myCard(page)).toContainText('فحص المياه');
  await shots(page, 'list-ar');
  await expectAccessible(page);

  await myCard(page).getByTestId('package-subscribe').click();
  await expect(page).toHaveURL(/\/scheduled_maintenance\?package=\d+/);
  await expect(page.getByTestId('slots-exactly')).toHaveText('يرجى اختيار 2 تواريخ بالضبط');
  // Paying with no dates is refused at the dates.
  await page.getByTestId('subscribe-submit').click();
  await expect(page.getByTestId('slots-field')).toContainText('يرجى اختيار 2 تواريخ بالضبط');

  await pickSlot(page, 2, '10:00');
  await expect(page.getByTestId('slots-count')).toHaveText('تم اختيار 1 من 2');
  await expect(page.getByTestId('slots-exactly')).toBeVisible();
  await pickSlot(page, 5, '16:00');
  await expect(page.getByTestId('slots-count')).toHaveText('تم اختيار 2 من 2');
  await expect(page.getByTestId('slots-done')).toBeVisible();
  await expect(page.getByTestId('slot-row')).toHaveCount(2);
  await expect(page.getByTestId('slot-row').first()).toContainText(riyadhDay(2).label('ar'));
  await expect(page.getByTestId('visit-hijri').first()).toContainText('هـ');
  // A wrong one is removed and chosen again.
  await page.getByTestId('slot-remove').last().click();
  await expect(page.getByTestId('slot-row')).toHaveCount(1);
  await pickSlot(page, 5, '16:00');

  await expect(page.getByTestId('location-address').first()).toBeChecked();
  await page.getByTestId('payment-method').locator('label').filter({ hasText: 'المحفظة' }).click();
  await expect(page.getByTestId('wallet-balance')).toContainText('1,000.00');
  await expect(page.getByTestId('subscribe-submit')).toContainText('345.00');
  await shots(page, 'subscribe-ar');
  await expectAccessible(page);

  await page.getByTestId('subscribe-submit').click();
  await page.waitForURL(/\/orders\/scheduled_maintenance\/\d+$/);
  subscriptionId = Number(page.url().split('/').pop());
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('visit')).toHaveCount(2);
  await expect(page.getByTestId('visit').first()).toHaveAttribute('data-status', 'scheduled');
  await expect(page.getByTestId('visit').first()).toContainText(riyadhDay(2).label('ar'));
  await expect(page.getByTestId('visit').first()).toContainText('10:00');
  await expect(page.getByTestId('visit-hijri').first()).toContainText('هـ');
  await expect(page.getByTestId('visits-remaining')).toHaveText('الزيارات المتبقية: 2 من 2');
  expect(await balance()).toBe(100_000 - 34_500);
  await shots(page, 'subscription-ar');
  await expectAccessible(page);
});

test('Arabic: my packages, the renewal switch, a visit taken back and booked again, the visit link', async () => {
  await open(page, '/more/my_remains');
  const card = page.getByTestId('my-package').filter({ hasText: NAME_AR });
  await expect(card).toContainText('الزيارات المتبقية: 2 من 2');
  await expect(card.getByTestId('order-status')).toHaveAttribute('data-status', 'active');
  await expect(card.getByTestId('subscription-ends')).not.toBeEmpty();
  await card.getByTestId('auto-renew').click();
  await expect(page.getByText('تم تفعيل التجديد التلقائي')).toBeVisible();
  await expect(card.getByRole('switch')).toBeChecked();
  await shots(page, 'my-packages-ar');
  await expectAccessible(page);

  // Take the first visit back (2 days ahead: more than 24 hours), then book it 7 days ahead at 11:00.
  await card.getByTestId('my-package-open').click();
  await page.waitForURL(new RegExp(`/orders/scheduled_maintenance/${subscriptionId}$`));
  const first = page.getByTestId('visit').first();
  const visitId = Number(await first.getAttribute('data-visit'));
  await first.getByTestId('visit-cancel').click();
  await expect(page.getByTestId('cancel-visit-dialog')).toBeVisible();
  await page.getByTestId('cancel-visit-confirm').click();
  const taken = page.locator(`[data-visit="${visitId}"]`);
  await expect(taken).toHaveAttribute('data-status', 'unscheduled');
  await expect(taken).toContainText('بلا موعد');
  await taken.getByTestId('visit-pick').click();
  const dialog = page.getByTestId('pick-time-dialog');
  await expect(dialog).toBeVisible();
  await pickDay(page, riyadhDay(7).label('ar'));
  await dialog.getByTestId('slot-11:00').click();
  await shots(page, 'pick-time-ar');
  await dialog.getByTestId('slot-add').click();
  await expect(taken).toHaveAttribute('data-status', 'scheduled');
  await expect(taken).toContainText(riyadhDay(7).label('ar'));
  await expect(taken).toContainText('11:00');

  // A visit's notification link, and /order-details, open the subscription (at the visit).
  await open(page, `/orders/scheduled_maintenance/visits/${visitId}`);
  await expect(page).toHaveURL(new RegExp(`/orders/scheduled_maintenance/${subscriptionId}\\?visit=${visitId}$`));
  await expect(page.locator(`[data-visit="${visitId}"]`)).toBeInViewport();
  await open(page, `/order-details?id=${subscriptionId}`);
  await expect(page).toHaveURL(new RegExp(`/orders/scheduled_maintenance/${subscriptionId}$`));

  // The list of scheduled maintenance orders shows it.
  await open(page, '/orders/scheduled_maintenance');
  await expect(page.getByTestId('order-card').filter({ hasText: NAME_AR })).toContainText('345.00');
  await shots(page, 'orders-ar');
});

test('Arabic: cancelling shows the refund first, then the wallet gets it back', async () => {
  await open(page, '/more/my_remains');
  const card = page.getByTestId('my-package').filter({ hasText: NAME_AR });
  await card.getByTestId('subscription-cancel').click();
  // Nothing done yet: all of it comes back.
  await expect(page.getByTestId('refund-amount')).toContainText('345.00');
  await shot(page, 'packages-cancel-ar-390');
  await page.getByTestId('cancel-subscription-confirm').click();
  await expect(page.getByText('تم إلغاء الاشتراك')).toBeVisible();
  await expect(card.getByTestId('order-status')).toHaveAttribute('data-status', 'cancelled');
  await expect(card.getByTestId('subscription-cancel')).toHaveCount(0);
  expect(await balance()).toBe(100_000);
  await open(page, `/orders/scheduled_maintenance/${subscriptionId}`);
  await expect(page.getByTestId('visit')).toHaveCount(2);
  for (const v of await page.getByTestId('visit').all()) await expect(v).toHaveAttribute('data-status', 'cancelled');
});

test('Arabic, phone: a wallet short of the price is topped up from the form, which comes back filled in', async () => {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
    locale: 'ar-SA',
    viewport: PHONE_SIZE,
  });
  const p = await context.newPage();
  await signUpByApi(p, `عميل شحن الباقة ${TAG}`);
  await addressAndWallet(p, 100);
  await open(p, '/scheduled_maintenance');
  await myCard(p).getByTestId('package-subscribe').click();
  await pickSlot(p, 3, '10:00');
  await pickSlot(p, 6, '16:00');
  await p.getByTestId('payment-method').locator('label').filter({ hasText: 'المحفظة' }).click();
  // 345.00 against 100.00: subscribing waits for the top-up of the missing 245.
  await expect(p.getByTestId('subscribe-submit')).toBeDisabled();
  await expect(p.getByTestId('wallet-top-up')).toContainText('245.00');
  await shot(p, 'packages-top-up-ar-390');
  await p.getByTestId('wallet-top-up').click();
  await payOnSandbox(p);

  // Back on the form: topped up, the wallet chosen, the two visit times and the address as they were.
  await p.waitForURL(/\/scheduled_maintenance\?package=\d+.*pay=wallet/);
  await p.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(p.getByTestId('top-up-outcome')).toContainText('شُحنت محفظتك');
  await expect(p.getByTestId('payment-method').locator('input[value="wallet"]')).toBeChecked();
  await expect(p.getByTestId('wallet-balance')).toContainText('345.00');
  await expect(p.getByTestId('slot-row')).toHaveCount(2);
  await expect(p.getByTestId('slot-row').first()).toContainText(riyadhDay(3).label('ar'));
  await expect(p.getByTestId('location-address').first()).toBeChecked();
  await expect(p.getByTestId('wallet-top-up')).toHaveCount(0);
  await shot(p, 'packages-topped-up-ar-390');
  await p.getByTestId('subscribe-submit').click();
  await p.waitForURL(/\/orders\/scheduled_maintenance\/\d+$/);
  await expect(p.getByTestId('order-status').first()).toHaveAttribute('data-status', 'active');
  await expect(p.getByTestId('visit')).toHaveCount(2);
  const left = (await (await p.request.get('/api/user/wallet', { headers: SITE })).json()).data as { balance: number };
  expect(left.balance).toBe(0);
  await context.close();
});

test('English: the list (with the demo packages) and the subscribe form', async () => {
  await open(page, '/en/scheduled_maintenance');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const mine = page.getByTestId('package-card').filter({ hasText: NAME_EN });
  await expect(mine).toContainText('SAR 345.00');
  await expect(mine).toContainText('incl. VAT');
  await expect(mine).toContainText('Visits: 2');
  await expect(mine).toContainText('Valid for 30 days');
  await expect(page.getByTestId('package-card').filter({ hasText: 'Monthly care' })).toBeVisible();
  await shots(page, 'list-en');
  await expectAccessible(page);

  await mine.getByTestId('package-subscribe').click();
  await expect(page.getByTestId('slots-exactly')).toHaveText('Please choose 2 dates exactly');
  await pickSlot(page, 3, '09:00', 'en');
  await expect(page.getByTestId('slots-count')).toHaveText('1 of 2 chosen');
  await expect(page.getByTestId('slot-row')).toContainText(riyadhDay(3).label('en'));
  await expect(page.getByTestId('visit-hijri')).toContainText('AH');
  await expectAccessible(page);
  // On a desktop the second visit's calendar and times sit whole inside the form: none cut, none spilling out.
  await page.setViewportSize(DESKTOP);
  await expectNothingClipped(page.getByTestId('slots-field'));
  const form = (await page.getByTestId('slots-field').boundingBox())!;
  const calendar = (await page.getByTestId('date-picker').boundingBox())!;
  expect(calendar.x).toBeGreaterThanOrEqual(form.x);
  expect(calendar.x + calendar.width).toBeLessThanOrEqual(form.x + form.width);
  await page.setViewportSize(PHONE_SIZE);
  await shots(page, 'subscribe-en');

  await open(page, `/en/orders/scheduled_maintenance/${subscriptionId}`);
  await expect(page.getByTestId('order-status').first()).toContainText('Cancelled');
  await shots(page, 'subscription-en');
  await open(page, '/en/more/my_remains');
  await expect(page.getByTestId('my-package').filter({ hasText: NAME_EN })).toContainText('Visits left: 0 of 2');
  await shots(page, 'my-packages-en');
});
