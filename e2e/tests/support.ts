/** Helpers shared by the end-to-end tests. */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const dataDir = () => process.env.E2E_DATA_DIR!;
export const SHOTS = join(import.meta.dirname, '..', 'artifacts', 'screenshots');
/**
 * `E2E_SCREENSHOTS=0` (CI, where nobody opens them) takes none: capturing and encoding ~200 full pages is
 * minutes of the run's CPU. The page still comes to rest as for one (tests read the page after a shot), but
 * is not scrolled through for its lazy images, a tenth of the tests' time.
 */
const TAKE_SHOTS = process.env.E2E_SCREENSHOTS !== '0';

/** The newest 4-digit code sent to a full number (e.g. 966500000001), polled from the SMS outbox. */
export async function codeFor(fullNumber: string, after = 0, dir = dataDir()): Promise<string> {
  const file = join(dir, 'sms-outbox.jsonl');
  for (let i = 0; i < 50; i++) {
    if (existsSync(file)) {
      const lines = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
      const mine = lines.filter((m) => m.to === fullNumber && Date.parse(m.at) >= after);
      const code = mine.at(-1)?.text.match(/\d{4}/)?.[0];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code sent to ${fullNumber}`);
}

/**
 * Opens a page and waits for hydration, its fonts (measurements of the layout) and the splash to leave.
 * Not for the network to rest: assertions wait for what they need; screenshots and axe wait for it.
 */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await loaded(page);
}

/** Reloads the page and waits as `open` does: a full load shows the splash again, over what a drag or click aims at. */
export async function reload(page: Page) {
  await page.reload();
  await loaded(page);
}

async function loaded(page: Page) {
  // A click before hydration finds no handler: wait for React to take over the page.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await splashGone(page);
}

/**
 * Ends the splash's fade at once and checks it left: its 1 s on each page load would be spent
 * waiting. pages.spec.ts checks the splash itself: its timing and the page rendered under it.
 */
export async function splashGone(page: Page) {
  await page.evaluate(() =>
    document
      .querySelector('[data-testid="splash"]')
      ?.getAnimations()
      .forEach((a) => a.finish()),
  );
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 5000 });
}

export async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // The page's own requests done (at once when they were before).
  await page.waitForLoadState('networkidle');
  // A page reached by a full load (e.g. back from the payment page) shows the 1 s splash first.
  await splashGone(page);
  if (!TAKE_SHOTS) return;
  // Scroll through the page so lazy images load, then wait for every image.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    const loaded = Promise.all(
      [...document.images].map((img) =>
        img.complete ? null : new Promise((r) => img.addEventListener('load', r, { once: true })),
      ),
    );
    await Promise.race([loaded, new Promise((r) => setTimeout(r, 3000))]);
    window.scrollTo(0, 0);
  });
  // Bounded: a full-page capture hung once here in Chromium (the test's whole 4 minutes); a few seconds is usual.
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true, timeout: 30_000 });
}

/**
 * Waits for the page's finite CSS animations and transitions (a drawer sliding in, a fade) to end:
 * colours measured half-way through a fade are not the page's. Endless ones (spinners) are ignored.
 */
export async function animationsDone(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * axe-core: no serious or critical violation. Asked again while there is one, for the page's 10 s: a state
 * met between two renders (a button leaving its loading state, a colour on its way) is not the page's.
 */
export async function expectAccessible(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect
    .poll(async () => {
      await animationsDone(page);
      // Legacy mode runs axe in the page itself; the default opens a blank page per call to gather frames'
      // results (we have no cross-origin frames), which tripled each call's time here (3.5 s against 1.1 s).
      const results = await new AxeBuilder({ page })
        .setLegacyMode(true)
        .options({ resultTypes: ['violations'] })
        .analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      // Each with what axe found (e.g. the colours measured) and the element, to be found in the page.
      return bad.flatMap((v) =>
        v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}: ${n.any[0]?.message ?? ''} ${n.html.slice(0, 160)}`),
      );
    }, 'serious or critical accessibility violations')
    .toEqual([]);
}

const usedIps = new Set<string>();
/**
 * A client address of its own for a test (documentation ranges TEST-NET-1/2/3), sent as
 * X-Forwarded-For to the trusted-proxy server, so per-IP limits apply per test. Random,
 * because each worker process loads this module anew.
 */
export function clientIp(): string {
  const nets = ['192.0.2', '198.51.100', '203.0.113'];
  for (;;) {
    const ip = `${nets[Math.floor(Math.random() * nets.length)]}.${1 + Math.floor(Math.random() * 254)}`;
    if (!usedIps.has(ip)) {
      usedIps.add(ip);
      return ip;
    }
  }
}

let nextPhone = Date.now() % 1_000_000;
/** A Saudi mobile number no other test uses. */
export const newPhone = () => `58${String(nextPhone++ % 10_000_000).padStart(7, '0')}`;

/** Types the 4-digit code into a PinInput (focus moves by itself). */
export async function typeCode(
  page: Page,
  code: string,
  firstInput = page.locator('input[autocomplete="one-time-code"]').first(),
) {
  await firstInput.click();
  await page.keyboard.type(code);
}

/**
 * Signs the browser context in through the API, as the site itself does
 * (`x-pool-site` makes the API set the HttpOnly auth cookie).
 */
export async function signInByApi(page: Page, phone: string) {
  const headers = { 'x-pool-site': '1', lang: 'ar' };
  const sent = await page.request.post('/api/user/send-code', { headers, form: { phone, country_code: '966' } });
  expect(sent.status()).toBe(200);
  const code = await codeFor(`966${phone}`);
  const checked = await page.request.post('/api/user/check-code', {
    headers,
    form: { phone, country_code: '966', code },
  });
  expect((await checked.json()).key).toBe('success');
}

export const DEMO_ADMIN = { email: 'admin@masabeh.com', password: 'Admin@12345' };

/**
 * Signs the browser context in to the dashboard (the demo super admin unless told otherwise) through
 * the login page's own action, posted as the form does without script: the answer sets the
 * `admin_auth` cookie. No page is opened. admin.spec.ts fills in the login form itself.
 */
export async function adminSession(page: Page, email = DEMO_ADMIN.email, password = DEMO_ADMIN.password) {
  const res = await page.request.post('/admin/login', { form: { email, password }, maxRedirects: 0 });
  expect(res.status(), `admin sign-in of ${email}`).toBe(302);
  expect(res.headers().location).toBe('/admin');
}

/** Signs in to the dashboard (as `adminSession`) and opens its home. */
export async function signInAdmin(page: Page, email = DEMO_ADMIN.email, password = DEMO_ADMIN.password) {
  await adminSession(page, email, password);
  await open(page, '/admin');
  await expect(page).toHaveURL(/\/admin$/);
}

/** Opens a dashboard screen from the side bar, unfolding its section first if it is folded. */
export async function adminNav(page: Page, id: string) {
  const entry = page.getByTestId(`admin-nav-${id}`);
  if (!(await entry.isVisible()))
    await page.locator('[data-nav-section]').filter({ has: entry }).getByRole('button').first().click();
  await entry.click();
}

/**
 * A new customer signed up through the API (code, then sign-up); the browser context gets the site's
 * auth cookie. `dir`: the data folder of the server the page talks to (its SMS outbox).
 */
export async function signUpByApi(page: Page, name: string, { phone = newPhone(), dir = dataDir() } = {}) {
  const headers = { 'x-pool-site': '1', lang: 'ar' };
  const sent = await page.request.post('/api/user/send-code', { headers, form: { phone, country_code: '966' } });
  expect(sent.status()).toBe(200);
  const code = await codeFor(`966${phone}`, 0, dir);
  const checked = await (
    await page.request.post('/api/user/check-code', { headers, form: { phone, country_code: '966', code } })
  ).json();
  expect(checked.key).toBe('needCompleteInfo');
  const signed = await (
    await page.request.post('/api/user/sign-up', {
      headers,
      form: { name, phone, country_code: '966', registration_token: checked.data.registration_token },
    })
  ).json();
  expect(signed.key, signed.msg).toBe('success');
  return phone;
}

const adminTokens = new WeakMap<APIRequestContext, string>();
/** A bearer token of the demo super admin for the dashboard API (signed in once per request context). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  let token = adminTokens.get(request);
  if (!token) {
    const body = await (await request.post('/api/admin/login', { data: DEMO_ADMIN })).json();
    expect(body.key, body.msg).toBe('success');
    token = body.data.token as string;
    adminTokens.set(request, token);
  }
  return token;
}

/** Posts JSON to the dashboard API as the demo super admin; the answer's data, after checking it succeeded. */
export async function adminPost<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const token = await adminToken(request);
  const res = await request.post(`/api/admin${path}`, { data, headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  expect(body.key, `${path}: ${body.msg} ${JSON.stringify(body.data)}`).toBe('success');
  return body.data as T;
}

/** A new admin (made by the demo super admin) whose new role holds `permissions`; answers how to sign in as them. */
export async function newAdmin(request: APIRequestContext, permissions: string[], name = 'مشرف الطلبات') {
  const stamp = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
  const role = await adminPost<{ id: number }>(request, '/roles', {
    name_ar: `دور ${stamp}`,
    name_en: `Role ${stamp}`,
    permissions,
  });
  const login = { email: `admin${stamp}@masabeh.com`, password: 'Admin@12345' };
  await adminPost(request, '/admins', {
    name,
    ...login,
    country_code: '966',
    phone: `5${stamp.padStart(8, '0').slice(-8)}`,
    role_id: role.id,
  });
  return login;
}

/** Riyadh's day `n` days from now, and how the calendar names it (its cells' labels start so). */
export function riyadhDay(n: number) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(Date.now() + n * 86_400_000);
  const noon = new Date(`${day}T12:00:00Z`);
  const label = (lang: 'ar' | 'en') =>
    new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(noon);
  return { day, label };
}

/**
 * Clicks a day in the calendar (the page's date picker, or `calendar`: a day field's open dialog), moving to
 * the next month when it is there (another month's days are hidden).
 */
export async function pickDay(page: Page, label: string, calendar = page.getByTestId('date-picker')) {
  const cell = calendar.locator(`button[aria-label^="${label}"]:visible`);
  // A field's calendar opens in a popover: its days first, then the count that decides on the next month.
  await calendar.locator('[data-direction="next"]').waitFor();
  if (!(await cell.count())) await calendar.locator('[data-direction="next"]').click();
  await cell.click();
}

/**
 * Sets a dashboard day-and-time field (MomentInput): opens its calendar (a dialog named by the field's
 * label), picks the day, types the 24-hour time (else keeps the field's own) and confirms it.
 */
export async function pickMoment(page: Page, field: Locator, fieldLabel: string, dayLabel: string, time?: string) {
  await field.click();
  const dialog = page.getByRole('dialog', { name: fieldLabel });
  await pickDay(page, dayLabel, dialog);
  if (time) {
    const [hours, minutes] = time.split(':') as [string, string];
    await dialog.getByRole('spinbutton', { name: 'الساعة', exact: true }).fill(hours);
    await dialog.getByRole('spinbutton', { name: 'الدقائق', exact: true }).fill(minutes);
  }
  await dialog.getByRole('button', { name: 'اعتماد اليوم والساعة' }).click();
  await expect(dialog).toBeHidden();
}

/** A saved address in Riyadh for the signed-in customer of `page`, and `amount` SAR in the wallet (sandbox card). */
export async function addressAndWallet(page: Page, amount = 1000) {
  const headers = { 'x-pool-site': '1', lang: 'ar' };
  const cities = (await (await page.request.get('/api/user/cities', { headers })).json()).data as {
    id: number;
    name: string;
  }[];
  const address = await (
    await page.request.post('/api/user/addresses', {
      headers,
      form: {
        label: 'المنزل',
        city_id: String(cities.find((c) => c.name === 'الرياض')!.id),
        district: 'النرجس',
        street: 'شارع الملقا',
        building_number: '1234',
        postal_code: '13321',
      },
    })
  ).json();
  expect(address.key, address.msg).toBe('success');
  const charge = await (
    await page.request.post('/api/user/wallet/charge', { headers, form: { amount: String(amount) } })
  ).json();
  expect(charge.key, charge.msg).toBe('success');
  await page.goto(charge.data.redirect_url);
  await page.locator('#card').fill('4111 1111 1111 1111');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/payment_status=paid/);
}

/** On the sandbox gateway's page (being opened), pays with a test `card`: 4111… is approved, 4000…0002 declined. */
export async function payOnSandbox(page: Page, card = '4111111111111111') {
  await page.waitForURL(/\/api\/payments\/sandbox\//);
  await page.locator('#card').fill(card);
  await page.locator('button[type="submit"]').click();
}
