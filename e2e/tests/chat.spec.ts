/**
 * The chat of a service order: a customer requests immediate maintenance (API), opens the order's
 * chat in Arabic on a phone, writes with a picture, and sees customer service's answer and read
 * mark arrive live (sent through the API) without reloading; then the English page. Screenshots
 * at 390 and 1280 pixels in both languages. An admin who may only read orders (no notifications)
 * sees the customer's message arrive live on the dashboard's order page.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminToken, clientIp, expectAccessible, newAdmin, open, shot, signInAdmin, signUpByApi } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const TAG = Date.now() % 1_000_000;
const SITE = { 'x-pool-site': '1', lang: 'ar' };
/** An 8x8 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMQ6TmBFTEMLQkA/cZaASNtb0IAAAAASUVORK5CYII=',
  'base64',
);

/** The customer's immediate-maintenance request: tomorrow 10:00 Riyadh, a pin in Riyadh. */
async function requestMaintenance(customer: Page) {
  const cities = (await (await customer.request.get('/api/user/cities', { headers: SITE })).json()).data as {
    id: number;
    name: string;
  }[];
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(Date.now() + 86_400_000);
  const res = await customer.request.post('/api/user/immediate-maintenance', {
    headers: SITE,
    data: {
      problem: `المضخة متوقفة ${TAG}`,
      place: 'مسبح خارجي',
      date: tomorrow,
      time: '10:00',
      lat: 24.7136,
      lng: 46.6753,
      city_id: cities.find((c) => c.name === 'الرياض')!.id,
    },
  });
  const body = await res.json();
  expect(body.key, body.msg).toBe('success');
  return body.data as { id: number; number: string };
}

test('a customer chats on an order in Arabic and sees the answer and the read mark arrive live, then in English', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpByApi(page, `سارة ${TAG}`);
  const order = await requestMaintenance(page);
  const path = `/chat/chat_immediate_maintenance?id=${order.id}`;

  await open(page, path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`محادثة الطلب \u2066${order.number}\u2069`); // the number kept left-to-right
  await expect(page.getByTestId('chat-empty')).toHaveText('لا توجد رسائل بعد. اكتب لنا عن طلبك وسنرد عليك هنا.');
  await shot(page, 'chat-empty-ar-390');

  // Nothing to send: the field says so in Arabic.
  await page.getByTestId('chat-send').click();
  await expect(page.getByText('اكتب رسالة أو أرفق صورة')).toBeVisible();

  // A picture, uploaded as it is picked, then the text.
  await page.getByTestId('chat-image-input').setInputFiles({ name: 'pump.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('chat-attachment')).toHaveCount(1);
  const text = 'المضخة متوقفة منذ الصباح، هل يمكنكم الحضور اليوم؟';
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
  const mine = page.locator('[data-testid="chat-message"][data-mine="true"]');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(text);
  await expect(mine.getByTestId('chat-image')).toHaveCount(1);
  await expect(mine.getByRole('img', { name: 'مُرسلة' })).toBeVisible();
  await expect(page.getByTestId('chat-input')).toHaveValue('');

  // Customer service answers and reads, through the API: the open page shows both without reload.
  const auth = { authorization: `Bearer ${await adminToken(request)}` };
  const reply = 'أهلًا بك، سيصل الفني اليوم بين 4 و5 مساءً.';
  const sent = await request.post(`/api/admin/service-orders/${order.id}/chat`, {
    headers: auth,
    data: { text: reply },
  });
  expect((await sent.json()).key).toBe('success');
  const theirs = page.locator('[data-testid="chat-message"][data-mine="false"]');
  await expect(theirs).toContainText(reply);
  await expect(theirs).toContainText('خدمة العملاء');
  // The open page marks the live answer read at once, not at its next heartbeat (20 s).
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/admin/service-orders/${order.id}/chat`, { headers: auth });
        const messages = (await answer.json()).data.messages as { text: string; read: boolean }[];
        return messages.find((m) => m.text === reply)?.read;
      },
      { timeout: 5_000 },
    )
    .toBe(true);
  await request.post(`/api/admin/service-orders/${order.id}/chat/read`, { headers: auth, data: {} });
  await expect(mine.getByRole('img', { name: 'مقروءة' })).toBeVisible();
  await expect(page.getByTestId('chat-participants')).toContainText('خدمة العملاء');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await shot(page, 'chat-ar-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'chat-ar-1280');
  await expectAccessible(page);

  // The English page: the same thread, its texts in English.
  await open(page, `/en${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Chat on order ${order.number}`);
  await expect(page.locator('[data-testid="chat-message"]')).toHaveCount(2);
  await expect(page.getByRole('img', { name: 'Read' })).toBeVisible();
  await expect(page.getByTestId('chat-participants')).toContainText('Customer service');
  await shot(page, 'chat-en-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'chat-en-390');

  // Under another kind's chat address (and with `?order=`), the order's chat moves to its own.
  await page.goto(`/en/chat/chat_pool_construction?order=${order.id}`);
  await expect(page).toHaveURL(new RegExp(`/en/chat/chat_immediate_maintenance\\?id=${order.id}$`));

  // Another customer's order is the 404 page.
  const other = await page
    .context()
    .browser()!
    .newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });
  const stranger = await other.newPage();
  await signUpByApi(stranger, `غريب ${TAG}`);
  const res = await stranger.goto(path);
  expect(res?.status()).toBe(404);
  await other.close();
});

test('an admin with orders.view alone sees the customer’s message arrive live on the dashboard', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const customerContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });
  const customer = await customerContext.newPage();
  await signUpByApi(customer, `نورة ${TAG}`);
  const order = await requestMaintenance(customer);

  // A reader of orders: no notifications.view, so the bell stays away, but the stream still opens.
  const { email, password } = await newAdmin(request, ['orders.view'], 'قارئ الطلبات');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page, email, password);
  await expect(page.getByTestId('admin-bell')).toHaveCount(0);
  const stream = page.waitForResponse((r) => r.url().includes('/api/admin/notifications/stream'));
  await open(page, `/admin/service-orders/${order.id}`);
  expect((await stream).status()).toBe(200);
  // The admin's own empty text: not the customer's "write to us".
  await expect(page.getByTestId('chat-empty')).toHaveText(
    'لا توجد رسائل بعد. اكتب هنا للعميل عن طلبه، وسيصله إشعار برسالتك.',
  );
  // The server listens once a stream says `ready` (a probe of the same admin's stream).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const probe = new EventSource('/api/admin/notifications/stream?lang=ar');
        probe.addEventListener('ready', () => {
          probe.close();
          resolve();
        });
      }),
  );

  // The customer writes: the dashboard shows it within seconds, before the first 10 s poll could.
  const text = `هل يصل الفني قبل الظهر؟ ${TAG}`;
  const sent = await customer.request.post(`/api/user/orders/${order.id}/chat`, { headers: SITE, data: { text } });
  expect((await sent.json()).key).toBe('success');
  await expect(page.getByTestId('chat-message').filter({ hasText: text })).toBeVisible({ timeout: 4000 });
  await shot(page, 'chat-admin-reader-live-1280');
  await customerContext.close();
});
