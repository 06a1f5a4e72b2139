import { expect, test } from '@playwright/test';
import { clientIp, expectAccessible, open, shot } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

test('the admin signs in to the Arabic dashboard; a wrong password is refused', async ({ page }) => {
  await open(page, '/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await shot(page, 'admin-login-ar');
  await expectAccessible(page);

  const form = page.getByTestId('admin-login-form');
  await form.getByLabel('البريد الإلكتروني').fill('admin@masabeh.com');
  await form.getByLabel('كلمة المرور').fill('wrong-password');
  await page.getByTestId('admin-login-submit').click();
  await expect(page.getByText('البريد الإلكتروني أو كلمة المرور غير صحيحة').first()).toBeVisible();

  await form.getByLabel('كلمة المرور').fill('Admin@12345');
  await page.getByTestId('admin-login-submit').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-nav-dashboard')).toBeVisible();
  await shot(page, 'admin-home-ar');
  await expectAccessible(page);

  // The side bar is longer than a 1280 x 720 screen: its last entry scrolls into view inside it and opens.
  await page.setViewportSize({ width: 1280, height: 720 });
  const last = page.getByTestId('admin-nav-orders');
  const bar = page.locator('#admin-navbar');
  expect((await last.boundingBox())!.y).toBeGreaterThan((await bar.boundingBox())!.height);
  await last.click();
  await expect(page).toHaveURL(/\/admin\/store-orders/);
  const [barBox, lastBox] = [(await bar.boundingBox())!, (await last.boundingBox())!];
  expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(barBox.y + barBox.height + 1);

  const cookie = (await page.context().cookies()).find((c) => c.name === 'admin_auth');
  expect(cookie?.httpOnly).toBe(true);

  await page.getByTestId('admin-account-menu').click();
  await page.getByTestId('admin-sign-out').click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});
