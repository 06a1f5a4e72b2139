import { expect, test } from '@playwright/test';
import { clientIp, expectAccessible, open, shot, signInAdmin } from './support.ts';

// Headless Chromium names itself in its user agent and robots are not visitors: look like a person's browser.
test.use({
  extraHTTPHeaders: { 'X-Forwarded-For': clientIp() },
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
});

test('the dashboard home shows the month: a site visit counts once, sales against the target, charts and lists', async ({
  page,
}) => {
  // A person opening the site is today's visitor (once, however many pages they open).
  await open(page, '/');
  await open(page, '/en');
  await signInAdmin(page);
  await expect(page.getByRole('heading', { name: 'ملخص هذا الشهر' })).toBeVisible();
  const visitors = page.getByText('الزوار', { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(visitors).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('month-sales')).toContainText('الهدف');
  await expect(page.getByTestId('newest-orders')).toBeVisible();
  // Each kind of order this month: the store beside the three services.
  const byKind = page.getByTestId('by-kind');
  for (const [kind, name] of [
    ['store', 'المتجر'],
    ['immediate_maintenance', 'صيانة فورية'],
    ['package_subscription', 'باقة صيانة'],
    ['pool_construction', 'إنشاء مسبح'],
  ] as const) {
    await expect(byKind.getByTestId(`by-kind-${kind}`)).toContainText(name);
    await expect(byKind.getByTestId(`by-kind-${kind}`)).toContainText('ر.س');
  }
  await expect(page.getByTestId('sold-out')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'admin-home-ar');
});
