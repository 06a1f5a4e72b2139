/**
 * In-page alerts (spec section 4): a notification sent from the dashboard's
 * API reaches the customer's open page through server-sent events, goes on
 * top of the stack, bumps the bell, and leaves after 8 s (or on close, with a fade).
 */
import { expect, test, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { clientIp, codeFor, expectAccessible, newPhone, open, shot } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

/** Alert life (spec section 9). */
const ALERT_MS = 8000;
const site = { 'x-pool-site': '1', lang: 'ar' };

/** Signs a fresh number up through the API (the site's cookie is set); answers the customer id. */
async function signUp(request: APIRequestContext) {
  const phone = newPhone();
  const sent = await request.post('/api/user/send-code', { headers: site, form: { phone, country_code: '966' } });
  expect(sent.status()).toBe(200);
  const code = await codeFor(`966${phone}`);
  const checked = await (
    await request.post('/api/user/check-code', { headers: site, form: { phone, country_code: '966', code } })
  ).json();
  expect(checked.key).toBe('needCompleteInfo');
  const signed = await (
    await request.post('/api/user/sign-up', {
      headers: site,
      form: { name: 'عميل التنبيهات', phone, country_code: '966', registration_token: checked.data.registration_token },
    })
  ).json();
  expect(signed.key).toBe('success');
  return signed.data.id as number;
}

test('a notification sent from the dashboard appears on top, bumps the bell and leaves after 8 s', async ({
  page,
  playwright,
}) => {
  const userId = await signUp(page.request);
  const admin = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
  });
  const login = await (
    await admin.post('/api/admin/login', { data: { email: 'admin@masabeh.com', password: 'Admin@12345' } })
  ).json();
  expect(login.key).toBe('success');
  const send = async (n: number) => {
    const res = await admin.post('/api/admin/notifications/send', {
      headers: { authorization: `Bearer ${login.data.token}`, lang: 'ar' },
      data: {
        target: 'user',
        user_id: userId,
        title_ar: `عرض خاص ${n}`,
        title_en: `Special offer ${n}`,
        body_ar: 'خصم على صيانة المسبح هذا الأسبوع',
        body_en: 'A discount on pool maintenance this week',
      },
    });
    expect((await res.json()).data).toEqual({ sent: 1 });
  };

  await open(page, '/');
  const alerts = page.getByTestId('live-alerts').getByTestId('live-alert');
  await expect(alerts).toHaveCount(0);
  // The stream is open once the page has its first count (the bell shows none yet).
  await expect(page.getByTestId('bell-count')).toBeVisible();
  await page.waitForTimeout(500);

  await send(1);
  await expect(alerts).toHaveCount(1);
  const firstSeen = Date.now();
  await expect(alerts.first()).toContainText('عرض خاص 1');
  await expect(page.getByTestId('bell-count')).toContainText('1');

  await send(2);
  await expect(alerts).toHaveCount(2);
  await expect(alerts.first()).toContainText('عرض خاص 2');
  await expect(page.getByTestId('bell-count')).toContainText('2');
  // Alerts sit at the top inline-end corner: the left side in Arabic.
  const box = (await alerts.first().boundingBox())!;
  expect(box.x).toBeLessThan((page.viewportSize()!.width - box.width) / 2);

  // Closed by the user: it fades, then leaves; the older one stays until its 8 s are over.
  await alerts
    .first()
    .getByRole('button', { name: /إغلاق الإشعار: عرض خاص 2/ })
    .click();
  await expect(alerts).toHaveCount(1, { timeout: 2000 });
  await expect(alerts.first()).toContainText('عرض خاص 1');
  await expect(alerts).toHaveCount(0, { timeout: ALERT_MS + 2000 });
  expect(Date.now() - firstSeen).toBeGreaterThan(ALERT_MS - 1500);

  // Screenshot and accessibility check last: on a loaded machine they may take longer than an alert lives.
  await send(3);
  await send(4);
  await expect(alerts).toHaveCount(2);
  // At most two on screen: a fifth shows on top and the oldest waits in the bell's list.
  await send(5);
  await expect(alerts.first()).toContainText('عرض خاص 5');
  await expect(alerts).toHaveCount(2);
  await shot(page, 'live-alerts-ar');
  await expectAccessible(page);
  await admin.dispose();
});

test('the dashboard form sends to one customer, whose open page shows the alert', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const userId = await signUp(page.request);
  await open(page, '/');
  await expect(page.getByTestId('bell-count')).toBeVisible();

  const adminContext = await browser.newContext({
    locale: 'ar-SA',
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
  });
  const admin = await adminContext.newPage();
  await open(admin, '/admin/login');
  await admin.getByLabel('البريد الإلكتروني').fill('admin@masabeh.com');
  await admin.getByLabel('كلمة المرور').fill('Admin@12345');
  await admin.getByTestId('admin-login-submit').click();
  await expect(admin).toHaveURL(/\/admin$/);
  await open(admin, '/admin/notifications');
  const form = admin.getByTestId('notify-form');
  await form.getByLabel('المستلمون').click();
  await admin.getByRole('option', { name: 'عميل واحد' }).click();
  await form.getByLabel('رقم العميل').fill(String(userId));
  await form.getByLabel('العنوان بالعربية').fill('موعد الصيانة غداً');
  await form.getByLabel('العنوان بالإنجليزية').fill('Maintenance visit tomorrow');
  await form.getByLabel('النص بالعربية').fill('سيصلك الفني بين 9 و11 صباحاً');
  await form.getByLabel('النص بالإنجليزية').fill('The technician arrives between 9 and 11 am');
  await admin.getByTestId('notify-submit').click();
  await expect(admin.getByText('تم إرسال الإشعار إلى مستخدم واحد')).toBeVisible();
  await shot(admin, 'admin-notifications-ar');

  const alert = page.getByTestId('live-alerts').getByTestId('live-alert');
  await expect(alert).toContainText('موعد الصيانة غداً');
  await expect(alert).toHaveCount(0, { timeout: ALERT_MS + 2000 });
  await adminContext.close();
});

/** Blocks a customer through the dashboard's API. */
async function blockFromDashboard(playwright: PlaywrightWorkerArgs['playwright'], userId: number) {
  const admin = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
  });
  const login = await (
    await admin.post('/api/admin/login', { data: { email: 'admin@masabeh.com', password: 'Admin@12345' } })
  ).json();
  const blocked = await admin.post(`/api/admin/users/${userId}/block`, {
    headers: { authorization: `Bearer ${login.data.token}` },
  });
  expect(blocked.status()).toBe(200);
  await admin.dispose();
}

/** The open page shows the block and lands signed out on the sign-in page. */
async function expectSignedOut(page: Page) {
  await expect(page.getByText('تم حظر حسابك، يرجى التواصل مع الإدارة')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await open(page, '/');
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
}

test('a customer blocked from the dashboard is signed out of the open site', async ({ page, playwright }) => {
  const userId = await signUp(page.request);
  await open(page, '/profile');
  await expect(page.getByTestId('account-menu')).toBeVisible();
  // The `block` notification reaches the page through its stream; the next check answers `blocked`.
  await blockFromDashboard(playwright, userId);
  await expectSignedOut(page);
});

test('a customer blocked between the page and its stream is signed out too', async ({ page, playwright }) => {
  const userId = await signUp(page.request);
  // The page's stream waits until the block is done: the server refuses it, and no notification comes.
  let release = () => {};
  const blocked = new Promise<void>((done) => (release = done));
  await page.route('**/api/user/notifications/stream*', async (route) => {
    await blocked;
    await route.continue();
  });
  await open(page, '/profile');
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await blockFromDashboard(playwright, userId);
  release();
  await expectSignedOut(page);
});
