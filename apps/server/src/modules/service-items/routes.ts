/**
 * Spare parts and extra services (issue 10, "Catalogues"): the dashboard's
 * catalogue under /api/admin (`service_items.*`), its active items for the
 * price-offer editor (`orders.edit` or `service_items.view`), and the same
 * list for signed-in engineers and technicians under /api/staff.
 */
import { z } from 'zod';
import {
  envelope,
  idParam,
  serviceItem,
  serviceItemBody,
  serviceItemList,
  serviceItemListQuery,
  serviceItemOption,
  serviceItemOptionsQuery,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { notFound } from '../../lib/errors.ts';
import * as service from './service.ts';

const base = { tags: ['admin: service items'], security: [{ bearer: [] }] };
const one = envelope(serviceItem);
const options = envelope(z.array(serviceItemOption));
const optionsDescription =
  'Active items only, `kind` spare_part or extra_service (both when missing); `name` in the request language, with both names. Prices in halalas, before and with VAT.';

/** The dashboard's routes, registered under /api/admin. */
export async function adminServiceItemRoutes(app: App) {
  app.get(
    '/service-items',
    {
      preHandler: app.requireAdmin('service_items.view'),
      schema: {
        ...base,
        summary: 'Spare parts and extra services (deleted ones aside)',
        description:
          '`kind` spare_part or extra_service, `status` active or inactive, `q` searches both names; with the VAT rate (percent).',
        querystring: serviceItemListQuery,
        response: { 200: envelope(serviceItemList) },
      },
    },
    async (req, reply) => reply.ok(await service.listServiceItems(app.db, req.query)),
  );

  app.get(
    '/service-items/options',
    {
      preHandler: app.requireAdmin(['orders.edit', 'service_items.view']),
      schema: {
        ...base,
        summary: "The active items for the price offer's lines",
        description: optionsDescription,
        querystring: serviceItemOptionsQuery,
        response: { 200: options },
      },
    },
    async (req, reply) => reply.ok(await service.serviceItemOptions(app.db, req.lang, req.query.kind)),
  );

  app.get(
    '/service-items/:id',
    {
      preHandler: app.requireAdmin('service_items.view'),
      schema: { ...base, summary: 'One spare part or extra service', params: idParam, response: { 200: one } },
    },
    async (req, reply) => {
      const item = await service.getServiceItem(app.db, req.params.id);
      if (!item) throw notFound();
      return reply.ok(item);
    },
  );

  app.post(
    '/service-items',
    {
      preHandler: app.requireAdmin('service_items.create'),
      schema: {
        ...base,
        summary: 'Add a spare part or extra service',
        description: '`price_sar`: riyals before VAT as typed (at most 2 decimals), stored in halalas.',
        body: serviceItemBody,
        response: { 200: one },
      },
    },
    async (req, reply) => reply.ok((await service.saveServiceItem(app.db, req.body))!, 'cms.created'),
  );

  app.post(
    '/service-items/:id',
    {
      preHandler: app.requireAdmin('service_items.edit'),
      schema: {
        ...base,
        summary: 'Edit a spare part or extra service',
        description: 'Every field is sent again; `price_sar` as on create.',
        params: idParam,
        body: serviceItemBody,
        response: { 200: one },
      },
    },
    async (req, reply) => {
      const item = await service.saveServiceItem(app.db, req.body, req.params.id);
      if (!item) throw notFound();
      return reply.ok(item, 'cms.saved');
    },
  );

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.post(
      `/service-items/:id/${action}`,
      {
        preHandler: app.requireAdmin('service_items.edit'),
        config: { audit: `service_items.${action}` },
        schema: {
          ...base,
          summary: active ? 'Offer the item in the pickers again' : 'Stop offering the item in the pickers',
          params: idParam,
          response: { 200: one },
        },
      },
      async (req, reply) => {
        const item = await service.setServiceItemActive(app.db, req.params.id, active);
        if (!item) throw notFound();
        return reply.ok(item, active ? 'catalogue.service_item_activated' : 'catalogue.service_item_deactivated');
      },
    );
  }

  app.delete(
    '/service-items/:id',
    {
      preHandler: app.requireAdmin('service_items.delete'),
      schema: {
        ...base,
        summary: 'Delete a spare part or extra service (order lines keep their names and prices)',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      if (!(await service.deleteServiceItem(app.db, req.params.id))) throw notFound();
      return reply.ok(null, 'cms.deleted');
    },
  );
}

/** The staff's list, registered under /api/staff. */
export async function staffServiceItemRoutes(app: App) {
  app.get(
    '/service-items',
    {
      preHandler: app.requireStaff(),
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        summary: 'The active spare parts and extra services (to propose extras and record parts used)',
        description: optionsDescription,
        querystring: serviceItemOptionsQuery,
        response: { 200: options },
      },
    },
    async (req, reply) => reply.ok(await service.serviceItemOptions(app.db, req.lang, req.query.kind)),
  );
}
