/**
 * The catalogue in the dashboard (issue 4): an admin creates a multi-attribute
 * product with images through the review step, the store API shows it, and a
 * change of its main display product waits for approval. Screenshots of the
 * Arabic screens go to e2e/artifacts/screenshots.
 */
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { adminSession, clientIp, expectAccessible, open, pickMoment, riyadhDay, shot, signInAdmin } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const IMAGE = join(import.meta.dirname, '..', '..', 'apps', 'web', 'public', 'img', 'logo_app.png');
const API = { headers: { lang: 'en' } };

type Card = { id: number; name: string; image: string | null; price: number; discounted_price: number };
type Product = Card & {
  images: string[];
  discount_expires_at: string | null;
  main_variant_id: number;
  variants: { id: number; name: string; price: number; stock: number; is_main: boolean; sku: string }[];
};

async function findProduct(page: Page, q: string) {
  const res = await page.request.get(`/api/user/store/products?q=${encodeURIComponent(q)}`, API);
  expect(res.status()).toBe(200);
  return ((await res.json()).data.data as Card[])[0];
}

test('the catalogue screens list brands, categories with sub-categories, features and products', async ({ page }) => {
  await signInAdmin(page);
  // Each catalogue screen is in the side navigation.
  for (const [group, path] of [
    ['brands', '/admin/content/brands'],
    ['categories', '/admin/content/categories'],
    ['features', '/admin/features'],
    ['products', '/admin/products'],
  ] as const)
    await expect(page.getByTestId(`admin-nav-${group}`)).toHaveAttribute('href', path);
  await open(page, '/admin/content/brands');
  await expect(page.getByRole('heading', { level: 1, name: 'العلامات التجارية' })).toBeVisible();
  await expect(page.getByTestId('content-table-row')).toHaveCount(8);
  await shot(page, 'admin-brands-ar');
  await expectAccessible(page);

  await open(page, '/admin/content/categories');
  await expect(page.getByTestId('content-table-row')).toHaveCount(7);
  await shot(page, 'admin-categories-ar');
  await page.getByTestId('content-children').first().click();
  await expect(page).toHaveURL(/parent_id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'الأقسام الفرعية لقسم المضخات' })).toBeVisible();
  await expect(page.getByText('مضخات المسابح')).toBeVisible();
  await shot(page, 'admin-sub-categories-ar');
  await expectAccessible(page);

  await open(page, '/admin/features');
  await expect(page.getByText('0.75 حصان')).toBeVisible();
  await page.getByTestId('feature-add').click();
  const form = page.getByTestId('feature-form');
  await form.getByLabel('اسم الخاصية بالعربية').fill('الجهد');
  await form.getByLabel('اسم الخاصية بالإنجليزية').fill('Voltage');
  await form.getByLabel('الخيار 1 بالعربية').fill('220 فولت');
  await form.getByLabel('الخيار 1 بالإنجليزية').fill('220 V');
  await form.getByTestId('option-add').click();
  await form.getByLabel('الخيار 2 بالعربية').fill('380 فولت');
  await shot(page, 'admin-feature-form-ar');
  await form.getByTestId('feature-save').click();
  await expect(form.getByText('هذا الحقل مطلوب')).toBeVisible();
  await form.getByLabel('الخيار 2 بالإنجليزية').fill('380 V');
  await form.getByTestId('feature-save').click();
  await expect(page.getByText('تمت الإضافة بنجاح').first()).toBeVisible();
  await expect(page.getByText('380 فولت')).toBeVisible();
  await shot(page, 'admin-features-ar');
  await expectAccessible(page);

  await open(page, '/admin/products');
  await expect(page.getByTestId('products-table-row')).toHaveCount(15);
  await shot(page, 'admin-products-ar');
  await expectAccessible(page);
  await page.getByTestId('stock-view').getByText('نفد المخزون').click();
  await expect(page).toHaveURL(/stock=sold_out/);
  await expect(page.getByTestId('products-table-row')).toHaveCount(2);
  await shot(page, 'admin-products-sold-out-ar');
  await page.getByTestId('stock-view').getByText('مخزون منخفض').click();
  await expect(page).toHaveURL(/stock=low_stock/);
  await expect(page.getByTestId('products-table-row').first()).toBeVisible();
});

test('an admin creates a multi-attribute product with images through the review step, and the store shows it', async ({
  page,
}) => {
  const stamp = Date.now() % 100_000;
  const nameAr = `مضخة اختبار ${stamp}`;
  const nameEn = `Test pump ${stamp}`;
  await adminSession(page);
  await open(page, '/admin/products');
  await page.getByTestId('product-add').click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  const form = page.getByTestId('product-form');

  // The review refuses an empty form, in Arabic.
  await page.getByTestId('product-review-button').click();
  await expect(form.getByText('هذا الحقل مطلوب').first()).toBeVisible();

  await form.getByLabel('اسم المنتج بالعربية').fill(nameAr);
  await form.getByLabel('اسم المنتج بالإنجليزية').fill(nameEn);
  await form.getByLabel('الوصف بالعربية').fill('مضخة هادئة موفرة للطاقة بقدرات متعددة.');
  await form.getByLabel('الوصف بالإنجليزية').fill('A quiet, energy-saving pump in several powers.');
  await form.getByTestId('field-category').click();
  await page.getByRole('option', { name: 'المضخات', exact: true }).click();
  await form.getByTestId('field-sub-category').click();
  await page.getByRole('option', { name: 'مضخات المسابح' }).click();
  await form.getByTestId('field-brand').click();
  await page.getByRole('option', { name: 'هايوارد' }).click();

  // Gallery: two images, each uploaded with its progress bar.
  await page.route('**/api/admin/products/images', async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await form.getByTestId('gallery-input').setInputFiles([IMAGE, IMAGE]);
  await expect(form.getByTestId('upload-progress').first()).toBeVisible();
  await shot(page, 'admin-product-uploading-ar');
  await expect(form.getByTestId('gallery-image')).toHaveCount(2);

  // Multi-attribute: power with two options makes two groups, each priced on its own.
  await form.getByTestId('field-type').getByText('متعدد الخصائص').click();
  await form.getByTestId('field-price').fill('1500');
  await form.getByTestId('field-stock').fill('4');
  await form.getByTestId('attribute-add').click();
  await form.getByTestId('attribute-0').click();
  await page.getByRole('option', { name: 'القدرة' }).click();
  await form
    .locator('label')
    .filter({ hasText: /^1 حصان$/ })
    .click();
  await form
    .locator('label')
    .filter({ hasText: /^2 حصان$/ })
    .click();
  await form.getByTestId('groups-generate').click();
  await expect(form.getByTestId('group-row')).toHaveCount(2);
  await form.getByTestId('group-price').nth(1).fill('1900.50');
  await form.getByTestId('group-stock').nth(1).fill('2');
  await form.getByTestId('group-main').nth(1).check();
  await form.getByTestId('field-discount-type').click();
  await page.getByRole('option', { name: 'نسبة مئوية' }).click();
  await form.getByTestId('field-discount-value').fill('101');
  await shot(page, 'admin-product-form-ar');

  // A ratio above 100 % is refused by the review, with the rule's Arabic message (100 itself is allowed).
  await page.getByTestId('product-review-button').click();
  await expect(page.getByText('نسبة الخصم يجب ألا تزيد عن 100٪')).toBeVisible();
  await form.getByTestId('field-discount-value').fill('10');
  // The discount's end picked on the calendar at 18:00 in Riyadh a month on; emptied, it has no end; a day
  // picked again ends at its last minute unless a time is typed.
  const ends = riyadhDay(30);
  const expiry = form.getByTestId('field-discount-expiry');
  await pickMoment(page, expiry, 'ينتهي الخصم في', ends.label('ar'), '18:00');
  await expect(expiry).toHaveText(`${ends.label('ar')}، الساعة 18:00`);
  await form.getByRole('button', { name: 'مسح اليوم والساعة' }).click();
  await expect(expiry).toHaveText('اختر اليوم والساعة');
  await pickMoment(page, expiry, 'ينتهي الخصم في', ends.label('ar'));
  await expect(expiry).toHaveText(`${ends.label('ar')}، الساعة 23:59`);
  await page.getByTestId('product-review-button').click();

  const review = page.getByTestId('product-review');
  await expect(review).toBeVisible();
  await expect(review.getByTestId('review-group')).toHaveCount(2);
  await expect(review.getByText('الرئيسي للعرض', { exact: false }).first()).toBeVisible();
  await expect(review.getByTestId('review-price')).toContainText('1,710.45');
  await shot(page, 'admin-product-review-ar');
  await expectAccessible(page);
  await page.getByTestId('product-confirm').click();
  await expect(page.getByText('تمت إضافة المنتج بنجاح').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByTestId('products-table').getByText(nameAr)).toBeVisible();

  // The public store API (what the site and the apps read) shows it, in English too.
  const card = await findProduct(page, nameEn.toUpperCase());
  expect(card).toMatchObject({ name: nameEn, price: 190_050, discounted_price: 171_045 });
  const detail = (await (await page.request.get(`/api/user/store/products/${card!.id}`, API)).json()).data as Product;
  expect(detail.discount_expires_at).toBe(new Date(`${ends.day}T23:59:00+03:00`).toISOString());
  expect(detail.images).toHaveLength(2);
  expect(detail.variants.map((v) => [v.name, v.price, v.stock, v.is_main])).toEqual([
    ['1 HP', 150_000, 4, false],
    ['2 HP', 190_050, 2, true],
  ]);
  expect((await page.request.get(detail.images[0]!)).status()).toBe(200);
  expect((await findProduct(page, nameAr.replace('مضخة', 'مضخه')))?.id).toBe(card!.id);

  // Changing the main display product is sent for review, then approved.
  await page.getByTestId('products-table').getByText(nameAr).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${card!.id}$`));
  await page.getByTestId('product-form').getByTestId('group-main').nth(0).check();
  await page.getByTestId('product-review-button').click();
  await expect(page.getByTestId('review-main-change')).toBeVisible();
  await shot(page, 'admin-product-review-main-change-ar');
  await page.getByTestId('product-confirm').click();
  await expect(page.getByText('أُرسل تغيير المنتج الرئيسي للعرض').first()).toBeVisible();
  const before = (await (await page.request.get(`/api/user/store/products/${card!.id}`, API)).json()).data as Product;
  expect(before.variants.find((v) => v.is_main)!.name).toBe('2 HP');

  await page.getByTestId('main-changes-link').click();
  await expect(page).toHaveURL(/\/admin\/products\/main-changes$/);
  const row = page.getByTestId('main-changes-table-row').filter({ hasText: nameAr });
  await expect(row).toBeVisible();
  await shot(page, 'admin-main-changes-ar');
  await expectAccessible(page);
  await row.getByTestId('change-approve').click();
  await expect(page.getByText('تم اعتماد المنتج الرئيسي للعرض').first()).toBeVisible();
  const after = (await (await page.request.get(`/api/user/store/products/${card!.id}`, API)).json()).data as Product;
  expect(after.variants.find((v) => v.is_main)!.name).toBe('1 HP');
  expect(after.price).toBe(150_000);
});
