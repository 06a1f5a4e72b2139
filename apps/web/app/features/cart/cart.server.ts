/**
 * The site's calls to the cart API: the visitor's or guest's cart key lives in
 * the HttpOnly `cart_key` cookie (the API sets it on the browser's first add)
 * and goes to the API in `X-Cart-Key`, as the mobile apps send it.
 */
import { parseCookie } from 'cookie';
import type { RouterContextProvider } from 'react-router';
import { CART_COOKIE, CART_KEY_HEADER, isCartKey } from '@pool/contracts/cart';
import { apiFor } from '../../lib/api.server.ts';

export function cartKeyFrom(request: Request): string | null {
  const value = parseCookie(request.headers.get('cookie') ?? '')[CART_COOKIE];
  return isCartKey(value) ? value : null;
}

/** `apiFor` whose calls carry the cart key (when the browser has one). */
export async function cartApi(context: Readonly<RouterContextProvider>, request: Request) {
  const api = await apiFor(context, request);
  return { ...api, ...api.as({ token: api.auth?.token, lang: api.lang, headers: cartKeyHeaders(request) }) };
}

/** The `X-Cart-Key` header of the browser's cart, when it has one. */
export function cartKeyHeaders(request: Request): Record<string, string> {
  const key = cartKeyFrom(request);
  return key ? { [CART_KEY_HEADER]: key } : {};
}
