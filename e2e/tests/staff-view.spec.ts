/**
 * The staff view (/staff, /en/staff), phone first: a technician signs in by mobile code on a 390 px
 * screen in English, finds the assigned visit of the next hour (set up through the customer's and
 * the dashboard's APIs; near midnight it is tomorrow's), goes on the way with an arrival estimate,
 * arrives, is refused finishing before the report, proposes an extra service the customer rejects
 * (seen live), reaches the chat from the top (its unread count) and chats with the customer, fills
 * the report (camera photos, checklist, a pH out of the healthy range flagged), finishes, finds the
 * visit among the finished ones and opens its report, and signs out. The Arabic pages are checked
 * too: a visit tomorrow morning cannot be set on the way yet (the button says from when); a blocked
 * technician is signed out. Screenshots at 390 and 1280 pixels.
 */
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  adminPost,
  adminToken,
  clientIp,
  expectAccessible,
  newPhone,
  open,
  reload,
  shot,
  signUpByApi,
} from './support.ts';
import { expectNothingClipped } from './clipping.ts';
import { move, openDayOf, signIn, soonSlot, switchView } from './staff-steps.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const TAG = Date.now() % 1_000_000;
const SITE = { 'x-pool-site': '1', lang: 'en' };
const PHOTO = join(import.meta.dirname, '..', '..', 'apps', 'web', 'public', 'img', 'logo_app.png');
const PHONE = { width: 390, height: 844 };

type City = { id: number; name: string };
type Staff = { id: number; phone: string };
type Slot = { date: string; time: string };

/**
 * A paid immediate-maintenance order at `slot` (Riyadh; by default the next hour's, so that it may
 * be set on the way at once), assigned to `technician` or a new one: the customer requests and
 * pays by sandbox card in their own context, the demo admin approves, prices and assigns through
 * the dashboard's API.
 */
async function assignedOrder(browser: Browser, page: Page, o: { slot?: Slot; technician?: Staff } = {}) {
  const request = page.request;
  const cities = (await (await request.get('/api/user/cities', { headers: { lang: 'ar' } })).json()).data as City[];
  const riyadh = cities.find((c) => c.name === 'الرياض')!;
  const phone = o.technician?.phone ?? newPhone();
  const technician =
    o.technician ??
    (await adminPost<Staff>(request, '/staff', {
      name: `Fahd Technician ${TAG}`,
      country_code: '966',
      phone,
      job: 'technician',
      city_ids: [riyadh.id],
    }));
  const slot = o.slot ?? soonSlot();

  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });
  const customer = await context.newPage();
  await signUpByApi(customer, `Noura Customer ${TAG}`);
  const created = await (
    await customer.request.post('/api/user/immediate-maintenance', {
      headers: SITE,
      data: {
        problem: `The pump stopped and the water is cloudy ${TAG}`,
        place: 'Outdoor pool behind the house',
        ...slot,
        lat: 24.7136,
        lng: 46.6753,
        city_id: riyadh.id,
      },
    })
  ).json();
  expect(created.key, created.msg).toBe('success');
  const order = created.data as { id: number; number: string };

  await adminPost(request, `/service-orders/${order.id}/approve`, {});
  const token = await adminToken(request);
  const offered = await (
    await request.put(`/api/admin/service-orders/${order.id}/offer`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        lines: [{ kind: 'service', name_ar: 'إصلاح المضخة', name_en: 'Pump repair', unit_price: 20_000 }],
        send: true,
      },
    })
  ).json();
  expect(offered.key, offered.msg).toBe('success');
  const accepted = await (
    await customer.request.post(`/api/user/maintenance-orders/${order.id}/accept`, {
      headers: { ...SITE, 'idempotency-key': `staff-view-${TAG}` },
      data: { payment_method: 'electronic' },
    })
  ).json();
  expect(accepted.key, accepted.msg).toBe('success');
  await customer.goto(accepted.data.redirect_url);
  await customer.locator('#card').fill('4111111111111111');
  await customer.locator('button[type="submit"]').click();
  await customer.waitForURL((url) => !url.pathname.startsWith('/api/payments/sandbox'));
  await adminPost(request, `/service-orders/${order.id}/assign`, { staff_id: technician.id });
  return { order, slot, phone, technician: { id: technician.id, phone }, customer, close: () => context.close() };
}

test('a technician works an assigned visit on a phone in English, from sign-in to finish', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const setup = await assignedOrder(browser, page);
  const { order } = setup;
  await page.setViewportSize(PHONE);

  // Sign-in, the login page first (screenshots of both steps' first one).
  await open(page, '/en/staff/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Field team sign-in' })).toBeVisible();
  await shot(page, 'staff-login-390-en');
  await expectAccessible(page);
  await signIn(page, setup.phone, 'en');

  // The day of the visit (today, or tomorrow near midnight) has it with its time, navigation and a tap to call.
  await expect(page.getByRole('heading', { level: 1, name: 'My visits' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await openDayOf(page, setup.slot.date);
  const card = page.getByTestId('visit-card').filter({ hasText: order.number });
  await expect(card.getByTestId('visit-time')).toHaveText(setup.slot.time);
  await expect(card.getByTestId('visit-status')).toHaveAttribute('data-status', 'technician_assigned');
  await expect(card).toContainText(`Noura Customer ${TAG}`);
  await expect(card.getByTestId('visit-problem')).toContainText(`The pump stopped and the water is cloudy ${TAG}`);
  await expect(card.getByTestId('navigate')).toHaveAttribute(
    'href',
    /google\.com\/maps\/dir\/.*destination=24\.7136,46\.6753/,
  );
  await expect(card.getByTestId('call')).toHaveAttribute('href', /^tel:\+966\d+$/);
  await shot(page, 'staff-day-390-en');
  await expectAccessible(page);

  // The customer writes first: the order page's chat button at the top counts it.
  const hello = await (
    await setup.customer.request.post(`/api/user/orders/${order.id}/chat`, {
      headers: SITE,
      data: { text: 'The key is under the mat', images: [] },
    })
  ).json();
  expect(hello.key, hello.msg).toBe('success');

  // The order: on the way in 20 minutes.
  await card.getByTestId('open-visit').click();
  await expect(page).toHaveURL(new RegExp(`/en/staff/orders/${order.id}$`));
  await expect(page.getByTestId('order-number')).toHaveText(order.number);
  await expect(page.getByTestId('order-problem')).toContainText('The pump stopped');
  // The customer's words keep their own direction (Arabic ones on this English page too).
  await expect(page.getByTestId('order-problem').locator('[dir="auto"]')).toContainText('The pump stopped');
  // A pin and no address in words: the city once, in English.
  await expect(page.getByTestId('visit-place')).toHaveText('Riyadh');
  await expect(page.getByTestId('visit-when')).toContainText(setup.slot.time);
  await expect(page.getByTestId('chat-unread')).toHaveText('1');
  await expect(page.getByTestId('open-chat')).toHaveAccessibleName('Chat with the customer (1 unread message)');
  await move(page, 'on_the_way', '20');
  await expect(page.getByTestId('visit-status')).toHaveAttribute('data-status', 'on_the_way');
  await expect(page.getByTestId('eta-at')).toContainText('Expected at');
  await move(page, 'arrived');
  await expect(page.getByTestId('visit-status')).toHaveAttribute('data-status', 'arrived');

  // Finishing before the report is refused with the server's message.
  await move(page, 'completed');
  await expect(page.getByTestId('move-refused')).toContainText('Complete the visit report first');
  await expect(page.getByTestId('visit-status')).toHaveAttribute('data-status', 'arrived');

  // An extra service, typed: 100 SAR with VAT 15 % shown live, then sent; the customer rejects it (live).
  const extras = page.getByTestId('extras-panel');
  await extras.getByTestId('add-extra-line').click();
  await extras.getByText('Typed').click();
  await extras.getByTestId('extra-name').fill('Tile repair');
  await extras.getByTestId('extra-price').fill('100');
  await expect(extras.getByTestId('extras-total')).toContainText('115.00');
  // At 390 px both buttons' labels show whole ("Send to the customer" was cut off).
  await expectNothingClipped(extras);
  await extras.getByTestId('send-extras').click();
  await expect(extras.getByTestId('extra')).toHaveAttribute('data-status', 'proposed');
  const list = await (
    await setup.customer.request.get(`/api/user/maintenance-orders/${order.id}/extras`, { headers: SITE })
  ).json();
  const extraId = (list.data as { id: number }[])[0]!.id;
  const rejected = await (
    await setup.customer.request.post(`/api/user/maintenance-orders/${order.id}/extras/${extraId}/reject`, {
      headers: SITE,
      data: { reason: 'Not needed this time' },
    })
  ).json();
  expect(rejected.key, rejected.msg).toBe('success');
  // The staff stream's notification reloads the page's data: no reload by hand.
  await expect(extras.getByTestId('extra')).toHaveAttribute('data-status', 'rejected', { timeout: 15_000 });
  await expect(extras).toContainText('Not needed this time');

  // The chat with the customer, one tap from the top: the customer's first message, the technician
  // writes, the customer's answer arrives live.
  await page.getByTestId('open-chat').click();
  await expect(page).toHaveURL(/#chat$/);
  const chat = page.getByTestId('staff-chat');
  await expect(chat).toBeInViewport();
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'The key is under the mat' })).toBeVisible();
  await chat.getByTestId('chat-input').fill('I am at the gate');
  await chat.getByTestId('chat-send').click();
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'I am at the gate' })).toBeVisible();
  const answer = await (
    await setup.customer.request.post(`/api/user/orders/${order.id}/chat`, {
      headers: SITE,
      data: { text: 'Coming to open it', images: [] },
    })
  ).json();
  expect(answer.key, answer.msg).toBe('success');
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'Coming to open it' })).toBeVisible({
    timeout: 15_000,
  });

  // The report: photos before and after from the camera input, every checklist item, readings.
  const report = page.getByTestId('report-form');
  await report.getByTestId('photos-before-input').setInputFiles(PHOTO);
  await expect(report.getByTestId('photos-before').getByRole('img')).toHaveCount(1);
  // A photo still uploading holds the save (saved then, the report was kept without it).
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/report/photos', async (route) => {
    await held;
    await route.continue();
  });
  await report.getByTestId('photos-after-input').setInputFiles(PHOTO);
  await expect(report.getByTestId('save-report')).toBeDisabled();
  await expect(report.getByTestId('report-photos-wait')).toBeVisible();
  release();
  await expect(report.getByTestId('photos-after').getByRole('img')).toHaveCount(1);
  await expect(report.getByTestId('save-report')).toBeEnabled();
  await expect(report.getByTestId('report-photos-wait')).toHaveCount(0);
  await page.unroute('**/report/photos');
  for (const item of ['pump', 'filter', 'skimmer', 'lights', 'water_balance', 'cleaning']) {
    await report.getByTestId(`check-${item}-ok`).click();
  }
  await report.getByTestId('check-pump-not-ok').click();
  await expect(report.getByTestId('check-pump-not-ok')).toHaveAttribute('aria-pressed', 'true');
  // Healthy ranges beside each reading; pH 8.4 is above 7.2–7.8, chlorine 2 is in range.
  await expect(report.getByText('Healthy range 7.2–7.8')).toBeVisible();
  await report.getByTestId('reading-ph').fill('8.4');
  await expect(report.getByTestId('reading-ph-flag')).toHaveAttribute('data-level', 'high');
  await expect(report.getByTestId('reading-ph-flag')).toContainText('Above the range');
  await report.getByTestId('reading-free_chlorine').fill('2');
  await expect(report.getByTestId('reading-free_chlorine-flag')).toHaveCount(0);
  await report.getByTestId('report-notes').fill('Replaced the pump seal; the water needs balancing.');
  // A reload before saving (after a failed save, a lost connection) keeps what was entered, in this browser.
  await reload(page);
  await expect(report.getByTestId('report-draft-restored')).toBeVisible();
  await expect(report.getByTestId('report-notes')).toHaveValue('Replaced the pump seal; the water needs balancing.');
  await expect(report.getByTestId('reading-ph')).toHaveValue('8.4');
  await expect(report.getByTestId('check-pump-not-ok')).toHaveAttribute('aria-pressed', 'true');
  await expect(report.getByTestId('photos-after').getByRole('img')).toHaveCount(1);
  await report.getByTestId('save-report').click();
  await expect(report.getByTestId('report-complete')).toBeVisible();
  // Saved: the browser's copy is gone.
  await expect(report.getByTestId('report-draft-restored')).toHaveCount(0);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('staff-report-draft'))),
  ).toEqual([]);
  await shot(page, 'staff-order-390-en');
  await expectAccessible(page);

  // The same page on a wide screen.
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'staff-order-1280-en');
  await page.setViewportSize(PHONE);

  // Finish.
  await move(page, 'completed');
  await expect(page.getByTestId('visit-status')).toHaveAttribute('data-status', 'completed');
  await expect(page.getByTestId('no-move')).toBeVisible();
  await expect(page.getByTestId('save-report')).toHaveCount(0);
  const saved = await (
    await setup.customer.request.get(`/api/user/maintenance-orders/${order.id}/report`, { headers: SITE })
  ).json();
  expect(saved.data.readings).toMatchObject({ ph: 8.4, free_chlorine: 2 });
  expect(saved.data.checklist).toMatchObject({ pump: false, filter: true });

  // The finished visit left the day; the finished list has it, and opens its report (read only).
  await open(page, '/en/staff');
  await switchView(page, 'finished');
  await expect(page).toHaveURL(/\/en\/staff\?show=finished$/);
  const done = page.getByTestId('finished-card').filter({ hasText: order.number });
  await expect(done.getByTestId('visit-status')).toHaveAttribute('data-status', 'completed');
  await shot(page, 'staff-finished-390-en');
  await expectAccessible(page);
  await done.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/en/staff/orders/${order.id}$`));
  await expect(page.getByTestId('visit-when')).toContainText(setup.slot.time);
  await expect(page.getByTestId('report-form')).toContainText('Replaced the pump seal');
  await expect(page.getByTestId('save-report')).toHaveCount(0);

  // An order that is not theirs is not found; the way out is their day, not the customers' site.
  await open(page, '/en/staff/orders/999999999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
  await expect(page.getByTestId('error-home')).toHaveText('Back to my visits');
  await expect(page.getByTestId('error-home')).toHaveAttribute('href', '/en/staff');
  await shot(page, 'staff-order-notmine-390-en');

  // The day at 1280, then sign out: back to the sign-in page, which says so.
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, '/en/staff');
  await expect(page.getByTestId('no-visits')).toBeVisible();
  await shot(page, 'staff-day-1280-en');
  await page.setViewportSize(PHONE);
  await page.getByTestId('staff-menu').click();
  await page.getByTestId('staff-sign-out').click();
  await expect(page).toHaveURL(/\/en\/staff\/login\?reason=signed_out$/);
  await expect(page.getByTestId('signed-out-reason')).toHaveText('You have been signed out');
  await open(page, `/en/staff/orders/${order.id}`);
  await expect(page).toHaveURL(/\/en\/staff\/login$/);
  await setup.close();
});

test('the staff view in Arabic, and a blocked technician is signed out', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(Date.now() + 86_400_000);
  const later = await assignedOrder(browser, page, { slot: { date: tomorrow, time: '10:00' } });
  const setup = await assignedOrder(browser, page, { technician: later.technician });
  await page.setViewportSize(PHONE);
  await signIn(page, setup.phone, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'زياراتي' })).toBeVisible();

  // Tomorrow 10:00: on the way opens three hours before (07:00); until then the button says so and does nothing.
  await open(page, `/staff/orders/${later.order.id}`);
  await expect(page.getByTestId('next-move')).toBeDisabled();
  await expect(page.getByTestId('next-move')).toContainText('أنا في الطريق · من');
  await expect(page.getByTestId('next-move')).toContainText('07:00');
  await expect(page.getByTestId('on-the-way-opens')).toHaveText('يُتاح قبل موعد الزيارة بـ3 ساعات');
  await expect(page.getByTestId('visit-when')).toContainText('10:00');
  // The technician's own empty chat text: not the customer's "write to us".
  await expect(page.getByTestId('chat-empty')).toHaveText(
    'لا توجد رسائل بعد. اكتب هنا للعميل أو لخدمة العملاء عن هذا الطلب.',
  );
  await shot(page, 'staff-order-later-390-ar');
  await expectAccessible(page);

  await open(page, '/staff');
  await openDayOf(page, setup.slot.date);
  const card = page.getByTestId('visit-card').filter({ hasText: setup.order.number });
  await expect(card.getByTestId('visit-status')).toHaveText('مسند إليك');
  await expect(card.getByTestId('navigate')).toHaveText('الاتجاهات');
  await shot(page, 'staff-day-390-ar');
  await expectAccessible(page);
  await card.getByTestId('open-visit').click();
  await expect(page.getByTestId('next-move')).toHaveText('أنا في الطريق');
  await move(page, 'on_the_way', '15');
  await expect(page.getByTestId('visit-status')).toHaveText('في الطريق');
  await expect(page.getByTestId('report-form')).toContainText('الرقم الهيدروجيني');
  await page.getByTestId('reading-ph').fill('٦٫٨');
  await expect(page.getByTestId('reading-ph-flag')).toHaveAttribute('data-level', 'low');
  await shot(page, 'staff-order-390-ar');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'staff-order-1280-ar');

  // The customer's session is not the staff's: the site's customer pages still ask this browser to sign in.
  const profile = await (await page.request.get('/api/user/profile', { headers: { 'x-pool-site': '1' } })).json();
  expect(profile.key).toBe('unauthenticated');

  // Blocked from the dashboard: the next page opens the sign-in page, which says why.
  await adminPost(request, `/staff/${setup.technician.id}/block`, {});
  await open(page, '/staff');
  await expect(page).toHaveURL(/\/staff\/login\?reason=blocked$/);
  await expect(page.getByTestId('signed-out-reason')).toContainText('تم حظر حسابك');
  await shot(page, 'staff-login-blocked-1280-ar');
  await setup.close();
  await later.close();
});
