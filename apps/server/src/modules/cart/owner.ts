/** Whose cart a request works on: the signed-in customer's, or a visitor's or guest's by its key. */
import type { FastifyRequest } from 'fastify';
import { CART_COOKIE, CART_KEY_HEADER, isCartKey, SITE_HEADER } from '@pool/contracts';
import type { Db } from '@pool/db';
import { AppError } from '../../lib/errors.ts';
import { mergeCart, type CartOwner } from './service.ts';

const fromSite = (req: FastifyRequest) => req.headers[SITE_HEADER] === '1';

/** The cart key of the request: the header, or on the site's own calls its cookie. */
export function cartKeyOf(req: FastifyRequest): string | null {
  const header = req.headers[CART_KEY_HEADER];
  const value = typeof header === 'string' && header ? header : fromSite(req) ? req.cookies?.[CART_COOKIE] : undefined;
  return isCartKey(value) ? value : null;
}

/** The request's cart owner; a signed-in customer's key cart is merged into theirs first. */
export async function cartOwnerOf(db: Db, req: FastifyRequest): Promise<CartOwner> {
  const user = req.user;
  if (!user) return { userId: null, key: cartKeyOf(req) };
  if (user.isBlocked) throw new AppError('blocked', 'server.blocked');
  const key = cartKeyOf(req);
  if (key) await mergeCart(db, user.id, key);
  return { userId: user.id };
}
