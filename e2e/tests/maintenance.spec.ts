/**
 * The customer's immediate maintenance in a real browser: in Arabic, a request (a past time refused at
 * its field, then tomorrow 10:00 Riyadh with the Hijri date beside the Gregorian, a picture, a saved
 * address) opens the new order; it shows under the orders tabs; an admin (through the API) approves it
 * and sends a price offer, which appears on the open page without a reload; the customer rejects it
 * with a reason, gets a revised offer live, accepts it and pays from the wallet. The English pages too.
 * Screenshots of every page at 390 and 1280 pixels in both languages.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  addressAndWallet,
  adminPost,
  adminToken,
  clientIp,
  expectAccessible,
  open,
  payOnSandbox,
  pickDay,
  riyadhDay,
  shot,
  signUpByApi,
} from './support.ts';

const TAG = Date.now() % 1_000_000;
const SITE = { 'x-pool-site': '1', lang: 'ar' };
const PHONE_SIZE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
// A 1×1 PNG, the problem's picture.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Saves (and sends) a price offer as the demo admin: PUT /api/admin/service-orders/{id}/offer. */
async function sendOffer(request: APIRequestContext, id: number, lines: unknown[]) {
  const res = await request.put(`/api/admin/service-orders/${id}/offer`, {
    data: { send: true, lines },
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  const body = await res.json();
  expect(body.key, `${body.msg} ${JSON.stringify(body.data)}`).toBe('success');
}

let browser: Browser;
let page: Page;
let orderId = 0;
let orderNumber = '';
/** The page's console errors and uncaught errors: a hydration mismatch (React #418) shows there. */
const pageErrors: string[] = [];
const hydrationErrors = () => pageErrors.filter((e) => /#418|#423|#425|hydrat/i.test(e));

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async ({ browser: b }) => {
  browser = b;
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
    locale: 'ar-SA',
    viewport: PHONE_SIZE,
  });
  page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(m.text());
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await signUpByApi(page, `عميل الصيانة ${TAG}`);
  await addressAndWallet(page, 1000);
});

test.afterAll(async () => {
  await page.context().close();
});

test('Arabic: the date and time steps, then a request refused for a past time and sent for tomorrow', async () => {
  // The step pages: a day (Hijri beside Gregorian), then its time, back to the form with both.
  await open(page, '/date_picker');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const tomorrow = riyadhDay(1);
  await pickDay(page, tomorrow.label('ar'));
  await expect(page.getByTestId('chosen-day')).toContainText(tomorrow.label('ar'));
  await expect(page.getByTestId('chosen-day-hijri')).toContainText('هـ');
  await shot(page, 'maintenance-date-picker-ar-390');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'maintenance-date-picker-ar-1280');
  await page.setViewportSize(PHONE_SIZE);
  await page.getByTestId('date-next').click();
  await expect(page).toHaveURL(new RegExp(`/time\\?date=${tomorrow.day}`));
  await page.getByTestId('slot-10:00').click();
  await shot(page, 'maintenance-time-ar-390');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'maintenance-time-ar-1280');
  await page.setViewportSize(PHONE_SIZE);
  await expectAccessible(page);
  await page.getByTestId('time-next').click();
  await expect(page).toHaveURL(new RegExp(`/Immediate_maintenance\\?date=${tomorrow.day}&time=10%3A00`));
  await expect(page.getByTestId('chosen-day')).toContainText(tomorrow.label('ar'));

  // The form: empty fields are refused at their places.
  await open(page, '/Immediate_maintenance');
  await page.getByTestId('maintenance-submit').click();
  await expect(page.getByTestId('date-field')).toContainText('اختر تاريخ الزيارة');
  await expect(page.getByTestId('time-field')).toContainText('اختر وقت الزيارة');

  await page.getByTestId('maintenance-problem').fill(`المضخة متوقفة والماء يميل إلى الأخضر ${TAG}`);
  await page.getByTestId('maintenance-place').fill('المسبح في الفناء الخلفي');
  await page.getByTestId('images-input').setInputFiles({ name: 'pump.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('image-thumb')).toHaveCount(1);

  // Today at 00:00 has passed in Riyadh: refused next to the time field.
  const today = riyadhDay(0);
  await pickDay(page, today.label('ar'));
  await page.getByTestId('time-typed').fill('00:00');
  await page.getByTestId('time-typed').press('Tab');
  await expect(page.getByTestId('time-field')).toContainText('هذا الوقت مضى، اختر وقتًا لاحقًا');
  await page.getByTestId('maintenance-submit').click();
  await expect(page.getByTestId('time-field')).toContainText('هذا الوقت مضى');
  await expect(page).toHaveURL(/\/Immediate_maintenance$/);

  // Tomorrow at 10:00, at the saved address.
  await pickDay(page, tomorrow.label('ar'));
  await page.getByTestId('slot-10:00').click();
  await expect(page.getByTestId('time-field')).not.toContainText('هذا الوقت مضى');
  await expect(page.getByTestId('chosen-day-hijri')).toContainText('هـ');
  await expect(page.getByTestId('location-address')).toHaveCount(1);
  await shot(page, 'maintenance-request-ar-390');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'maintenance-request-ar-1280');
  await page.setViewportSize(PHONE_SIZE);
  await expectAccessible(page);
  await page.getByTestId('maintenance-submit').click();

  await page.waitForURL(/\/orders\/immediate_maintenance\/\d+$/);
  orderId = Number(page.url().split('/').pop());
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'new');
  orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
  expect(orderNumber).toMatch(/^M/);
  await expect(page.getByTestId('request-problem')).toContainText(String(TAG));
  await expect(page.getByTestId('request-location')).toContainText('النرجس');
  await expect(page.getByTestId('offer-waiting')).toBeVisible();
  // The visit as the form chose it: Gregorian and Hijri, 24-hour time ("10:00", not "10:00 ص").
  const visit = page.getByTestId('request-visit');
  await expect(visit).toContainText(tomorrow.label('ar'));
  await expect(visit.getByTestId('visit-hijri')).toContainText('هـ');
  await expect(visit).toContainText('10:00');
  await expect(visit).not.toContainText('ص');
  // The date steps and the form rendered on the server as in the browser: no hydration error.
  expect(hydrationErrors()).toEqual([]);
});

test('Arabic: the order under the orders tabs, the offer live, rejected with a reason, revised, accepted and paid by wallet', async () => {
  // The orders page: the new tab lists it beside store orders; the maintenance list too.
  await open(page, '/orders');
  await expect(page.getByTestId('orders-tab-new')).toHaveAttribute('aria-selected', 'true');
  // All five tabs on a 390 px screen, none off-screen ("finished" was scrolled out of sight).
  // In rows of three: "finished" was alone on a second row.
  const rows = new Map<number, number>();
  for (const tab of ['new', 'current', 'waiting', 'pending_payment', 'finished']) {
    await expect(page.getByTestId(`orders-tab-${tab}`)).toBeInViewport({ ratio: 1 });
    const top = Math.round((await page.getByTestId(`orders-tab-${tab}`).boundingBox())!.y);
    rows.set(top, (rows.get(top) ?? 0) + 1);
  }
  expect([...rows.values()]).toEqual([3, 2]);
  await expect(page.getByTestId('orders-list').getByText(orderNumber)).toBeVisible();
  await open(page, '/orders/immediate_maintenance?tab=new');
  await expect(page.getByTestId('orders-list').getByText(orderNumber)).toBeVisible();
  await shot(page, 'maintenance-orders-ar-390');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'maintenance-orders-ar-1280');
  await page.setViewportSize(PHONE_SIZE);
  await expectAccessible(page);

  // The admin approves and sends an offer while the customer's page is open: it appears without a reload.
  await open(page, `/orders/immediate_maintenance/${orderId}`);
  const request = page.context().request;
  await adminPost(request, `/service-orders/${orderId}/approve`, {});
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'approved');
  // Approving sends two notifications at once: a phone shows one alert (the newest), at the bottom,
  // clear of the page's heading.
  const alerts = page.getByTestId('live-alert');
  await expect(alerts.first()).toBeVisible();
  await expect(alerts).toHaveCount(1);
  const alertBox = (await alerts.first().boundingBox())!;
  const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  expect(alertBox.y).toBeGreaterThan(heading.y + heading.height);
  expect(alertBox.y + alertBox.height).toBeLessThanOrEqual(PHONE_SIZE.height);
  await shot(page, 'maintenance-order-alert-ar-390');
  await sendOffer(request, orderId, [
    { kind: 'service', name_ar: 'إصلاح المضخة', name_en: 'Pump repair', quantity: 1, unit_price: 30000 },
    { kind: 'spare_part', name_ar: 'مانع تسرب', name_en: 'Seal kit', quantity: 2, unit_price: 4500 },
    { kind: 'delivery', name_ar: 'التوصيل', name_en: 'Delivery', quantity: 1, unit_price: 2000 },
    { kind: 'discount', name_ar: 'خصم', name_en: 'Discount', quantity: 1, unit_price: 1000 },
  ]);
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'offer_sent');
  await expect(page.getByTestId('offer-line')).toHaveCount(4);
  // 300 + 90 + 20 - 10 = 400 before VAT; VAT 15 % = 60; total 460.
  await expect(page.getByTestId('offer-sum-spare_parts')).toContainText('90.00');
  await expect(page.getByTestId('offer-sum-tax')).toContainText('60.00');
  await expect(page.getByTestId('offer-total')).toContainText('460.00');
  await shot(page, 'maintenance-order-offer-ar-390');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'maintenance-order-offer-ar-1280');
  await page.setViewportSize(PHONE_SIZE);
  await expectAccessible(page);

  // Reject with a reason: a too-short one is refused in the dialog, then it is sent.
  await page.getByTestId('offer-reject').click();
  await page.getByTestId('reason-text').fill('غ');
  await page.getByTestId('reason-send').click();
  await expect(page.getByTestId('reason-form')).toContainText('اكتب 3 أحرف على الأقل');
  await page.getByTestId('reason-text').fill('السعر مرتفع، أرجو مراجعته');
  await page.getByTestId('reason-send').click();
  await expect(page.getByText('تم إرسال السبب')).toBeVisible();
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'offer_rejected');
  await expect(page.getByTestId('offer-rejected-note')).toContainText('السعر مرتفع');

  // A revised offer arrives live.
  await sendOffer(request, orderId, [
    { kind: 'service', name_ar: 'إصلاح المضخة', name_en: 'Pump repair', quantity: 1, unit_price: 25000 },
    { kind: 'spare_part', name_ar: 'مانع تسرب', name_en: 'Seal kit', quantity: 2, unit_price: 4500 },
  ]);
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'offer_sent');
  // 250 + 90 = 340; VAT 51; total 391.
  await expect(page.getByTestId('offer-total')).toContainText('391.00');

  // Accept and pay by card: the card is declined, the order waits for its payment.
  await page.getByTestId('offer-accept').click();
  await page.getByTestId('pay-confirm').click();
  await payOnSandbox(page, '4000000000000002');
  await page.waitForURL(new RegExp(`/orders/immediate_maintenance/${orderId}`));
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'pending_payment');
  // Pay again offers the wallet as well as the card: paid from the wallet.
  await page.getByTestId('pay-again').click();
  await expect(page.getByTestId('pay-dialog')).toBeVisible();
  await page.getByTestId('payment-method').locator('label').filter({ hasText: 'المحفظة' }).click();
  await expect(page.getByTestId('wallet-balance')).toContainText('1,000.00');
  await shot(page, 'maintenance-order-pay-ar-390');
  await page.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('pay-again')).toHaveCount(0);
  await expect(page.getByTestId('offer-accept')).toHaveCount(0);
  const timeline = page.getByTestId('order-timeline');
  await expect(timeline).toContainText('أُرسل عرض السعر');
  await expect(timeline).toContainText('رُفض العرض');
  await expect(timeline).toContainText('مدفوع');
  await shot(page, 'maintenance-order-paid-ar-390');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'maintenance-order-paid-ar-1280');
  await page.setViewportSize(PHONE_SIZE);
  const wallet = await (await request.get('/api/user/wallet', { headers: SITE })).json();
  expect(wallet.data.balance).toBe(100_000 - 39_100);

  // The rating page before the work is finished says so.
  await open(page, `/orders/evaluation/${orderId}`);
  await expect(page.getByText('يمكنك التقييم بعد انتهاء الطلب.')).toBeVisible();
  await shot(page, 'maintenance-evaluation-ar-390');

  // Another request, cancelled before any offer: its page and its card say so, no offer is "being prepared".
  const cities = (await (await request.get('/api/user/cities', { headers: SITE })).json()).data as {
    id: number;
    name: string;
  }[];
  const created = await (
    await request.post('/api/user/immediate-maintenance', {
      headers: SITE,
      data: {
        problem: `تسرب في الأنابيب ${TAG}`,
        place: 'غرفة المضخة',
        date: riyadhDay(2).day,
        time: '11:00',
        lat: 24.7136,
        lng: 46.6753,
        city_id: cities.find((c) => c.name === 'الرياض')!.id,
      },
    })
  ).json();
  expect(created.key, created.msg).toBe('success');
  const cancelled = await (
    await request.post(`/api/user/maintenance-orders/${created.data.id}/cancel`, {
      headers: SITE,
      data: { note: 'لم أعد بحاجة إليه' },
    })
  ).json();
  expect(cancelled.key, cancelled.msg).toBe('success');
  await open(page, `/orders/immediate_maintenance/${created.data.id}`);
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('offer-closed')).toContainText('أُلغي الطلب قبل عرض السعر');
  await expect(page.getByTestId('offer-waiting')).toHaveCount(0);
  await shot(page, 'maintenance-order-cancelled-ar-390');
  for (const list of ['/orders?tab=finished', '/orders/immediate_maintenance?tab=finished']) {
    await open(page, list);
    const card = page.getByTestId('order-card').filter({ hasText: created.data.number });
    await expect(card).toContainText('بلا رسوم');
    await expect(card).not.toContainText('عرض السعر قيد الإعداد');
  }
  await shot(page, 'maintenance-orders-finished-ar-390');
});

test('English: the request form, the order and the lists', async () => {
  for (const size of [PHONE_SIZE, DESKTOP]) {
    const w = size.width;
    await page.setViewportSize(size);
    await open(page, '/en/Immediate_maintenance');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Immediate maintenance');
    const tomorrow = riyadhDay(1);
    await pickDay(page, tomorrow.label('en'));
    await expect(page.getByTestId('chosen-day-hijri')).toContainText('AH');
    await page.getByTestId('time-typed').fill('00:00');
    await page.getByTestId('time-typed').press('Tab');
    await expect(page.getByTestId('time-field')).not.toContainText('This time has passed');
    await shot(page, `maintenance-request-en-${w}`);

    await open(page, `/en/orders/immediate_maintenance/${orderId}`);
    await expect(page.getByTestId('order-status').first()).toHaveText('Paid');
    await expect(page.getByTestId('offer-line').first()).toContainText('Pump repair');
    await expect(page.getByTestId('offer-total')).toContainText('391.00');
    await expect(page.getByTestId('visit-hijri')).toContainText('AH');
    await expect(page.getByTestId('request-visit')).toContainText('10:00');
    await expect(page.getByTestId('request-visit')).not.toContainText(/AM|PM/i);
    await shot(page, `maintenance-order-en-${w}`);
    if (w === 390) await expectAccessible(page);

    await open(page, '/en/orders/immediate_maintenance?tab=current');
    await expect(page.getByTestId('orders-list').getByText(orderNumber)).toBeVisible();
    await shot(page, `maintenance-orders-en-${w}`);

    await open(page, '/en/orders?tab=current');
    await expect(page.getByTestId('orders-list').getByText(orderNumber)).toBeVisible();

    await open(page, '/en/date_picker');
    await shot(page, `maintenance-date-picker-en-${w}`);
    await open(page, `/en/time?date=${tomorrow.day}`);
    await shot(page, `maintenance-time-en-${w}`);
    await open(page, `/en/orders/evaluation/${orderId}`);
    await expect(page.getByText('You can rate once the order is finished.')).toBeVisible();
    await shot(page, `maintenance-evaluation-en-${w}`);
  }
  await page.setViewportSize(DESKTOP);
  await open(page, `/orders/evaluation/${orderId}`);
  await shot(page, 'maintenance-evaluation-ar-1280');
  // /en/date_picker and /en/Immediate_maintenance rendered on the server as in the browser.
  expect(hydrationErrors()).toEqual([]);
});
