/**
 * The pool designer in a real browser. In Arabic with WebGL (Chromium's software renderer here): the 3D
 * view draws, the sizes typed (Arabic digits too) and the extras chosen change the legend and the server's
 * estimate, a size out of range is refused at its field in Arabic; the request (its snapshot taken from
 * the canvas) opens the new order with the design, its picture and the estimate; the order is under its
 * tabs. In English with WebGL switched off (the page cannot get a WebGL context): the 2D drawing takes
 * the 3D view's place with the same sizes, follows the changes, and its rasterised picture is the
 * snapshot. Then the dashboard (through the API) assigns the engineer, who sends an offer (the staff API):
 * the customer rejects it with a reason, accepts the revised one and pays by card; the engineer's stage
 * with its photo shows on the page, and once completed the engineer can be rated. Screenshots at 390 and 1280 pixels in both languages; axe on every page.
 */
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  addressAndWallet,
  adminPost,
  adminToken,
  clientIp,
  codeFor,
  expectAccessible,
  open,
  payOnSandbox,
  reload,
  shot,
  SHOTS,
  signUpByApi,
} from './support.ts';

const TAG = Date.now() % 1_000_000;
/** The demo engineer (packages/db seed-construction.ts), serving Riyadh. */
const ENGINEER_PHONE = '500000003';
// A 1×1 PNG, a stage's photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PHONE_SIZE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Makes every WebGL context fail, as in a browser without WebGL (2D contexts still work). */
const NO_WEBGL = () => {
  const original = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
    if (/webgl/i.test(type)) return null;
    return (original as (...a: unknown[]) => unknown).call(this, type, ...rest);
  } as typeof original;
};

let browser: Browser;
let page: Page;
let orderId = 0;
let orderNumber = '';
const pageErrors: string[] = [];

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
  await signUpByApi(page, `عميل المسبح ${TAG}`);
  await addressAndWallet(page, 100);
});

test.afterAll(async () => {
  await page.context().close();
});

/** The estimate's text once the server has answered for the design now on the page. */
async function estimate(p: Page) {
  const box = p.getByTestId('estimate-box');
  await expect(box).toHaveAttribute('data-status', 'done');
  return (await p.getByTestId('estimate-range').textContent())!.trim();
}

/** Both widths: a screenshot at 390 px and one at 1280 px, back to the phone. */
async function bothWidths(p: Page, name: string) {
  await shot(p, `${name}-390`);
  await p.setViewportSize(DESKTOP);
  await shot(p, `${name}-1280`);
  await p.setViewportSize(PHONE_SIZE);
}

test('signed out: the designer asks to sign in, and says nothing of missing designs', async ({ page: visitor }) => {
  await open(visitor, '/construction');
  await expect(visitor.getByRole('dialog')).toContainText('عذراً، أنت غير مسجل في الموقع.');
  await expect(visitor.getByTestId('construction-unavailable')).toHaveCount(0);
});

test('Arabic with WebGL: the 3D view and the estimate follow the design; a size out of range is refused', async () => {
  await open(page, '/construction');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const view = page.getByTestId('pool-view');
  await expect(view).toHaveAttribute('data-view', '3d');
  await expect(view).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('pool-3d').locator('canvas')).toBeVisible();
  // The text alternative of the canvas names the sizes.
  await expect(page.getByTestId('pool-3d')).toHaveAttribute('aria-label', /الطول 8 م/);
  await expect(page.getByTestId('legend-length')).toContainText('8 م');
  await expect(page.getByTestId('legend-area')).toContainText('32 م²');
  await expect(page.getByTestId('legend-volume')).toContainText('48 م³');
  const first = await estimate(page);
  expect(first).toMatch(/^من .+ إلى .+$/);
  await expect(page.getByTestId('estimate-box')).toContainText('شامل ضريبة القيمة المضافة');

  // A longer pool (typed in Arabic digits): the legend and the price follow.
  await page.getByTestId('size-length').fill('١٢');
  await expect(page.getByTestId('legend-length')).toContainText('12 م');
  await expect(page.getByTestId('legend-area')).toContainText('48 م²');
  await expect(page.getByTestId('estimate-box')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('estimate-range')).not.toHaveText(first);
  const longer = await estimate(page);

  // Extras cost more.
  await page.getByTestId('option-steps').click();
  await page.getByTestId('option-lighting').click();
  await expect(page.getByTestId('estimate-range')).not.toHaveText(longer);

  // Another shape and colour.
  await page.getByTestId('design-type').and(page.locator('[data-shape="kidney"]')).click();
  await page.getByTestId('colour').nth(1).click();
  await expect(page.getByTestId('pool-3d')).toHaveAttribute('aria-label', /درج/);

  // Out of range: refused at the field in Arabic, the drawing keeps the last good size.
  await page.getByTestId('size-depth').fill('7');
  await page.getByTestId('size-depth').blur();
  await expect(page.locator('[data-field="depth"]')).toContainText('يجب ألا يزيد على 3 م');
  await expect(page.getByTestId('legend-depth')).toContainText('1.5 م');
  await expect(page.getByTestId('estimate-box')).toHaveAttribute('data-status', 'waiting');
  await page.getByTestId('size-depth').fill('1.8');
  await expect(page.locator('[data-field="depth"]')).not.toContainText('يجب');
  await expect(page.getByTestId('legend-depth')).toContainText('1.8 م');
  await estimate(page);

  // The buttons and a drag turn the view: the canvas's picture changes.
  const canvas = page.getByTestId('pool-3d').locator('canvas');
  const picture = () => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
  /** The picture once the view has come to rest (a drag eases out over a few frames). */
  const still = async () => {
    let last = '';
    await expect
      .poll(async () => {
        const now = await picture();
        const same = now === last;
        last = now;
        return same;
      })
      .toBe(true);
    return last;
  };
  let before = await still();
  await page.getByRole('button', { name: 'تدوير لليسار' }).click();
  await expect.poll(picture).not.toBe(before);
  before = await still();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 20, { steps: 5 });
  await page.mouse.up();
  await expect.poll(picture).not.toBe(before);
  // Two fingers pinching out zoom in (touch as a phone sends it).
  before = await still();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 2 });
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  const fingers = (d: number) => [
    { x: cx - d, y: cy, id: 1 },
    { x: cx + d, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
  for (const d of [40, 60, 80, 100])
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(picture).not.toBe(before);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
  await cdp.detach();
  await page.getByRole('button', { name: 'إعادة المنظر' }).click();

  // On paper the 2D drawing stands in for the canvas.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('pool-drawing')).toBeVisible();
  await expect(canvas).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(canvas).toBeVisible();

  // On a phone the range stays in sight at the bottom while the form is filled in.
  await page.getByTestId('option-heating').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('estimate-bar')).toBeInViewport();
  await expect(page.getByTestId('estimate-bar')).toContainText((await estimate(page)).slice(0, 8));
  await page.screenshot({ path: join(SHOTS, 'construction-designer-bar-ar-390.png') });
  await page.setViewportSize(DESKTOP);
  await expect(page.getByTestId('estimate-bar')).toBeHidden();
  await page.setViewportSize(PHONE_SIZE);

  await page.getByTestId('construction-notes').fill(`المسبح في الحديقة الخلفية ${TAG}`);
  await bothWidths(page, 'construction-designer-3d-ar');
  await expectAccessible(page);
});

test('Arabic: the request saves the canvas as the snapshot and opens the order, listed under its tabs', async () => {
  await page.getByTestId('construction-submit').click();
  await page.waitForURL(/\/orders\/pool_construction\/\d+$/);
  orderId = Number(page.url().split('/').pop());
  expect(orderId).toBeGreaterThan(0);
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'new');
  orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
  const summary = page.getByTestId('design-summary');
  await expect(summary).toContainText('12 م');
  await expect(summary).toContainText('1.8 م');
  await expect(summary).toContainText('درج');
  // The snapshot is a real picture (the canvas as drawn), not a broken image.
  const snapshot = page.getByTestId('design-snapshot');
  await expect(snapshot).toBeVisible();
  await expect
    .poll(() => snapshot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(100);
  await expect(page.getByTestId('order-estimate')).toContainText('شامل ضريبة القيمة المضافة');
  await expect(page.getByTestId('offer-waiting')).toBeVisible();
  await expect(page.getByTestId('request-notes')).toContainText(String(TAG));
  await bothWidths(page, 'construction-order-ar');
  await expectAccessible(page);

  const listed = (p: Page) => p.getByTestId('orders-list').getByTestId('order-number').filter({ hasText: orderNumber });
  await open(page, '/orders/pool_construction?tab=new');
  await expect(listed(page)).toBeVisible();
  await bothWidths(page, 'construction-orders-ar');
  await expectAccessible(page);
  await open(page, '/orders');
  await expect(listed(page)).toBeVisible();
  expect(pageErrors.filter((e) => /#418|#423|#425|hydrat/i.test(e))).toEqual([]);
});

test('English without WebGL: the 2D drawing with the same sizes, its picture as the snapshot', async () => {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
    locale: 'en-GB',
    viewport: PHONE_SIZE,
    storageState: await page.context().storageState(),
  });
  await context.addInitScript(NO_WEBGL);
  const en = await context.newPage();
  try {
    await open(en, '/en/construction');
    await expect(en.locator('html')).toHaveAttribute('dir', 'ltr');
    const view = en.getByTestId('pool-view');
    await expect(view).toHaveAttribute('data-view', 'drawing');
    await expect(en.getByTestId('pool-3d')).toHaveCount(0);
    await expect(en.getByTestId('pool-view-note')).toContainText('2D drawing');
    const drawing = en.getByTestId('pool-drawing');
    await expect(drawing).toBeVisible();
    await expect(drawing.locator('[data-measure]')).toHaveText(['8 m', '4 m', '1.5 m']);
    await expect(drawing.locator('desc')).toContainText('8 m long, 4 m wide, 1.5 m deep');
    const first = await estimate(en);
    expect(first).toMatch(/^from .+ to .+$/);

    await en.getByTestId('size-width').fill('5.5');
    await expect(drawing.locator('[data-measure]')).toHaveText(['8 m', '5.5 m', '1.5 m']);
    await expect(en.getByTestId('legend-width')).toContainText('5.5 m');
    await expect(en.getByTestId('estimate-range')).not.toHaveText(first);
    await en.getByTestId('option-cover').click();
    await en.getByTestId('size-length').fill('30');
    await en.getByTestId('size-length').blur();
    await expect(en.locator('[data-field="length"]')).toContainText('Must be at most 25 m');
    // Sending is refused at the field too, nothing is sent.
    await en.getByTestId('construction-submit').click();
    await expect(en).toHaveURL(/\/en\/construction$/);
    await en.getByTestId('size-length').fill('10');
    await estimate(en);
    await bothWidths(en, 'construction-designer-2d-en');
    await expectAccessible(en);

    await en.getByTestId('construction-submit').click();
    await en.waitForURL(/\/en\/orders\/pool_construction\/\d+$/);
    const summary = en.getByTestId('design-summary');
    await expect(summary).toContainText('10 m');
    await expect(summary).toContainText('5.5 m');
    await expect(summary).toContainText('Cover');
    const snapshot = en.getByTestId('design-snapshot');
    await expect
      .poll(() => snapshot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(100);
    await bothWidths(en, 'construction-order-en');
    await expectAccessible(en);
    await open(en, '/en/orders/pool_construction');
    await expect(en.getByTestId('order-card')).toHaveCount(2);
    await bothWidths(en, 'construction-orders-en');
    await expectAccessible(en);

    // The Arabic page draws in 2D too, its measures in Arabic units.
    await open(en, '/construction');
    await expect(en.getByTestId('pool-view')).toHaveAttribute('data-view', 'drawing');
    await expect(en.getByTestId('pool-drawing').locator('[data-measure]')).toHaveText(['8 م', '4 م', '1.5 م']);
    await expect(en.getByTestId('pool-view-note')).toContainText('رسمًا ثنائي الأبعاد');
    await bothWidths(en, 'construction-designer-2d-ar');
  } finally {
    await context.close();
  }
});

/** The demo engineer's staff token: the code from the SMS outbox. */
async function engineerToken(p: Page) {
  const headers = { 'x-forwarded-for': clientIp(), lang: 'ar' };
  const after = Date.now() - 1000;
  const body = { country_code: '966', phone: ENGINEER_PHONE };
  expect((await p.request.post('/api/staff/send-code', { headers, data: body })).status()).toBe(200);
  const code = await codeFor(`966${ENGINEER_PHONE}`, after);
  const session = await (await p.request.post('/api/staff/check-code', { headers, data: { ...body, code } })).json();
  expect(session.key, session.msg).toBe('success');
  return { authorization: `Bearer ${session.data.token as string}`, lang: 'ar' };
}

test('Arabic: the engineer assigned sends an offer; rejected with a reason, the revised one accepted and paid by card; a stage; completed', async () => {
  const request = page.context().request;
  const admin = { authorization: `Bearer ${await adminToken(request)}` };
  await open(page, `/orders/pool_construction/${orderId}`);
  const status = page.getByTestId('order-status').first();

  // The dashboard assigns the demo engineer: the open page follows.
  const engineers = (
    await (
      await request.get(`/api/admin/construction/orders/${orderId}/assignable-engineers`, { headers: admin })
    ).json()
  ).data as Array<{ id: number; name: string }>;
  // The demo engineer serves Riyadh: offered for this order.
  expect(engineers.map((e) => e.name)).toContain('سلمان القحطاني');
  const engineer = engineers.find((e) => e.name === 'سلمان القحطاني')!;
  await adminPost(request, `/construction/orders/${orderId}/assign`, { staff_id: engineer.id });
  await expect(status).toHaveAttribute('data-status', 'engineer_assigned');
  await expect(page.getByTestId('staff-name')).toContainText('سلمان القحطاني');
  // The order's chat: the customer, the engineer and customer service.
  await page.getByTestId('order-chat').click();
  await expect(page).toHaveURL(new RegExp(`/chat/chat_pool_construction\\?(order|id)=${orderId}$`));
  await expect(page.getByTestId('chat-participants')).toContainText('سلمان القحطاني');
  await open(page, `/orders/pool_construction/${orderId}`);

  // The engineer sends the offer.
  const staff = await engineerToken(page);
  const offer = async (lines: unknown[]) => {
    const res = await (
      await request.post(`/api/staff/construction/${orderId}/offer`, { headers: staff, data: { send: true, lines } })
    ).json();
    expect(res.key, `${res.msg} ${JSON.stringify(res.data)}`).toBe('success');
  };
  await offer([
    {
      kind: 'service',
      name_ar: 'حفر وصب الخرسانة',
      name_en: 'Digging and concrete',
      quantity: 1,
      unit_price: 6_000_000,
    },
    { kind: 'installation', name_ar: 'التشطيب', name_en: 'Finishing', quantity: 1, unit_price: 2_000_000 },
  ]);
  await expect(status).toHaveAttribute('data-status', 'offer_sent');
  await expect(page.getByTestId('offer-line')).toHaveCount(2);
  // 80,000 before VAT; VAT 15 % = 12,000; total 92,000.
  await expect(page.getByTestId('offer-total')).toContainText('92,000.00');

  await page.getByTestId('offer-reject').click();
  await page.getByTestId('reason-text').fill('السعر أعلى من التقدير، أرجو مراجعته');
  await page.getByTestId('reason-send').click();
  await expect(status).toHaveAttribute('data-status', 'offer_rejected');
  await expect(page.getByTestId('offer-rejected-note')).toContainText('السعر أعلى من التقدير');

  await offer([
    {
      kind: 'service',
      name_ar: 'حفر وصب الخرسانة',
      name_en: 'Digging and concrete',
      quantity: 1,
      unit_price: 5_500_000,
    },
    { kind: 'installation', name_ar: 'التشطيب', name_en: 'Finishing', quantity: 1, unit_price: 2_000_000 },
  ]);
  await expect(status).toHaveAttribute('data-status', 'offer_sent');
  // 75,000 + 11,250 VAT = 86,250.
  await expect(page.getByTestId('offer-total')).toContainText('86,250.00');
  await bothWidths(page, 'construction-order-offer-ar');
  await expectAccessible(page);

  // Accept and pay by card (the sandbox's card page), back on the order: the work is under way.
  await page.getByTestId('offer-accept').click();
  await page.getByTestId('pay-confirm').click();
  await payOnSandbox(page);
  await page.waitForURL(new RegExp(`/orders/pool_construction/${orderId}`));
  await expect(status).toHaveAttribute('data-status', 'in_progress');
  await expect(page.getByTestId('stages-empty')).toBeVisible();

  // The engineer posts a stage with a photo: it shows on the open page.
  const photo = await (
    await request.post('/api/staff/construction-photos', {
      headers: staff,
      multipart: { file: { name: 'stage.png', mimeType: 'image/png', buffer: PNG } },
    })
  ).json();
  expect(photo.key, photo.msg).toBe('success');
  const stage = await (
    await request.post(`/api/staff/construction/${orderId}/stages`, {
      headers: staff,
      data: { title: 'الحفر', note: 'انتهى حفر المسبح بالعمق المطلوب', photos: [photo.data.url] },
    })
  ).json();
  expect(stage.key, stage.msg).toBe('success');
  await reload(page);
  await expect(page.getByTestId('stage')).toHaveCount(1);
  await expect(page.getByTestId('stage')).toContainText('الحفر');
  await expect(page.getByTestId('stage').getByRole('img')).toHaveCount(1);
  await bothWidths(page, 'construction-order-progress-ar');
  await expectAccessible(page);

  // Completed by the dashboard: the engineer can be rated.
  await adminPost(request, `/construction/orders/${orderId}/complete`, {});
  await reload(page);
  await expect(status).toHaveAttribute('data-status', 'completed');
  await expect(page.getByTestId('rate-open')).toBeVisible();
  const timeline = page.getByTestId('order-timeline');
  await expect(timeline).toContainText('تم تعيين المهندس');
  await expect(timeline).toContainText('قيد التنفيذ');
  await expect(timeline).toContainText('مكتمل');
  // The engineer's moves are named as the engineer's, not a technician's.
  await expect(timeline).toContainText('المهندس');
  await expect(timeline).not.toContainText('الفني');
  await bothWidths(page, 'construction-order-completed-ar');

  // Rating the engineer: the rating page names the engineer; once sent, the order shows the stars.
  await page.getByTestId('rate-open').click();
  await expect(page).toHaveURL(new RegExp(`/orders/evaluation/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تقييم المهندس');
  await page.getByTestId('staff-stars').locator('input[value="4"] + label').click();
  await page.getByTestId('staff-comment').fill('عمل متقن والتزام بالمواعيد');
  await page.getByTestId('staff-rate-send').click();
  await expect(page.getByTestId('staff-rated')).toBeVisible();
  await shot(page, 'construction-evaluation-ar-390');
  await expectAccessible(page);
  await open(page, `/orders/pool_construction/${orderId}`);
  await expect(page.getByTestId('rate-open')).toHaveCount(0);
  await expect(page.getByTestId('staff-card')).toContainText('4 من 5 (تقييم واحد)');
  await expect(page.getByText('عمل متقن والتزام بالمواعيد')).toBeVisible();
  expect(pageErrors.filter((e) => /#418|#423|#425|hydrat/i.test(e))).toEqual([]);
});
