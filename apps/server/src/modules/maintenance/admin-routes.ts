/**
 * Service orders in the dashboard under /api/admin (orders.view to read,
 * orders.edit to approve, price and assign, orders.cancel to cancel or
 * refuse): immediate maintenance and a package's visits (SERVICE_ORDER_KINDS).
 * The list with filters, the full order, approval, the price offer
 * (saved, and sent with `send`), the assignment (or reassignment) of a free
 * technician of the order's city, and cancel / refuse with a reason and
 * refund where the kind's machine allows it.
 */
import { z } from 'zod';
import {
  assignableStaff,
  assignServiceStaffBody,
  cancelBody,
  envelope,
  idParam,
  offerBody,
  paginated,
  serviceOrderDetail,
  serviceOrderItem,
  serviceOrderMap,
  serviceOrdersQuery,
  type Lang,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { notFound } from '../../lib/errors.ts';
import { adminActor, assignStaff } from '../orders/index.ts';
import * as queries from './queries.ts';
import * as service from './service.ts';

const base = { tags: ['admin: service orders'], security: [{ bearer: [] }] };
const detail = envelope(serviceOrderDetail);

export default async function adminMaintenanceRoutes(app: App) {
  const show = async (id: number, lang: Lang) => {
    const d = await queries.serviceOrderDetail(app.db, id, lang);
    if (!d) throw notFound();
    return d;
  };

  app.get(
    '/service-orders',
    {
      preHandler: app.requireAdmin('orders.view'),
      schema: {
        ...base,
        summary: 'Service orders, newest first',
        description:
          '`kind` (immediate_maintenance or package_visit; every kind when absent), `status`, `city_id`, `staff_id`, `date` (the visit day, Riyadh, YYYY-MM-DD) and `q` (the order number or the customer phone). Package visits are listed once they have a time.',
        querystring: serviceOrdersQuery,
        response: { 200: envelope(paginated(serviceOrderItem)) },
      },
    },
    async (req, reply) => reply.ok(await queries.listServiceOrders(app.db, req.query, req.lang)),
  );

  app.get(
    '/service-orders/pins',
    {
      preHandler: app.requireAdmin('orders.view'),
      schema: {
        ...base,
        summary: "The open service orders with a map pin, for the console's map",
        description:
          "The list's filters but `page`: `pins`, at most 500 orders, newest first; `unpinned`, how many open orders the filters keep have no pin (a national address short code, an address without a point).",
        querystring: serviceOrdersQuery.omit({ page: true }),
        response: { 200: envelope(serviceOrderMap) },
      },
    },
    async (req, reply) => reply.ok(await queries.serviceOrderPins(app.db, req.query, req.lang)),
  );

  app.get(
    '/service-orders/:id',
    {
      preHandler: app.requireAdmin('orders.view'),
      schema: {
        ...base,
        summary: 'One service order: customer, request, offer, timeline, technician, extras, report, rating',
        params: idParam,
        response: { 200: detail },
      },
    },
    async (req, reply) => reply.ok(await show(req.params.id, req.lang)),
  );

  const moves = [
    { path: 'approve', to: 'approved', summary: 'Approve a new order (the customer waits for the price)' },
    { path: 'send-offer', to: 'offer_sent', summary: 'Send the saved price offer to the customer' },
  ] as const;
  for (const m of moves) {
    app.post(
      `/service-orders/:id/${m.path}`,
      {
        preHandler: app.requireAdmin('orders.edit'),
        schema: { ...base, summary: m.summary, params: idParam, response: { 200: detail } },
      },
      async (req, reply) => {
        await service.adminMove(app, req.params.id, m.to, adminActor(req.admin!));
        return reply.ok(await show(req.params.id, req.lang), `maintenance.${m.to}`);
      },
    );
  }

  app.put(
    '/service-orders/:id/offer',
    {
      preHandler: app.requireAdmin('orders.edit'),
      schema: {
        ...base,
        summary: 'Save the price offer (approved or offer_rejected); `send: true` also sends it to the customer',
        description:
          'Lines: `kind` service, spare_part, extra_service, installation, delivery or discount; `unit_price` in halalas before VAT. The server computes VAT per line and the totals; the lines replace the previous offer.',
        params: idParam,
        body: offerBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      const order = await service.saveOffer(app, req.params.id, req.body, adminActor(req.admin!));
      const msg = order.status === 'offer_sent' ? 'maintenance.offer_sent' : 'maintenance.offer_saved';
      return reply.ok(await show(req.params.id, req.lang), msg);
    },
  );

  app.get(
    '/service-orders/:id/assignable-staff',
    {
      preHandler: app.requireAdmin('orders.view'),
      schema: {
        ...base,
        summary: "Technicians serving the order's city: rating, free at its time, their visits that day",
        params: idParam,
        response: { 200: envelope(z.array(assignableStaff)) },
      },
    },
    async (req, reply) => {
      const order = await service.findServiceOrder(app.db, req.params.id);
      return reply.ok(await queries.assignableStaff(app.db, order));
    },
  );

  app.post(
    '/service-orders/:id/assign',
    {
      preHandler: app.requireAdmin('orders.edit'),
      schema: {
        ...base,
        summary:
          "Assign (or reassign) a paid order or a scheduled visit to a technician who serves its city and is free at the order's time",
        params: idParam,
        body: assignServiceStaffBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      await service.findServiceOrder(app.db, req.params.id);
      await assignStaff(app, req.params.id, req.body.staff_id, adminActor(req.admin!));
      return reply.ok(await show(req.params.id, req.lang), 'maintenance.assigned');
    },
  );

  for (const to of ['cancelled', 'refused'] as const) {
    app.post(
      `/service-orders/:id/${to === 'cancelled' ? 'cancel' : 'refuse'}`,
      {
        preHandler: app.requireAdmin('orders.cancel'),
        schema: {
          ...base,
          summary: `${to === 'cancelled' ? 'Cancel' : 'Refuse'} the order with a reason; a paid amount is refunded`,
          params: idParam,
          body: cancelBody,
          response: { 200: detail },
        },
      },
      async (req, reply) => {
        const order = await service.findServiceOrder(app.db, req.params.id);
        await service.closeOrder(app, order.id, adminActor(req.admin!), to, req.body, order.kind);
        return reply.ok(await show(req.params.id, req.lang), `maintenance.${to}`);
      },
    );
  }
}
