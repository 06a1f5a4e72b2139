import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { adminPost, adminSession, clientIp, expectAccessible, open, shot, signInAdmin } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

test('a role with two permissions and an admin with it: the new admin sees only those screens', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const roleName = `مراقب ${stamp}`;
  const email = `viewer${stamp}@masabeh.com`;

  await adminSession(page);

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
  // One section, of its screens: open, as this browser remembers it from the super admin's visit to the admins.
  const nav = page.getByRole('navigation', { name: 'أقسام لوحة التحكم' });
  await expect(nav.locator('[data-nav-section]')).toHaveCount(1);
  await expect(page.getByTestId('admin-nav-section-people')).toHaveAttribute('aria-expanded', 'true');
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

test('my profile: a wrong current password is refused at its field; a new name, picture and password are saved', async ({
  page,
  request,
}) => {
  const stamp = Date.now() % 1_000_000;
  const email = `self${stamp}@masabeh.com`;
  const role = await adminPost<{ id: number }>(request, '/roles', {
    name_ar: `ذاتي ${stamp}`,
    name_en: `Self ${stamp}`,
    permissions: ['reports.view'],
  });
  await adminPost(request, '/admins', {
    name: 'مشرف قديم',
    email,
    country_code: '966',
    phone: `55${String(stamp).padStart(7, '0')}`,
    password: 'Self@12345',
    role_id: role.id,
  });
  await adminSession(page, email, 'Self@12345');
  await open(page, '/admin/profile');
  const form = page.getByTestId('admin-profile-form');
  await form.getByLabel('الاسم').fill('مشرفة جديدة');
  await form.getByLabel('كلمة المرور الحالية', { exact: true }).fill('Wrong@12345');
  await form.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('Self@67890');
  await form.getByLabel('تأكيد كلمة المرور الجديدة', { exact: true }).fill('Self@67890');
  await page.getByTestId('admin-profile-submit').click();
  await expect(form.getByText('كلمة المرور الحالية غير صحيحة')).toBeVisible();

  await form.getByLabel('كلمة المرور الحالية', { exact: true }).fill('Self@12345');
  const picture = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 0, g: 90, b: 140 } } })
    .png()
    .toBuffer();
  await form.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await page.getByTestId('admin-profile-submit').click();
  await expect(page.getByText('تم تحديث بياناتك').first()).toBeVisible();
  // Saved: the passwords are emptied, the header greets the new name, the new password signs in.
  await expect(form.getByLabel('كلمة المرور الحالية', { exact: true })).toHaveValue('');
  await expect(page.getByText('مشرفة جديدة').first()).toBeVisible();
  await shot(page, 'admin-profile-ar');
  const login = await (await request.post('/api/admin/login', { data: { email, password: 'Self@67890' } })).json();
  expect(login.key, login.msg).toBe('success');
  expect(login.data.admin ?? login.data).toMatchObject({ name: 'مشرفة جديدة' });
});
