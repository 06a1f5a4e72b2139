/**
 * ADR 0026: a first visit's document carries the site's stylesheets inline, their links `disabled`
 * (not fetched). Once the page has loaded, this fetches them into the browser's cache and names the
 * build in the `styles` cookie, so the server links them in the next documents (answered from the
 * cache) instead of inlining 130 KB in each.
 */
import { COOKIE_MAX_AGE_DAYS, STYLES_COOKIE } from '@pool/contracts/core';

/** `version`: the build's (React Router's manifest version), which the server compares with the cookie. */
export async function cacheInlinedStylesheets(doc: Document, version: string | undefined): Promise<boolean> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')];
  if (!version || !links.length) return false;
  const fetched = await Promise.all(
    links.map((link) =>
      fetch(link.href)
        .then(async (res) => {
          await res.arrayBuffer(); // read to the end: the body is what the cache keeps
          return res.ok;
        })
        .catch(() => false),
    ),
  );
  // Only when every one is held: a missing stylesheet would be fetched before the next page paints.
  if (!fetched.every(Boolean)) return false;
  const secure = doc.location?.protocol === 'https:' ? '; secure' : '';
  doc.cookie = `${STYLES_COOKIE}=${version}; path=/; max-age=${COOKIE_MAX_AGE_DAYS * 86_400}; samesite=lax${secure}`;
  return true;
}

/** Runs `cacheInlinedStylesheets` when the page has loaded and the browser is idle. */
export function cacheStylesheetsAfterLoad(win: Window & typeof globalThis) {
  const run = () => {
    const idle = win.requestIdleCallback ?? ((callback: () => void) => win.setTimeout(callback, 200));
    idle(() => void cacheInlinedStylesheets(win.document, win.__reactRouterManifest?.version));
  };
  if (win.document.readyState === 'complete') run();
  else win.addEventListener('load', run, { once: true });
}
