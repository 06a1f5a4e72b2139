import { expect, test } from '@playwright/test';
import { adminSession, clientIp, expectAccessible, newPhone, open, shot } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

test('the staff screen: add a technician with cities and hours, find, block and unblock, delete', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const name = `فني المسابح ${stamp}`;
  const phone = newPhone();

  await adminSession(page);
  await open(page, '/admin/staff');
  await expect(page.getByRole('heading', { name: 'المهندسون والفنيون' })).toBeVisible();

  // The form says what is missing, next to each field.
  await page.getByTestId('staff-add').click();
  const form = page.getByTestId('staff-form');
  await page.getByTestId('staff-form-submit').click();
  await expect(form.getByText('هذا الحقل مطلوب').first()).toBeVisible();

  await form.getByLabel('الاسم').fill(name);
  await form.getByLabel('رقم الجوال').fill(phone);
  await page.getByTestId('staff-form-job').click();
  await page.getByRole('option', { name: 'فني' }).click();
  await page.getByTestId('staff-form-cities').click();
  await page.getByRole('option', { name: 'الرياض' }).click();
  await page.keyboard.press('Escape');
  // Friday off by default; Saturday off too.
  await expect(page.getByTestId('staff-day-5-on')).not.toBeChecked();
  await page.getByTestId('staff-day-6-on').uncheck();
  // Sunday from 09:30 to 17:00, typed in 24-hour fields (no browser time field with its AM/PM).
  await expect(form.locator('input[type="time"]')).toHaveCount(0);
  const sunday = page.getByTestId('staff-day-0');
  await sunday.getByRole('spinbutton', { name: 'بداية الدوام يوم الأحد: الساعة' }).fill('09');
  await sunday.getByRole('spinbutton', { name: 'بداية الدوام يوم الأحد: الدقائق' }).fill('30');
  await sunday.getByRole('spinbutton', { name: 'نهاية الدوام يوم الأحد: الساعة' }).fill('17');
  await sunday.getByRole('spinbutton', { name: 'نهاية الدوام يوم الأحد: الدقائق' }).fill('00');
  await shot(page, 'admin-staff-form-ar');
  await page.getByTestId('staff-form-submit').click();
  await expect(page.getByText('تم الحفظ').first()).toBeVisible();
  await expect(form).toBeHidden();

  const row = page.getByTestId('staff-table-row').filter({ hasText: name });
  await expect(row).toContainText('فني');
  await expect(row).toContainText('الرياض');
  await expect(row).toContainText(`+966 ${phone}`);
  await expect(row).toContainText('نشط');
  await shot(page, 'admin-staff-ar');
  await expectAccessible(page);

  // The job filter and the search are in the address.
  await page.getByTestId('list-search').fill(phone);
  await page.getByTestId('list-search').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${phone}`));
  await expect(page.getByTestId('staff-table-row')).toHaveCount(1);

  // Blocking asks first, then shows it; unblocking brings it back.
  await row.getByTestId('staff-block').click();
  await expect(page.getByText(`هل تريد حظر ${name}؟`)).toBeVisible();
  await page.getByTestId('staff-block-confirm').click();
  await expect(row).toContainText('محظور');
  await row.getByTestId('staff-unblock').click();
  await page.getByTestId('staff-unblock-confirm').click();
  await expect(row).toContainText('نشط');

  // Editing keeps what was saved.
  await row.getByTestId('staff-edit').click();
  await expect(form.getByLabel('الاسم')).toHaveValue(name);
  await expect(page.getByTestId('staff-day-6-on')).not.toBeChecked();
  await expect(sunday.getByRole('spinbutton', { name: 'بداية الدوام يوم الأحد: الساعة' })).toHaveValue('09');
  await expect(sunday.getByRole('spinbutton', { name: 'بداية الدوام يوم الأحد: الدقائق' })).toHaveValue('30');
  await expect(sunday.getByRole('spinbutton', { name: 'نهاية الدوام يوم الأحد: الساعة' })).toHaveValue('17');
  await form.getByRole('button', { name: 'إلغاء' }).click();

  await row.getByTestId('staff-delete').click();
  await page.getByTestId('staff-delete-confirm').click();
  await expect(page.getByText('تم الحذف').first()).toBeVisible();
  await expect(page.getByTestId('staff-table-row')).toHaveCount(0);
});
