/**
 * Pool construction in the dashboard (Arabic) and the engineer's staff view (Arabic and English).
 * The catalogue: an admin adds a design type (picture uploaded with the form) and a colour (code
 * typed, swatch shown), edits them, hides one, and changes the prices; the customer's designer and
 * the server's estimate follow each change. The work: a customer's request is found in the
 * operations console under its kind, its page shows the design; the admin assigns an engineer
 * (engineers of the city only), who signs in to the staff view on a phone, finds the project, sends
 * the offer; the customer accepts and pays; the engineer posts a stage with a photo taken with the
 * camera and completes the project; the dashboard shows the stage and the completion. Screenshots
 * at 1280 and 390 pixels; axe on each page.
 */
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  addressAndWallet,
  adminNav,
  adminPost,
  adminSession,
  adminToken,
  clientIp,
  expectAccessible,
  newPhone,
  open,
  reload,
  shot,
  signInAdmin,
  signUpByApi,
} from './support.ts';
import { expectNothingClipped } from './clipping.ts';
import { signIn } from './staff-steps.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const TAG = Date.now() % 1_000_000;
const PHOTO = join(import.meta.dirname, '..', '..', 'apps', 'web', 'public', 'img', 'logo_app.png');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SITE = (lang: 'ar' | 'en' = 'ar') => ({ 'x-pool-site': '1', lang });

type Catalogue = {
  design_types: { id: number; shape: string; name: string; image: string }[];
  colours: { id: number; name: string; hex: string; image: string | null }[];
};
type Estimate = { area_m2: number; volume_m3: number; low: number; high: number };
type Prices = {
  surface_m2: number;
  volume_m3: number;
  options: Record<'steps' | 'lighting' | 'heating' | 'cover', number>;
  low_percent: number;
  high_percent: number;
};

const catalogue = async (request: APIRequestContext) =>
  (await (await request.get('/api/user/construction/catalogue', { headers: SITE() })).json()).data as Catalogue;

/** The server's estimate of an 8 × 4 × 1.5 m pool of this type and colour (with these extras). */
async function estimateOf(request: APIRequestContext, designTypeId: number, colourId: number, options: string[] = []) {
  const res = await request.post('/api/user/construction/estimate', {
    headers: SITE(),
    data: { length: 8, width: 4, depth: 1.5, design_type_id: designTypeId, colour_id: colourId, options },
  });
  return { status: res.status(), body: (await res.json()) as { key: string; data: Estimate | Record<string, string> } };
}
const rangeOf = async (request: APIRequestContext, typeId: number, colourId: number, options: string[] = []) => {
  const { status, body } = await estimateOf(request, typeId, colourId, options);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as Estimate;
};

const adminGet = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const res = await request.get(`/api/admin${path}`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  return (await res.json()).data as T;
};
const pricesBody = (p: Prices) => ({
  surface_m2_sar: String(p.surface_m2 / 100),
  volume_m3_sar: String(p.volume_m3 / 100),
  options: Object.fromEntries(Object.entries(p.options).map(([k, v]) => [k, String(v / 100)])),
  low_percent: p.low_percent,
  high_percent: p.high_percent,
});
async function restorePrices(request: APIRequestContext, prices: Prices) {
  const res = await request.put('/api/admin/construction/prices', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: pricesBody(prices),
  });
  expect((await res.json()).key).toBe('success');
}

/** A row of a catalogue list found by its Arabic name. */
const rowOf = (page: Page, table: string, name: string) => page.getByTestId(`${table}-row`).filter({ hasText: name });

test('catalogue: design types, colours and prices edited in the dashboard change the designer and the estimate', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const request = page.request;
  const before = await adminGet<Prices>(request, '/construction/prices');
  // The designer's customer (the catalogue and the estimate are for signed-in customers).
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });
  const customer = await context.newPage();
  await signUpByApi(customer, `عميل تصميم ${TAG}`);
  const site = customer.request;
  const seeded = await catalogue(site);
  const rectangle = seeded.design_types.find((d) => d.shape === 'rectangle')!;
  const white = seeded.colours[0]!;
  const typeAr = `مستطيل فاخر ${TAG}`;
  const colourAr = `أخضر زمردي ${TAG}`;

  try {
    await signInAdmin(page);
    await adminNav(page, 'construction');
    await expect(page).toHaveURL(/\/admin\/construction\/design-types$/);
    await expect(page.getByRole('heading', { level: 1, name: 'أنواع تصاميم المسابح' })).toBeVisible();
    await expect(page.getByTestId('design-types-table-row')).toHaveCount(seeded.design_types.length);

    // A new design type: nothing is sent without a shape or picture; then a rectangle, 150 %, with its picture.
    await page.getByTestId('design-type-add').click();
    const form = page.getByTestId('design-type-form');
    await page.getByTestId('design-type-submit').click();
    await expect(form.getByText('هذا الحقل مطلوب').first()).toBeVisible();
    await form.getByLabel('الشكل').click();
    await page.getByRole('option', { name: 'مستطيل', exact: true }).click();
    await form.getByLabel('الاسم بالعربية').fill(typeAr);
    await form.getByLabel('الاسم بالإنجليزية').fill(`Luxury rectangle ${TAG}`);
    await form.getByLabel('معامل السعر (٪)').fill('150');
    await page.getByTestId('design-type-submit').click();
    await expect(page.getByTestId('design-type-image-error')).toHaveText('اختر صورة للتصميم');
    await page.getByTestId('design-type-image-input').setInputFiles(PHOTO);
    await expect(page.getByTestId('design-type-image-error')).toHaveCount(0);
    await shot(page, 'admin-construction-design-type-form-ar');
    await page.getByTestId('design-type-submit').click();
    await expect(page.getByText('تمت الإضافة بنجاح').first()).toBeVisible();
    await expect(form).toBeHidden();
    const typeRow = rowOf(page, 'design-types-table', typeAr);
    await expect(typeRow.getByTestId('design-type-row-factor')).toHaveText(/150/);
    await expect(typeRow.getByTestId('design-type-row-shape')).toHaveText('مستطيل');

    // The site offers it with its picture, priced 1.5 times the rectangle's surface.
    const mine = (await catalogue(site)).design_types.find((d) => d.name === typeAr)!;
    expect(mine.image).toMatch(/^\/uploads\//);
    const base = await rangeOf(site, rectangle.id, white.id);
    const luxury = await rangeOf(site, mine.id, white.id);
    expect(luxury.area_m2).toBe(base.area_m2);
    expect(luxury.low).toBeGreaterThan(base.low);

    // Edited to 100 %: the same estimate as the rectangle.
    await typeRow.getByTestId('design-type-edit').click();
    await expect(form.getByLabel('الاسم بالعربية')).toHaveValue(typeAr);
    await form.getByLabel('معامل السعر (٪)').fill('100');
    await page.getByTestId('design-type-submit').click();
    await expect(page.getByText('تم الحفظ بنجاح').first()).toBeVisible();
    await expect(typeRow.getByTestId('design-type-row-factor')).toHaveText(/100/);
    expect(await rangeOf(site, mine.id, white.id)).toEqual(base);
    await page.setViewportSize(PHONE);
    await shot(page, 'admin-construction-design-types-390-ar');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'admin-construction-design-types-1280-ar');
    await expectAccessible(page);

    // A colour: the code typed without #, its swatch in the list; an extra of 20 SAR per m² raises the estimate.
    await adminNav(page, 'construction-colours');
    await expect(page.getByRole('heading', { level: 1, name: 'ألوان تشطيب المسابح' })).toBeVisible();
    await page.getByTestId('colour-add').click();
    const colourForm = page.getByTestId('colour-form');
    await colourForm.getByLabel('الاسم بالعربية').fill(colourAr);
    await colourForm.getByLabel('الاسم بالإنجليزية').fill(`Emerald ${TAG}`);
    await colourForm.getByLabel('رمز اللون').fill('zz');
    await page.getByTestId('colour-submit').click();
    await expect(colourForm.getByText('أدخل اللون بعلامة #')).toBeVisible();
    await colourForm.getByLabel('رمز اللون').fill('#2E8B57');
    await colourForm.getByLabel('السعر الإضافي لكل متر مربع (ر.س، قبل الضريبة)').fill('٢٠');
    await shot(page, 'admin-construction-colour-form-ar');
    await page.getByTestId('colour-submit').click();
    await expect(page.getByText('تمت الإضافة بنجاح').first()).toBeVisible();
    const colourRow = rowOf(page, 'colours-table', colourAr);
    await expect(colourRow.getByTestId('colour-row-hex')).toHaveText('#2e8b57');
    await expect(colourRow.getByTestId('colour-row-extra')).toContainText('20');
    const emerald = (await catalogue(site)).colours.find((c) => c.name === colourAr)!;
    expect(emerald.hex).toBe('#2e8b57');
    const green = await rangeOf(site, rectangle.id, emerald.id);
    expect(green.low).toBeGreaterThan(base.low);
    await page.setViewportSize(PHONE);
    await shot(page, 'admin-construction-colours-390-ar');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'admin-construction-colours-1280-ar');
    await expectAccessible(page);

    // The customer's designer shows the new type and colour (names and swatch) and prices them.
    await open(customer, '/construction');
    const typeCard = customer.getByTestId('design-type').filter({ hasText: typeAr });
    await expect(typeCard).toBeVisible();
    await expect(customer.getByTestId('colour').filter({ hasText: colourAr })).toBeVisible();
    await expect(customer.getByTestId('estimate-box')).toHaveAttribute('data-status', 'done');
    // White (no extra), then the new colour (20 SAR per m²): the estimate goes up.
    await customer.getByTestId('colour').filter({ hasText: white.name }).click();
    await expect(customer.getByTestId('estimate-box')).toHaveAttribute('data-status', 'done');
    const first = (await customer.getByTestId('estimate-range').textContent())!;
    await customer.getByTestId('colour').filter({ hasText: colourAr }).click();
    await expect(customer.getByTestId('estimate-range')).not.toHaveText(first);

    // Hidden from customers with the list's switch: the designer and the estimate no longer take it.
    await adminNav(page, 'construction');
    await typeRow.getByTestId('design-type-toggle').click({ force: true });
    await expect(page.getByText('تم الحفظ بنجاح').first()).toBeVisible();
    await expect(typeRow.getByTestId('design-type-toggle')).toHaveAttribute('data-active', 'false');
    expect((await catalogue(site)).design_types.map((d) => d.name)).not.toContain(typeAr);
    const refused = await estimateOf(site, mine.id, white.id);
    expect(refused.status).toBe(422);
    await open(customer, '/construction');
    await expect(customer.getByTestId('design-type').filter({ hasText: typeAr })).toHaveCount(0);

    // Prices: no spread, and lighting at 3,000 SAR: the estimate is one figure and lighting adds 3,450 with VAT.
    await adminNav(page, 'construction-prices');
    await expect(page.getByRole('heading', { level: 1, name: 'أسعار إنشاء المسابح' })).toBeVisible();
    const prices = page.getByTestId('construction-prices-form');
    await expect(page.getByTestId('price-surface')).toHaveValue((before.surface_m2 / 100).toFixed(2));
    await page.getByTestId('price-option-lighting').fill('3000');
    await expect(prices).toContainText('3,450.00');
    await page.getByTestId('price-low').fill('0');
    await page.getByTestId('price-high').fill('0');
    await page.getByTestId('price-surface').fill('abc');
    await page.getByTestId('prices-save').click();
    await expect(prices.getByText(/ريال|صحيح|رقم/).first()).toBeVisible();
    await page.getByTestId('price-surface').fill((before.surface_m2 / 100).toString());
    await page.getByTestId('prices-save').click();
    await expect(page.getByText('تم حفظ الأسعار').first()).toBeVisible();
    await page.setViewportSize(PHONE);
    await shot(page, 'admin-construction-prices-390-ar');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'admin-construction-prices-1280-ar');
    await expectAccessible(page);
    const plain = await rangeOf(site, rectangle.id, white.id);
    const lit = await rangeOf(site, rectangle.id, white.id, ['lighting']);
    expect(plain.low).toBe(plain.high);
    expect(lit.low - plain.low).toBe(345_000);
    await reload(page);
    await expect(page.getByTestId('price-option-lighting')).toHaveValue('3000.00');
  } finally {
    await restorePrices(request, before);
    await context.close();
  }
});

/** A customer's construction request (through the site's API, the snapshot uploaded first), with a wallet to pay. */
async function requested(browser: Browser) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });
  const customer = await context.newPage();
  await signUpByApi(customer, `عميلة المسبح ${TAG}`);
  await addressAndWallet(customer, 1000);
  const cities = (await (await customer.request.get('/api/user/cities', { headers: SITE() })).json()).data as {
    id: number;
    name: string;
  }[];
  const riyadh = cities.find((c) => c.name === 'الرياض')!;
  const upload = await (
    await customer.request.post('/api/user/construction-images', {
      headers: SITE(),
      multipart: { file: { name: 'design.png', mimeType: 'image/png', buffer: await readPhoto() } },
    })
  ).json();
  expect(upload.key, upload.msg).toBe('success');
  const cat = await catalogue(customer.request);
  const created = await (
    await customer.request.post('/api/user/construction', {
      headers: SITE(),
      data: {
        length: 9,
        width: 4.5,
        depth: 1.6,
        design_type_id: cat.design_types.find((d) => d.shape === 'kidney')!.id,
        colour_id: cat.colours[2]!.id,
        options: ['steps', 'lighting'],
        notes: `حديقة خلفية بجانب المجلس ${TAG}`,
        snapshot: upload.data.url,
        lat: 24.7136,
        lng: 46.6753,
        city_id: riyadh.id,
      },
    })
  ).json();
  expect(created.key, created.msg).toBe('success');
  return { order: created.data as { id: number; number: string }, customer, riyadh, close: () => context.close() };
}

async function readPhoto() {
  const { readFile } = await import('node:fs/promises');
  return readFile(PHOTO);
}

test('the admin assigns an engineer, who sends the offer, posts a stage with a photo and completes', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const { order, customer, riyadh, close } = await requested(browser);
  const engineerPhone = newPhone();
  const engineer = await adminPost<{ id: number }>(page.request, '/staff', {
    name: `م. فيصل ${TAG}`,
    country_code: '966',
    phone: engineerPhone,
    job: 'engineer',
    city_ids: [riyadh.id],
  });
  // A technician of the same city is not offered: engineers only.
  const technician = await adminPost<{ id: number }>(page.request, '/staff', {
    name: `فني المسابح ${TAG}`,
    country_code: '966',
    phone: newPhone(),
    job: 'technician',
    city_ids: [riyadh.id],
  });

  // The console lists it under its kind; its page shows the design the customer made.
  await adminSession(page);
  await open(page, '/admin/service-orders?kind=pool_construction');
  const link = page.getByTestId('service-order-link').filter({ hasText: order.number });
  await expect(link).toBeVisible();
  await page.setViewportSize(PHONE);
  await shot(page, 'admin-construction-orders-390-ar');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'admin-construction-orders-1280-ar');
  await expectAccessible(page);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/admin/service-orders/construction/${order.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(order.number);
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'new');
  const summary = page.getByTestId('design-summary');
  await expect(summary).toContainText('9 م');
  await expect(summary).toContainText('4.5 م');
  await expect(summary).toContainText('درج');
  await expect(page.getByTestId('construction-estimate')).toContainText('ر.س');
  await expect(page.getByTestId('construction-notes')).toContainText(String(TAG));
  await expect
    .poll(() =>
      page.getByTestId('design-snapshot').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(10);

  // Engineers of the city only; assigned after the question.
  const panel = page.getByTestId('assign-panel');
  await expect(panel.getByTestId(`assign-${engineer.id}`)).toBeVisible();
  await expect(panel.getByTestId(`assign-${technician.id}`)).toHaveCount(0);
  await shot(page, 'admin-construction-order-assign-ar');
  await expectAccessible(page);
  await panel.getByTestId(`assign-${engineer.id}`).click();
  await page.getByTestId(`assign-${engineer.id}-confirm`).click();
  await expect(page.getByText('تم تعيين المهندس').first()).toBeVisible();
  await expect(page.getByTestId('assigned-staff')).toHaveText(`م. فيصل ${TAG}`);
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'engineer_assigned');
  // The dashboard may price it too: the editor is there until an offer is sent.
  await expect(page.getByTestId('offer-editor')).toBeVisible();

  // The engineer, on a phone in Arabic: their projects, the project, the offer.
  const staffContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
    viewport: PHONE,
  });
  const staff = await staffContext.newPage();
  await signIn(staff, engineerPhone, 'ar');
  await expect(staff.getByRole('heading', { level: 1, name: 'مشاريع الإنشاء' })).toBeVisible();
  const card = staff.getByTestId('project-card').filter({ hasText: order.number });
  await expect(card.getByTestId('order-status')).toHaveAttribute('data-status', 'engineer_assigned');
  // The sign-in's message gone, not over the heading.
  await expect(staff.getByText('تم إرسال رمز التحقق إلى جوالك')).toBeHidden({ timeout: 15_000 });
  await shot(staff, 'staff-construction-projects-390-ar');
  await expectAccessible(staff);
  await card.getByTestId('open-project').click();
  await expect(staff).toHaveURL(new RegExp(`/staff/construction/${order.id}$`));
  await expect(staff.getByTestId('order-number')).toHaveText(order.number);
  await expect(staff.getByTestId('design-summary')).toContainText('9 م');
  await expect(staff.getByTestId('project-notes')).toContainText(String(TAG));
  await expect(staff.getByTestId('project-stages')).toContainText('بعد دفع العميل');

  const offer = staff.getByTestId('offer-panel');
  const line = offer.getByTestId('offer-line');
  await line.getByTestId('offer-line-name').fill('حفر وصب وتشطيب المسبح');
  await line.getByTestId('offer-line-price').fill('٧٠٠');
  await expect(line.getByTestId('offer-line-total')).toContainText('700.00');
  await offer.getByTestId('add-offer-line').click();
  const second = offer.getByTestId('offer-line').nth(1);
  await second.getByTestId('offer-line-kind').click();
  await staff.getByRole('option', { name: 'خصم' }).click();
  await second.getByTestId('offer-line-name').fill('خصم الافتتاح');
  await second.getByTestId('offer-line-price').fill('50');
  // (700 − 50) × 1.15
  await expect(offer.getByTestId('offer-total')).toContainText('747.50');
  await shot(staff, 'staff-construction-offer-390-ar');
  await expectNothingClipped(offer);
  await expectAccessible(staff);
  await offer.getByTestId('send-offer').click();
  await staff.getByTestId('confirm-send-offer').click();
  await expect(staff.getByText('تم إرسال عرض السعر للعميل').first()).toBeVisible();
  await expect(staff.getByTestId('order-head').getByTestId('order-status')).toHaveAttribute(
    'data-status',
    'offer_sent',
  );
  await expect(offer.getByTestId('offer-line-view')).toHaveCount(2);

  // The customer accepts and pays from the wallet.
  const accepted = await (
    await customer.request.post(`/api/user/construction-orders/${order.id}/accept`, {
      headers: { ...SITE(), 'idempotency-key': `admin-construction-${TAG}` },
      data: { payment_method: 'wallet' },
    })
  ).json();
  expect(accepted.key, accepted.msg).toBe('success');
  expect(accepted.data.status).toBe('in_progress');

  // A stage with a photo from the camera, then the project completed.
  await reload(staff);
  await expect(staff.getByTestId('order-head').getByTestId('order-status')).toHaveAttribute(
    'data-status',
    'in_progress',
  );
  const stageForm = staff.getByTestId('stage-form');
  await staff.getByTestId('post-stage').click();
  await expect(stageForm.getByText('هذا الحقل مطلوب')).toBeVisible();
  await stageForm.getByTestId('stage-title-input').fill(`الحفر ${TAG}`);
  await stageForm.getByTestId('stage-note-input').fill('اكتمل الحفر بعمق 1.6 م');
  await staff.getByTestId('stage-photos-input').setInputFiles(PHOTO);
  await expect(stageForm.getByRole('img', { name: 'الصورة 1' })).toBeVisible();
  await staff.getByTestId('post-stage').click();
  await expect(staff.getByText('تم نشر المرحلة').first()).toBeVisible();
  const stage = staff.getByTestId('stage').filter({ hasText: `الحفر ${TAG}` });
  await expect(stage).toBeVisible();
  await expect(stage.getByRole('img')).toHaveCount(1);
  await expect(stageForm.getByTestId('stage-title-input')).toHaveValue('');
  await shot(staff, 'staff-construction-stage-390-ar');
  await expectAccessible(staff);

  // The same page in English, at both widths.
  await open(staff, `/en/staff/construction/${order.id}`);
  await expect(staff.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(staff.getByTestId('project-stages')).toContainText('Work stages');
  await expect(staff.getByTestId('offer-panel')).toContainText('Price offer');
  await shot(staff, 'staff-construction-project-390-en');
  await staff.setViewportSize(DESKTOP);
  await shot(staff, 'staff-construction-project-1280-en');
  await expectAccessible(staff);
  await staff.setViewportSize(PHONE);

  await staff.getByTestId('complete-project').click();
  await staff.getByTestId('confirm-complete').click();
  await expect(staff.getByTestId('order-head').getByTestId('order-status')).toHaveAttribute('data-status', 'completed');
  await expect(staff.getByTestId('stage-form')).toHaveCount(0);
  await expect(staff.getByTestId('complete-project')).toHaveCount(0);
  await expect(staff.getByTestId('project-stages')).not.toContainText('once the customer has paid');
  await open(staff, '/en/staff');
  await expect(staff.getByTestId('no-projects')).toBeVisible();
  await staffContext.close();

  // The dashboard: the stage with its photo, the engineer, the completion in the history.
  await reload(page);
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'completed');
  const adminStage = page.getByTestId('stage').filter({ hasText: `الحفر ${TAG}` });
  await expect(adminStage).toBeVisible();
  await expect(adminStage.getByRole('img')).toHaveCount(1);
  await expect(page.getByTestId('offer-view')).toContainText('حفر وصب وتشطيب المسبح');
  // The engineer's moves (the offer sent, the completion) are named as the engineer's in the history.
  await expect(page.getByTestId('order-timeline')).toContainText('المهندس');
  await page.setViewportSize(PHONE);
  await shot(page, 'admin-construction-order-390-ar');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'admin-construction-order-1280-ar');
  await expectAccessible(page);
  await close();
});
