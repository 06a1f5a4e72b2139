import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheInlinedStylesheets } from './stylesheet-cache.ts';

/** The parts of a document the function reads: its disabled stylesheet links, and its cookie. */
const page = (hrefs: string[], protocol = 'http:') => {
  const doc = { cookie: '', location: { protocol }, querySelectorAll: () => hrefs.map((href) => ({ href })) };
  return doc as unknown as Document & { cookie: string };
};

describe('stylesheets fetched after a first visit', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches each inlined stylesheet, then names the build in the styles cookie', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response('body{margin:0}', { status: 200 });
    });
    const doc = page(['http://x/assets/root.css', 'http://x/assets/Button.css#']);
    await expect(cacheInlinedStylesheets(doc, 'abc123')).resolves.toBe(true);
    expect(fetched).toEqual(['http://x/assets/root.css', 'http://x/assets/Button.css#']);
    expect(doc.cookie).toMatch(/^styles=abc123; path=\/; max-age=\d+; samesite=lax$/);
    // Over HTTPS the cookie is sent only over HTTPS, as the server's own are.
    const secure = page(['https://x/assets/root.css'], 'https:');
    await cacheInlinedStylesheets(secure, 'abc123');
    expect(secure.cookie).toMatch(/; samesite=lax; secure$/);
  });

  it('sets no cookie when one stylesheet could not be fetched', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('gone.css') ? new Response('', { status: 404 }) : new Response('a{}'),
    );
    const doc = page(['http://x/assets/root.css', 'http://x/assets/gone.css']);
    await expect(cacheInlinedStylesheets(doc, 'abc123')).resolves.toBe(false);
    expect(doc.cookie).toBe('');
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('offline')));
    await expect(cacheInlinedStylesheets(page(['http://x/assets/root.css']), 'abc123')).resolves.toBe(false);
  });

  it('does nothing when the page linked its stylesheets, or without a build version', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const linked = page([]);
    await expect(cacheInlinedStylesheets(linked, 'abc123')).resolves.toBe(false);
    await expect(cacheInlinedStylesheets(page(['http://x/assets/root.css']), undefined)).resolves.toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(linked.cookie).toBe('');
  });
});
