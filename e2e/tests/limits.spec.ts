/**
 * Page limits as a visitor meets them (SECURITY.md 32), on the second server, which keeps the
 * default API limit (300 a minute per address) and 150 pages a minute per address. The calls a
 * page makes to the API in process count with the page, once; a visitor over the page limit
 * gets a 429 page in their language (never a 500), and other visitors are served.
 */
import { expect, test } from '@playwright/test';
import { clientIp, shot } from './support.ts';

const PAGES_PER_MINUTE = 150;

test.describe('page limits', () => {
  test('100 page loads from one address leave every page working, for it and for another address', async ({
    request,
  }) => {
    const one = clientIp();
    for (let i = 0; i < 100; i++) {
      const res = await request.get(i % 2 ? '/online_store' : '/en/online_store', {
        headers: { 'x-forwarded-for': one },
      });
      expect(res.status(), `page ${i + 1}`).toBe(200);
    }
    const other = await request.get('/online_store', { headers: { 'x-forwarded-for': clientIp() } });
    expect(other.status()).toBe(200);
  });

  test('a visitor over the limit gets the 429 page in their language, by document and by navigation', async ({
    browser,
    request,
  }) => {
    const ip = clientIp();
    const context = await browser.newContext({ locale: 'ar-SA', extraHTTPHeaders: { 'x-forwarded-for': ip } });
    const page = await context.newPage();
    // A page in the browser first, then the rest of the minute's allowance in other tabs.
    await page.goto('/online_store');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    let served = 0;
    while ((await request.get('/contact_us', { headers: { 'x-forwarded-for': ip } })).status() === 200) served++;
    // The browser's page used a few (its document, and the data of links it prefetched).
    expect(served).toBeGreaterThan(PAGES_PER_MINUTE - 10);
    expect(served).toBeLessThan(PAGES_PER_MINUTE);

    // A client navigation: the router's data request answers 429, and the page shows the 429 page.
    await page.getByRole('link', { name: 'تواصل معنا' }).first().click();
    await expect(page.getByRole('heading', { name: 'طلبات كثيرة' })).toBeVisible();
    await expect(page.getByTestId('error-message')).toContainText('يرجى الانتظار');
    await shot(page, 'limit-429-navigation-ar');

    // A document: a small page of its own, in Arabic right to left, with the wait.
    const doc = await page.goto('/about_the_site');
    expect(doc?.status()).toBe(429);
    expect(Number(doc?.headers()['retry-after'])).toBeGreaterThan(0);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'طلبات كثيرة' })).toBeVisible();
    await shot(page, 'limit-429-ar');
    const en = await page.goto('/en/online_store');
    expect(en?.status()).toBe(429);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { name: 'Too many requests' })).toBeVisible();
    await expect(page.getByText(/Please wait \d+ seconds and try again/)).toBeVisible();
    await shot(page, 'limit-429-en');

    // Everyone else is served meanwhile.
    expect((await request.get('/online_store', { headers: { 'x-forwarded-for': clientIp() } })).status()).toBe(200);
    await context.close();
  });
});
