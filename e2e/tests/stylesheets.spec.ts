import { expect, test, type Page } from '@playwright/test';
import { clientIp, open, shot } from './support.ts';

/**
 * ADR 0026: a first visit's document carries the stylesheets inline (their links disabled, not fetched);
 * after the load the browser fetches them into its cache and names the build in the `styles` cookie; the
 * next documents link them, answered from the cache, and the page looks the same.
 */
test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

/** What the stylesheets decide on the page: the header, the body's font, a product card. */
const looks = (page: Page) =>
  page.evaluate(() => {
    const style = (selector: string) => {
      const el = document.querySelector(selector);
      if (!el) return null;
      const s = getComputedStyle(el);
      return [s.display, s.position, s.fontFamily, s.padding, s.backgroundColor, s.borderRadius, s.height].join(' ');
    };
    return {
      header: style('header'),
      body: style('body'),
      card: style('[data-testid="product-card"]'),
      search: style('input[type="search"], input'),
    };
  });

const stylesheets = (page: Page) =>
  page.evaluate(() => ({
    inline: document.querySelectorAll('style[data-react-router-critical-css]').length,
    links: [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => ({
      href: l.getAttribute('href'),
      disabled: l.hasAttribute('disabled'),
    })),
  }));

for (const lang of ['ar', 'en'] as const) {
  test(`a first visit inlines the stylesheets, the next pages link them from the cache (${lang})`, async ({
    page,
    context,
  }) => {
    const path = lang === 'ar' ? '/online_store' : '/en/online_store';
    await open(page, path);
    const first = await stylesheets(page);
    expect(first.inline).toBe(1);
    expect(first.links.length).toBeGreaterThan(0);
    expect(first.links.every((l) => l.disabled)).toBe(true);
    const before = await looks(page);
    expect(before.card).not.toBeNull();
    await shot(page, `styles-first-visit-${lang}`);

    // After the load: each stylesheet fetched once, then the cookie names this build.
    const version = await page.evaluate(
      () => (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version,
    );
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'styles')?.value, { timeout: 10_000 })
      .toBe(version);

    // The next document links them; none of them goes to the network.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const fromNetwork: string[] = [];
    const fromCache = new Set<string>();
    cdp.on('Network.requestServedFromCache', (e) => fromCache.add(e.requestId));
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Stylesheet' && !e.response.fromDiskCache && !fromCache.has(e.requestId))
        fromNetwork.push(e.response.url);
    });
    await open(page, path);
    const next = await stylesheets(page);
    expect(next.inline).toBe(0);
    expect(next.links.map((l) => l.href)).toEqual(first.links.map((l) => l.href));
    expect(next.links.some((l) => l.disabled)).toBe(false);
    expect(fromNetwork).toEqual([]);
    expect(await looks(page)).toEqual(before);
    await shot(page, `styles-linked-${lang}`);

    // A stylesheet cookie of another build counts for nothing: the page inlines them again.
    await context.addCookies([{ name: 'styles', value: 'old-build', url: page.url() }]);
    await open(page, path);
    expect((await stylesheets(page)).inline).toBe(1);
    expect(await looks(page)).toEqual(before);
  });
}
