/**
 * The customer's store orders under /api/user: checkout (with an
 * Idempotency-Key), the tabs, details, cancel, pay again, the tax invoice and
 * product ratings. Another customer's order answers 404.
 */
import {
  cancelBody,
  checkoutBody,
  checkoutResult,
  envelope,
  idParam,
  paginated,
  payAgainResult,
  rateBody,
  storeInvoice,
  storeOrderDetail,
  storeOrderItem,
  storeOrdersQuery,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { idempotentRoute, noteWithin, recoveredNote } from '../../lib/idempotency.ts';
import * as queries from './queries.ts';
import { customerActor } from './kernel/actor.ts';
import * as money from './kernel/money.ts';
import * as orders from './service.ts';

const base = { tags: ['store orders'], security: [{ bearer: [] }] };
const STORE = ['store'] as const;
const detail = envelope(storeOrderDetail);

export default async function orderRoutes(app: App) {
  const signedIn = app.requireUser();

  app.post(
    '/checkout',
    {
      ...idempotentRoute(app, 'orders.checkout'),
      schema: {
        ...base,
        summary: 'Place an order from my cart',
        description:
          'Prices come from the stored prices. `electronic`: the order waits for payment (2 hours) and `redirect_url` opens the card page; `wallet`: paid at once from the wallet. Send an `Idempotency-Key` header: a repeat returns the first answer.',
        body: checkoutBody,
        response: { 200: envelope(checkoutResult) },
      },
    },
    async (req, reply) => {
      // A repeat whose first try placed the order, then died before answering, answers with that order.
      const placed = recoveredNote(req)?.order_id;
      if (typeof placed === 'number') {
        const row = await orders.ownOrder(app.db, 'store', req.user!.id, placed);
        return reply.ok(await orders.checkoutAnswer(app, row, req.lang), 'orders.placed');
      }
      const result = await orders.checkout(app, req.user!.id, req.body, req.lang, (tx, orderId) =>
        noteWithin(tx, req, { order_id: orderId }),
      );
      return reply.ok(result, 'orders.placed');
    },
  );

  app.get(
    '/store-orders',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'My store orders, newest first; `tab` is new, current, waiting, pending_payment or finished',
        querystring: storeOrdersQuery,
        response: { 200: envelope(paginated(storeOrderItem)) },
      },
    },
    async (req, reply) =>
      reply.ok(await queries.listCustomerOrders(app.db, req.user!.id, { ...req.query, kinds: STORE }, req.lang)),
  );

  app.get(
    '/store-orders/:id',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'One of my store orders with its lines and timeline',
        params: idParam,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      const row = await orders.ownOrder(app.db, 'store', req.user!.id, req.params.id);
      return reply.ok(await queries.customerOrderDetail(app.db, row, req.lang));
    },
  );

  app.post(
    '/store-orders/:id/cancel',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'Cancel my order while it is pending payment or new (a reason or a note is required)',
        description: 'Stock and coupon use come back; a paid amount is refunded (wallet, or the card).',
        params: idParam,
        body: cancelBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      const row = await money.cancelOrder(app, {
        orderId: req.params.id,
        kind: 'store',
        actor: customerActor(req.user!.id),
        to: 'cancelled',
        reasonId: req.body.cancel_reason_id,
        note: req.body.note,
      });
      return reply.ok(await queries.customerOrderDetail(app.db, row, req.lang), 'orders.cancelled');
    },
  );

  app.post(
    '/store-orders/:id/pay',
    {
      ...idempotentRoute(app, 'orders.pay'),
      schema: {
        ...base,
        summary: 'Pay again: a new card payment for my order while it is pending payment',
        params: idParam,
        response: { 200: envelope(payAgainResult) },
      },
    },
    async (req, reply) => {
      const row = await orders.ownOrder(app.db, 'store', req.user!.id, req.params.id);
      return reply.ok({ redirect_url: await money.payAgain(app, row, req.lang) });
    },
  );

  app.get(
    '/store-orders/:id/invoice',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'The tax invoice of my paid order, with the ZATCA QR (TLV, base64)',
        params: idParam,
        response: { 200: envelope(storeInvoice) },
      },
    },
    async (req, reply) => {
      const row = await orders.ownOrder(app.db, 'store', req.user!.id, req.params.id);
      return reply.ok(await queries.invoiceOf(app.db, row, req.lang));
    },
  );

  app.post(
    '/store-orders/:id/rate',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'Rate a product of my delivered order (1-5, once per product and order)',
        params: idParam,
        body: rateBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      await orders.rateProduct(app.db, req.user!.id, req.params.id, {
        productId: req.body.product_id,
        rating: req.body.rating,
        comment: req.body.comment,
      });
      const row = await orders.ownOrder(app.db, 'store', req.user!.id, req.params.id);
      return reply.ok(await queries.customerOrderDetail(app.db, row, req.lang), 'orders.rated');
    },
  );
}
