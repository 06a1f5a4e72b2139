/**
 * Immediate maintenance for the signed-in customer under /api/user (guests
 * and staff are refused): the request with its pictures, my orders and their
 * details, accepting the price offer and paying (wallet at once, or card),
 * rejecting it with a reason, cancelling while allowed; and every kind of my
 * orders in one list for the orders page. Another customer's order is 404.
 */
import { z } from 'zod';
import {
  acceptOfferBody,
  acceptOfferResult,
  cancelBody,
  customerOrderItem,
  envelope,
  idParam,
  maintenanceCreated,
  maintenanceImageResult,
  maintenanceOrderDetail,
  maintenanceOrderItem,
  maintenanceOrdersQuery,
  maintenanceRequestBody,
  MAINTENANCE_IMAGE_FOLDER,
  paginated,
  payAgainBody,
  rejectOfferBody,
  V,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { fieldError } from '../../lib/errors.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { customerActor } from '../orders/index.ts';
import { storeImage } from '../uploads/index.ts';
import * as queries from './queries.ts';
import * as service from './service.ts';

const base = { tags: ['immediate maintenance'], security: [{ bearer: [] }] };
const detail = envelope(maintenanceOrderDetail);
const forms = ['multipart/form-data'];

export default async function maintenanceRoutes(app: App) {
  const signedIn = app.requireUser();

  app.post(
    '/maintenance-images',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: "Upload one picture of the problem (multipart `image`); answers its URL for the request's `images`",
        consumes: forms,
        body: z.object({}).optional(),
        response: { 200: envelope(maintenanceImageResult) },
      },
    },
    async (req, reply) => {
      const file = req.uploads.image;
      if (!file) throw fieldError('image', V.required);
      return reply.ok({ url: await storeImage(app, file, MAINTENANCE_IMAGE_FOLDER) }, 'maintenance.image_saved');
    },
  );

  app.post(
    '/immediate-maintenance',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'Request immediate maintenance',
        description:
          '`date` (YYYY-MM-DD) and `time` (HH:MM) are Asia/Riyadh and must be in the future. The location is exactly one of `address_id` (my saved address), `lat` + `lng` (inside Saudi Arabia) or `short_code` (4 letters + 4 digits); the pin and the short code need `city_id`. `images`: URLs from POST /maintenance-images (up to 6).',
        body: maintenanceRequestBody,
        response: { 200: envelope(maintenanceCreated) },
      },
    },
    async (req, reply) => {
      const order = await service.requestMaintenance(app, req.user!.id, req.body);
      return reply.ok({ id: order.id, number: order.number, status: order.status }, 'maintenance.requested');
    },
  );

  app.get(
    '/maintenance-orders',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary:
          'My immediate maintenance orders, newest first; `tab`: new, current, waiting, pending_payment, finished',
        querystring: maintenanceOrdersQuery,
        response: { 200: envelope(paginated(maintenanceOrderItem)) },
      },
    },
    async (req, reply) => reply.ok(await queries.listMyMaintenance(app.db, req.user!.id, req.query, req.lang)),
  );

  app.get(
    '/orders',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'All my orders of every kind, newest first (the orders page); `tab` as above',
        querystring: maintenanceOrdersQuery,
        response: { 200: envelope(paginated(customerOrderItem)) },
      },
    },
    async (req, reply) => reply.ok(await queries.listAllMyOrders(app.db, req.user!.id, req.query, req.lang)),
  );

  const mine = async (userId: number, id: number, lang: 'ar' | 'en') => {
    await service.myOrder(app.db, userId, id);
    return queries.customerDetail(app.db, id, lang);
  };

  app.get(
    '/maintenance-orders/:id',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'One of my maintenance orders: request, offer, timeline, technician, arrival window, extras, report',
        params: idParam,
        response: { 200: detail },
      },
    },
    async (req, reply) => reply.ok(await mine(req.user!.id, req.params.id, req.lang)),
  );

  app.post(
    '/maintenance-orders/:id/accept',
    {
      ...idempotentRoute(app, 'maintenance.accept'),
      schema: {
        ...base,
        summary: 'Accept the price offer and pay: `wallet` pays at once, `electronic` answers the card page',
        description:
          'Send an `Idempotency-Key` header: a repeat returns the first answer. Once accepted, another accept answers 409.',
        params: idParam,
        body: acceptOfferBody,
        response: { 200: envelope(acceptOfferResult) },
      },
    },
    async (req, reply) => {
      const { order, redirectUrl } = await service.acceptOffer(
        app,
        req.user!.id,
        req.params.id,
        req.body.payment_method,
        req.lang,
      );
      return reply.ok(
        { status: order.status, redirect_url: redirectUrl },
        order.status === 'paid' ? 'maintenance.paid' : 'maintenance.offer_accepted',
      );
    },
  );

  app.post(
    '/maintenance-orders/:id/pay',
    {
      ...idempotentRoute(app, 'maintenance.pay'),
      schema: {
        ...base,
        summary:
          'Pay again while my accepted order waits for payment: `electronic` (default) answers the card page, `wallet` pays at once',
        description:
          'Send an `Idempotency-Key` header: a repeat returns the first answer. Once paid, another answers 409.',
        params: idParam,
        body: payAgainBody,
        response: { 200: envelope(acceptOfferResult) },
      },
    },
    async (req, reply) => {
      const { order, redirectUrl } = await service.payOrderAgain(
        app,
        req.user!.id,
        req.params.id,
        req.body?.payment_method ?? 'electronic',
        req.lang,
      );
      return reply.ok(
        { status: order.status, redirect_url: redirectUrl },
        order.status === 'paid' ? 'maintenance.paid' : undefined,
      );
    },
  );

  app.post(
    '/maintenance-orders/:id/reject',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'Reject the price offer with a reason (the admins are told and may send another)',
        params: idParam,
        body: rejectOfferBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      await service.rejectOffer(app, req.user!.id, req.params.id, req.body.reason);
      return reply.ok(await queries.customerDetail(app.db, req.params.id, req.lang), 'maintenance.reason_sent');
    },
  );

  app.post(
    '/maintenance-orders/:id/cancel',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'Cancel my order while allowed (until paid), with a reason or a note',
        description: 'A paid amount is refunded (wallet at once; a card after).',
        params: idParam,
        body: cancelBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      await service.closeOrder(app, req.params.id, customerActor(req.user!.id), 'cancelled', req.body);
      return reply.ok(await queries.customerDetail(app.db, req.params.id, req.lang), 'maintenance.cancelled');
    },
  );
}
