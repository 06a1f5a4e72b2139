import { expect, test, type Page } from '@playwright/test';
import { clientIp, expectAccessible, open, shot, signInByApi } from './support.ts';

const DEMO = '500000001';

test.describe.configure({ mode: 'serial' });
test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

let page: Page;
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() }, locale: 'ar-SA' });
  page = await context.newPage();
  await signInByApi(page, DEMO);
});
test.afterAll(() => page.context().close());

test('the notifications page: list, bell count, delete one, delete all, empty state', async () => {
  await open(page, '/');
  await expect(page.getByTestId('bell-count')).toContainText('2');
  await open(page, '/notifications');
  const items = page.getByTestId('notification-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('خصم 10٪ على الكيماويات');
  await shot(page, 'notifications-list-ar');
  await expectAccessible(page);
  // Opening the list marked them read: the bell empties.
  await open(page, '/');
  await expect(page.getByTestId('bell-count')).not.toContainText('2');

  await open(page, '/notifications');
  await items.first().getByTestId('notification-delete').click();
  await expect(items).toHaveCount(1);
  await page.getByTestId('notifications-delete-all').click();
  await page.getByTestId('notifications-delete-all-confirm').click();
  await expect(page.getByTestId('notifications-empty')).toBeVisible();
  await shot(page, 'notifications-empty-ar');
});

for (const lang of ['ar', 'en'] as const) {
  const prefix = lang === 'ar' ? '' : '/en';
  test(`the signed-in pages in ${lang}: screenshots and accessibility`, async () => {
    for (const [name, path] of [
      ['profile', '/profile'],
      ['settings', '/settings'],
      ['edit-profile', '/settings/edit_profile'],
      ['change-mobile', '/settings/change_mobile_number'],
      ['notifications', '/notifications'],
    ] as const) {
      await open(page, prefix + path || '/');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await shot(page, `${name}-${lang}`);
      await expectAccessible(page);
    }
  });
}
