/**
 * Store orders in the dashboard under /api/admin: the list with filters, the
 * details with the moves allowed from there, cancel or refuse with a reason
 * (the paid amount is refunded), and the printable invoice.
 */
import {
  adminCancelBody,
  adminMoveBody,
  adminOrderDetail,
  adminOrderItem,
  adminOrdersQuery,
  envelope,
  idParam,
  paginated,
  storeInvoice,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { notFound } from '../../lib/errors.ts';
import * as queries from './queries.ts';
import { adminActor } from './kernel/actor.ts';
import * as money from './kernel/money.ts';
import * as orders from './service.ts';

const base = { tags: ['admin: store orders'], security: [{ bearer: [] }] };
const detail = envelope(adminOrderDetail);

export default async function adminOrderRoutes(app: App) {
  const show = async (id: number, lang: 'ar' | 'en') => {
    const d = await queries.adminOrderDetail(app.db, 'store', id, lang);
    if (!d) throw notFound();
    return d;
  };

  app.get(
    '/store-orders',
    {
      preHandler: app.requireAdmin('orders.view'),
      schema: {
        ...base,
        summary: 'Store orders, newest first',
        description:
          '`q` searches the order number and the customer name or phone; filters: `status`, `payment_method`, `city_id`, `from` and `to` (a day in Riyadh time, or a date-time).',
        querystring: adminOrdersQuery,
        response: { 200: envelope(paginated(adminOrderItem)) },
      },
    },
    async (req, reply) => reply.ok(await queries.listAdminOrders(app.db, ['store'], req.query, req.lang)),
  );

  app.get(
    '/store-orders/:id',
    {
      preHandler: app.requireAdmin('orders.view'),
      schema: {
        ...base,
        summary: 'One store order with its timeline and allowed moves',
        params: idParam,
        response: { 200: detail },
      },
    },
    async (req, reply) => reply.ok(await show(req.params.id, req.lang)),
  );

  app.post(
    '/store-orders/:id/status',
    {
      preHandler: app.requireAdmin('orders.edit'),
      schema: {
        ...base,
        summary: 'Move a store order to its next state (new -> preparing -> delivering -> delivered)',
        params: idParam,
        body: adminMoveBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      await orders.moveOrder(app, req.params.id, req.body.status, adminActor(req.admin!));
      return reply.ok(await show(req.params.id, req.lang), 'orders.moved');
    },
  );

  app.post(
    '/store-orders/:id/cancel',
    {
      preHandler: app.requireAdmin('orders.cancel'),
      schema: {
        ...base,
        summary: 'Cancel or refuse a new or preparing store order with a reason; the paid amount is refunded',
        params: idParam,
        body: adminCancelBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      await money.cancelOrder(app, {
        orderId: req.params.id,
        kind: 'store',
        actor: adminActor(req.admin!),
        to: req.body.status,
        reasonId: req.body.cancel_reason_id,
        note: req.body.note,
      });
      return reply.ok(
        await show(req.params.id, req.lang),
        req.body.status === 'refused' ? 'orders.refused' : 'orders.cancelled',
      );
    },
  );

  app.get(
    '/store-orders/:id/invoice',
    {
      preHandler: app.requireAdmin('orders.view'),
      schema: {
        ...base,
        summary: 'The printable tax invoice of a paid store order',
        params: idParam,
        response: { 200: envelope(storeInvoice) },
      },
    },
    async (req, reply) => {
      const row = await queries.findOrder(app.db, 'store', req.params.id);
      if (!row) throw notFound();
      return reply.ok(await queries.invoiceOf(app.db, row, req.lang));
    },
  );
}
