/**
 * The dashboard's operations console of service orders: a customer requests immediate maintenance
 * through the API; the admin finds it with the list's filters, opens it, approves it, writes a price
 * offer with a catalogue line and a typed line (VAT shown live, as the server counts it) and sends
 * it; once the customer has accepted and paid by sandbox card, the admin assigns a technician who
 * serves the city from the picker with the technician's day, and writes to the customer in the
 * order's chat. Screenshots at 1280 and 390 pixels.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNothingClipped } from './clipping.ts';
import {
  adminPost,
  adminSession,
  adminToken,
  clientIp,
  expectAccessible,
  newPhone,
  open,
  payOnSandbox,
  shot,
  signInAdmin,
  signUpByApi,
  splashGone,
} from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const TAG = Date.now() % 1_000_000;
const SITE = { 'x-pool-site': '1', lang: 'ar' };

type City = { id: number; name: string };

/** Riyadh (the requests' city), and a customer's own browser context and page. */
async function riyadhAndCustomer(request: APIRequestContext, browser: Browser) {
  const cities = (await (await request.get('/api/user/cities', { headers: { lang: 'ar' } })).json()).data as City[];
  const riyadh = cities.find((c) => c.name === 'الرياض')!;
  const customerContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });
  return { riyadh, customerContext, customer: await customerContext.newPage() };
}

/**
 * A customer signed up in their own browser context, and their maintenance request: tomorrow 10:00 Riyadh,
 * a pin in Riyadh (or `where`, e.g. a national address short code).
 */
async function requestMaintenance(
  customer: Page,
  riyadh: City,
  signUp = true,
  where: Record<string, string | number> = { lat: 24.7136, lng: 46.6753 },
) {
  if (signUp) await signUpByApi(customer, `عميل الصيانة ${TAG}`);
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(Date.now() + 86_400_000);
  const res = await customer.request.post('/api/user/immediate-maintenance', {
    headers: SITE,
    data: {
      problem: `المضخة متوقفة والماء عكر ${TAG}`,
      place: 'مسبح خارجي خلف المنزل',
      date: tomorrow,
      time: '10:00',
      city_id: riyadh.id,
      ...where,
    },
  });
  const body = await res.json();
  expect(body.key, body.msg).toBe('success');
  return body.data as { id: number; number: string };
}

/** An order priced and sent through the dashboard's API, then accepted and paid by the customer's sandbox card. */
async function paidOrder(customer: Page, request: APIRequestContext, riyadh: City) {
  const order = await requestMaintenance(customer, riyadh);
  await approveWithOffer(request, order.id);
  await acceptAndPayByCard(customer, order.id);
  return order;
}

/** The dashboard's API approves the order and sends an offer of one service line, 150.00 SAR before VAT. */
async function approveWithOffer(request: APIRequestContext, orderId: number) {
  const auth = { authorization: `Bearer ${await adminToken(request)}` };
  expect((await request.post(`/api/admin/service-orders/${orderId}/approve`, { headers: auth })).status()).toBe(200);
  const offer = await request.put(`/api/admin/service-orders/${orderId}/offer`, {
    headers: auth,
    data: {
      send: true,
      lines: [{ kind: 'service', name_ar: 'فحص المضخة', name_en: 'Pump check', quantity: 1, unit_price: 15_000 }],
    },
  });
  expect(offer.status(), await offer.text()).toBe(200);
}

/** The customer accepts the sent offer and pays it on the sandbox card page. */
async function acceptAndPayByCard(customer: Page, orderId: number) {
  const accepted = await (
    await customer.request.post(`/api/user/maintenance-orders/${orderId}/accept`, {
      headers: { ...SITE, 'idempotency-key': `accept-${orderId}-${TAG}` },
      data: { payment_method: 'electronic' },
    })
  ).json();
  expect(accepted.key, accepted.msg).toBe('success');
  await customer.goto(accepted.data.redirect_url);
  await customer.locator('#card').fill('4111111111111111');
  await customer.locator('button[type="submit"]').click();
  await customer.waitForURL((url) => !url.pathname.startsWith('/api/payments/sandbox'));
}

test('the admin filters, approves, prices with VAT, and assigns a technician to a maintenance order', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { riyadh, customerContext, customer } = await riyadhAndCustomer(request, browser);
  const technician = `فني الصيانة ${TAG}`;
  await adminPost(request, '/staff', {
    name: technician,
    country_code: '966',
    phone: newPhone(),
    job: 'technician',
    city_ids: [riyadh.id],
  });
  const part = `مضخة احتياطية ${TAG}`;
  await adminPost(request, '/service-items', {
    kind: 'spare_part',
    name_ar: part,
    name_en: `Spare pump ${TAG}`,
    price_sar: '120.50',
    is_active: true,
  });
  const order = await requestMaintenance(customer, riyadh);

  // The list: the nav's service orders entry, then the filters in the URL.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  await page.getByTestId('admin-nav-service-orders').click();
  await expect(page).toHaveURL(/\/admin\/service-orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'طلبات الخدمات' })).toBeVisible();
  await page.getByTestId('list-search').fill(order.number);
  await page.getByTestId('list-search').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${order.number}`));
  await page.getByTestId('filter-status').click();
  await page.getByRole('option', { name: 'جديد', exact: true }).click();
  await expect(page).toHaveURL(/status=new/);
  const row = page.getByTestId('service-orders-table-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(order.number);
  await expect(row).toContainText('الرياض');
  await expect(row).toContainText('غير مسند');
  await expect(row.getByTestId('order-status')).toHaveAttribute('data-status', 'new');
  // No maps key in this run: the open orders' pins are a table, with the note.
  await expect(page.getByTestId('map-needs-key')).toBeVisible();
  await expect(page.getByTestId('map-pin').filter({ hasText: order.number })).toContainText('24.71360, 46.67530');
  await shot(page, 'admin-service-orders-ar');
  await expectAccessible(page);

  // Another state filter leaves it out.
  await page.getByTestId('filter-status').click();
  await page.getByRole('option', { name: 'مكتمل', exact: true }).click();
  await expect(page.getByTestId('service-orders-table')).toContainText('لا توجد بيانات');

  // The order: the request, then approve.
  await open(page, `/admin/service-orders/${order.id}`);
  await expect(page.getByTestId('service-problem')).toContainText(`المضخة متوقفة والماء عكر ${TAG}`);
  await expect(page.getByTestId('service-problem')).toHaveAttribute('dir', 'auto');
  await expect(page.getByTestId('service-scheduled')).toContainText('10:00');
  await page.getByTestId('move-approved').click();
  await page.getByTestId('move-approved-confirm').click();
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'approved');
  await expect(page.getByTestId('order-timeline')).toContainText('معتمد بانتظار التسعير');

  // The offer: a catalogue spare part (120.50 SAR) x 2 and a typed service line (200 SAR).
  const editor = page.getByTestId('offer-editor');
  // No line yet: nothing to send (it asked to send an offer of 0.00).
  await expect(page.getByTestId('offer-send')).toBeDisabled();
  await page.getByTestId('offer-add-catalogue').click();
  await editor.getByTestId('offer-line-item').click();
  await page.getByRole('option', { name: new RegExp(part) }).click();
  await editor.getByTestId('offer-line-quantity').first().fill('2');
  await page.getByTestId('offer-add-typed').click();
  await editor.getByTestId('offer-line-name-ar').fill('أجرة الإصلاح');
  await editor.getByTestId('offer-line-name-en').fill('Repair labour');
  await editor.getByTestId('offer-line-price').nth(1).fill('200');
  // 241.00 + 200.00 = 441.00; VAT 15 % per line: 36.15 + 30.00 = 66.15; total 507.15.
  await expect(editor.getByTestId('offer-subtotal')).toContainText('441.00');
  await expect(editor.getByTestId('offer-vat')).toContainText('66.15');
  await expect(editor.getByTestId('offer-vat')).toContainText('15');
  await expect(editor.getByTestId('offer-total')).toContainText('507.15');
  await shot(page, 'admin-service-order-offer-ar');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'admin-service-order-offer-390-ar');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('offer-send').click();
  await page.getByTestId('offer-send-confirm').click();
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'offer_sent');
  await expect(page.getByTestId('offer-view')).toContainText('507.15');

  // The customer rejects it: the editor reopens with the spare part still picked from the catalogue,
  // at the VAT rate the order's detail gives; the admin sends it again.
  const rejected = await (
    await customer.request.post(`/api/user/maintenance-orders/${order.id}/reject`, {
      headers: SITE,
      data: { reason: 'السعر مرتفع قليلاً' },
    })
  ).json();
  expect(rejected.key, rejected.msg).toBe('success');
  // The admins' notification of the rejection opens the order from the inbox.
  await open(page, '/admin/notifications');
  const note = page
    .getByRole('table', { name: 'إشعارات الإدارة' })
    .getByRole('row')
    .filter({ hasText: order.number })
    .filter({ hasText: 'رفض' });
  await note.first().getByTestId('notification-link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/service-orders/${order.id}$`));
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'offer_rejected');
  await expect(editor.getByTestId('offer-line-item')).toHaveValue(new RegExp(part));
  await expect(editor.getByTestId('offer-line-name-ar')).toHaveValue('أجرة الإصلاح');
  await expect(editor.getByTestId('offer-vat')).toContainText('15');
  await expect(editor.getByTestId('offer-total')).toContainText('507.15');
  await shot(page, 'admin-service-order-offer-reopened-ar');
  await page.getByTestId('offer-send').click();
  await page.getByTestId('offer-send-confirm').click();
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'offer_sent');

  // The customer accepts and pays by sandbox card; the live alert of the acceptance opens the order.
  await open(page, '/admin/service-orders');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await acceptAndPayByCard(customer, order.id);
  const alert = page.getByTestId('live-alert').filter({ hasText: order.number }).first();
  await alert.getByRole('button').first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/service-orders/${order.id}$`));

  // Paid: the picker lists the technician who serves Riyadh, free at 10:00, with their day.
  await open(page, `/admin/service-orders/${order.id}`);
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'paid');
  const candidate = page.getByTestId('assignable-staff').filter({ hasText: technician });
  await expect(candidate.getByTestId('staff-free')).toHaveAttribute('data-free', 'true');
  await candidate.getByRole('button', { name: new RegExp(technician) }).click();
  await expect(page.getByTestId('day-calendar')).toContainText(technician);
  await expect(page.getByTestId('calendar-this-order')).toContainText('10:00');
  await shot(page, 'admin-service-order-assign-ar');
  await expectAccessible(page);
  await candidate.getByRole('button', { name: 'إسناد' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'إسناد' }).click();
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'technician_assigned');
  await expect(page.getByTestId('assigned-staff')).toContainText(technician);
  // The arrival window: the visit's start ± 30 minutes.
  await expect(page.getByTestId('arrival-window')).toContainText('9:30');
  await expect(page.getByTestId('arrival-window')).toContainText('10:30');
  await shot(page, 'admin-service-order-ar');

  // The chat panel: the admin writes to the customer, who reads it in their thread.
  const hello = `الفني في الطريق صباح الغد ${TAG}`;
  await page.getByTestId('chat-input').fill(hello);
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message').filter({ hasText: hello })).toBeVisible();
  const thread = await (await customer.request.get(`/api/user/orders/${order.id}/chat`, { headers: SITE })).json();
  expect(JSON.stringify(thread.data)).toContain(hello);

  // The list shows the technician; the phone-sized screen.
  await open(page, `/admin/service-orders?q=${order.number}`);
  await expect(page.getByTestId('service-orders-table-row')).toContainText(technician);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'admin-service-orders-390-ar');
  await open(page, `/admin/service-orders/${order.id}`);
  await shot(page, 'admin-service-order-390-ar');
  await customerContext.close();
});

/** Riyadh's day `n` days from now (`YYYY-MM-DD`). */
const riyadhDay = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(Date.now() + n * 86_400_000);

/** A day as the Arabic page writes it: `الثلاثاء، 1 ديسمبر 2026` (in the browser, as the calendar names its days). */
const arabicDay = (page: Page, day: string) =>
  page.evaluate((d) => {
    const f = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return f.format(new Date(`${d}T12:00:00Z`)).replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' ');
  }, day);

test('the map says why it shows no open order, and the visit day is picked on an Arabic calendar of Riyadh days', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { riyadh, customerContext, customer } = await riyadhAndCustomer(request, browser);
  const phone = await signUpByApi(customer, `عميل بلا نقطة ${TAG}`);
  // Two requests placed by the national address's short code (no map pin), one of them approved:
  // the open orders are counted over every open state.
  await requestMaintenance(customer, riyadh, false, { short_code: 'RRRD2929' });
  const approved = await requestMaintenance(customer, riyadh, false, { short_code: 'RRRD2929' });
  const auth = { authorization: `Bearer ${await adminToken(request)}` };
  expect((await request.post(`/api/admin/service-orders/${approved.id}/approve`, { headers: auth })).status()).toBe(
    200,
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  await adminSession(page);
  await open(page, `/admin/service-orders?q=${phone}`);
  await expect(page.getByTestId('service-orders-table-row')).toHaveCount(2);
  // Not "no data": how many open orders match, that none has a pin, and why.
  const note = page.getByTestId('map-no-pins');
  await expect(note).toContainText('يطابق المرشحات طلبان مفتوحان، وليس لأي منهما موقع على الخريطة.');
  await expect(note).toContainText('العنوان الوطني المختصر');
  await expect(page.getByTestId('service-orders-map')).not.toContainText('لا توجد بيانات');
  await expect(page.getByTestId('map-pins')).toHaveCount(0);
  await shot(page, 'admin-service-orders-no-pin-ar');
  await open(page, `/admin/service-orders?q=${phone}&status=approved`);
  await expect(note).toContainText('يطابق المرشحات طلب مفتوح واحد، وليس له موقع على الخريطة.');
  // A state that closes the order: no open order at all.
  await open(page, `/admin/service-orders?q=${phone}&status=completed`);
  await expect(note).toHaveText('لا يطابق المرشحات أي طلب مفتوح، فلا شيء يظهر على الخريطة.');

  // The visit day: no browser date field ("mm/dd/yyyy"), an Arabic placeholder, a calendar in Arabic.
  await open(page, `/admin/service-orders?q=${phone}`);
  await expect(page.locator('input[type="date"]')).toHaveCount(0);
  const dayFilter = page.getByTestId('filter-date');
  await expect(dayFilter).toHaveText('اختر يوماً');
  await expect(dayFilter).not.toContainText(/mm|dd|yyyy/i);
  const [today, tomorrow, later] = [riyadhDay(0), riyadhDay(1), riyadhDay(2)];
  await dayFilter.click();
  // It opens on Riyadh's month, today marked; the week starts on Sunday.
  const todayCell = page.getByRole('button', { name: await arabicDay(page, today) });
  await expect(todayCell).toHaveAttribute('aria-current', 'date');
  await expect(page.locator('.mantine-DatePickerInput-weekday').first()).toHaveText('ح');
  if (tomorrow.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'الشهر التالي' }).click();
  await shot(page, 'admin-service-orders-day-picker-ar');
  await expectAccessible(page);
  // The visits of tomorrow (both at 10:00 Riyadh): the URL keeps the day as YYYY-MM-DD.
  await page.getByRole('button', { name: await arabicDay(page, tomorrow) }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]date=${tomorrow}(&|$)`));
  await expect(dayFilter).toHaveText(await arabicDay(page, tomorrow));
  await expectNothingClipped(dayFilter);
  await expect(page.getByTestId('service-orders-table-row')).toHaveCount(2);
  await shot(page, 'admin-service-orders-day-chosen-ar');
  // The day after: none of them.
  await dayFilter.click();
  if (later.slice(0, 7) !== tomorrow.slice(0, 7)) await page.getByRole('button', { name: 'الشهر التالي' }).click();
  await page.getByRole('button', { name: await arabicDay(page, later) }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]date=${later}(&|$)`));
  await expect(page.getByTestId('service-orders-table')).toContainText('لا توجد بيانات');
  await expect(note).toHaveText('لا يطابق المرشحات أي طلب مفتوح، فلا شيء يظهر على الخريطة.');
  // A day in the URL is shown as such when the page opens; cleared, the filter is gone from the URL.
  await open(page, `/admin/service-orders?q=${phone}&date=${tomorrow}`);
  await expect(dayFilter).toHaveText(await arabicDay(page, tomorrow));
  await expect(page.getByTestId('service-orders-table-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'مسح اليوم' }).click();
  await expect(page).not.toHaveURL(/date=/);
  await expect(dayFilter).toHaveText('اختر يوماً');
  // On a phone: the filter and its calendar fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await dayFilter.click();
  await expect(page.getByRole('button', { name: await arabicDay(page, today) })).toBeInViewport();
  await shot(page, 'admin-service-orders-day-picker-390-ar');

  // With a pinned order among them, the map shows it and counts the two it leaves out.
  await requestMaintenance(customer, riyadh, false);
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, `/admin/service-orders?q=${phone}`);
  await expect(page.getByTestId('map-pin')).toHaveCount(1);
  await expect(note).toHaveCount(0);
  const more = page.getByTestId('map-more-unpinned');
  await expect(more).toContainText('طلبان مفتوحان آخران يطابقان المرشحات ليس لهما موقع على الخريطة، فلا يظهران عليها.');
  await expect(more).toContainText('العنوان الوطني المختصر');
  await shot(page, 'admin-service-orders-more-unpinned-ar');
  // Filtered to the approved one (no pin) and a pinned one that is not approved: only the note of none.
  await open(page, `/admin/service-orders?q=${phone}&status=approved`);
  await expect(more).toHaveCount(0);
  await expect(note).toContainText('يطابق المرشحات طلب مفتوح واحد');
  await customerContext.close();
});

test('the admin cancels a paid order with a reason (the card refunded) and refuses a new one', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { riyadh, customerContext, customer } = await riyadhAndCustomer(request, browser);
  const paid = await paidOrder(customer, request, riyadh);
  const fresh = await requestMaintenance(customer, riyadh, false);

  await adminSession(page);
  await open(page, `/admin/service-orders/${paid.id}`);
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'paid');
  await page.getByTestId('admin-cancel').click();
  // A reason is asked for before anything is sent.
  await page.getByTestId('cancel-confirm').click();
  await expect(page.getByTestId('cancel-form')).toContainText('اختر سبب الإلغاء أو اكتب ملاحظة');
  await page.getByTestId('cancel-note').fill('لا يتوفر فني في هذا الموعد');
  await page.getByTestId('cancel-confirm').click();
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('service-refund')).toBeVisible();
  await expect(page.getByTestId('order-timeline')).toContainText('لا يتوفر فني في هذا الموعد');
  await expect(page.getByTestId('admin-cancel')).toHaveCount(0);
  await shot(page, 'admin-service-order-cancelled-ar');
  // The customer's rating page of the cancelled order says it cannot be rated (not "after it is finished").
  await open(customer, `/orders/evaluation/${paid.id}`);
  await expect(customer.getByTestId('rate-not-open')).toHaveText('أُلغي هذا الطلب، فلا يمكن تقييمه.');

  await open(page, `/admin/service-orders/${fresh.id}`);
  await page.getByTestId('admin-refuse').click();
  await page.getByTestId('cancel-note').fill('الموقع خارج نطاق الخدمة');
  await page.getByTestId('cancel-confirm').click();
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'refused');
  await expect(page.getByTestId('service-refund')).toHaveCount(0);
  await customerContext.close();
});

test('a wallet short of the offer is topped up from the pay dialog, and the offer is paid from it (Arabic, phone)', async ({
  browser,
  request,
}) => {
  const cities = (await (await request.get('/api/user/cities', { headers: { lang: 'ar' } })).json()).data as City[];
  const riyadh = cities.find((c) => c.name === 'الرياض')!;
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
    viewport: { width: 390, height: 844 },
  });
  const customer = await context.newPage();
  const order = await requestMaintenance(customer, riyadh);
  await approveWithOffer(request, order.id);

  // 150.00 + 15 % VAT = 172.50 against an empty wallet: the dialog offers to top up the missing 173 SAR.
  const payFromWallet = async () => {
    await customer.getByTestId('offer-accept').click();
    await customer.getByTestId('payment-method').locator('label').filter({ hasText: 'المحفظة' }).click();
  };
  await open(customer, `/orders/immediate_maintenance/${order.id}`);
  await payFromWallet();
  await expect(customer.getByTestId('pay-confirm')).toBeDisabled();
  await expect(customer.getByTestId('wallet-top-up')).toContainText('173.00');
  await shot(customer, 'maintenance-pay-top-up-ar-390');
  await customer.getByTestId('wallet-top-up').click();
  await payOnSandbox(customer);
  // Back on the order, the wallet holds it: the page says so (the order itself is not paid yet), and the pay
  // dialog opens on the wallet.
  await customer.waitForURL(new RegExp(`/orders/immediate_maintenance/${order.id}(\\?|$)`));
  await customer.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await splashGone(customer);
  await expect(customer.locator('.mantine-Notification-root')).toContainText('شُحنت محفظتك');
  await expect(customer.locator('.mantine-Notification-root')).not.toContainText('تم استلام الدفع');
  await customer.getByTestId('offer-accept').click();
  await expect(customer.getByTestId('payment-method').locator('input[value="wallet"]')).toBeChecked();
  await expect(customer.getByTestId('wallet-balance')).toContainText('173.00');
  await customer.getByTestId('pay-confirm').click();
  await expect(customer.getByTestId('order-status').first()).toHaveAttribute('data-status', 'paid');
  await context.close();
});
