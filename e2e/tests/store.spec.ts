/**
 * The store pages (issue 4, site): the list with Arabic-aware search, filters
 * and sort in the address, the product page with its options, cart and head
 * tags, the English page, and favourites. Its own catalogue rows (made through
 * the dashboard API) keep the figures fixed whatever the demo data holds.
 */
import { expect, test, type Page } from '@playwright/test';
import { makeStoreCatalogue } from './store-catalogue.ts';
import {
  animationsDone,
  clientIp,
  codeFor,
  expectAccessible,
  newPhone,
  open,
  reload,
  shot,
  typeCode,
} from './support.ts';

test.describe.configure({ mode: 'serial' });
const ip = clientIp();
test.use({ extraHTTPHeaders: { 'x-forwarded-for': ip } });

/** A word in every name made here, so a search finds only these products. */
const TAG = `qx${Date.now() % 100_000}`;
const SITE = { 'x-pool-site': '1' };

type Catalogue = Awaited<ReturnType<typeof makeStoreCatalogue>>;
let category: Catalogue['category'];
let pump: Catalogue['pump'];
let filter: Catalogue['filter'];
let pictures: Catalogue['pictures'];
test.beforeAll(async ({ request }) => {
  ({ category, pump, filter, pictures } = await makeStoreCatalogue(request, TAG));
});

const cards = (page: Page) => page.getByTestId('product-card');
/** An option chip of the product page, by its label. */
const option = (page: Page, name: string) =>
  page.getByTestId('variant-options').locator('label').filter({ hasText: name });
const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test('browse in Arabic: Arabic-aware search, a category kept after reload, sort by price', async ({ page }) => {
  await open(page, '/online_store');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('store-heading')).toHaveText('المتجر الإلكتروني');
  await expect(cards(page).first()).toBeVisible();

  // 'مضخه' (haa) finds 'مضخة' (taa marbuta).
  const search = page.getByTestId('store-search-input');
  await search.fill(`مضخه ${TAG}`);
  await page.getByTestId('store-search-submit').click();
  await expect(page).toHaveURL(/\?q=/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(`مضخة مسبح ذكية ${TAG}`);
  await expect(page.getByTestId('store-count')).toContainText('منتج واحد');
  // A search is sorted by relevance (issue 12), and the article with a prefix («بالفلتر») finds «فلتر».
  await expect(page.getByTestId('store-sort')).toHaveValue('relevance');
  await search.fill(`بالفلتر ${TAG}`);
  await page.getByTestId('store-search-submit').click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(`فلتر رملي ${TAG}`);

  // A search with nothing: the no-results state.
  await search.fill(`لا يوجد ${TAG}`);
  await page.getByTestId('store-search-submit').click();
  await expect(page.getByTestId('store-no-results')).toBeVisible();
  await page.getByTestId('store-no-results').getByRole('link').click();
  await expect(page).toHaveURL(/\/online_store$/);
  // The address changes before React shows the new list: wait for it.
  await expect(search).toHaveValue('');
  await expect(page.getByTestId('store-no-results')).toBeHidden();

  // The category from the sidebar: in the address, kept after a reload.
  await page.getByTestId('store-filters').getByRole('link', { name: category.name_ar, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`category=${category.id}`));
  await expect(cards(page)).toHaveCount(2);
  await reload(page);
  await expect(page.getByTestId('store-heading')).toHaveText(category.name_ar);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByTestId('store-chips')).toContainText(category.name_ar);

  // Prices with VAT, said on the card (ADR 0023): the pump's 900 SAR after its discount is 1,035 with VAT.
  const pumpPrice = cards(page)
    .filter({ hasText: `مضخة مسبح ذكية ${TAG}` })
    .getByTestId('price');
  await expect(pumpPrice.getByTestId('price-now')).toContainText('1,035.00');
  await expect(pumpPrice.getByTestId('price-vat-note')).toHaveText('شامل الضريبة');

  // Sort by price, both ways (the pump's main group costs 900 after its discount, the filter 450).
  await page.getByTestId('store-sort').selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(cards(page).first()).toHaveAttribute('data-id', String(filter.id));
  await page.getByTestId('store-sort').selectOption('price_desc');
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect(cards(page).first()).toHaveAttribute('data-id', String(pump.id));
  await expect(page).toHaveURL(new RegExp(`category=${category.id}`));
  // Back goes to the previous sort.
  await page.goBack();
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(cards(page).first()).toHaveAttribute('data-id', String(filter.id));

  // A price range typed on an Arabic keyboard (٦٠٠ riyals, a letter dropped): the filter (517.50 with VAT) leaves.
  const price = page.getByTestId('filter-price');
  await price.getByLabel('من', { exact: true }).fill('٦٠٠ر');
  await expect(price.getByLabel('من', { exact: true })).toHaveValue('600');
  await price.getByRole('button', { name: 'تطبيق السعر' }).click();
  await expect(page).toHaveURL(/min=600/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toHaveAttribute('data-id', String(pump.id));
  await expectAccessible(page);
});

test('the product page: options change price and stock, add to cart', async ({ page }) => {
  await open(page, `/online_store?category=${category.id}`);
  // The card links straight to the product's own address (the English slug, in Arabic too): no redirect.
  const pumpCard = cards(page).filter({ hasText: `مضخة مسبح ذكية ${TAG}` });
  for (const link of await pumpCard.getByRole('link').all()) {
    await expect(link).toHaveAttribute('href', `/online_store/${pump.details}`);
  }
  await pumpCard.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/online_store/${pump.details}$`));
  await expect(page.getByTestId('product-name')).toHaveText(`مضخة مسبح ذكية ${TAG}`);
  // The breadcrumb on a narrow phone, where it wraps: each chevron stays on the line of the crumb after it
  // (a line ended in a lone chevron).
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 700 });
  const trail = page.getByTestId('breadcrumb');
  await expect(trail.locator('[aria-current="page"]')).toHaveText(`مضخة مسبح ذكية ${TAG}`);
  const items = await trail.locator('li').all();
  expect(items.length).toBeGreaterThanOrEqual(3);
  for (const li of items.slice(1)) {
    const chevron = (await li.locator('svg').boundingBox())!;
    const label = (await li.locator('a, [aria-current]').boundingBox())!;
    expect(Math.abs(chevron.y + chevron.height / 2 - (label.y + label.height / 2))).toBeLessThan(4);
  }
  await page.setViewportSize(size);
  const buy = page.getByTestId('product-buy');
  const now = buy.getByTestId('price-now');
  // With VAT: 900 and 1000 SAR before it.
  await expect(now).toContainText('1,035.00');
  await expect(buy.getByTestId('price-was')).toContainText('1,150.00');
  await expect(buy.getByTestId('price-vat-note')).toHaveText('شامل الضريبة');
  await expect(buy.getByTestId('discount-badge')).toContainText('10');
  await expect(page.getByTestId('discount-ends')).toContainText('2030');
  await expect(page.getByTestId('stock')).toHaveText('متوفر');

  // The gallery: WebP copies from the upload pipeline; arrow keys move through the thumbnails (left is forward in Arabic).
  const gallery = page.getByTestId('gallery');
  const thumbs = gallery.getByTestId('gallery-thumb');
  const shown = gallery.locator('#gallery-panel img');
  await expect(thumbs).toHaveCount(2);
  await expect(shown).toHaveAttribute('src', pictures.front);
  await expect(gallery.locator('#gallery-panel source[type="image/webp"]')).toHaveAttribute(
    'srcset',
    /-960\.webp 960w/,
  );
  await thumbs.first().focus();
  await page.keyboard.press('ArrowLeft');
  await expect(thumbs.nth(1)).toBeFocused();
  await expect(thumbs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(shown).toHaveAttribute('src', pictures.side);
  await page.keyboard.press('Home');
  await expect(shown).toHaveAttribute('src', pictures.front);

  // 1 HP white is not sold: disabled while 1 HP is chosen.
  await expect(page.getByRole('radio', { name: /أبيض/ })).toBeDisabled();
  await option(page, '2 حصان').click();
  await expect(now).toContainText('1,552.50');
  await expect(page).toHaveURL(/variant=\d+/);
  // This group has its own picture: shown first.
  await expect(thumbs).toHaveCount(3);
  await expect(shown).toHaveAttribute('src', pictures.blueTwo);
  await expect(page.getByTestId('stock')).toHaveText('بقيت 3 قطع فقط');
  await expect(page.getByRole('radio', { name: /أبيض/ })).toBeEnabled();
  // 2 HP white is sold out.
  await option(page, 'أبيض').click();
  await expect(now).toContainText('1,656.00');
  await expect(page.getByTestId('stock')).toHaveText('نفدت الكمية');
  await expect(page.getByTestId('add-to-cart')).toBeDisabled();
  await option(page, 'أزرق').click();
  await expect(now).toContainText('1,552.50');

  // Quantity: at most the stock (3).
  const plus = page.getByRole('button', { name: 'زيادة الكمية' });
  await plus.click();
  await plus.click();
  await expect(page.getByTestId('quantity-input')).toHaveValue('3');
  await expect(plus).toBeDisabled();
  await page.getByRole('button', { name: 'إنقاص الكمية' }).click();
  await expect(page.getByTestId('quantity-input')).toHaveValue('2');
  // Typed on an Arabic keyboard: its digits count, and no more than the stock.
  await page.getByTestId('quantity-input').fill('٩');
  await expect(page.getByTestId('quantity-input')).toHaveValue('3');
  await page.getByTestId('quantity-input').fill('٢');
  await expect(page.getByTestId('quantity-input')).toHaveValue('2');
  await expect(plus).toBeEnabled();

  await page.getByTestId('add-to-cart').click();
  await expect(
    page.getByText('تمت الإضافة إلى السلة').or(page.locator('.mantine-Notification-root')).first(),
  ).toBeVisible();
  const cart = await (await page.request.get('/api/user/cart', { headers: SITE })).json();
  expect(cart.data.count).toBe(2);
  expect(cart.data.lines[0]).toMatchObject({ product_id: pump.id, quantity: 2, unit_price: 135_000 });
  await expect(page.getByTestId('cart-count')).toContainText('2');

  // The simple product from its card.
  await open(page, `/online_store?category=${category.id}`);
  await cards(page)
    .filter({ hasText: `فلتر رملي ${TAG}` })
    .getByTestId('card-add-to-cart')
    .click();
  await expect(page.getByTestId('cart-count')).toContainText('3');
  await expectAccessible(page);
});

test('the English page, the id address, the server-rendered head, 404', async ({ page, request, baseURL }) => {
  await open(page, `/en/online_store/${pump.details}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('product-name')).toHaveText(`Smart pool pump ${TAG}`);
  await expect(page.getByTestId('product-buy').getByTestId('price-now')).toContainText('1,035.00');
  await expect(page.getByTestId('product-buy').getByTestId('price-vat-note')).toHaveText('incl. VAT');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${baseURL}/en/online_store/${pump.details}`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute(
    'href',
    `${baseURL}/online_store/${pump.details}`,
  );
  await expectAccessible(page);

  // /online_store_id/{id} moves to the product's address in the same language.
  await open(page, `/en/online_store_id/${pump.id}`);
  await expect(page).toHaveURL(new RegExp(`/en/online_store/${pump.details}$`));
  const moved = await request.get(`/online_store_id/${pump.id}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/online_store/${pump.details}`);
  // Any other spelling of the address moves to the product's own one, keeping the query.
  for (const [from, to] of [
    [`/online_store/${pump.id}-old-name?variant=1`, `/online_store/${pump.details}?variant=1`],
    [`/en/online_store/${pump.id}`, `/en/online_store/${pump.details}`],
  ]) {
    const respelled = await request.get(from!, { maxRedirects: 0 });
    expect(respelled.status(), from).toBe(301);
    expect(respelled.headers().location).toBe(to);
  }

  // The head a search engine or a link preview reads, without running scripts.
  const html = await (await request.get(`/online_store/${pump.details}`)).text();
  expect(html).toContain(`<title>مضخة مسبح ذكية ${TAG}`);
  expect(html).toMatch(new RegExp(`<meta property="og:title" content="مضخة مسبح ذكية ${TAG}"`));
  expect(html).toMatch(/<meta property="og:type" content="product"/);
  expect(html).toContain(`<meta property="og:image" content="${baseURL}${pictures.front}"`);
  expect(html).toMatch(/<meta property="product:price:amount" content="1035.00"/);
  expect(html).toMatch(/<meta property="product:price:currency" content="SAR"/);
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/online_store/${pump.details}"`);
  const ld = /<script type="application\/ld\+json" nonce="[^"]+">(.+?)<\/script>/.exec(html);
  expect(ld, 'JSON-LD with the CSP nonce').not.toBeNull();
  const product = JSON.parse(ld![1]!);
  expect(product).toMatchObject({
    '@type': 'Product',
    name: `مضخة مسبح ذكية ${TAG}`,
    image: [`${baseURL}${pictures.front}`, `${baseURL}${pictures.side}`],
    offers: { '@type': 'AggregateOffer', priceCurrency: 'SAR', lowPrice: '1035.00', highPrice: '1656.00' },
  });
  const english = await (await request.get(`/en/online_store/${pump.details}`)).text();
  expect(english).toContain(`<link rel="canonical" href="${baseURL}/en/online_store/${pump.details}"`);
  expect(english).toContain(`"name":"Smart pool pump ${TAG}"`);

  const missing = await request.get('/online_store/2147483000-nothing');
  expect(missing.status()).toBe(404);
  await open(page, '/en/online_store/2147483000');
  await expect(page.getByTestId('not-found-message')).toBeVisible();
});

test('favourites: a visitor is asked to sign in; a customer adds, lists and removes', async ({ page }) => {
  await open(page, `/online_store/${pump.details}`);
  await page.getByTestId('product-buy').getByTestId('favourite-toggle').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('عذراً، أنت غير مسجل في الموقع.');
  await dialog.getByRole('button', { name: 'تسجيل الدخول' }).click();
  // The sign-in remembers the product page to come back to.
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fonline_store%2F/);

  const phone = newPhone();
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('send-code').click();
  await expect(page).toHaveURL(/\/auth\/Otp/);
  await typeCode(page, await codeFor(`966${phone}`));
  await expect(page).toHaveURL(/\/auth\/register/);
  await page.getByTestId('field-name').fill('نورة العتيبي');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('account-menu')).toContainText('نورة العتيبي');
  await expect(page).toHaveURL(new RegExp(`/online_store/${pump.details}$`));

  await open(page, '/more/favorite');
  await expect(page.getByTestId('favourites-empty')).toBeVisible();

  await open(page, `/online_store/${pump.details}`);
  const toggle = page.getByTestId('product-buy').getByTestId('favourite-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await open(page, `/online_store?category=${category.id}`);
  const filterCard = cards(page).filter({ hasText: `فلتر رملي ${TAG}` });
  await filterCard.getByTestId('favourite-toggle').click();
  await expect(filterCard.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');

  await open(page, '/more/favorite');
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByTestId('favourites-count')).toContainText('منتجان');
  await expect(
    cards(page)
      .filter({ hasText: `مضخة مسبح ذكية ${TAG}` })
      .getByRole('heading')
      .getByRole('link'),
  ).toHaveAttribute('href', `/online_store/${pump.details}`);
  await shot(page, 'store-favourites-ar');
  await expectAccessible(page);
  await cards(page).first().getByTestId('favourite-toggle').click();
  await expect(cards(page)).toHaveCount(1);
  await cards(page).first().getByTestId('favourite-toggle').click();
  await expect(page.getByTestId('favourites-empty')).toBeVisible();
});

test('the home page shows products from the store and leads to them', async ({ page }) => {
  await open(page, '/');
  const strip = page.getByTestId('home-products');
  await expect(cards(page).first()).toBeVisible();
  // Every card links to a product's own address, not to `/online_store_id/{id}` (a redirect).
  for (const link of await strip.getByTestId('product-card').getByRole('heading').getByRole('link').all()) {
    await expect(link).toHaveAttribute('href', /^\/online_store\/\d+-[a-z0-9-]+$/);
  }
  await strip.getByTestId('product-card').first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/online_store\/\d+-[a-z0-9-]+$/);
  await expect(page.getByTestId('product-name')).toBeVisible();
});

for (const lang of ['ar', 'en'] as const) {
  const prefix = lang === 'ar' ? '' : '/en';
  test(`screenshots in ${lang}: desktop and a 390 px phone without sideways scrolling`, async ({ page }) => {
    await open(page, `${prefix}/online_store`);
    await shot(page, `store-${lang}`);
    await open(page, `${prefix}/online_store/${pump.details}`);
    await shot(page, `product-${lang}`);
    // A search: the plural or the article finds the filter, sorted by relevance.
    await open(
      page,
      `${prefix}/online_store?q=${encodeURIComponent(`${lang === 'ar' ? 'الفلتر' : 'filters'} ${TAG}`)}`,
    );
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByTestId('store-sort')).toHaveValue('relevance');
    await shot(page, `store-search-${lang}`);

    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, `${prefix}/online_store?category=${category.id}`);
    await noHorizontalScroll(page);
    await shot(page, `store-phone-${lang}`);
    await open(page, `${prefix}/online_store?q=${encodeURIComponent(`${lang === 'ar' ? 'مضخه' : 'pumps'} ${TAG}`)}`);
    await noHorizontalScroll(page);
    await shot(page, `store-search-phone-${lang}`);
    // The drawer (and its portal) comes with the first open: a closed one costs the page's hydration nothing.
    await expect(page.locator('[data-portal]')).toHaveCount(0);
    await page.getByTestId('open-filters').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await animationsDone(page); // the drawer's slide-in, before the screenshot
    await shot(page, `store-filters-phone-${lang}`);
    await expectAccessible(page);
    await page.getByTestId('show-results').click();
    await expect(page.getByRole('dialog')).toBeHidden();

    await open(page, `${prefix}/online_store/${pump.details}`);
    await noHorizontalScroll(page);
    await shot(page, `product-phone-${lang}`);
    await expectAccessible(page);
  });
}
