/**
 * A blocked customer's open page always ends on the sign-in page with the message (spec section 4):
 * by the `block` push on the stream, and, with no stream, by the next API answer `blocked` of any
 * call the page makes from the browser (api.client.ts raises it; the session watcher signs out).
 * Also: a product's address without its id (`/online_store/{slug}`) moves to the product's page.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, clientIp, codeFor, newPhone, open } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const site = { 'x-pool-site': '1', lang: 'ar' };
const BLOCKED_AR = 'تم حظر حسابك، يرجى التواصل مع الإدارة';

/** Signs a fresh number up through the API (the site's cookie is set); answers the customer id. */
async function signUp(request: APIRequestContext) {
  const phone = newPhone();
  expect(
    (await request.post('/api/user/send-code', { headers: site, form: { phone, country_code: '966' } })).ok(),
  ).toBe(true);
  const code = await codeFor(`966${phone}`);
  const checked = await (
    await request.post('/api/user/check-code', { headers: site, form: { phone, country_code: '966', code } })
  ).json();
  const signed = await (
    await request.post('/api/user/sign-up', {
      headers: site,
      form: { name: 'عميل محظور', phone, country_code: '966', registration_token: checked.data.registration_token },
    })
  ).json();
  expect(signed.key).toBe('success');
  return signed.data.id as number;
}

async function block(request: APIRequestContext, userId: number) {
  const token = await adminToken(request);
  const res = await request.post(`/api/admin/users/${userId}/block`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
}

async function endsOnSignIn(page: Page) {
  await expect(page.getByText(BLOCKED_AR).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
}

test('blocked by the push on the stream while on an order list', async ({ page, playwright }) => {
  const userId = await signUp(page.request);
  await open(page, '/orders');
  await expect(page.getByTestId('account-menu')).toBeVisible();
  const admin = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
  });
  await block(admin, userId);
  await endsOnSignIn(page);
  await admin.dispose();
});

test("blocked with no stream: the designer's next estimate answers `blocked` and the page signs out", async ({
  page,
  playwright,
}) => {
  // No live stream: only the next answer can tell the page.
  await page.route('**/api/user/notifications/stream**', (route) => route.abort());
  const userId = await signUp(page.request);
  await open(page, '/construction');
  await expect(page.getByTestId('estimate-box')).toHaveAttribute('data-status', 'done');
  const admin = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
  });
  await block(admin, userId);
  await page.getByTestId('size-length').fill('12');
  await endsOnSignIn(page);
  await admin.dispose();
});

test('/online_store/{slug} without the id moves (301) to the product page, in each language', async ({
  page,
  request,
}) => {
  const list = await (await request.get('/api/user/store/products', { headers: site })).json();
  const product = list.data.data.find((p: { slug: string }) => p.slug) as { id: number; slug: string };
  for (const prefix of ['', '/en']) {
    const moved = await request.get(`${prefix}/online_store/${product.slug}?ref=x`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(`${prefix}/online_store/${product.id}-${product.slug}?ref=x`);
  }
  expect((await request.get('/online_store/no-such-product-here', { maxRedirects: 0 })).status()).toBe(404);
  await open(page, `/en/online_store/${product.slug}`);
  await expect(page).toHaveURL(new RegExp(`/en/online_store/${product.id}-${product.slug}$`));
  await expect(page.getByTestId('product-name')).toBeVisible();
});
