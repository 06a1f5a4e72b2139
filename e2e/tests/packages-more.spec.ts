/**
 * Scheduled maintenance after subscribing (issue 11), in a real browser. In Arabic: a subscription
 * left unpaid at the card page is paid again from the wallet (the dialog shows the balance); a done
 * visit shows "rate the technician", rated on the rating page, then its stars on the subscription's
 * page; the subscription's chat opens from its page, and the technician of one of its open visits
 * reads and answers it in the staff view (English). In English: a subscription in its last days is
 * renewed from "my packages" (the new period's dates and price first; its visits to schedule
 * after), and its chat opens from there. Screenshots at 390 and 1280 pixels in both languages.
 * Set-up (packages, the technician, the subscriptions, the visit's field work) goes through the APIs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  addressAndWallet,
  adminPost,
  clientIp,
  codeFor,
  expectAccessible,
  newPhone,
  open,
  riyadhDay,
  shot,
  signUpByApi,
} from './support.ts';
import { soonSlot } from './staff-steps.ts';

const TAG = Date.now() % 1_000_000;
const SITE = { 'x-pool-site': '1', lang: 'ar' };
const PHONE_SIZE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const PHOTO = readFileSync(join(import.meta.dirname, '..', '..', 'apps', 'web', 'public', 'img', 'logo_app.png'));

type Subscription = { id: number; number: string; status: string; visits: { id: number; number: string }[] };

let browser: Browser;
let page: Page;
let monthly = 0;
let short = 0;
let techPhone = '';
let techId = 0;
let addressId = 0;
/** The subscription whose first visit is done (the rating and chat tests). */
let rated: Subscription;
/** The technician's staff token (signed in by code once: a second code waits a minute). */
let techToken = '';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** Both widths of the page as it stands, named `packages-more-<name>-<width>`. */
async function shots(p: Page, name: string) {
  await shot(p, `packages-more-${name}-390`);
  await p.setViewportSize(DESKTOP);
  await shot(p, `packages-more-${name}-1280`);
  await p.setViewportSize(PHONE_SIZE);
}

/** The customer's call to `/api/user<path>` (JSON); its data after checking it succeeded. */
async function userPost<T>(path: string, data: object): Promise<T> {
  const body = await (await page.request.post(`/api/user${path}`, { headers: SITE, data })).json();
  expect(body.key, `${path}: ${body.msg}`).toBe('success');
  return body.data as T;
}

/** A subscription to `packageId` with visits at `slots`, paid from the wallet or left to the card. */
const subscribe = async (packageId: number, slots: { date: string; time: string }[], method = 'wallet') =>
  (
    await userPost<{ subscription: Subscription }>(`/packages/${packageId}/subscribe`, {
      slots,
      address_id: addressId,
      payment_method: method,
    })
  ).subscription;

const balance = async () =>
  ((await (await page.request.get('/api/user/wallet', { headers: SITE })).json()).data as { balance: number }).balance;

test.beforeAll(async ({ browser: b }) => {
  browser = b;
  const admin = await b.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });
  const pkg = (name: string, price: string, validity: number) =>
    adminPost<{ id: number }>(admin.request, '/packages', {
      name_ar: `${name} ${TAG}`,
      name_en: `${name} ${TAG}`,
      description_ar: 'زيارتان لتنظيف المسبح وفحص المياه',
      description_en: 'Two visits to clean the pool and test the water',
      price_sar: price,
      visits: 2,
      validity_days: validity,
      sort: 0,
    });
  // 300 SAR + VAT = 345 for 30 days; 200 SAR + VAT = 230 for 2 days (in its last days at once).
  monthly = (await pkg('باقة شهرية', '300', 30)).id;
  short = (await pkg('باقة قصيرة', '200', 2)).id;
  const cities = (await (await admin.request.get('/api/user/cities', { headers: SITE })).json()).data as {
    id: number;
    name: string;
  }[];
  techPhone = newPhone();
  techId = (
    await adminPost<{ id: number }>(admin.request, '/staff', {
      name: `Fahd Technician ${TAG}`,
      country_code: '966',
      phone: techPhone,
      job: 'technician',
      city_ids: [cities.find((c) => c.name === 'الرياض')!.id],
    })
  ).id;
  await admin.close();
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
    locale: 'ar-SA',
    viewport: PHONE_SIZE,
  });
  page = await context.newPage();
  await signUpByApi(page, `عميلة الباقات ${TAG}`);
  await addressAndWallet(page, 2000);
  const addresses = (await (await page.request.get('/api/user/addresses', { headers: SITE })).json()).data as {
    id: number;
  }[];
  addressId = addresses[0]!.id;
});

test.afterAll(async () => {
  await page.context().close();
});

test('Arabic: a subscription left unpaid at the card page is paid again from the wallet', async () => {
  const sub = await subscribe(
    monthly,
    [
      { date: riyadhDay(2).day, time: '10:00' },
      { date: riyadhDay(5).day, time: '16:00' },
    ],
    'electronic',
  );
  expect(sub.status).toBe('pending_payment');
  await open(page, `/orders/scheduled_maintenance/${sub.id}`);
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'pending_payment');
  await expect(page.getByTestId('pay-alert')).toContainText('ادفع قبل');
  await page.getByTestId('pay-again').click();
  const dialog = page.getByTestId('pay-dialog');
  await expect(page.getByRole('dialog')).toContainText('دفع الاشتراك');
  await dialog.getByTestId('payment-method').locator('label').filter({ hasText: 'المحفظة' }).click();
  await expect(dialog.getByTestId('wallet-balance')).toContainText('2,000.00');
  await expect(dialog.getByTestId('pay-confirm')).toContainText('345.00');
  await shots(page, 'pay-again-ar');
  await expectAccessible(page);
  await dialog.getByTestId('pay-confirm').click();
  await expect(page.getByText('تم دفع الاشتراك')).toBeVisible();
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('pay-alert')).toHaveCount(0);
  await expect(page.getByTestId('visit')).toHaveCount(2);
  await expect(page.getByTestId('visit').first()).toHaveAttribute('data-status', 'scheduled');
  expect(await balance()).toBe(200_000 - 34_500);
});

test('Arabic: a done visit is rated from the subscription page, then shows its stars', async () => {
  const request = page.context().request;
  // A visit the technician may go on the way to at once, and another in three days.
  rated = await subscribe(monthly, [soonSlot(), { date: riyadhDay(3).day, time: '11:00' }]);
  const [first, second] = rated.visits;
  for (const visit of [first!, second!]) await adminPost(request, `/orders/${visit.id}/assign`, { staff_id: techId });
  // The technician's field work through the staff API: on the way, arrived, the report, finished.
  const headers = { 'x-forwarded-for': clientIp(), lang: 'en' };
  const after = Date.now() - 1000;
  const login = { country_code: '966', phone: techPhone };
  expect((await request.post('/api/staff/send-code', { headers, data: login })).status()).toBe(200);
  const code = await codeFor(`966${techPhone}`, after);
  const session = await (await request.post('/api/staff/check-code', { headers, data: { ...login, code } })).json();
  expect(session.key, session.msg).toBe('success');
  techToken = session.data.token as string;
  const staff = { ...headers, authorization: `Bearer ${techToken}` };
  const staffPost = async (path: string, data?: object) => {
    const body = await (await request.post(`/api/staff/orders/${first!.id}${path}`, { headers: staff, data })).json();
    expect(body.key, `${path}: ${body.msg}`).toBe('success');
    return body.data;
  };
  await staffPost('/on-the-way', { eta_minutes: 20 });
  await staffPost('/arrived');
  const photo = await (
    await request.post(`/api/staff/orders/${first!.id}/report/photos`, {
      headers: staff,
      multipart: { image: { name: 'after.png', mimeType: 'image/png', buffer: PHOTO } },
    })
  ).json();
  expect(photo.key, photo.msg).toBe('success');
  const report = await (
    await request.put(`/api/staff/orders/${first!.id}/report`, {
      headers: staff,
      data: {
        checklist: { pump: true, filter: true, skimmer: true, lights: true, water_balance: true, cleaning: true },
        photos_before: [],
        photos_after: [photo.data.url],
        readings: { ph: 7.4 },
      },
    })
  ).json();
  expect(report.key, report.msg).toBe('success');
  await staffPost('/finish');

  await open(page, `/orders/scheduled_maintenance/${rated.id}`);
  const done = page.locator(`[data-testid="visit"][data-visit="${first!.id}"]`);
  await expect(done).toHaveAttribute('data-status', 'done');
  await expect(done.getByTestId('rate-open')).toHaveText('قيّم الفني');
  await expect(page.locator(`[data-testid="visit"][data-visit="${second!.id}"]`).getByTestId('rate-open')).toHaveCount(
    0,
  );
  await shots(page, 'rate-visit-ar');
  await done.getByTestId('rate-open').click();
  await expect(page).toHaveURL(new RegExp(`/orders/evaluation/${first!.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('تقييم الفني');
  // Mantine's Rating has a label per value from 0: the fourth star is the input of value 4.
  await page.getByTestId('staff-stars').locator('input[value="4"] + label').click();
  await page.getByTestId('staff-comment').fill('وصل في الوقت ونظّف الفلتر جيداً');
  await page.getByTestId('staff-rate-send').click();
  await expect(page.getByTestId('staff-rated')).toBeVisible();
  await expect(page.getByTestId('staff-rated')).toContainText('وصل في الوقت');
  // Back to the subscription, at that visit: its stars instead of the button.
  await page.getByRole('link', { name: 'العودة إلى الطلب' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/scheduled_maintenance/${rated.id}\\?visit=${first!.id}$`));
  const stars = page.locator(`[data-testid="visit"][data-visit="${first!.id}"]`).getByTestId('visit-rating');
  await expect(stars).toContainText('تقييمك للفني');
  await expect(stars.getByRole('img')).toHaveAttribute('aria-label', 'تقييمك 4 من 5');
  await shots(page, 'rated-visit-ar');
  await expectAccessible(page);
});

test("Arabic: the subscription's chat, answered by the technician of its open visit (English staff view)", async () => {
  const [, second] = rated.visits;
  await open(page, `/orders/scheduled_maintenance/${rated.id}`);
  const link = page.getByTestId('order-chat');
  await expect(link).toHaveAttribute('href', `/chat/chat_scheduled_maintenance?order=${rated.id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/chat/chat_scheduled_maintenance\\?order=${rated.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(rated.number);
  const question = 'هل يمكن أن تحضر جهاز فحص الكلور في الزيارة القادمة؟';
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-send').click();
  await expect(page.locator('[data-testid="chat-message"][data-mine="true"]')).toContainText(question);

  const techContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
    locale: 'en',
    viewport: PHONE_SIZE,
  });
  // The staff view's session cookie holds the token the technician signed in with.
  await techContext.addCookies([{ name: 'staff_auth', value: techToken, url: new URL(page.url()).origin }]);
  const tech = await techContext.newPage();
  try {
    await open(tech, `/en/staff/orders/${second!.id}`);
    const chat = tech.getByTestId('staff-chat');
    await expect(chat.getByTestId('chat-of-subscription')).toContainText(rated.number);
    await expect(chat.locator('[data-testid="chat-message"][data-mine="false"]')).toContainText(question);
    const answer = 'Yes, I will bring it on my next visit.';
    await chat.getByTestId('chat-input').fill(answer);
    await chat.getByTestId('chat-send').click();
    await expect(chat.locator('[data-testid="chat-message"][data-mine="true"]')).toContainText(answer);
    await shot(tech, 'packages-more-chat-tech-en-390');
    // The customer's open chat shows the answer without a reload.
    await expect(page.locator('[data-testid="chat-message"][data-mine="false"]')).toContainText(answer, {
      timeout: 15_000,
    });
    await shots(page, 'chat-ar');
  } finally {
    await techContext.close();
  }
});

test('English: renewing a subscription in its last days from my packages, and its chat', async () => {
  // A 2-day package: its period ends within the renewal window at once.
  const tomorrow = riyadhDay(1).day;
  const sub = await subscribe(short, [
    { date: tomorrow, time: '10:00' },
    { date: tomorrow, time: '15:00' },
  ]);
  const before = await balance();
  await open(page, '/en/more/my_remains');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const card = page.locator(`[data-testid="my-package"][data-id="${sub.id}"]`);
  await expect(card.getByTestId('visits-remaining')).toHaveText('Visits left: 2 of 2');
  await expect(card.getByTestId('renew-box')).toContainText('You can renew now: the new period starts on');
  await card.getByTestId('renew-open').click();
  const dialog = page.getByTestId('pay-dialog');
  await expect(page.getByRole('dialog')).toContainText('Renew the subscription');
  await expect(dialog).toContainText('(visits: 2)');
  await dialog.getByTestId('payment-method').locator('label').filter({ hasText: 'Wallet' }).click();
  await expect(dialog.getByTestId('pay-confirm')).toContainText('230.00');
  await shots(page, 'renew-en');
  await expectAccessible(page);
  await dialog.getByTestId('pay-confirm').click();
  await expect(page.getByText('The subscription was renewed')).toBeVisible();
  // The new period's two visits wait for their times; nothing more to renew now.
  await expect(card.getByTestId('visits-remaining')).toHaveText('Visits left: 4 of 4');
  await expect(card.getByTestId('renew-box')).toHaveCount(0);
  expect(await balance()).toBe(before - 23_000);
  await shots(page, 'renewed-en');

  await card.getByTestId('my-package-open').click();
  await expect(page).toHaveURL(new RegExp(`/en/orders/scheduled_maintenance/${sub.id}$`));
  await expect(page.locator('[data-testid="visit"][data-status="unscheduled"]')).toHaveCount(2);
  await expect(page.getByTestId('visit-pick')).toHaveCount(2);
  await shots(page, 'renewed-subscription-en');

  await open(page, '/en/more/my_remains');
  await card.getByTestId('order-chat').click();
  await expect(page).toHaveURL(new RegExp(`/en/chat/chat_scheduled_maintenance\\?order=${sub.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(sub.number);
  await page.getByTestId('chat-input').fill('Can the new visits be in the morning?');
  await page.getByTestId('chat-send').click();
  await expect(page.locator('[data-testid="chat-message"][data-mine="true"]')).toContainText('in the morning');
  await shots(page, 'chat-en');
  await expectAccessible(page);
});
