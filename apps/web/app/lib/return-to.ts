/**
 * Where a customer returns after signing in: the page that asked for it (the
 * cart, a product's favourite button, an (auth) page), carried through the
 * sign-in pages as `?redirect=<path>`. Only a path on this site is followed
 * (no open redirect) and never a sign-in page itself.
 */
import { useLocation } from 'react-router';
import { langFromPath, localePath, stripLang, type Lang } from './lang.ts';

export const RETURN_PARAM = 'redirect';

const ORIGIN = 'http://site.invalid';

/** `value` when it is a path on this site other than the sign-in pages and home, else null. */
export function safeReturnTo(value: string | null | undefined): string | null {
  // Only `/x…`: not `//host` nor `/\host` (browsers read `\` as `/`); the parse below catches the rest
  // (tabs and new lines are dropped by it, so `/\t/host` is `//host` and leaves the site).
  if (!value || value.length > 2048 || !/^\/(?![/\\])/.test(value) || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const path = stripLang(url.pathname);
  if (path === '/' || path === '/auth' || path.startsWith('/auth/')) return null;
  return url.pathname + url.search;
}

/** The return-to path of a sign-in page's URL (its query string), or null. */
export const returnToIn = (search: URLSearchParams) => safeReturnTo(search.get(RETURN_PARAM));

/** `path` (a sign-in page) carrying the way back, when there is one. */
export function withReturnTo(path: string, back: string | null | undefined): string {
  const safe = safeReturnTo(back);
  if (!safe) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ [RETURN_PARAM]: safe })}`;
}

/** The sign-in page in `lang`, coming back to `here` (a path with its query) once signed in. */
export const loginPath = (lang: Lang, here?: string | null) => withReturnTo(localePath(lang, '/auth/login'), here);

/** Where the sign-in ends: the way back, else the home page in `lang`. */
export const afterLogin = (lang: Lang, back: string | null) => back ?? localePath(lang, '/');

/** The sign-in page coming back to the page open now (or to `next`, a page the visitor was about to open). */
export function useLoginPath() {
  const location = useLocation();
  const lang = langFromPath(location.pathname);
  return (next?: { pathname: string; search: string }) => {
    const target = next ?? location;
    return loginPath(lang, target.pathname + target.search);
  };
}
