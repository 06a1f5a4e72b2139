import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

/**
 * The Web Vitals of the Arabic home, store and product pages (issue 13) on a phone on 4G: each
 * page a cold load (a new browser context, nothing cached) in Chromium, 390 CSS px wide at DPR 3,
 * with the network throttled to 9 Mbit/s down, 1.5 up and 150 ms round trips (the slow end of
 * Saudi 4G) and the CPU slowed 4 times (a mid-range phone on this machine's cores). LCP and CLS
 * come from the browser's own entries (PerformanceObserver, buffered), INP from the event-timing
 * entries of a tap on the menu button (durationThreshold 16 ms). The figures, the LCP element
 * and the render-blocking resources are attached to the test's output and printed.
 *
 * Asserted always: CLS ≤ 0.1 ("good": layout does not depend on the machine's speed), and that LCP
 * (on an element) and INP were read. LCP and INP are times, and on a shared machine whose speed varies
 * by 2× (and the e2e server renders the first page cold) their "good" thresholds of web.dev, LCP ≤ 2.5 s
 * and INP ≤ 200 ms, are asserted only with WEB_VITALS_STRICT=1 (a quiet machine); issue 13's note
 * has the figures.
 */

const NETWORK = {
  offline: false,
  latency: 150, // ms, round trip
  downloadThroughput: (9_000_000 / 8) | 0, // bytes/s
  uploadThroughput: (1_500_000 / 8) | 0,
};
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const GOOD = { lcp: 2500, cls: 0.1, inp: 200 };

/** Observes from the first byte: LCP candidates, layout shifts and event timings (for INP). */
function observeVitals() {
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
  type Paint = PerformanceEntry & { element: Element | null; url: string; size: number; renderTime: number };
  type Timing = PerformanceEntry & { interactionId: number; processingStart: number; processingEnd: number };
  const describe = (el: Element | null) =>
    el
      ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''} ${(el as HTMLImageElement).currentSrc ?? ''} ${(el.textContent ?? '').trim().slice(0, 60)}`.trim()
      : null;
  const vitals = {
    lcp: [] as { time: number; element: string | null; url: string; size: number }[],
    shifts: [] as { time: number; value: number; sources: string[] }[],
    events: [] as { name: string; id: number; duration: number; input: number; processing: number }[],
  };
  (window as unknown as { __vitals: typeof vitals }).__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Paint[])
      vitals.lcp.push({ time: e.startTime, element: describe(e.element), url: e.url, size: e.size });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Shift[])
      if (!e.hadRecentInput)
        vitals.shifts.push({
          time: e.startTime,
          value: e.value,
          sources: ((e as unknown as { sources?: { node?: Element }[] }).sources ?? []).map(
            (s) => describe(s.node ?? null) ?? '?',
          ),
        });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Timing[])
      if (e.interactionId)
        vitals.events.push({
          name: e.name,
          id: e.interactionId,
          duration: e.duration,
          input: e.processingStart - e.startTime,
          processing: e.processingEnd - e.processingStart,
        });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

type Figures = {
  page: string;
  lcp: number;
  lcpElement: string | null;
  lcpUrl: string;
  cls: number;
  inp: number | null;
  interaction: string;
  ttfb: number;
  fcp: number | null;
  renderBlocking: { url: string; kB: number; end: number }[];
  lcpResource: { url: string; start: number; end: number } | null;
  shifts: { time: number; value: number; sources: string[] }[];
};

/** CLS: the largest session window of shifts (gaps under 1 s, at most 5 s long). */
function cumulativeShift(shifts: { time: number; value: number }[]): number {
  let max = 0;
  let sum = 0;
  let first = 0;
  let last = 0;
  for (const s of shifts) {
    if (sum && (s.time - last > 1000 || s.time - first > 5000)) sum = 0;
    if (!sum) first = s.time;
    sum += s.value;
    last = s.time;
    max = Math.max(max, sum);
  }
  return max;
}

/** A cold load under the emulated phone and network; a normal one takes 2-20 s here. */
const LOAD_TIMEOUT_MS = 60_000;

/** A new context with the phone's network and CPU, and `path` loaded in it (the context closed if that fails). */
async function openThrottled(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
  try {
    return await loadThrottled(context, path);
  } catch (err) {
    await context.close();
    throw err;
  }
}

async function loadThrottled(context: BrowserContext, path: string): Promise<Page> {
  // The server as a visitor finds it: this page rendered once before (its caches filled, its code compiled).
  expect((await context.request.get(path)).ok()).toBe(true);
  const page = await context.newPage();
  await page.addInitScript(observeVitals);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(path, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
  return page;
}

async function measure(browser: Browser, path: string, name: string): Promise<{ figures: Figures; page: Page }> {
  let page: Page;
  try {
    page = await openThrottled(browser, path);
  } catch (err) {
    // Under CDP's network emulation Chromium now and then never completes a navigation: no commit and no
    // load event (microsoft/playwright#22676, a Chromium matter; seen once in CI: 4 minutes on "navigating
    // to /" while the server answered the same page to the test just before). What is measured is the page,
    // so that load is made again in a new context, once, and said in the output; a second stall, or any
    // other error, fails the test.
    if (!(err instanceof Error) || err.name !== 'TimeoutError') throw err;
    console.log(`[web-vitals] ${name} ${path}: the emulated load stalled (${err.message.split('\n')[0]}); again`);
    page = await openThrottled(browser, path);
  }
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
  // The splash leaves after 1.25 s by itself; late images and fonts settle (a visitor's first look).
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);

  // An interaction: the menu button opens the navigation (its drawer's code loads on this first tap).
  const menu = page.getByRole('button', { name: 'فتح القائمة' });
  await menu.tap();
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(1000); // event-timing entries arrive after the next paint

  const raw = await page.evaluate(() => {
    const w = window as unknown as {
      __vitals: {
        lcp: { time: number; element: string | null; url: string; size: number }[];
        shifts: { time: number; value: number; sources: string[] }[];
        events: { name: string; id: number; duration: number; input: number; processing: number }[];
      };
    };
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const resources = performance.getEntriesByType('resource') as (PerformanceResourceTiming & {
      renderBlockingStatus?: string;
    })[];
    return {
      vitals: w.__vitals,
      ttfb: nav.responseStart,
      fcp: fcp ? fcp.startTime : null,
      resources: resources.map((r) => ({
        url: r.name,
        blocking: r.renderBlockingStatus === 'blocking',
        bytes: r.encodedBodySize,
        start: r.startTime,
        end: r.responseEnd,
      })),
    };
  });
  const last = raw.vitals.lcp.at(-1);
  const byInteraction = new Map<number, (typeof raw.vitals.events)[number]>();
  for (const e of raw.vitals.events)
    if ((byInteraction.get(e.id)?.duration ?? -1) < e.duration) byInteraction.set(e.id, e);
  const worst = [...byInteraction.values()].sort((a, b) => b.duration - a.duration)[0];
  const lcpRes = last?.url ? raw.resources.find((r) => r.url === last.url) : undefined;
  const figures: Figures = {
    page: `${name} ${path}`,
    lcp: Math.round(last?.time ?? NaN),
    lcpElement: last?.element ?? null,
    lcpUrl: last?.url ?? '',
    cls: Number(cumulativeShift(raw.vitals.shifts).toFixed(4)),
    inp: worst ? Math.round(worst.duration) : null,
    interaction: worst
      ? `${worst.name}: ${Math.round(worst.input)} ms input delay, ${Math.round(worst.processing)} ms handlers, ${Math.round(worst.duration)} ms to the next paint`
      : 'no event-timing entry over 16 ms (the tap painted within 16 ms)',
    ttfb: Math.round(raw.ttfb),
    fcp: raw.fcp === null ? null : Math.round(raw.fcp),
    renderBlocking: raw.resources
      .filter((r) => r.blocking)
      .map((r) => ({
        url: r.url.replace(/^https?:\/\/[^/]+/, ''),
        kB: Math.round(r.bytes / 102.4) / 10,
        end: Math.round(r.end),
      })),
    lcpResource: lcpRes
      ? {
          url: lcpRes.url.replace(/^https?:\/\/[^/]+/, ''),
          start: Math.round(lcpRes.start),
          end: Math.round(lcpRes.end),
        }
      : null,
    shifts: raw.vitals.shifts.map((s) => ({ ...s, time: Math.round(s.time), value: Number(s.value.toFixed(4)) })),
  };
  return { figures, page };
}

async function report(testInfo: TestInfo, figures: Figures) {
  await testInfo.attach(`web-vitals ${figures.page}`, {
    body: JSON.stringify(figures, null, 2),
    contentType: 'application/json',
  });
  console.log(
    `[web-vitals] ${figures.page}: LCP ${figures.lcp} ms (${figures.lcpElement}), CLS ${figures.cls}, INP ${figures.inp ?? '< 16'} ms, TTFB ${figures.ttfb} ms, FCP ${figures.fcp} ms; LCP resource ${figures.lcpResource ? `from ${figures.lcpResource.start} to ${figures.lcpResource.end} ms` : 'none'}; render-blocking: ${figures.renderBlocking.map((r) => `${r.url} ${r.kB} kB (done ${r.end} ms)`).join(', ') || 'none'}`,
  );
}

const STRICT = process.env.WEB_VITALS_STRICT === '1';

function expectGood(figures: Figures) {
  expect.soft(figures.cls, `CLS of ${figures.page}`).toBeLessThanOrEqual(GOOD.cls);
  // The largest paint is a picture (banner, card, product photo or the logo), never a late block of text.
  expect.soft(figures.lcpElement, `the LCP element of ${figures.page}`).toMatch(/^img\b/);
  expect.soft(figures.lcp, `LCP of ${figures.page}`).toBeGreaterThan(0);
  if (!STRICT) return;
  expect.soft(figures.lcp, `LCP of ${figures.page} (${figures.lcpElement})`).toBeLessThanOrEqual(GOOD.lcp);
  expect.soft(figures.inp ?? 0, `INP of ${figures.page} (${figures.interaction})`).toBeLessThanOrEqual(GOOD.inp);
}

test.describe('Web Vitals on a phone on 4G', () => {
  // Three cold loads at a quarter of the CPU, each with its own browser context.
  test.describe.configure({ timeout: 300_000, retries: 0 });

  test('the Arabic home, store and product pages do not shift (CLS ≤ 0.1); their LCP and INP are read', async ({
    browser,
  }, testInfo) => {
    const home = await measure(browser, '/', 'home');
    await report(testInfo, home.figures);
    expectGood(home.figures);
    await home.page.context().close();

    const store = await measure(browser, '/online_store', 'store');
    await report(testInfo, store.figures);
    expectGood(store.figures);
    const href = await store.page.getByTestId('product-card').first().locator('a[href]').first().getAttribute('href');
    await store.page.context().close();
    expect(href).toMatch(/^\/online_store\//);

    const product = await measure(browser, href!, 'product');
    await report(testInfo, product.figures);
    expectGood(product.figures);
    await product.page.context().close();
  });
});
