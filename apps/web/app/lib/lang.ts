/** Locale from the URL: `/en/...` is English, everything else Arabic (spec section 2). */
import { DEFAULT_LANG, dirOf, type Lang } from '@pool/contracts/core';

export { dirOf };
export type { Lang };

export function langFromPath(pathname: string): Lang {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : DEFAULT_LANG;
}

/** The path without its locale prefix: `/en/profile` -> `/profile`. */
export function stripLang(pathname: string): string {
  if (pathname === '/en') return '/';
  return pathname.startsWith('/en/') ? pathname.slice(3) : pathname;
}

/** A site path in `lang`: `localePath('en', '/profile')` -> `/en/profile`. */
export function localePath(lang: Lang, path: string): string {
  const clean = stripLang(path.startsWith('/') ? path : `/${path}`);
  if (lang === 'ar') return clean;
  return clean === '/' ? '/en' : `/en${clean}`;
}

/** The same page in the other language, keeping the query string. */
export function switchLangPath(pathname: string, search = ''): string {
  const lang = langFromPath(pathname);
  return localePath(lang === 'ar' ? 'en' : 'ar', pathname) + search;
}

/**
 * The page path a loader or action serves. On client navigation React Router
 * fetches `<path>.data` (and `/_root.data` for `/`), so strip that suffix.
 */
export function pagePath(request: Request): string {
  const { pathname } = new URL(request.url);
  if (pathname === '/_root.data') return '/';
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) || '/' : pathname;
}
