/**
 * Buying, end to end (issue 4): a visitor puts two products in the cart, signs
 * in with the SMS code and keeps the cart, applies a coupon, adds a national
 * address and pays by sandbox card; the order appears for the customer; the
 * admin moves it to delivered in the dashboard; the customer rates the
 * products and opens the tax invoice (Arabic, then English). A second customer
 * charges the wallet by card and pays an order from it (English).
 * Its own products, coupon and delivery price are made through the dashboard API.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  adminPost,
  adminSession,
  adminToken,
  clientIp,
  codeFor,
  expectAccessible,
  newPhone,
  open,
  payOnSandbox,
  pickMoment,
  riyadhDay,
  shot,
  typeCode,
} from './support.ts';

test.describe.configure({ mode: 'serial' });

const TAG = `ck${Date.now() % 100_000}`;
const COUPON = `SAVE${Date.now() % 100_000}`;
type Made = { id: number };
let heater: Made;
let chlorine: Made;
let customer: Page;
let orderNumber = '';
let orderUrl = '';

async function newCustomerPage(browser: Browser, locale = 'ar-SA') {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() }, locale });
  return context.newPage();
}

test.beforeAll(async ({ request, browser }) => {
  const category = await adminPost<Made>(request, '/categories', {
    name_ar: `معدات ${TAG}`,
    name_en: `Equipment ${TAG}`,
  });
  heater = await adminPost<Made>(request, '/products', {
    name_ar: `سخان مسبح كهربائي ${TAG}`,
    name_en: `Electric pool heater ${TAG}`,
    description_ar: 'سخان كهربائي يحافظ على حرارة ماء المسبح.',
    description_en: 'An electric heater that keeps the pool water warm.',
    category_id: category.id,
    price: 120_000,
    stock: 4,
    installation_price: 20_000,
  });
  chlorine = await adminPost<Made>(request, '/products', {
    name_ar: `أقراص كلور ${TAG}`,
    name_en: `Chlorine tablets ${TAG}`,
    description_ar: 'أقراص كلور بطيئة الذوبان لتعقيم الماء.',
    description_en: 'Slow-dissolving chlorine tablets for clean water.',
    category_id: category.id,
    price: 9_000,
    stock: 50,
  });
  await adminPost(request, '/coupons', {
    title: `خصم الصيف ${TAG}`,
    code: COUPON,
    discount_type: 'ratio',
    value: 10,
    max_discount: 50_000,
    max_uses: 100,
    max_uses_per_user: 1,
    starts_at: new Date(Date.now() - 60_000).toISOString(),
    expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  const cities = (await (await request.get('/api/user/cities', { headers: { lang: 'ar' } })).json()).data as {
    id: number;
    name: string;
  }[];
  const riyadh = cities.find((c) => c.name === 'الرياض')!;
  await adminPost(request, `/delivery-prices/${riyadh.id}`, { price: 3000, free_above: 500_000 });
  customer = await newCustomerPage(browser);
});
test.afterAll(() => customer.context().close());

/** Adds one unit of a product with its page's button; the header then counts `units`. */
async function addToCart(page: Page, productId: number, units: number) {
  await open(page, `/online_store_id/${productId}`);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toContainText(String(units));
}

test('a visitor fills the cart, signs in and keeps it', async () => {
  const page = customer;
  await addToCart(page, heater.id, 1);
  await addToCart(page, chlorine.id, 2);
  await open(page, '/shopping_cart');
  await expect(page.getByTestId('cart-count')).toContainText('2');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  const chlorineLine = page.getByTestId('cart-line').filter({ hasText: `أقراص كلور ${TAG}` });
  await chlorineLine.getByTestId('cart-increase').click();
  await expect(chlorineLine.getByTestId('cart-quantity')).toHaveText('2');
  const heaterLine = page.getByTestId('cart-line').filter({ hasText: `سخان مسبح كهربائي ${TAG}` });
  // Each line links to its product's own page (slug of the English name), not through /online_store_id.
  await expect(heaterLine.getByRole('link', { name: `سخان مسبح كهربائي ${TAG}` })).toHaveAttribute(
    'href',
    `/online_store/${heater.id}-electric-pool-heater-${TAG}`,
  );
  await expect(chlorineLine.getByRole('link', { name: `أقراص كلور ${TAG}` })).toHaveAttribute(
    'href',
    `/online_store/${chlorine.id}-chlorine-tablets-${TAG}`,
  );
  await heaterLine.getByTestId('cart-installation').click();
  await expect(heaterLine.getByTestId('cart-installation')).toBeChecked();
  await expect(page.getByTestId('price-installation')).toBeVisible();
  // With VAT (ADR 0023): 1200 + 2 x 90 = 1380 SAR of products is 1587, 200 installation 230; no delivery yet.
  await expect(heaterLine.getByTestId('cart-line-vat-note')).toHaveText('شامل الضريبة');
  await expect(chlorineLine.getByTestId('cart-line-total')).toContainText('207.00');
  await expect(page.getByTestId('price-products')).toContainText('1,587.00');
  await expect(page.getByTestId('price-installation')).toContainText('230.00');
  await expect(page.getByTestId('price-total')).toContainText('1,817.00');
  await expect(page.getByTestId('price-before-vat')).toContainText('1,580.00');
  await expect(page.getByTestId('price-tax')).toContainText('237.00');
  // The total closes the lines, below the VAT it includes (above it, the VAT read as added to it).
  const lineIds = await page
    .getByTestId('price-lines')
    .locator('[data-testid^="price-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  expect(lineIds.slice(-3)).toEqual(['price-before-vat', 'price-tax', 'price-total']);
  await shot(page, 'cart-visitor-ar');
  await expectAccessible(page);

  // Checking out asks to sign in first.
  await page.getByTestId('checkout-sign-in').click();
  await expect(page.getByText('عذراً، أنت غير مسجل في الموقع.')).toBeVisible();
  await page.getByRole('button', { name: 'تسجيل الدخول' }).last().click();
  await expect(page).toHaveURL(/\/auth\/login/);

  const phone = newPhone();
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('send-code').click();
  await expect(page).toHaveURL(/\/auth\/Otp/);
  await typeCode(page, await codeFor(`966${phone}`));
  await expect(page).toHaveURL(/\/auth\/register/);
  await page.getByTestId('field-name').fill('فهد الدوسري');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('account-menu')).toContainText('فهد الدوسري');

  // The visitor's cart is now the customer's.
  await open(page, '/shopping_cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-count')).toContainText('3');
});

test('the customer applies a coupon, adds an address and pays by sandbox card', async () => {
  const page = customer;
  await open(page, '/shopping_cart');
  // A wrong code is explained; the real one applies.
  await page.getByTestId('coupon-input').fill('NOPE1');
  await page.getByTestId('coupon-apply').click();
  await expect(page.getByText('كود الخصم غير صحيح')).toBeVisible();
  await page.getByTestId('coupon-input').fill(COUPON.toLowerCase());
  await page.getByTestId('coupon-apply').click();
  await expect(page.getByTestId('coupon-applied')).toContainText(COUPON);
  // 10 % of 1380 = 138 SAR, 158.70 with VAT.
  await expect(page.getByTestId('price-discount')).toContainText('158.70');

  await page.getByTestId('address-add').click();
  const form = page.getByTestId('address-form');
  // A building number of 3 digits is refused in the page.
  await form.getByTestId('address-city').click();
  await page.getByRole('option', { name: 'الرياض' }).click();
  await form.getByTestId('address-district').fill('الملقا');
  await form.getByTestId('address-street').fill('طريق الملك فهد');
  await form.getByTestId('address-building').fill('123');
  await form.getByTestId('address-postal').fill('13521');
  await form.getByTestId('address-save').click();
  await expect(form.getByText('يجب ألا يقل هذا الحقل عن 4 أرقام')).toBeVisible();
  await form.getByTestId('address-building').fill('1234');
  await form.getByTestId('address-save').click();
  await expect(page.getByTestId('address-option')).toHaveCount(1);
  await expect(page.getByTestId('price-delivery')).toContainText('34.50');
  // 1587 + 230 + 34.50 - 158.70 = 1692.80 SAR, of which VAT 220.80 on 1472 before it.
  await expect(page.getByTestId('price-total')).toContainText('1,692.80');
  await expect(page.getByTestId('price-before-vat')).toContainText('1,472.00');
  await expect(page.getByTestId('price-tax')).toContainText('220.80');
  await shot(page, 'cart-checkout-ar');
  await expectAccessible(page);

  await page.getByTestId('place-order').click();
  await payOnSandbox(page);
  await page.waitForURL(/\/orders\/online_store_order\/\d+/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'new');
  orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
  orderUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId('price-total')).toContainText('1,692.80');
  await expect(page.getByTestId('order-timeline')).toContainText('جديد');
  await expect(page.getByTestId('cart-count')).not.toContainText(/\d/);
  await shot(page, 'order-paid-ar');
  await expectAccessible(page);

  await open(page, '/orders');
  await expect(page.getByTestId('order-card').filter({ hasText: orderNumber })).toBeVisible();
  await shot(page, 'orders-tabs-ar');
});

test('the admin moves the order to delivered in the dashboard', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });
  const admin = await context.newPage();
  await adminSession(admin);
  await open(admin, '/admin/store-orders');
  await admin.getByTestId('list-search').fill(orderNumber);
  await admin.getByTestId('list-search').press('Enter');
  await expect(admin.getByTestId('admin-orders-table-row')).toHaveCount(1);
  await shot(admin, 'admin-store-orders');
  await admin.getByTestId('admin-order-link').click();
  await expect(admin).toHaveURL(/\/admin\/store-orders\/\d+$/);
  for (const status of ['preparing', 'delivering', 'delivered']) {
    await admin.getByTestId(`move-${status}`).click();
    await admin.getByTestId(`move-${status}-confirm`).click();
    await expect(admin.getByTestId('order-status')).toHaveAttribute('data-status', status);
  }
  await expect(admin.getByTestId('admin-cancel')).toHaveCount(0);
  await shot(admin, 'admin-store-order-delivered');
  await admin.getByTestId('admin-invoice').click();
  await expect(admin.getByTestId('invoice-qr')).toBeVisible();
  await expect(admin.getByTestId('invoice')).toContainText('فاتورة ضريبية مبسطة');
  await expect(admin.getByTestId('invoice-arabic-label')).toHaveCount(0);
  await shot(admin, 'admin-store-order-invoice');
  await context.close();
});

test('the customer rates the products and opens the invoice, in Arabic and English', async () => {
  const page = customer;
  await open(page, orderUrl);
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered');
  await page.getByTestId('rate-open').click();
  await expect(page).toHaveURL(/\/orders\/evaluation\/\d+/);
  const lines = page.getByTestId('rate-line');
  await expect(lines).toHaveCount(2);
  // Sending without stars is refused in the page.
  await lines.first().getByTestId('rate-submit').click();
  await expect(lines.first().getByText('اختر عدد النجوم')).toBeVisible();
  for (const [i, stars] of [
    [0, 5],
    [1, 4],
  ] as const) {
    const line = lines.nth(i);
    // Mantine's Rating has a hidden label for 0 stars first: pick the star by its value.
    const rating = line.getByTestId('rate-stars');
    await rating.locator(`input[value="${stars}"] + label`).click();
    await expect(rating.locator('input:checked')).toHaveValue(String(stars));
    await line.getByTestId('rate-comment').fill('منتج ممتاز وتوصيل سريع');
    await line.getByTestId('rate-submit').click();
    await expect(line.getByText('شكراً لتقييمك')).toBeVisible();
  }
  await shot(page, 'evaluation-ar');
  await expectAccessible(page);

  await open(page, `/en${orderUrl}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('order-status')).toHaveText('Delivered');
  await page.getByTestId('invoice-open').click();
  const invoice = page.getByTestId('invoice');
  await expect(invoice).toContainText('Simplified tax invoice · فاتورة ضريبية مبسطة');
  // A Saudi tax invoice is in Arabic: every label of the English one carries its Arabic too.
  await expect(invoice.getByTestId('price-lines')).toContainText('Total incl. VAT · الإجمالي شامل الضريبة');
  // Lines with VAT adding up to the total, the VAT broken out: the heater with installation 1380 + 230.
  await expect(invoice.locator('tbody tr').filter({ hasText: 'heater' })).toContainText('1,610.00');
  await expect(invoice.getByTestId('price-total')).toContainText('1,692.80');
  await expect(invoice.getByTestId('price-tax')).toContainText('220.80');
  await expect(invoice.locator('th [lang="ar"]')).toHaveCount(5);
  await expect(page.getByTestId('invoice-qr')).toBeVisible();
  await shot(page, 'order-invoice-en');

  await open(page, '/en/orders/online_store_order?tab=finished');
  await expect(page.getByTestId('order-card').filter({ hasText: orderNumber })).toContainText('Delivered');
  await shot(page, 'orders-finished-en');
});

test('the dashboard manages coupons (create, close, open, notify) and delivery prices', async ({ browser }) => {
  // The admin's browser is in New York: the coupon's times are still Riyadh's.
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
    timezoneId: 'America/New_York',
  });
  const admin = await context.newPage();
  await adminSession(admin);
  await open(admin, '/admin/coupons');
  await admin.getByTestId('coupon-add').click();
  const form = admin.getByTestId('coupon-form');
  const code = `E2E${TAG}`.toUpperCase();
  await form.getByTestId('coupon-title').fill('خصم نهاية الأسبوع');
  await form.getByTestId('coupon-code').fill('abc');
  await form.getByTestId('coupon-value').fill('15');
  await form.getByTestId('coupon-max-uses').fill('50');
  // No browser datetime field ("mm/dd/yyyy, --:-- --"): Riyadh's day on the calendar, a 24-hour time.
  await expect(form.locator('input[type="datetime-local"]')).toHaveCount(0);
  const [today, later] = [riyadhDay(0), riyadhDay(10)];
  const starts = form.getByTestId('coupon-starts');
  await expect(starts).toHaveText('اختر اليوم والساعة');
  await pickMoment(admin, starts, 'يبدأ في', today.label('ar'), '00:00');
  await expect(starts).toHaveText(`${today.label('ar')}، الساعة 00:00`);
  await pickMoment(admin, form.getByTestId('coupon-expires'), 'ينتهي في', later.label('ar'), '23:30');
  await expect(form.getByTestId('coupon-expires')).toHaveText(`${later.label('ar')}، الساعة 23:30`);
  await shot(admin, 'admin-coupon-form-ar');
  await form.getByTestId('coupon-submit').click();
  // The server's rule, in Arabic, under the field.
  await expect(form.getByText('يجب ألا يقل هذا الحقل عن 5 أحرف')).toBeVisible();
  await form.getByTestId('coupon-code').fill(code.toLowerCase());
  await form.getByTestId('coupon-submit').click();
  const row = admin.getByTestId('coupons-table-row').filter({ hasText: code });
  await expect(row).toContainText('متاح');
  // Kept as Riyadh's wall clock (UTC+3), not New York's.
  const token = await adminToken(admin.request);
  const list = await admin.request.get(`/api/admin/coupons?q=${code}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const saved = (await list.json()).data.data[0];
  expect([saved.starts_at, saved.expires_at]).toEqual([
    new Date(`${today.day}T00:00:00+03:00`).toISOString(),
    new Date(`${later.day}T23:30:00+03:00`).toISOString(),
  ]);
  // Opened again for editing (still from New York), the coupon shows the same Riyadh times.
  await row.getByTestId('coupon-edit').click();
  await expect(form.getByTestId('coupon-starts')).toHaveText(`${today.label('ar')}، الساعة 00:00`);
  await expect(form.getByTestId('coupon-expires')).toHaveText(`${later.label('ar')}، الساعة 23:30`);
  await form.getByRole('button', { name: 'إلغاء' }).click();
  await expect(form).toBeHidden();
  await row.getByTestId('coupon-toggle').click();
  await admin.getByTestId('coupon-toggle-confirm').click();
  await expect(row).toContainText('مغلق');
  await row.getByTestId('coupon-toggle').click();
  await admin.getByTestId('coupon-toggle-confirm').click();
  await expect(row).toContainText('متاح');
  await row.getByTestId('coupon-notify').click();
  await admin.getByTestId('coupon-notify-confirm').click();
  await expect(admin.getByText(/تم إرسال الإشعار إلى/)).toBeVisible();
  await shot(admin, 'admin-coupons');
  await expectAccessible(admin);

  await open(admin, '/admin/delivery-prices');
  const riyadh = admin.getByTestId('delivery-table-row').filter({ hasText: 'الرياض' });
  await riyadh.getByTestId('delivery-edit').click();
  await admin.getByTestId('delivery-price').fill('35');
  await admin.getByTestId('delivery-free-above').fill('600');
  await admin.getByTestId('delivery-submit').click();
  await expect(riyadh).toContainText('35.00');
  await expect(riyadh).toContainText('600.00');
  await shot(admin, 'admin-delivery-prices');
  await expectAccessible(admin);
  await context.close();
});

test('a second customer charges the wallet by card and pays an order from it (English)', async ({ browser }) => {
  test.setTimeout(120_000); // sign-up, a card payment and a checkout in one test
  const page = await newCustomerPage(browser, 'en-GB');
  await open(page, '/en/auth/login');
  const phone = newPhone();
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('send-code').click();
  await expect(page).toHaveURL(/\/en\/auth\/Otp/);
  await typeCode(page, await codeFor(`966${phone}`));
  await expect(page).toHaveURL(/\/en\/auth\/register/);
  await page.getByTestId('field-name').fill('Noura Alqahtani');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('account-menu')).toContainText('Noura Alqahtani');

  // 200 SAR into the wallet by the sandbox's success card.
  await open(page, '/en/more/wallet');
  await page.getByTestId('wallet-amount').fill('200');
  await page.getByTestId('wallet-charge-submit').click();
  await payOnSandbox(page);
  await page.waitForURL(/\/en\/more\/wallet\?payment_id=\d+&payment_status=paid$/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByTestId('wallet-balance')).toContainText('200.00');

  // One pack of chlorine, delivered to Riyadh (35 SAR since the dashboard changed it), paid from the wallet.
  await addToCart(page, chlorine.id, 1);
  await open(page, '/en/shopping_cart');
  await page.getByTestId('address-add').click();
  const form = page.getByTestId('address-form');
  await form.getByTestId('address-city').click();
  await page.getByRole('option', { name: 'Riyadh' }).click();
  await form.getByTestId('address-district').fill('Al Malqa');
  await form.getByTestId('address-street').fill('King Fahd Road');
  await form.getByTestId('address-building').fill('4321');
  await form.getByTestId('address-postal').fill('13524');
  await form.getByTestId('address-save').click();
  await expect(page.getByTestId('address-option')).toHaveCount(1);
  // (90 + 35) x 1.15 = 143.75 SAR
  await expect(page.getByTestId('price-total')).toContainText('143.75');
  await page.getByTestId('payment-method').locator('label').filter({ hasText: 'Wallet' }).click();
  await expect(page.getByText('Your wallet balance: SAR 200.00')).toBeVisible();
  await page.getByTestId('place-order').click();

  await page.waitForURL(/\/en\/orders\/online_store_order\/\d+/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'new');
  await expect(page.getByTestId('price-total')).toContainText('143.75');
  await shot(page, 'order-wallet-en');
  await expectAccessible(page);

  // The wallet shows the payment: 200 - 143.75 = 56.25 SAR.
  await open(page, '/en/more/wallet');
  await expect(page.getByTestId('wallet-balance')).toContainText('56.25');
  await expect(page.getByTestId('wallet-entry').first()).toHaveAttribute('data-kind', 'payment');
  await expect(page.getByTestId('wallet-entry-amount').first()).toContainText('143.75');
  await page.context().close();
});
