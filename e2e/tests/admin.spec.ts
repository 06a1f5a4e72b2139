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

  // The side bar: the daily work on top, then folded sections; the current page's section is open.
  const nav = page.getByRole('navigation', { name: 'أقسام لوحة التحكم' });
  const catalogue = page.getByTestId('admin-nav-section-catalogue');
  await expect(catalogue).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('admin-nav-products')).toBeHidden();
  await expect(page.getByTestId('admin-nav-orders')).toBeVisible();
  await catalogue.click();
  await expect(catalogue).toHaveAttribute('aria-expanded', 'true');
  await page.getByTestId('admin-nav-products').click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByTestId('admin-nav-products')).toHaveAttribute('aria-current', 'page');
  // By the keyboard: a section's heading is a button; what is open stays open across pages and loads.
  const settings = page.getByTestId('admin-nav-section-settings');
  await settings.focus();
  await page.keyboard.press('Enter');
  await expect(settings).toHaveAttribute('aria-expanded', 'true');
  await page.getByTestId('admin-nav-orders').click();
  await expect(page).toHaveURL(/\/admin\/store-orders$/);
  await open(page, '/admin/store-orders');
  await expect(page.getByTestId('admin-nav-cancel_reasons')).toBeVisible();
  await expect(page.getByTestId('admin-nav-products')).toBeVisible();
  await expect(page.getByTestId('admin-nav-section-people')).toHaveAttribute('aria-expanded', 'false');
  await shot(page, 'admin-nav-ar');

  // The filter: Arabic in search's form (hamza, article), or English; Enter opens the first found.
  const filter = page.getByTestId('admin-nav-filter');
  await filter.fill('اعدادات الموقع');
  await expect(nav.getByRole('link')).toHaveText(['إعدادات الموقع']);
  await filter.fill('coupons');
  await expect(nav.getByRole('link')).toHaveText(['الكوبونات']);
  await expect(page.getByTestId('admin-nav-section-store')).toBeVisible();
  await expect(page.getByTestId('admin-nav-section-people')).toHaveCount(0);
  await filter.fill('شيء لا يوجد');
  await expect(nav.getByRole('link')).toHaveCount(0);
  await expect(nav.getByRole('status')).toHaveText('لا يوجد قسم بهذا الاسم');
  await filter.press('Escape');
  await expect(filter).toHaveValue('');
  // Typed and then the arrow key with no frame between them (a quick typist on a busy phone): the entry found
  // takes the focus all the same, not only once its section has drawn its opening.
  await filter.evaluate((input: HTMLInputElement) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'الكوبون');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
  });
  await expect(page.getByTestId('admin-nav-coupons')).toBeFocused();
  await filter.fill('');
  await filter.fill('الكوبون');
  await shot(page, 'admin-nav-filter-ar');
  await filter.press('ArrowDown');
  await expect(page.getByTestId('admin-nav-coupons')).toBeFocused();
  await filter.press('Enter');
  await expect(page).toHaveURL(/\/admin\/coupons$/);
  await expect(filter).toHaveValue('');
  await expectAccessible(page);

  // Every section open, the list is longer than a 1280 x 720 screen: its last entry scrolls into view inside it.
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const section of ['services', 'people', 'content'])
    await page.getByTestId(`admin-nav-section-${section}`).click();
  const last = page.getByTestId('admin-nav-cancel_reasons');
  const bar = page.locator('#admin-navbar');
  expect((await last.boundingBox())!.y).toBeGreaterThan((await bar.boundingBox())!.height);
  await last.click();
  await expect(page).toHaveURL(/\/admin\/content\/cancel-reasons/);
  const [barBox, lastBox] = [(await bar.boundingBox())!, (await last.boundingBox())!];
  expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(barBox.y + barBox.height + 1);

  // On a phone the side bar is a drawer: the filter is in it, and an entry closes it.
  await page.setViewportSize({ width: 390, height: 844 });
  const burger = page.getByRole('button', { name: 'فتح القائمة' });
  await burger.click();
  await expect(page.getByTestId('admin-nav-section-settings')).toBeVisible();
  await shot(page, 'admin-nav-phone-ar');
  await filter.fill('طلبات');
  await page.getByTestId('admin-nav-orders').click();
  await expect(page).toHaveURL(/\/admin\/store-orders$/);
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await page.setViewportSize({ width: 1280, height: 720 });

  const cookie = (await page.context().cookies()).find((c) => c.name === 'admin_auth');
  expect(cookie?.httpOnly).toBe(true);

  await page.getByTestId('admin-account-menu').click();
  await page.getByTestId('admin-sign-out').click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});
