/**
 * The site's `auth` cookie (spec section 3): the whole successful sign-in
 * answer, token included, as base64url JSON. Written and read by the server
 * only (HttpOnly); the API also accepts it instead of a bearer header on
 * same-origin calls that carry `SITE_HEADER` (a custom header, so a
 * cross-site page cannot send it without a CORS preflight).
 */
import type { GuestSession, Session } from './account.ts';
import { AUTH_COOKIE, COOKIE_MAX_AGE_DAYS } from './constants.ts';

export const SITE_HEADER = 'x-pool-site';
/** The dashboard's cookie: the admin token alone (HttpOnly, 12 hours), accepted like `auth` with SITE_HEADER. */
export const ADMIN_COOKIE = 'admin_auth';
/** The staff view's cookie (`/staff`): the staff token alone (HttpOnly), accepted on `/api/staff` like `admin_auth`. */
export const STAFF_COOKIE = 'staff_auth';
export type StoredAuth = Session | GuestSession;

export const authCookieOptions = (secure: boolean) => ({
  name: AUTH_COOKIE,
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure,
  maxAge: COOKIE_MAX_AGE_DAYS * 24 * 60 * 60,
});

const toBase64Url = (s: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(s)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64Url = (s: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));

export const encodeAuthCookie = (auth: StoredAuth) => toBase64Url(JSON.stringify(auth));

export function decodeAuthCookie(value: string | undefined | null): StoredAuth | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(fromBase64Url(value)) as StoredAuth;
    return parsed && typeof parsed === 'object' && typeof parsed.token === 'string' ? parsed : null;
  } catch {
    return null;
  }
}
