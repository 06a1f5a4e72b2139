import { expect, test } from '@playwright/test';
import { open, shot } from './support.ts';

test.describe('error pages and languages', () => {
  test('the 404 page names the path, in Arabic and English', async ({ page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('not-found-message')).toHaveText('الصفحة غير موجودة: \u2066/no-such-page\u2069'); // the path kept left-to-right
    // Inside the site's header and footer, with the ways home and to the store.
    await expect(page.locator('header')).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByTestId('error-home')).toHaveAttribute('href', '/');
    await expect(page.getByTestId('error-store')).toHaveAttribute('href', '/online_store');
    await shot(page, '404-ar');

    const en = await page.goto('/en/no-such-page');
    expect(en?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByTestId('not-found-message')).toHaveText('Page not found: /en/no-such-page');
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByTestId('error-store')).toHaveAttribute('href', '/en/online_store');
    await shot(page, '404-en');
  });

  test('addresses typed by habit lead to the page, in their language; others stay a 404', async ({ page, request }) => {
    for (const [asked, to] of [
      ['/login', '/auth/login'],
      ['/en/login?next=%2Fcart', '/en/auth/login?next=%2Fcart'],
      ['/en/Sign-Up/', '/en/auth/register'],
      ['/cart', '/shopping_cart'],
    ]) {
      const res = await request.get(asked!, { maxRedirects: 0 });
      expect(res.status(), asked).toBe(301);
      expect(res.headers()['location'], asked).toBe(to);
    }
    expect((await request.get('/logins', { maxRedirects: 0 })).status()).toBe(404);
    await open(page, '/login');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('unknown /api paths answer JSON, not the site', async ({ request }) => {
    const res = await request.get('/api/nothing-here', { headers: { lang: 'en' } });
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ msg: 'Route not found: /api/nothing-here', key: 'notFound', data: null });
  });

  test('the language switch keeps the page', async ({ page }) => {
    await open(page, '/contact_us');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.getByTestId('language-switch').first().click();
    await expect(page).toHaveURL(/\/en\/contact_us$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.getByTestId('language-switch').first().click();
    await expect(page).toHaveURL(/\/contact_us$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
