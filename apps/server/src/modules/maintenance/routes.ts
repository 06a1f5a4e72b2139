/**
 * Immediate maintenance for the signed-in customer under /api/user (guests
 * and staff are refused): the request with its pictures, my orders and their
 * details, accepting the price offer and paying (wallet at once, or card),
 * rejecting it with a reason, cancelling while allowed; and every kind of my
 * orders in one list for the orders page. Another customer's order is 404.
 */
import { z } from 'zod';
import {
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
  V,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { fieldError } from '../../lib/errors.ts';
import { customerActor, customerOfferRoutes } from '../orders/index.ts';
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

  customerOfferRoutes(app, {
    prefix: '/maintenance-orders',
    kind: 'immediate_maintenance',
    tags: base.tags,
    area: 'maintenance',
    detail: maintenanceOrderDetail,
    show: mine,
  });

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
