import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientIp, expectAccessible, open, shot } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const PUBLIC = [
  ['home', '/'],
  ['login', '/auth/login'],
  ['contact', '/contact_us'],
  ['about', '/more/about_the_site'],
  ['faq', '/more/faq'],
  ['terms', '/terms_conditions'],
  ['more', '/more'],
  ['settings-visitor', '/settings'],
  ['store-soon', '/online_store'],
] as const;

for (const lang of ['ar', 'en'] as const) {
  test(`public pages in ${lang}: direction, title, screenshots, accessibility`, async ({ page }) => {
    for (const [name, path] of PUBLIC) {
      const url = lang === 'ar' ? path : path === '/' ? '/en' : `/en${path}`;
      await open(page, url);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page).toHaveTitle(lang === 'ar' ? /مسابح/ : /Masabeh/);
      await shot(page, `${name}-${lang}`);
      await expectAccessible(page);
    }
  });
}

test('home shows real content from the API, and the footer of spec section 1', async ({ page }) => {
  await open(page, '/');
  await expect(page.getByTestId('banners')).toBeVisible();
  for (const key of ['online_store', 'immediate_maintenance', 'scheduled_maintenance', 'construction']) {
    await expect(page.getByTestId(`service-${key}`)).toBeVisible();
  }
  const footer = page.locator('footer');
  await expect(footer).toContainText('310000000000003');
  await expect(footer).toContainText('1010000000');
  await expect(footer).toContainText('info@masabeh.com');
  for (const badge of await footer.locator('a[target="_blank"]').all()) {
    await expect(badge).toHaveAttribute('rel', /noopener/);
  }
  await expect(footer.locator('a[target="_blank"]')).toHaveCount(2);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/img/logo_app.png');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/img/logo_app.png');
  // The page's SEO entry (managed in the dashboard) fills the head.
  await expect(page).toHaveTitle('مسابح | خدمات ومستلزمات المسابح');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'متجر مستلزمات المسابح، صيانة فورية ودورية، وإنشاء وتصميم المسابح في المملكة.',
  );
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/en$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/img\/logo_app\.png$/);
});

test('the splash shows the logo over the rendered page for about a second', async ({ page }) => {
  // The splash is in the server-rendered HTML together with the page under it…
  const response = await page.goto('/', { waitUntil: 'commit' });
  const html = await response!.text();
  expect(html).toContain('data-testid="splash"');
  expect(html).toMatch(/<main[\s>]/);
  // …and a CSS animation fades it out after 1 s. Read the animation rather than racing
  // it with a clock: on a loaded machine the page may finish loading after the fade.
  const splash = page.getByTestId('splash');
  const timing = await splash.evaluate((el) => {
    const [animation] = el.getAnimations();
    const { delay, duration, fill } = animation!.effect!.getTiming();
    return { delay, duration, fill };
  });
  expect(timing).toEqual({ delay: 1000, duration: 250, fill: 'forwards' });
  await expect(splash).toBeHidden({ timeout: 5000 });
  await expect(page.locator('main')).toBeVisible();
});

test('the first visit follows the browser language; the choice is remembered', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/en$/);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 5000 });
  await page.getByTestId('language-switch').first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const cookie = (await context.cookies()).find((c) => c.name === 'lang');
  expect(cookie?.value).toBe('ar');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);
  await context.close();
});

test('the redirect guard follows a moved path', async ({ page }) => {
  await open(page, '/store');
  await expect(page).toHaveURL(/\/online_store$/);
  await page.goto('/en/store');
  await expect(page).toHaveURL(/\/en\/online_store$/);
});

test('a new deployment reloads the page at once, or at the next navigation over unsaved input', async ({ page }) => {
  // The build id answers a newer build once the test opens the gate (the page's first check is about 1 s after load).
  const newGate = () => {
    let open = () => {};
    const passed = new Promise<void>((resolve) => (open = resolve));
    return { open, passed };
  };
  // The first check waits for the first gate, every later one for the second.
  const gates = [newGate(), newGate()];
  let checks = 0;
  await page.route('**/api/version', async (route) => {
    await gates[Math.min(checks++, 1)]!.passed;
    await route.fulfill({ json: { msg: '', key: 'success', data: { build_id: 'a-newer-build' } } }).catch(() => {}); // the page left meanwhile
  });
  const mark = () => page.evaluate(() => ((window as unknown as { marker?: number }).marker = 1));
  const marked = () => page.evaluate(() => (window as unknown as { marker?: number }).marker);
  // Not `open`: a held check keeps the network busy.
  const load = async (path: string) => {
    await page.goto(path);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByTestId('splash')).toBeHidden({ timeout: 5000 });
  };

  // Nothing typed: the check reloads the page by itself.
  await load('/');
  await mark();
  let reloaded = page.waitForEvent('load');
  gates[0]!.open();
  await reloaded;
  await expect(page).toHaveURL(/:\d+\/$/);
  expect(await marked()).toBeUndefined();

  // Something typed and not sent: no reload under the visitor's hands, only at the next navigation.
  await load('/contact_us');
  await page.locator('main textarea').first().fill('أرغب في صيانة مسبحي');
  await mark();
  const checked = page.waitForResponse('**/api/version');
  gates[1]!.open();
  await checked;
  await page.waitForTimeout(500);
  expect(await marked()).toBe(1);
  reloaded = page.waitForEvent('load');
  await page.locator('footer').getByRole('link', { name: 'عن الموقع' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/more\/about_the_site$/);
  expect(await marked()).toBeUndefined();
});

test('keyboard: Tab moves through the login form in order, in both directions of text', async ({ page }) => {
  for (const url of ['/auth/login', '/en/auth/login']) {
    await open(page, url);
    const phone = page.getByTestId('phone-input');
    await phone.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('send-code')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(phone).toBeFocused();
    await phone.fill('12');
    await page.keyboard.press('Enter');
    await expect(
      page.getByText(
        url.startsWith('/en') ? 'The mobile number must be 9 to 10 digits' : 'رقم الجوال يجب أن يكون من 9 إلى 10 أرقام',
      ),
    ).toBeVisible();
  }
});

test('contact us: validation next to the fields, then sent and back home', async ({ page }) => {
  await open(page, '/en/contact_us');
  await page.getByTestId('contact-submit').click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  const form = page.getByTestId('contact-form');
  await form.getByLabel(/name/i).fill('Khalid');
  await form.getByLabel(/mobile|phone/i).fill('512345678');
  await form.getByLabel(/message/i).fill('Please call me about a new pool in Riyadh.');
  await page.getByTestId('contact-submit').click();
  await expect(page.getByText('Your message has been sent, we will contact you soon')).toBeVisible();
  await expect(page).toHaveURL(/\/en$/, { timeout: 5000 });
});

test('every route of spec section 2 answers in both languages, never a 404', async ({ request }) => {
  const table = readFileSync(join(import.meta.dirname, '..', '..', 'apps', 'web', 'app', 'route-table.ts'), 'utf8');
  const paths = [...table.matchAll(/path: '([^']*)'/g)].map((m) => m[1]!.replace(/:[a-z]+/g, '1'));
  expect(paths.length).toBeGreaterThan(40);
  for (const path of paths.filter((p) => p !== 'auth/logout')) {
    for (const prefix of ['/', '/en/']) {
      const url = (prefix + path).replace(/\/$/, '') || '/';
      const res = await request.get(url, { maxRedirects: 0 });
      // 301: a product's id address moving to its own (the store's canonical product URL).
      expect([200, 301, 302], url).toContain(res.status());
    }
  }
});

test('phones: no page is wider than the screen, signed out and in both languages', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'ar-SA',
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
  });
  const page = await context.newPage();
  for (const path of ['/', '/en', '/auth/login', '/en/auth/register', '/contact_us', '/en/more']) {
    await open(page, path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await context.clearCookies(); // `/` follows the remembered language (English since the last page)
  await open(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await shot(page, 'home-ar-phone');
  await open(page, '/en/auth/login');
  await shot(page, 'login-en-phone');
  await context.close();
});
