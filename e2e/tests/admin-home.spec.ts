import { expect, test, type Browser, type Locator } from '@playwright/test';
import { expectNothingClipped } from './clipping.ts';
import { clientIp, expectAccessible, open, shot, signInAdmin, signUpByApi } from './support.ts';

// Headless Chromium names itself in its user agent and robots are not visitors: look like a person's browser.
test.use({
  extraHTTPHeaders: { 'X-Forwarded-For': clientIp() },
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
});

/** A new customer's immediate maintenance request (a newest order with its state badge). */
async function aMaintenanceRequest(browser: Browser) {
  const customer = await (await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientIp() } })).newPage();
  await signUpByApi(customer, 'عميل لوحة التحكم');
  const headers = { 'x-pool-site': '1', lang: 'ar' };
  const cities = (await (await customer.request.get('/api/user/cities', { headers })).json()).data as {
    id: number;
    name: string;
  }[];
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(Date.now() + 86_400_000);
  const res = await customer.request.post('/api/user/immediate-maintenance', {
    headers,
    data: {
      problem: 'المضخة متوقفة والماء عكر',
      place: 'مسبح خارجي',
      date: tomorrow,
      time: '10:00',
      lat: 24.7136,
      lng: 46.6753,
      city_id: cities.find((c) => c.name === 'الرياض')!.id,
    },
  });
  expect((await res.json()).key).toBe('success');
  await customer.context().close();
}

/**
 * The parenthesised parts of the texts in `area` that a line break splits (a lone ")" on the next
 * line): each "(…)" is measured as a range, its boxes grouped by line (bidi runs of one line share it).
 */
const splitParentheses = (area: Locator) =>
  area.evaluate((root) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const m of text.matchAll(/\([^()]*\)/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        // Boxes of one line (bidi runs) share their middle; Arabic fonts' boxes are taller than the line's step.
        const middles: number[] = [];
        for (const box of range.getClientRects()) {
          const middle = (box.top + box.bottom) / 2;
          if (box.width > 0 && !middles.some((y) => Math.abs(y - middle) < box.height / 2)) middles.push(middle);
        }
        if (middles.length > 1) split.push(text.trim());
      }
    }
    return split;
  });

test('the dashboard home shows the month: a site visit counts once, sales against the target, charts and lists', async ({
  page,
  browser,
}) => {
  await aMaintenanceRequest(browser);
  // A person opening the site is today's visitor (once, however many pages they open).
  await open(page, '/');
  await open(page, '/en');
  await signInAdmin(page);
  await expect(page.getByRole('heading', { name: 'ملخص هذا الشهر' })).toBeVisible();
  const visitors = page.getByText('الزوار', { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(visitors).toHaveText(/^[1-9]\d*$/);
  // The orders' and the messages' cards: the count alone, and what waits on a line of its own under it
  // (it was "1 (بانتظار الدفع: 0)", which a narrow card broke inside its parentheses).
  for (const [card, detail] of [
    ['month-orders', /^بانتظار الدفع: \d+$/],
    ['month-contact', /^غير معالجة: \d+$/],
  ] as const) {
    const value = page.getByTestId(card).getByTestId('fact-value');
    await expect(value).toHaveText(/^\d+$/);
    await expect(page.getByTestId(card).getByTestId('fact-detail')).toHaveText(detail);
    const [under, over] = [
      await page.getByTestId(card).getByTestId('fact-detail').boundingBox(),
      await value.boundingBox(),
    ];
    expect(under!.y).toBeGreaterThanOrEqual(over!.y + over!.height - 1);
  }
  await expect(page.getByTestId('month-orders').getByTestId('fact-value')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('month-sales')).toContainText(/تحقق \d+٪ من الهدف/);
  await expect(page.getByTestId('month-target')).toHaveText(/^الهدف الشهري: \u200f?[\d,]+\.\d\d\sر\.س\./);
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
  // Both charts are drawn: their library loads with them, after the page (ADR 0024, "Memory").
  await expect(page.locator('.recharts-wrapper')).toHaveCount(2);
  // The notifications' lines (Arabic with order numbers and names) each isolated, here and in the inbox.
  await expect(page.getByTestId('notification-title').first()).toBeVisible();
  await expect(page.getByTestId('notification-body').first()).toHaveJSProperty('tagName', 'BDI');
  await open(page, '/admin/notifications');
  await expect(page.getByTestId('notification-title').first()).toHaveJSProperty('tagName', 'BDI');
  await expect(page.getByTestId('notification-body').first()).toHaveJSProperty('tagName', 'BDI');
  await shot(page, 'admin-notifications-ar');
  await open(page, '/admin');
  await expectAccessible(page);
  await shot(page, 'admin-home-ar');
  // The states of the newest orders (and every other label of the page) are whole, on a phone and a desktop.
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNothingClipped(page.locator('main'));
    // No text breaks inside its parentheses (a ")" alone on a line): the cards' counts, the target.
    await expect.poll(() => splitParentheses(page.locator('main')), `at ${width} px`).toEqual([]);
    // Nor cut at the top or bottom: Arabic letters are taller than a badge's Latin line.
    for (const badge of await page.getByTestId('newest-orders').locator('.mantine-Badge-root').all()) {
      const cut = await badge.evaluate((el) =>
        [...el.querySelectorAll('*'), el].some(
          (e) => e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY !== 'visible',
        ),
      );
      expect(cut, (await badge.textContent()) ?? '').toBe(false);
    }
    await shot(page, `admin-home-${width}-ar`);
  }
});
