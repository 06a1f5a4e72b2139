/**
 * The cart under /api/user, for visitors, guests and customers. A visitor's or
 * guest's cart is known by its key: the answer that creates it carries
 * `cart_key`; apps send it back in `X-Cart-Key`, the site keeps it in the
 * HttpOnly `cart_key` cookie. A customer's cart is theirs by account; a key
 * sent by a signed-in customer is merged into it.
 */
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  authCookieOptions,
  CART_COOKIE,
  cartAddBody,
  cartCouponBody,
  cartLineBody,
  cartQuery,
  cartView,
  envelope,
  SITE_HEADER,
  variantParam,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { cartOwnerOf } from './owner.ts';
import * as cart from './service.ts';

const base = {
  tags: ['cart'],
  security: [{ bearer: [] as string[] }, {} as Record<string, string[]>],
  description: 'Visitors and guests send their cart key in `X-Cart-Key` (the answer that created the cart has it).',
};
const answer = { 200: envelope(cartView) };
const fromSite = (req: FastifyRequest) => req.headers[SITE_HEADER] === '1';

export default async function cartRoutes(app: App) {
  const ownerOf = (req: FastifyRequest) => cartOwnerOf(app.db, req);

  /** The cart, with the new key when this request made one (and on the site's calls, its cookie). */
  async function send(
    req: FastifyRequest,
    reply: FastifyReply,
    owner: cart.CartOwner,
    key: string | null,
    msg?: string,
  ) {
    const view = await cart.viewCart(app.db, key ? { userId: null, key } : owner, req.lang);
    if (key && fromSite(req)) {
      const { name: _name, ...options } = authCookieOptions(app.config.isProduction);
      reply.setCookie(CART_COOKIE, key, options);
    }
    return reply.ok({ ...view, cart_key: key }, msg);
  }

  app.get(
    '/cart',
    {
      preHandler: app.optionalUser,
      schema: {
        ...base,
        summary: 'My cart with its price lines',
        description: `${base.description} \`address_id\` (a saved address) or \`city_id\` adds the delivery price.`,
        querystring: cartQuery,
        response: answer,
      },
    },
    async (req, reply) => {
      const owner = await ownerOf(req);
      const view = await cart.viewCart(app.db, owner, req.lang, {
        addressId: req.query.address_id,
        cityId: req.query.city_id,
      });
      return reply.ok(view);
    },
  );

  app.get(
    '/cart/count',
    {
      preHandler: app.optionalUser,
      schema: {
        ...base,
        summary: 'Units in my cart (the header badge)',
        response: { 200: envelope(z.object({ count: z.number() })) },
      },
    },
    async (req, reply) => reply.ok({ count: await cart.countItems(app.db, await ownerOf(req)) }),
  );

  app.post(
    '/cart/items',
    {
      preHandler: app.optionalUser,
      schema: {
        ...base,
        summary: 'Add units of a product variant (quantity 1 to the stock)',
        body: cartAddBody,
        response: answer,
      },
    },
    async (req, reply) => {
      const owner = await ownerOf(req);
      const { key } = await cart.addItem(app.db, owner, {
        variantId: req.body.variant_id,
        quantity: req.body.quantity,
        withInstallation: req.body.with_installation,
      });
      return send(req, reply, owner, key, 'cart.added');
    },
  );

  app.post(
    '/cart/items/:variant_id',
    {
      preHandler: app.optionalUser,
      schema: {
        ...base,
        summary: "Set a line's quantity or installation option",
        params: variantParam,
        body: cartLineBody,
        response: answer,
      },
    },
    async (req, reply) => {
      const owner = await ownerOf(req);
      await cart.updateItem(app.db, owner, req.params.variant_id, {
        quantity: req.body.quantity,
        withInstallation: req.body.with_installation,
      });
      return send(req, reply, owner, null, 'cart.updated');
    },
  );

  app.delete(
    '/cart/items/:variant_id',
    {
      preHandler: app.optionalUser,
      schema: { ...base, summary: 'Remove a line', params: variantParam, response: answer },
    },
    async (req, reply) => {
      const owner = await ownerOf(req);
      await cart.removeItem(app.db, owner, req.params.variant_id);
      return send(req, reply, owner, null, 'cart.removed');
    },
  );

  app.post(
    '/cart/coupon',
    {
      preHandler: app.optionalUser,
      schema: {
        ...base,
        summary: 'Apply a coupon',
        description: `${base.description} A coupon that cannot be used answers 422 with the reason on \`code\`.`,
        body: cartCouponBody,
        response: answer,
      },
    },
    async (req, reply) => {
      const owner = await ownerOf(req);
      await cart.applyCoupon(app.db, owner, req.body.code);
      return send(req, reply, owner, null, 'cart.coupon_applied');
    },
  );

  app.delete(
    '/cart/coupon',
    {
      preHandler: app.optionalUser,
      schema: { ...base, summary: 'Remove the coupon', response: answer },
    },
    async (req, reply) => {
      const owner = await ownerOf(req);
      await cart.removeCoupon(app.db, owner);
      return send(req, reply, owner, null, 'cart.coupon_removed');
    },
  );

  app.post(
    '/cart/merge',
    {
      preHandler: app.requireUser(),
      schema: {
        ...base,
        summary: 'Merge the cart of `X-Cart-Key` into my cart (call right after signing in)',
        security: [{ bearer: [] }],
        response: answer,
      },
    },
    async (req, reply) => send(req, reply, await ownerOf(req), null),
  );
}
