/**
 * The whole immediate-maintenance story in three browser contexts at once (issue 10): a customer in
 * Arabic on a phone, the demo admin on the dashboard at 1280 pixels, and a technician in English on
 * a phone. The customer files a request in the form; the admin sees it arrive in the console,
 * approves it and sends a price offer with a catalogue line; the customer sees the offer arrive
 * without a reload, accepts and pays from the wallet; the admin assigns the technician; the
 * technician finds the visit in their day, goes on the way with an estimate (the customer sees the
 * state and the arrival live), arrives and proposes an extra service from the catalogue, which the
 * customer accepts and pays; the two chat on the order; the technician writes the report with a
 * photo after and finishes; the customer follows the rating prompt and rates five stars.
 * Set-up (the technician, catalogue items, the customer's address and wallet) goes through the APIs.
 */
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  adminPost,
  adminSession,
  clientIp,
  codeFor,
  newPhone,
  open,
  pickDay,
  shot,
  SHOTS,
  signUpByApi,
} from './support.ts';
import { expectNothingClipped } from './clipping.ts';
import { openDayOf, soonSlot } from './staff-steps.ts';

const TAG = Date.now() % 1_000_000;
const SITE_AR = { 'x-pool-site': '1', lang: 'ar' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const PHOTO = join(import.meta.dirname, '..', '..', 'apps', 'web', 'public', 'img', 'logo_app.png');

type City = { id: number; name: string };

/** Riyadh's date `n` days from now, and how the request form's calendar labels it in Arabic. */
function riyadhDay(n: number) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(Date.now() + n * 86_400_000);
  const label = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
  return { day, label };
}

/** The customer's order state as the page's first badge shows it. */
const stateOf = (page: Page) => page.getByTestId('order-status').first();

/** The staff order page's big button, confirmed (with the minutes to arrival when asked). */
async function move(page: Page, expected: string, eta?: string) {
  await expect(page.getByTestId('next-move')).toHaveAttribute('data-move', expected);
  await page.getByTestId('next-move').click();
  const dialog = page.getByRole('dialog');
  if (eta) await dialog.getByTestId('eta-minutes').fill(eta);
  await dialog.getByTestId('confirm-move').click();
}

test('immediate maintenance from request to rating: customer (ar), admin and technician (en) at once', async ({
  browser,
  request,
}) => {
  // Three browsers and some forty steps: under a minute alone, more on a loaded 2-core CI machine.
  test.setTimeout(180_000);
  const contextOf = (locale: string, viewport: { width: number; height: number }) =>
    browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
      locale,
      timezoneId: 'Asia/Riyadh',
      viewport,
    });
  const [customerContext, adminContext, techContext] = await Promise.all([
    contextOf('ar-SA', PHONE),
    contextOf('ar-SA', DESKTOP),
    contextOf('en', PHONE),
  ]);
  const customer = await customerContext.newPage();
  const admin = await adminContext.newPage();
  const tech = await techContext.newPage();

  // Set-up through the APIs: a technician serving Riyadh, a spare part and an extra service of this
  // run, the customer with a saved address in Riyadh and 1,000 SAR in the wallet (sandbox card).
  const cities = (await (await request.get('/api/user/cities', { headers: SITE_AR })).json()).data as City[];
  const riyadh = cities.find((c) => c.name === 'الرياض')!;
  const techName = `Khalid Technician ${TAG}`;
  const techPhone = newPhone();
  await adminPost(request, '/staff', {
    name: techName,
    country_code: '966',
    phone: techPhone,
    job: 'technician',
    city_ids: [riyadh.id],
  });
  const item = (kind: 'spare_part' | 'extra_service', name_ar: string, name_en: string, price_sar: string) =>
    adminPost(request, '/service-items', { kind, name_ar, name_en, price_sar, is_active: true });
  const part = `مانع تسرب المضخة ${TAG}`;
  const extraAr = `تغيير رمل الفلتر ${TAG}`;
  const extraEn = `Filter sand change ${TAG}`;
  await item('spare_part', part, `Pump seal ${TAG}`, '45');
  await item('extra_service', extraAr, extraEn, '80');
  const customerName = `نورة العتيبي ${TAG}`;
  await signUpByApi(customer, customerName);
  const address = await (
    await customer.request.post('/api/user/addresses', {
      headers: SITE_AR,
      form: {
        label: 'المنزل',
        city_id: String(riyadh.id),
        district: 'الياسمين',
        street: 'شارع الثمامة',
        building_number: '4321',
        postal_code: '13325',
      },
    })
  ).json();
  expect(address.key, address.msg).toBe('success');
  const charge = await (
    await customer.request.post('/api/user/wallet/charge', { headers: SITE_AR, form: { amount: '1000' } })
  ).json();
  expect(charge.key, charge.msg).toBe('success');
  await customer.goto(charge.data.redirect_url);
  await customer.locator('#card').fill('4111 1111 1111 1111');
  await customer.locator('button[type="submit"]').click();
  await customer.waitForURL(/payment_status=paid/);

  // The admin watches the console while the customer files the request.
  await adminSession(admin);
  await open(admin, '/admin/service-orders');

  const slot = soonSlot();
  let orderId = 0;
  let orderNumber = '';
  let adminAlert: Promise<void> = Promise.resolve();
  await test.step('the customer files the request in Arabic', async () => {
    await open(customer, '/Immediate_maintenance');
    await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');
    await customer.getByTestId('maintenance-problem').fill(`المضخة لا تعمل والماء صار أخضر ${TAG}`);
    await customer.getByTestId('maintenance-place').fill('مسبح خارجي في الحديقة');
    // The next hour's visit (near midnight, tomorrow's): the technician may go on the way at once.
    const day = riyadhDay(slot.date === riyadhDay(0).day ? 0 : 1);
    // On the last day of a month tomorrow is on the next month's page (this month's shows it hidden).
    await pickDay(customer, day.label);
    await customer.getByTestId('time-typed').fill(slot.time);
    await customer.getByTestId('time-typed').press('Enter');
    await expect(customer.getByTestId('chosen-day-hijri')).toContainText('هـ');
    await shot(customer, 'story-1-request-ar-390');
    // The dashboard's alert of the new order (it leaves after 8 s): watched from the moment of sending.
    adminAlert = expect(admin.getByTestId('live-alert').filter({ hasText: 'طلب صيانة فورية جديد' })).toBeVisible({
      timeout: 20_000,
    });
    await customer.getByTestId('maintenance-submit').click();
    await customer.waitForURL(/\/orders\/immediate_maintenance\/\d+$/);
    orderId = Number(customer.url().split('/').pop());
    await expect(stateOf(customer)).toHaveAttribute('data-status', 'new');
    orderNumber = (await customer.getByTestId('order-number').textContent())!.trim();
    await expect(customer.getByTestId('request-location')).toContainText('الياسمين');
    await expect(customer.getByTestId('offer-waiting')).toBeVisible();
  });

  await test.step('the admin sees it arrive, approves, and sends an offer with a catalogue line', async () => {
    // The console's open list takes the new order from the dashboard's stream.
    const row = admin.getByTestId('service-orders-table-row').filter({ hasText: orderNumber });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row.getByTestId('order-status')).toHaveAttribute('data-status', 'new');
    await adminAlert;
    await shot(admin, 'story-2-admin-list-1280');
    await open(admin, `/admin/service-orders/${orderId}`);
    await expect(admin.getByTestId('service-problem')).toContainText(String(TAG));
    await admin.getByTestId('move-approved').click();
    await admin.getByTestId('move-approved-confirm').click();
    await expect(admin.getByTestId('order-status').first()).toHaveAttribute('data-status', 'approved');
    // The customer's open page follows.
    await expect(stateOf(customer)).toHaveAttribute('data-status', 'approved');

    // The spare part from the catalogue (45 SAR) and the labour typed (150 SAR): 195 + VAT 29.25 = 224.25.
    const editor = admin.getByTestId('offer-editor');
    await admin.getByTestId('offer-add-catalogue').click();
    await editor.getByTestId('offer-line-item').click();
    await admin.getByRole('option', { name: new RegExp(part) }).click();
    await admin.getByTestId('offer-add-typed').click();
    await editor.getByTestId('offer-line-name-ar').fill('أجرة إصلاح المضخة');
    await editor.getByTestId('offer-line-name-en').fill('Pump repair labour');
    await editor.getByTestId('offer-line-price').nth(1).fill('150');
    await expect(editor.getByTestId('offer-total')).toContainText('224.25');
    await shot(admin, 'story-3-admin-offer-1280');
    await admin.getByTestId('offer-send').click();
    await admin.getByTestId('offer-send-confirm').click();
    await expect(admin.getByTestId('order-status').first()).toHaveAttribute('data-status', 'offer_sent');
  });

  await test.step('the offer reaches the customer without a reload; accepted and paid from the wallet', async () => {
    await expect(stateOf(customer)).toHaveAttribute('data-status', 'offer_sent');
    await expect(customer.getByTestId('offer-line')).toHaveCount(2);
    await expect(customer.getByTestId('offer-line').filter({ hasText: part })).toBeVisible();
    await expect(customer.getByTestId('offer-sum-tax')).toContainText('29.25');
    await expect(customer.getByTestId('offer-total')).toContainText('224.25');
    await shot(customer, 'story-4-offer-ar-390');
    await customer.getByTestId('offer-accept').click();
    await customer.getByTestId('payment-method').locator('label').filter({ hasText: 'المحفظة' }).click();
    await expect(customer.getByTestId('wallet-balance')).toContainText('1,000.00');
    await customer.getByTestId('pay-confirm').click();
    await expect(stateOf(customer)).toHaveAttribute('data-status', 'paid');
    await expect(customer.getByTestId('offer-accept')).toHaveCount(0);
  });

  await test.step('the admin assigns the technician; the customer sees who is coming', async () => {
    await expect(admin.getByTestId('order-status').first()).toHaveAttribute('data-status', 'paid', {
      timeout: 15_000,
    });
    const candidate = admin.getByTestId('assignable-staff').filter({ hasText: techName });
    await expect(candidate.getByTestId('staff-free')).toHaveAttribute('data-free', 'true');
    await candidate.getByRole('button', { name: 'إسناد' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'إسناد' }).click();
    await expect(admin.getByTestId('order-status').first()).toHaveAttribute('data-status', 'technician_assigned');
    await expect(admin.getByTestId('assigned-staff')).toContainText(techName);
    await expect(stateOf(customer)).toHaveAttribute('data-status', 'technician_assigned');
    await expect(customer.getByTestId('staff-name')).toHaveText(techName);
    await expect(customer.getByTestId('arrival')).toBeVisible();
  });

  await test.step('the technician signs in (English, phone), finds the visit and goes on the way', async () => {
    await open(tech, '/en/staff');
    await expect(tech).toHaveURL(/\/en\/staff\/login$/);
    const sentAfter = Date.now();
    await tech.getByTestId('phone-input').fill(techPhone);
    await tech.getByTestId('send-code').click();
    await expect(tech).toHaveURL(/\/en\/staff\/code\?/);
    const code = await codeFor(`966${techPhone}`, sentAfter - 1000);
    await tech.locator('input[autocomplete="one-time-code"]').first().click();
    await tech.keyboard.type(code);
    await expect(tech).toHaveURL(/\/en\/staff$/);
    await expect(tech.locator('html')).toHaveAttribute('dir', 'ltr');
    await openDayOf(tech, slot.date);
    const card = tech.getByTestId('visit-card').filter({ hasText: orderNumber });
    await expect(card.getByTestId('visit-time')).toHaveText(slot.time);
    await expect(card).toContainText(customerName);
    await shot(tech, 'story-5-tech-day-en-390');
    await card.getByTestId('open-visit').click();
    await expect(tech.getByTestId('order-number')).toHaveText(orderNumber);
    await move(tech, 'on_the_way', '25');
    await expect(tech.getByTestId('visit-status')).toHaveAttribute('data-status', 'on_the_way');
    await expect(tech.getByTestId('eta-at')).toContainText('Expected at');

    // The customer's page: on the way, with the technician's estimate inside the arrival window.
    await expect(stateOf(customer)).toHaveAttribute('data-status', 'on_the_way');
    await expect(customer.getByTestId('arrival-estimate')).toBeVisible();
    await shot(customer, 'story-6-on-the-way-ar-390');
  });

  await test.step('arrived; an extra service from the catalogue, accepted and paid by the customer', async () => {
    await move(tech, 'arrived');
    await expect(tech.getByTestId('visit-status')).toHaveAttribute('data-status', 'arrived');
    await expect(stateOf(customer)).toHaveAttribute('data-status', 'arrived');

    const extras = tech.getByTestId('extras-panel');
    await extras.getByTestId('add-extra-line').click();
    await extras.getByTestId('extra-item').click();
    await tech.getByRole('option', { name: new RegExp(extraEn) }).click();
    // 80 SAR + VAT 15 % = 92.
    await expect(extras.getByTestId('extras-total')).toContainText('92.00');
    await extras.getByTestId('send-extras').click();
    await expect(extras.getByTestId('extra')).toHaveAttribute('data-status', 'proposed');

    const extra = customer.getByTestId('extra');
    await expect(extra).toHaveAttribute('data-status', 'proposed');
    await expect(extra).toContainText(extraAr);
    await expect(extra).toContainText('92.00');
    await shot(customer, 'story-7-extra-ar-390');
    await extra.getByTestId('extra-accept').click();
    await customer.getByTestId('payment-method').locator('label').filter({ hasText: 'المحفظة' }).click();
    await customer.getByTestId('pay-confirm').click();
    await expect(extra).toHaveAttribute('data-status', 'paid');
    // The technician's page follows from the staff stream.
    await expect(extras.getByTestId('extra')).toHaveAttribute('data-status', 'paid', { timeout: 15_000 });
  });

  await test.step('chat: the customer writes, the technician sees it live and answers, the customer sees it live', async () => {
    const chatLink = customer.getByTestId('order-chat');
    await expect(chatLink).toHaveAttribute('href', `/chat/chat_immediate_maintenance?order=${orderId}`);
    // A client navigation: the chat's loader is asked for `<path>.data` and must not redirect to itself.
    await chatLink.click();
    await expect(customer).toHaveURL(new RegExp(`/chat/chat_immediate_maintenance\\?order=${orderId}$`));
    await expect(customer.getByRole('heading', { level: 1 })).toContainText(orderNumber);
    const question = 'هل تحتاج أن أفتح لك باب الحديقة؟';
    await customer.getByTestId('chat-input').fill(question);
    await customer.getByTestId('chat-send').click();
    await expect(customer.locator('[data-testid="chat-message"][data-mine="true"]')).toContainText(question);

    // The technician's open order page shows the message without a reload, and answers there.
    const techChat = tech.getByTestId('staff-chat');
    await expect(techChat.locator('[data-testid="chat-message"][data-mine="false"]')).toContainText(question, {
      timeout: 15_000,
    });
    await expect(techChat.locator('[data-testid="chat-message"][data-mine="false"]')).toContainText(customerName);
    const answer = 'Yes please, I am at the gate now.';
    await techChat.getByTestId('chat-input').fill(answer);
    await techChat.getByTestId('chat-send').click();
    await expect(techChat.locator('[data-testid="chat-message"][data-mine="true"]')).toContainText(answer);
    const theirs = customer.locator('[data-testid="chat-message"][data-mine="false"]');
    await expect(theirs).toContainText(answer);
    await expect(theirs).toContainText(techName);
    await shot(customer, 'story-8-chat-ar-390');
    await shot(tech, 'story-8-chat-tech-en-390');
  });

  await test.step('the technician writes the report with a photo after and finishes', async () => {
    await open(customer, `/orders/immediate_maintenance/${orderId}`);
    const report = tech.getByTestId('report-form');
    await report.getByTestId('photos-after-input').setInputFiles(PHOTO);
    await expect(report.getByTestId('photos-after').getByRole('img')).toHaveCount(1);
    for (const item of ['pump', 'filter', 'skimmer', 'lights', 'water_balance', 'cleaning']) {
      await report.getByTestId(`check-${item}-ok`).click();
    }
    // Readings out of range: the customer's page flags them.
    await report.getByTestId('reading-ph').fill('8.2');
    await report.getByTestId('reading-free_chlorine').fill('0.4');
    await report.getByTestId('report-notes').fill('Replaced the pump seal and changed the filter sand.');
    await report.getByTestId('save-report').click();
    await expect(report.getByTestId('report-complete')).toBeVisible();
    await shot(tech, 'story-9-tech-report-en-390');
    await move(tech, 'completed');
    await expect(tech.getByTestId('visit-status')).toHaveAttribute('data-status', 'completed');
  });

  await test.step('the customer follows the rating prompt and rates five stars', async () => {
    await expect(stateOf(customer)).toHaveAttribute('data-status', 'completed');
    await expect(customer.getByTestId('report')).toContainText('Replaced the pump seal');
    // English notes on the Arabic page keep their own direction (the full stop at their end).
    await expect(customer.getByTestId('report-notes-text')).toHaveAttribute('dir', 'auto');
    // The readings' levels show whole at 390 px ("أعلى من ال…" was cut off).
    const readings = customer.getByTestId('report-readings');
    await expect(readings.getByTestId('reading').first()).toContainText('أعلى من المعدل');
    await expectNothingClipped(readings);
    // The healthy range reads 7.2–7.8 from left to right inside the Arabic text (it showed 7.8–7.2).
    const [low, high] = await readings
      .getByTestId('reading')
      .first()
      .evaluate((row) => {
        const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          if (!text.includes('7.2') || !text.includes('7.8')) continue;
          const left = (s: string) => {
            const range = document.createRange();
            range.setStart(node!, text.indexOf(s));
            range.setEnd(node!, text.indexOf(s) + s.length);
            return range.getBoundingClientRect().left;
          };
          return [left('7.2'), left('7.8')];
        }
        return [NaN, NaN];
      });
    expect(low).toBeLessThan(high!);
    const prompt = customer.getByTestId('live-alert').filter({ hasText: 'كيف كانت خدمة فريقنا؟' });
    await expect(prompt).toBeVisible();
    await customer.screenshot({ path: join(SHOTS, 'story-10-completed-ar-390.png') });
    // The prompt opens the rating page itself (the order page's rate button leads there too).
    await expect(customer.getByTestId('rate-open')).toHaveAttribute('href', `/orders/evaluation/${orderId}`);
    await prompt.getByRole('button').first().click();
    await expect(customer).toHaveURL(new RegExp(`/orders/evaluation/${orderId}$`));
    // Sending without stars is refused in the page first.
    await customer.getByTestId('staff-rate-send').click();
    await expect(customer.getByTestId('stars-error')).toBeVisible();
    // Mantine's Rating has a label per value from 0: the fifth star is the input of value 5.
    await customer.getByTestId('staff-stars').locator('input[value="5"] + label').click();
    await customer.getByTestId('staff-comment').fill('فني محترف وسريع، شكرًا لكم');
    await customer.getByTestId('staff-rate-send').click();
    await expect(customer.getByTestId('staff-rated')).toBeVisible();
    await shot(customer, 'story-11-rated-ar-390');
    await open(customer, `/orders/immediate_maintenance/${orderId}`);
    // The technician's card now shows the average of their one rating.
    await expect(customer.getByTestId('staff-card')).toContainText('5 من 5 (تقييم واحد)');
    await shot(customer, 'story-12-order-done-ar-390');
    await open(admin, `/admin/service-orders/${orderId}`);
    await expect(admin.getByTestId('order-status').first()).toHaveAttribute('data-status', 'completed');
    await shot(admin, 'story-13-admin-done-1280');
  });

  await Promise.all([customerContext.close(), adminContext.close(), techContext.close()]);
});
