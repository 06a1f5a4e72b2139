/** The `auth` and `lang` cookies of spec sections 3 and 9 (365 days, SameSite lax, Secure in production). */
import { parseCookie, stringifySetCookie } from 'cookie';
import {
  ADMIN_COOKIE,
  authCookieOptions,
  decodeAuthCookie,
  encodeAuthCookie,
  type StoredAuth,
} from '@pool/contracts/account';
import { COOKIE_MAX_AGE_DAYS, isLang, LOCALE_COOKIE, type Lang } from '@pool/contracts/core';

export type { StoredAuth };

/**
 * Secure cookies on a production server. The server says so (plugins/site.ts sets SITE_SECURE_COOKIES from its
 * own NODE_ENV) because the built site always runs React in production mode, on a demo server too.
 */
export const secureCookies = process.env.SITE_SECURE_COOKIES === '1';
const secure = secureCookies;
const cookies = (request: Request) => parseCookie(request.headers.get('cookie') ?? '');

export async function readAuth(request: Request): Promise<StoredAuth | null> {
  return decodeAuthCookie(cookies(request)[authCookieOptions(secure).name]);
}
export async function saveAuth(auth: StoredAuth) {
  return stringifySetCookie({ ...authCookieOptions(secure), value: encodeAuthCookie(auth) });
}
export async function clearAuth() {
  return stringifySetCookie({ ...authCookieOptions(secure), value: '', maxAge: 0 });
}

export async function readLangCookie(request: Request): Promise<Lang | null> {
  const v = cookies(request)[LOCALE_COOKIE];
  return isLang(v) ? v : null;
}
export async function saveLang(lang: Lang) {
  return stringifySetCookie({
    name: LOCALE_COOKIE,
    value: lang,
    path: '/',
    sameSite: 'lax',
    secure,
    maxAge: COOKIE_MAX_AGE_DAYS * 86_400,
  });
}

/** The admin dashboard's `admin_auth` cookie: the admin token only, HttpOnly, 12 hours. */
const adminCookie = () => ({ ...authCookieOptions(secure), name: ADMIN_COOKIE, maxAge: 12 * 60 * 60 });
export async function readAdminToken(request: Request): Promise<string | null> {
  return cookies(request)[adminCookie().name] || null;
}
export async function saveAdminAuth(token: string) {
  return stringifySetCookie({ ...adminCookie(), value: token });
}
export async function clearAdminAuth() {
  return stringifySetCookie({ ...adminCookie(), value: '', maxAge: 0 });
}
