import { expect, test } from '@playwright/test';
import { adminNav, clientIp, expectAccessible, open, shot, signInAdmin } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

test('spare parts and extra services: add with the VAT-inclusive price shown live, search, edit, deactivate, delete', async ({
  page,
}) => {
  // Many steps on a shared 2-core machine.
  test.setTimeout(150_000);
  const stamp = Date.now() % 1_000_000;
  const nameAr = `مضخة حرارية ${stamp}`;
  const nameEn = `Heat pump ${stamp}`;

  await signInAdmin(page);
  await adminNav(page, 'service_items');
  await expect(page).toHaveURL(/\/admin\/service-items$/);
  await expect(page.getByRole('heading', { name: 'قطع الغيار والخدمات الإضافية' })).toBeVisible();
  // The demo catalogue: parts and services, one part inactive.
  const table = page.getByTestId('service-items-table');
  await expect(table).toContainText('مانع تسرب ميكانيكي للمضخة');
  await expect(table).toContainText('Leak detection');
  await shot(page, 'admin-service-items-ar');
  await expectAccessible(page);

  // Add: required fields first, then a price with three decimals is refused at its field.
  await page.getByTestId('service-item-add').click();
  const form = page.getByTestId('service-item-form');
  await page.getByTestId('service-item-submit').click();
  await expect(form.getByText('هذا الحقل مطلوب').first()).toBeVisible();
  await form.getByLabel('الاسم بالعربية').fill(nameAr);
  await form.getByLabel('الاسم بالإنجليزية').fill(nameEn);
  const price = form.getByLabel('السعر قبل الضريبة (ر.س)');
  await expect(form).toContainText('اكتب السعر لترى السعر شاملاً الضريبة');
  await price.fill('1200.5');
  // 1,200.50 + 15 % VAT = 1,380.58, shown while typing.
  await expect(form).toContainText('السعر شامل ضريبة القيمة المضافة');
  await expect(form).toContainText('1,380.58');
  await price.fill('1200.555');
  await page.getByTestId('service-item-submit').click();
  await expect(form.getByText('أدخل المبلغ بالريال، بخانتين عشريتين على الأكثر (مثل 120.50)')).toBeVisible();
  await price.fill('١٢٠٠٫٥');
  await expect(form).toContainText('1,380.58');
  await shot(page, 'admin-service-items-form-ar');
  await page.getByTestId('service-item-submit').click();
  await expect(page.getByText('تمت الإضافة بنجاح').first()).toBeVisible();
  await expect(form).toBeHidden();

  // Search by the English name; the URL keeps it.
  await page.getByTestId('list-search').fill(`heat pump ${stamp}`);
  await page.getByTestId('list-search').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=heat`));
  const rows = page.getByTestId('service-items-table-row');
  await expect(rows).toHaveCount(1);
  const row = rows.filter({ hasText: nameAr });
  await expect(row).toContainText('1,200.50');
  await expect(row.getByTestId('service-item-row-vat')).toContainText('1,380.58');
  await expect(row.getByTestId('service-item-row-status')).toHaveText('مفعّل');

  // Edit: a new price.
  await row.getByTestId('service-item-edit').click();
  await expect(form.getByLabel('الاسم بالعربية')).toHaveValue(nameAr);
  await form.getByLabel('السعر قبل الضريبة (ر.س)').fill('1500');
  await expect(form).toContainText('1,725.00');
  await page.getByTestId('service-item-submit').click();
  await expect(page.getByText('تم الحفظ بنجاح').first()).toBeVisible();
  await expect(row.getByTestId('service-item-row-vat')).toContainText('1,725.00');

  // Deactivate: the status changes, the inactive filter finds it, the extra services tab does not.
  await row.getByTestId('service-item-toggle').click();
  await page.getByTestId('service-item-toggle-confirm').click();
  await expect(page.getByText('تم إيقاف الصنف').first()).toBeVisible();
  await expect(row.getByTestId('service-item-row-status')).toHaveText('موقوف');
  await page.getByTestId('service-items-status').click();
  await page.getByRole('option', { name: 'موقوف' }).click();
  await expect(page).toHaveURL(/status=inactive/);
  await expect(rows).toHaveCount(1);
  await page.getByTestId('service-items-tab-extra_service').click();
  await expect(page).toHaveURL(/kind=extra_service/);
  await expect(page.getByTestId('service-items-table')).toContainText('لا توجد بيانات');
  await page.getByTestId('service-items-tab-spare_part').click();
  await expect(rows).toHaveCount(1);

  // Active again, then deleted.
  await row.getByTestId('service-item-toggle').click();
  await page.getByTestId('service-item-toggle-confirm').click();
  await expect(page.getByText('تم تفعيل الصنف').first()).toBeVisible();
  await page.getByTestId('service-items-status').click();
  await page.getByRole('option', { name: 'مفعّل' }).click();
  await expect(rows).toHaveCount(1);
  await row.getByTestId('service-item-delete').click();
  await page.getByTestId('service-item-delete-confirm').click();
  await expect(page.getByText('تم الحذف بنجاح').first()).toBeVisible();
  await expect(page.getByTestId('service-items-table')).toContainText('لا توجد بيانات');

  // A phone-sized screen: the list and the form.
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/admin/service-items');
  await expect(table).toContainText('غسيل عكسي للفلتر');
  await shot(page, 'admin-service-items-ar-390');
  await page.getByTestId('service-item-add').click();
  await form.getByLabel('السعر قبل الضريبة (ر.س)').fill('80');
  await expect(form).toContainText('92.00');
  await shot(page, 'admin-service-items-form-ar-390');
  await expectAccessible(page);
});
