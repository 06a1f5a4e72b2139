/**
 * The checkout's address map in a real browser, on the server started with `MAPS_API_KEY` (project
 * `maps` of playwright.config.ts). Google's hosts are answered by a small fake of the Maps JavaScript
 * API (fake-google-maps.ts) at their real addresses, so the page's own CSP must let the script and
 * the place-details request through: nothing is bypassed. A customer adds a product, then at checkout
 * adds an address with the map: chooses a place in the search, sees the fields filled, drags the pin
 * and taps the map, saves; the saved address has the pin. Arabic, then the English label once.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { fakeMapsScript } from './fake-google-maps.ts';
import { adminPost, clientIp, expectAccessible, open, shot, signUpByApi } from './support.ts';

test.describe.configure({ mode: 'serial' });

const TAG = `map${Date.now() % 100_000}`;
const OLAYA = { latitude: 24.6951234, longitude: 46.6851234 };
/** Places API (New) place details, as `GET places.googleapis.com/v1/places/{id}` answers them. */
const components = {
  ar: [
    { longText: '٧٥٩٦', shortText: '٧٥٩٦', types: ['street_number'] },
    { longText: 'طريق الملك فهد', shortText: 'طريق الملك فهد', types: ['route'] },
    { longText: 'العليا', shortText: 'العليا', types: ['sublocality_level_1', 'sublocality', 'political'] },
    { longText: 'الرياض', shortText: 'الرياض', types: ['locality', 'political'] },
    { longText: 'منطقة الرياض', shortText: 'منطقة الرياض', types: ['administrative_area_level_1', 'political'] },
    { longText: 'المملكة العربية السعودية', shortText: 'SA', types: ['country', 'political'] },
    { longText: '12213', shortText: '12213', types: ['postal_code'] },
  ],
  en: [
    { longText: 'King Fahd Road', shortText: 'King Fahd Rd', types: ['route'] },
    { longText: 'Riyadh', shortText: 'Riyadh', types: ['locality', 'political'] },
  ],
};

let context: BrowserContext;
let page: Page;
let productId = 0;
/** What the fake Google hosts were asked, to check that the page reached them (and nothing was blocked). */
const googleRequests: string[] = [];

async function fakeGoogle(ctx: BrowserContext) {
  await ctx.route('https://maps.googleapis.com/**', (route) => {
    googleRequests.push(route.request().url());
    return route.fulfill({
      contentType: 'text/javascript; charset=utf-8',
      body: fakeMapsScript([{ id: 'olaya-kfr', text: 'طريق الملك فهد، العليا، الرياض' }]),
    });
  });
  await ctx.route('https://places.googleapis.com/**', (route) => {
    const url = new URL(route.request().url());
    googleRequests.push(url.href);
    const lang = url.searchParams.get('languageCode') === 'en' ? 'en' : 'ar';
    return route.fulfill({
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify({ id: 'olaya-kfr', location: OLAYA, addressComponents: components[lang] }),
    });
  });
  // Any CSP refusal on the page is recorded, to fail the test with what was refused.
  await ctx.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
    );
  });
}

/** The page's CSP refusals (none expected: the map's hosts are allowed, and zod runs without eval). */
const cspViolations = (p: Page) => p.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
const fakeSeen = (p: Page) =>
  p.evaluate(() => (window as unknown as { __fakeMaps: Record<string, unknown> }).__fakeMaps);
/** The pin's coordinates as the form shows them ("lat, lng"). */
async function pinned(p: Page) {
  const text = (await p.getByTestId('map-pinned').locator('bdi').textContent())!;
  const [lat, lng] = text.split(',').map((n) => Number(n.trim()));
  return { lat: lat!, lng: lng! };
}

test.beforeAll(async ({ browser, request }) => {
  const category = await adminPost<{ id: number }>(request, '/categories', {
    name_ar: `فلاتر ${TAG}`,
    name_en: `Filters ${TAG}`,
  });
  productId = (
    await adminPost<{ id: number }>(request, '/products', {
      name_ar: `فلتر رملي ${TAG}`,
      name_en: `Sand filter ${TAG}`,
      description_ar: 'فلتر رملي لتنقية ماء المسبح.',
      description_en: 'A sand filter that keeps the pool water clear.',
      category_id: category.id,
      price: 45_000,
      stock: 10,
    })
  ).id;
  context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() }, locale: 'ar-SA' });
  await fakeGoogle(context);
  page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') console.log(`[page] ${m.text()}`);
  });
  // This project's server writes its sign-in codes to its own data folder (see playwright.config.ts).
  await signUpByApi(page, 'سارة القحطاني', { dir: process.env.E2E_MAPS_DATA_DIR });
});
test.afterAll(() => context?.close());

test('a customer pins the delivery address on the map at checkout (Arabic)', async () => {
  await open(page, `/online_store_id/${productId}`);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toContainText('1');

  await open(page, '/shopping_cart');
  await page.getByTestId('address-add').click();
  const form = page.getByTestId('address-form');
  const picker = form.getByTestId('map-picker');
  await expect(picker).toHaveAttribute('data-state', 'ready');

  // One script from Google's address, with the key, the three libraries, Arabic, region SA and the page's nonce.
  const seen = await fakeSeen(page);
  expect(seen.params).toMatchObject({
    key: 'AIza-e2e-fake-browser-key',
    libraries: 'maps,marker,places',
    language: 'ar',
    region: 'SA',
    callback: 'google.maps.__ib__',
  });
  // The page's own nonce (the CSP would refuse any other): the one its inline scripts carry.
  const pageNonce = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce);
  expect(pageNonce).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
  expect(seen.nonce).toBe(pageNonce);
  expect(seen.mapOptions).toMatchObject({ mapId: 'e2e-map-id', zoom: 11 });
  expect(seen.markerOptions).toMatchObject({ gmpDraggable: true, title: 'موقع التوصيل' });
  expect(seen.autocompleteOptions).toMatchObject({ includedRegionCodes: ['sa'], requestedLanguage: 'ar' });
  await expect(picker.getByText('ابحث عن موقعك')).toBeVisible();
  await expect(form.getByTestId('map-canvas')).toHaveAttribute('aria-label', 'خريطة موقع التوصيل');

  // Choosing a place fills the city and the address parts, and pins it.
  const search = picker.locator('gmp-place-autocomplete input');
  await expect(search).toHaveAttribute('placeholder', 'حي أو شارع أو معلم');
  await search.fill('العليا');
  await picker.getByRole('option', { name: 'طريق الملك فهد، العليا، الرياض' }).click();
  await expect(form.getByTestId('address-district')).toHaveValue('العليا');
  await expect(form.getByTestId('address-street')).toHaveValue('طريق الملك فهد');
  await expect(form.getByTestId('address-building')).toHaveValue('7596');
  await expect(form.getByTestId('address-postal')).toHaveValue('12213');
  await expect(form.getByTestId('address-city')).toHaveValue('الرياض');
  await expect(form.getByTestId('map-pinned')).toContainText('24.695123, 46.685123');
  expect((await fakeSeen(page)).fetchedFields).toEqual(['location', 'addressComponents']);
  await shot(page, 'checkout-map-ar');

  // Dragging the pin up and to the right moves it north-east.
  const marker = form.getByTestId('fake-marker');
  const box = (await marker.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 - 20, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 - 40, { steps: 5 });
  await page.mouse.up();
  await expect(form.getByTestId('map-pinned')).not.toContainText('24.695123, 46.685123');
  const dragged = await pinned(page);
  expect(dragged.lat).toBeGreaterThan(24.695123);
  expect(dragged.lng).toBeGreaterThan(46.685123);

  // A tap on the map moves the pin there (south-west of the centre).
  const canvas = (await form.getByTestId('map-canvas').boundingBox())!;
  await page.mouse.click(canvas.x + canvas.width / 2 - 80, canvas.y + canvas.height / 2 + 50);
  await expect.poll(async () => (await pinned(page)).lat).toBeLessThan(24.695123);
  const tapped = await pinned(page);
  expect(tapped.lng).toBeLessThan(46.685123);
  expect(Number(await marker.getAttribute('data-lat'))).toBeCloseTo(tapped.lat, 5);
  expect(await cspViolations(page)).toEqual([]);
  await expectAccessible(page);

  await form.getByTestId('address-save').click();
  await expect(page.getByTestId('address-option')).toHaveCount(1);
  await expect(page.getByTestId('address-option')).toHaveAccessibleDescription(/العليا/);

  // The saved address has the pin.
  const saved = await (
    await page.request.get('/api/user/addresses', { headers: { 'x-pool-site': '1', lang: 'ar' } })
  ).json();
  expect(saved.data).toEqual([
    expect.objectContaining({ district: 'العليا', postal_code: '12213', lat: tapped.lat, lng: tapped.lng }),
  ]);

  expect(await cspViolations(page)).toEqual([]);
  expect(googleRequests.some((u) => u.startsWith('https://maps.googleapis.com/maps/api/js?'))).toBe(true);
  expect(googleRequests.some((u) => u.startsWith('https://places.googleapis.com/v1/places/olaya-kfr'))).toBe(true);
});

test('the English page loads the map in English with its label', async () => {
  await open(page, '/en/shopping_cart');
  await page.getByTestId('address-add').click();
  const picker = page.getByTestId('map-picker');
  await expect(picker).toHaveAttribute('data-state', 'ready');
  await expect(picker.getByText('Search for your location')).toBeVisible();
  const seen = await fakeSeen(page);
  expect(seen.params).toMatchObject({ language: 'en', region: 'SA' });
  expect(seen.autocompleteOptions).toMatchObject({ requestedLanguage: 'en' });
  await picker.locator('gmp-place-autocomplete input').fill('King');
  await picker.getByRole('option').click();
  await expect(page.getByTestId('address-street')).toHaveValue('King Fahd Road');
  await expect(page.getByTestId('address-city')).toHaveValue('Riyadh');
  expect(await cspViolations(page)).toEqual([]);
});
