import { expect, test } from '@playwright/test';
import { clientIp, expectAccessible, open, shot, signInAdmin } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

test('a role with two permissions and an admin with it: the new admin sees only those screens', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const roleName = `مراقب ${stamp}`;
  const email = `viewer${stamp}@masabeh.com`;

  await signInAdmin(page);

  // The role: names in both languages, two permissions.
  await open(page, '/admin/roles');
  await page.getByTestId('role-add').click();
  const roleForm = page.getByTestId('role-form');
  await roleForm.getByRole('button', { name: 'حفظ' }).click();
  await expect(roleForm.getByText('هذا الحقل مطلوب').first()).toBeVisible();
  await roleForm.getByLabel('الاسم بالعربية').fill(roleName);
  await roleForm.getByLabel('الاسم بالإنجليزية').fill(`Viewer ${stamp}`);
  await roleForm.getByTestId('perm-users.view').check();
  await roleForm.getByTestId('perm-reports.view').check();
  await expect(roleForm.getByTestId('role-form-count')).toHaveText('صلاحيتان');
  await shot(page, 'admin-roles-form-ar');
  await page.getByTestId('role-form-submit').click();
  await expect(page.getByText('تمت إضافة الدور').first()).toBeVisible();
  await expect(page.getByTestId('role-form')).toBeHidden();
  const roleRow = page.getByTestId('roles-table-row').filter({ hasText: roleName });
  await expect(roleRow).toContainText('صلاحيتان');
  await shot(page, 'admin-roles-ar');
  await expectAccessible(page);

  // The admin, with that role; a taken e-mail is reported next to its field.
  await open(page, '/admin/admins');
  await page.getByTestId('admin-add').click();
  const adminForm = page.getByTestId('admin-form');
  await adminForm.getByLabel('الاسم').fill('مشرف التقارير');
  await adminForm.getByLabel('البريد الإلكتروني').fill('admin@masabeh.com');
  await adminForm.getByLabel('رقم الجوال').fill('501234567');
  await adminForm.getByLabel('كلمة المرور').fill('Viewer@12345');
  await adminForm.getByTestId('admin-form-role').click();
  await page.getByRole('option', { name: roleName }).click();
  await adminForm.getByTestId('admin-image-input').setInputFiles({
    name: 'face.png',
    mimeType: 'image/png',
    // A 1x1 PNG.
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await page.getByTestId('admin-form-submit').click();
  await expect(adminForm.getByText('هذا البريد الإلكتروني مستخدم لمشرف آخر')).toBeVisible();
  await adminForm.getByLabel('البريد الإلكتروني').fill(email);
  await shot(page, 'admin-admins-form-ar');
  await page.getByTestId('admin-form-submit').click();
  await expect(page.getByText('تمت إضافة المشرف').first()).toBeVisible();
  await expect(page.getByTestId('admin-form')).toBeHidden();
  const adminRow = page.getByTestId('admins-table-row').filter({ hasText: email });
  await expect(adminRow).toContainText(roleName);
  await shot(page, 'admin-admins-ar');
  await expectAccessible(page);

  // Search in the URL.
  await page.getByTestId('list-search').fill(`viewer${stamp}`);
  await page.getByTestId('list-search').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=viewer${stamp}`));
  await expect(page.getByTestId('admins-table-row')).toHaveCount(1);

  await page.getByTestId('admin-account-menu').click();
  await page.getByTestId('admin-sign-out').click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The new admin: the two screens of the role only (home's card needs `dashboard.view`, which the role lacks).
  await signInAdmin(page, email, 'Viewer@12345');
  const nav = page.getByRole('navigation', { name: 'أقسام لوحة التحكم' });
  await expect(nav.getByRole('link')).toHaveCount(2);
  await expect(page.getByTestId('admin-nav-users')).toBeVisible();
  await expect(page.getByTestId('admin-nav-reports')).toBeVisible();
  for (const hidden of ['dashboard', 'admins', 'roles', 'settings'])
    await expect(page.getByTestId(`admin-nav-${hidden}`)).toHaveCount(0);
  await shot(page, 'admin-limited-home-ar');

  await page.getByTestId('admin-nav-reports').click();
  // The audit log's subjects read in the dashboard's language.
  await expect(page.getByTestId('reports-table-row').filter({ hasText: 'إضافة دور' }).first()).toBeVisible();
  await expect(page.getByTestId('reports-table-row').filter({ hasText: 'Add a role' })).toHaveCount(0);
  await shot(page, 'admin-reports-ar');
  await page.getByTestId('admin-nav-users').click();
  await expect(page.getByTestId('users-table')).toBeVisible();
  await expectAccessible(page);

  // A screen outside the role is refused.
  const refused = await page.request.get('/admin/roles');
  expect(refused.status()).toBe(403);
});
