/**
 * The dashboard's scheduled maintenance (Arabic): an admin adds a package (both languages, features
 * one a line, price in riyals with VAT shown live), edits it; a customer with a charged wallet
 * subscribes to it through the API; the admin stops selling it (the site's list drops it, the
 * subscription stays) and finds the subscription in /admin/subscriptions by the customer's phone,
 * then opens it with its visits. Screenshots at 1280 (and 390 for the lists); axe on each page.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminNav, clientIp, expectAccessible, open, riyadhDay, shot, signInAdmin, signUpByApi } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const SITE = { 'x-pool-site': '1', lang: 'ar' };

/** A customer with 1,000 SAR in the wallet (sandbox card), in a context of their own. */
async function chargedCustomer(page: Page, name: string) {
  const phone = await signUpByApi(page, name);
  const charge = await (
    await page.request.post('/api/user/wallet/charge', { headers: SITE, form: { amount: '1000' } })
  ).json();
  expect(charge.key, charge.msg).toBe('success');
  await page.goto(charge.data.redirect_url);
  await page.locator('#card').fill('4111 1111 1111 1111');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/payment_status=paid/);
  return phone;
}

const sitePackages = async (page: Page) =>
  (await (await page.request.get('/api/user/packages', { headers: SITE })).json()).data as {
    id: number;
    name: string;
    price_with_vat: number;
    visits: number;
    validity_days: number;
    features: string[];
  }[];

test('packages: add, edit, a customer subscribes, stop selling; the subscription with its visits', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now() % 1_000_000;
  const nameAr = `باقة الصيف ${stamp}`;
  const nameEn = `Summer care ${stamp}`;

  await signInAdmin(page);
  await adminNav(page, 'packages');
  await expect(page).toHaveURL(/\/admin\/packages$/);
  await expect(page.getByRole('heading', { name: 'باقات الصيانة', exact: true })).toBeVisible();
  const table = page.getByTestId('packages-table');
  await expect(table).toBeVisible();

  // Add: required fields first, then the form filled; VAT shown while typing.
  await page.getByTestId('package-add').click();
  const form = page.getByTestId('package-form');
  await page.getByTestId('package-submit').click();
  await expect(form.getByText('هذا الحقل مطلوب').first()).toBeVisible();
  await form.getByLabel('الاسم بالعربية').fill(nameAr);
  await form.getByLabel('الاسم بالإنجليزية').fill(nameEn);
  await form.getByLabel('الوصف بالعربية').fill('زيارتان لتنظيف المسبح وفحص المياه');
  await form.getByLabel('الوصف بالإنجليزية').fill('Two visits to clean the pool and test the water');
  await form.getByLabel('المزايا بالعربية').fill('تنظيف شامل\nفحص المياه\n');
  await form.getByLabel('المزايا بالإنجليزية').fill('Full cleaning\nWater test');
  await form.getByLabel('السعر قبل الضريبة (ريال)').fill('300');
  await expect(form).toContainText('345.00');
  await form.getByLabel('عدد الزيارات').fill('2');
  await form.getByLabel('مدة الصلاحية (أيام)').fill('30');
  await shot(page, 'admin-packages-form-ar');
  await page.getByTestId('package-submit').click();
  await expect(page.getByText('تمت الإضافة بنجاح').first()).toBeVisible();
  await expect(form).toBeHidden();

  // Search finds it; its row shows the price with VAT, visits and validity.
  await page.getByTestId('list-search').fill(String(stamp));
  await page.getByTestId('list-search').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
  const rows = page.getByTestId('packages-table-row');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByTestId('package-row-price')).toContainText('345.00');
  await expect(row).toContainText('30 يوم');

  // Edit: a new price, the features kept as lists.
  await row.getByTestId('package-edit').click();
  await expect(form.getByLabel('الاسم بالعربية')).toHaveValue(nameAr);
  await expect(form.getByLabel('المزايا بالعربية')).toHaveValue('تنظيف شامل\nفحص المياه');
  await form.getByLabel('السعر قبل الضريبة (ريال)').fill('400');
  await expect(form).toContainText('460.00');
  await page.getByTestId('package-submit').click();
  await expect(page.getByText('تم الحفظ بنجاح').first()).toBeVisible();
  await expect(row.getByTestId('package-row-price')).toContainText('460.00');

  // A customer subscribes with the wallet through the API: the site sells it.
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });
  const customer = await context.newPage();
  const phone = await chargedCustomer(customer, `عميل لوحة الباقات ${stamp}`);
  const pkg = (await sitePackages(customer)).find((p) => p.name === nameAr);
  // The site sells it as edited: 400 SAR + 15 % VAT, 2 visits in 30 days, its Arabic features.
  expect(pkg).toMatchObject({
    price_with_vat: 46_000,
    visits: 2,
    validity_days: 30,
    features: ['تنظيف شامل', 'فحص المياه'],
  });
  const cities = (await (await customer.request.get('/api/user/cities', { headers: SITE })).json()).data as {
    id: number;
    name: string;
  }[];
  const subscribed = await (
    await customer.request.post(`/api/user/packages/${pkg!.id}/subscribe`, {
      headers: SITE,
      data: {
        slots: [
          { date: riyadhDay(3).day, time: '09:00' },
          { date: riyadhDay(10).day, time: '16:30' },
        ],
        city_id: cities.find((c) => c.name === 'الرياض')!.id,
        lat: 24.7136,
        lng: 46.6753,
        payment_method: 'wallet',
      },
    })
  ).json();
  expect(subscribed.key, subscribed.msg).toBe('success');
  const number = subscribed.data.subscription.number as string;

  // Stop selling: the switch, and the site's list drops it; the subscription counts as active.
  await open(page, `/admin/packages?q=${stamp}`);
  await expect(row.getByTestId('package-toggle')).toHaveAttribute('data-active', 'true');
  await expect(row.getByTestId('package-row-subscriptions')).toHaveText('1');
  await shot(page, 'admin-packages-ar');
  await expectAccessible(page);
  await row.getByRole('switch').click({ force: true });
  await expect(page.getByText('تم الحفظ بنجاح').first()).toBeVisible();
  await expect(row.getByTestId('package-toggle')).toHaveAttribute('data-active', 'false');
  expect((await sitePackages(customer)).map((p) => p.id)).not.toContain(pkg!.id);
  await page.getByTestId('packages-status').click();
  await page.getByRole('option', { name: 'موقوفة' }).click();
  await expect(page).toHaveURL(/status=inactive/);
  await expect(rows).toHaveCount(1);

  // The subscriptions, under the orders group: found by the customer's phone (typed with its 0).
  await adminNav(page, 'subscriptions');
  await expect(page).toHaveURL(/\/admin\/subscriptions$/);
  await expect(page.getByRole('heading', { name: 'اشتراكات الباقات' })).toBeVisible();
  await page.getByTestId('list-search').fill(`0${phone}`);
  await page.getByTestId('list-search').press('Enter');
  const subs = page.getByTestId('subscriptions-table-row');
  await expect(subs).toHaveCount(1);
  await expect(subs.first()).toContainText(number);
  await expect(subs.first()).toContainText(nameAr);
  await expect(subs.first().getByTestId('order-status')).toHaveText('نشط');
  await expect(subs.first().getByTestId('subscription-visits')).toHaveText('2 من 2');
  await expect(subs.first()).toContainText('460.00');
  await page.getByTestId('subscriptions-status').click();
  await page.getByRole('option', { name: 'نشط' }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(subs).toHaveCount(1);
  await shot(page, 'admin-subscriptions-ar');
  await expectAccessible(page);

  // Its page: the visits at the chosen times, no technician yet.
  await subs.first().getByTestId('subscription-link').click();
  await expect(page).toHaveURL(/\/admin\/subscriptions\/\d+$/);
  await expect(page.getByTestId('subscription-package')).toHaveText(nameAr);
  const visits = page.getByTestId('subscription-visit');
  await expect(visits).toHaveCount(2);
  await expect(visits.first()).toContainText('مجدولة');
  await expect(visits.first()).toContainText('لم يسند بعد');
  await expect(visits.nth(1)).toContainText('4:30');
  await shot(page, 'admin-subscription-ar');
  await expectAccessible(page);

  // A phone-sized screen: both lists.
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/admin/subscriptions?q=${phone}`);
  await expect(subs).toHaveCount(1);
  await shot(page, 'admin-subscriptions-ar-390');
  await open(page, `/admin/packages?q=${stamp}`);
  await expect(rows).toHaveCount(1);
  await shot(page, 'admin-packages-ar-390');
  await expectAccessible(page);
  await context.close();
});
