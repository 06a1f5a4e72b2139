import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { adminNav, adminSession, clientIp, expectAccessible, open, shot, signInAdmin } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const IMAGE = join(import.meta.dirname, '..', '..', 'apps', 'web', 'public', 'img', 'logo_app.png');

test('an ad banner edited with a new image shows on the home page in Arabic and English', async ({ page }) => {
  await signInAdmin(page);
  await adminNav(page, 'banners');
  await expect(page).toHaveURL(/\/admin\/content\/banners$/);
  await expect(page.getByRole('heading', { level: 1, name: 'البنرات الإعلانية' })).toBeVisible();
  await shot(page, 'admin-banners-ar');
  await expectAccessible(page);

  await page.getByTestId('content-edit').first().click();
  const form = page.getByTestId('content-form');
  await expect(form).toBeVisible();
  const stamp = Date.now() % 100_000;
  const ar = `عرض الصيف على الصيانة ${stamp}`;
  const en = `Summer maintenance offer ${stamp}`;
  await form.getByLabel('العنوان (بالعربية)').fill(ar);
  await form.getByLabel('العنوان (بالإنجليزية)').fill(en);
  await form.locator('input[type=file]').setInputFiles(IMAGE);
  await expect(form.getByTestId('image-preview')).toBeVisible();

  // Hold the upload a moment so the progress bar can be seen.
  await page.route('**/api/admin/banners/*', async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  await page.getByTestId('content-save').click();
  await expect(form.getByTestId('upload-progress')).toBeVisible();
  await shot(page, 'admin-banner-uploading-ar');
  await expect(page.getByText('تم الحفظ بنجاح').first()).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('content-table').getByText(ar)).toBeVisible();

  // The site: English first, then Arabic without the dashboard's cookies (`/` follows the `lang` cookie).
  await open(page, '/en');
  await expect(page.getByText(en).first()).toBeVisible();
  await page.context().clearCookies();
  await open(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByText(ar).first()).toBeVisible();
});

test('content lists search, validate both languages and answer 404 for an unknown screen', async ({ page }) => {
  await adminSession(page);
  await open(page, '/admin/content/faqs');
  await page.getByTestId('content-add').click();
  const form = page.getByTestId('content-form');
  await form.getByLabel('السؤال (بالعربية)').fill('كيف أحجز صيانة؟');
  await page.getByTestId('content-save').click();
  await expect(form.getByText('هذا الحقل مطلوب').first()).toBeVisible();
  await shot(page, 'admin-faq-form-ar');
  await form.getByLabel('السؤال (بالإنجليزية)').fill('How do I book maintenance?');
  await form.getByLabel('الإجابة (بالعربية)').fill('من صفحة الخدمات اختر الصيانة.');
  await form.getByLabel('الإجابة (بالإنجليزية)').fill('Choose maintenance on the services page.');
  await page.getByTestId('content-save').click();
  await expect(page.getByText('تمت الإضافة بنجاح').first()).toBeVisible();

  await page.getByTestId('content-search').fill('كيف أحجز');
  await page.getByTestId('content-search').press('Enter');
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByTestId('content-table-row')).toHaveCount(1);
  await page.getByTestId('content-delete').click();
  await page.getByTestId('content-delete-confirm').click();
  await expect(page.getByText('تم الحذف بنجاح').first()).toBeVisible();
  await expect(page.getByTestId('content-table-row')).toHaveCount(0);

  const res = await page.goto('/admin/content/nothing');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('not-found-message')).toBeVisible();
});

test('the settings form saves; the inbox opens a message (read) and marks it handled', async ({ page, request }) => {
  const sent = await request.post('/api/user/contact-us-store', {
    data: { name: 'سارة أحمد', phone: '0500000009', message: 'أرغب في حجز صيانة لمسبح منزلي.' },
  });
  expect(sent.status()).toBe(200);
  await adminSession(page);
  await open(page, '/admin/settings');
  await page.getByTestId('settings-save').click();
  await expect(page.getByText('تم الحفظ بنجاح').first()).toBeVisible();
  await expectAccessible(page);

  await open(page, '/admin/contact-messages?status=new');
  await expect(page.getByTestId('messages-table-row').first()).toContainText('سارة أحمد');
  // Opening shows the row at once and marks it read on the server: wait for that answer before the next move.
  const marked = page.waitForResponse((r) => r.url().includes('contact-messages') && r.request().method() === 'POST');
  await page.getByTestId('message-open').first().click();
  const view = page.getByTestId('message-view');
  await expect(view).toContainText('مقروءة');
  expect((await marked).ok()).toBe(true);
  await page.getByTestId('message-handled').click();
  await expect(view).toContainText('تمت معالجتها');
  await shot(page, 'admin-contact-message-ar');
});
