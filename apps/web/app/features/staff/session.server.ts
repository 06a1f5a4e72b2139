/**
 * The staff view's session: the staff token alone in its own HttpOnly `staff_auth` cookie,
 * never in the customer's `auth` cookie (a person may be both). Loaders and actions call
 * /api/staff in process with it; the browser's own calls (uploads, the live stream) carry
 * the cookie, which the API takes on the site's same-origin calls only.
 */
import { parseCookie, stringifySetCookie } from 'cookie';
import { redirect, type RouterContextProvider } from 'react-router';
import { authCookieOptions, STAFF_COOKIE } from '@pool/contracts/account';
import { appContext } from '../../context.ts';
import { apiAs } from '../../lib/api.server.ts';
import { secureCookies } from '../../lib/cookies.server.ts';
import { langFromPath, localePath, pagePath, type Lang } from '../../lib/lang.ts';

/** 30 days: a phone stays signed in for the working month; a block or sign-out ends it at once. */
const STAFF_COOKIE_DAYS = 30;
const cookieOptions = () => ({
  ...authCookieOptions(secureCookies),
  name: STAFF_COOKIE,
  maxAge: STAFF_COOKIE_DAYS * 86_400,
});

export function readStaffToken(request: Request): string | null {
  return parseCookie(request.headers.get('cookie') ?? '')[STAFF_COOKIE] || null;
}
export const saveStaffToken = (token: string) => stringifySetCookie({ ...cookieOptions(), value: token });
export const clearStaffToken = () => stringifySetCookie({ ...cookieOptions(), value: '', maxAge: 0 });

/** Why the sign-in page opened: a block or an ended session (shown there), or a sign-out. */
export type SignedOutReason = 'blocked' | 'ended' | 'signed_out';

/** The staff view's sign-in page in `lang`, saying why when there is a reason. */
export const staffLoginPath = (lang: Lang, reason?: SignedOutReason) =>
  localePath(lang, '/staff/login') + (reason ? `?${new URLSearchParams({ reason })}` : '');

/** The typed API client as the signed-in staff member (no token: anonymous) in the page's language. */
export function staffApiFor(context: Readonly<RouterContextProvider>, request: Request) {
  const token = readStaffToken(request);
  const lang = langFromPath(pagePath(request));
  return { token, lang, ...apiAs(context.get(appContext), { token, lang }) };
}

/**
 * A staff page's API answer that says the session is over (`unauthenticated`, `blocked`):
 * the cookie goes and the sign-in page opens, telling why. Anything else passes through.
 */
export async function signOutIfEnded<A extends { key: string }>(answer: A, lang: Lang): Promise<A> {
  if (answer.key !== 'unauthenticated' && answer.key !== 'blocked') return answer;
  throw redirect(staffLoginPath(lang, answer.key === 'blocked' ? 'blocked' : 'ended'), {
    headers: { 'set-cookie': clearStaffToken() },
  });
}
