/**
 * The dashboard, live: a notification addressed to admins reaches an admin's
 * open dashboard through the admin stream (the `admin_auth` cookie on a
 * same-origin EventSource) as an alert on top of the stack, and raises the
 * header's bell; and the settings screen's rich-text editor (RTL for Arabic,
 * LTR for English) saves formatted about text that the site shows.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { clientIp, expectAccessible, newAdmin, open, shot, SHOTS, signInAdmin } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

/** Alert life (spec section 9). */
const ALERT_MS = 8000;

async function adminToken(api: APIRequestContext, email: string, password: string) {
  const login = await (await api.post('/api/admin/login', { data: { email, password } })).json();
  expect(login.key).toBe('success');
  return login.data.token as string;
}

/** Another admin, who may send and read notifications; answers its token. */
async function otherAdmin(api: APIRequestContext) {
  const { email, password } = await newAdmin(api, ['notifications.send', 'notifications.view']);
  return adminToken(api, email, password);
}

/** The bell's unread count, read from its accessible name ('الإشعارات، N غير مقروءة'). */
async function bellCount(page: Page) {
  const name = await page.getByTestId('admin-bell').getAttribute('aria-label');
  return Number(/\d+/.exec(name ?? '')?.[0]);
}

test('a notification for admins shows in the open dashboard as an alert on top and raises the bell', async ({
  page,
  playwright,
}) => {
  const api = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
  });
  const sender = await otherAdmin(api);
  const send = async (n: number) => {
    const res = await api.post('/api/admin/notifications/send', {
      headers: { authorization: `Bearer ${sender}`, lang: 'ar' },
      data: {
        target: 'admins',
        title_ar: `طلب صيانة فورية ${n}`,
        title_en: `Immediate maintenance request ${n}`,
        body_ar: 'عميل في حي الملقا يطلب فنياً اليوم',
        body_en: 'A customer in Al Malqa asks for a technician today',
      },
    });
    const answer = await res.json();
    expect(answer.key).toBe('success');
    expect(answer.data.sent).toBeGreaterThanOrEqual(1);
  };

  // The stream opens with the dashboard: EventSource sends the HttpOnly admin_auth cookie, nothing else.
  const stream = page.waitForResponse((r) => r.url().includes('/api/admin/notifications/stream'));
  await signInAdmin(page);
  expect((await stream).status()).toBe(200);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const alerts = page.getByTestId('live-alerts').getByTestId('live-alert');
  await expect(alerts).toHaveCount(0);
  const before = await bellCount(page);

  await send(1);
  await expect(alerts).toHaveCount(1);
  const firstSeen = Date.now();
  await expect(alerts.first()).toContainText('طلب صيانة فورية 1');
  await expect.poll(() => bellCount(page)).toBe(before + 1);
  await expect(page.getByTestId('admin-bell-count')).toContainText(String(before + 1));

  await send(2);
  await expect(alerts).toHaveCount(2);
  await expect(alerts.first()).toContainText('طلب صيانة فورية 2');
  await expect(alerts.first()).toContainText('عميل في حي الملقا يطلب فنياً اليوم');
  await expect.poll(() => bellCount(page)).toBe(before + 2);
  // Top inline-end corner: the left side of the right-to-left dashboard, below its header.
  const box = (await alerts.first().boundingBox())!;
  expect(box.x).toBeLessThan((page.viewportSize()!.width - box.width) / 2);
  expect(box.y).toBeGreaterThanOrEqual(64);
  // The viewport alone: the header with its bell and the alert stack (the full page and axe come later: alerts are timed).
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'admin-live-header-ar.png') });

  // Closed by hand: it fades, then leaves; the older one stays until its 8 s are over.
  const second = alerts.filter({ hasText: 'طلب صيانة فورية 2' });
  await second.getByRole('button', { name: 'إغلاق الإشعار: طلب صيانة فورية 2' }).click();
  await expect(second).toHaveAttribute('style', /opacity: 0;/);
  await expect(alerts).toHaveCount(1, { timeout: 2000 });
  await expect(alerts.first()).toContainText('طلب صيانة فورية 1');
  await expect(alerts).toHaveCount(0, { timeout: ALERT_MS + 2000 });
  expect(Date.now() - firstSeen).toBeGreaterThan(ALERT_MS - 1500);

  // The bell opens the admin's received notifications; seeing them marks them read.
  await page.getByTestId('admin-bell').click();
  await expect(page).toHaveURL(/\/admin\/notifications#inbox$/);
  const inbox = page.getByRole('table', { name: 'إشعارات الإدارة' });
  await expect(inbox.getByRole('row').filter({ hasText: 'طلب صيانة فورية 2' })).toContainText('جديد');
  await expect(inbox.getByRole('row').filter({ hasText: 'طلب صيانة فورية 1' })).toContainText('جديد');
  await expect.poll(() => bellCount(page)).toBeLessThanOrEqual(before);

  // On the list itself a new notification joins it at once.
  await send(3);
  await expect(alerts.first()).toContainText('طلب صيانة فورية 3');
  await expect(inbox.getByRole('row').filter({ hasText: 'طلب صيانة فورية 3' })).toContainText('جديد');
  await shot(page, 'admin-live-inbox-ar');
  await expectAccessible(page);
  await api.dispose();
});

test('the settings editor formats the about text right-to-left and left-to-right; the site shows it', async ({
  page,
}) => {
  await signInAdmin(page);
  // The first about section is edited, and put back at the end for the other tests (the dashboard's cookie serves the API).
  const site = { 'x-pool-site': '1', lang: 'ar' };
  const sections = (await (await page.request.get('/api/admin/pages/about', { headers: site })).json()).data.data;
  const { id, title_ar, title_en, content_ar, content_en, sort } = sections[0];
  const original = { title_ar, title_en, content_ar, content_en, sort };
  try {
    await editAbout(page);
  } finally {
    const restored = await page.request.post(`/api/admin/pages/about/${id}`, { headers: site, data: original });
    expect(restored.status()).toBe(200);
  }
});

async function editAbout(page: Page) {
  await open(page, '/admin/settings');
  await page.getByTestId('settings-tab-about').click();
  await page
    .getByTestId('sections-about')
    .getByRole('button', { name: /^تعديل: / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  const stamp = Date.now() % 100_000;
  const title = `من نحن ${stamp}`;
  await dialog.getByTestId('field-title_ar').fill(title);
  await dialog.getByTestId('field-title_en').fill(`About us ${stamp}`);

  const ar = dialog.getByTestId('field-content_ar');
  const en = dialog.getByTestId('field-content_en');
  await expect(ar).toHaveAttribute('dir', 'rtl');
  await expect(en).toHaveAttribute('dir', 'ltr');
  await expect(ar).toHaveAccessibleName(/المحتوى \(بالعربية\)/);
  const arTools = dialog.getByTestId('field-content_ar-editor');
  const enTools = dialog.getByTestId('field-content_en-editor');

  await ar.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await arTools.getByRole('button', { name: 'عنوان رئيسي' }).click();
  await page.keyboard.type('مسابح في سطور');
  await page.keyboard.press('Enter');
  await page.keyboard.type('نحن ');
  await arTools.getByRole('button', { name: 'خط عريض' }).click();
  await page.keyboard.type('شركة سعودية رائدة');
  await arTools.getByRole('button', { name: 'خط عريض' }).click();
  await page.keyboard.type(' في خدمات المسابح.');
  await page.keyboard.press('Enter');
  await arTools.getByRole('button', { name: 'قائمة نقطية' }).click();
  await page.keyboard.type('تنظيف المسابح');
  await page.keyboard.press('Enter');
  await page.keyboard.type('الصيانة الدورية');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('تواصل معنا');
  await page.keyboard.press('Shift+Home');
  await arTools.getByRole('button', { name: 'إضافة رابط' }).click();
  await page.getByRole('textbox', { name: 'عنوان الرابط' }).fill('https://example.com/contact');
  await page.getByRole('button', { name: 'حفظ الرابط' }).click();
  await expect(ar.locator('a[href="https://example.com/contact"]')).toHaveText('تواصل معنا');

  await en.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type('We are ');
  await enTools.getByRole('button', { name: 'خط مائل' }).click();
  await page.keyboard.type('a Saudi pool company');
  await expect(en.locator('em')).toHaveText('a Saudi pool company');
  await page.mouse.move(0, 0);
  await shot(page, 'admin-settings-editor-ar');
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(page.getByText('تم الحفظ بنجاح').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The site renders the sanitised HTML: heading, bold, list, link; and the English text in English.
  await open(page, '/more/about_the_site');
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: title }) });
  const body = section.locator('.app-rich-text');
  await expect(body.locator('h3')).toHaveText('مسابح في سطور');
  await expect(body.locator('strong')).toHaveText('شركة سعودية رائدة');
  await expect(body.locator('ul li')).toHaveText(['تنظيف المسابح', 'الصيانة الدورية']);
  await expect(body.getByRole('link', { name: 'تواصل معنا' })).toHaveAttribute('href', 'https://example.com/contact');
  await shot(page, 'about-rich-ar');
  await open(page, '/en/more/about_the_site');
  await expect(page.locator('.app-rich-text em')).toHaveText('a Saudi pool company');
}
