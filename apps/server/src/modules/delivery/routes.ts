/** Dashboard delivery prices by city under /api/admin. */
import { z } from 'zod';
import { adminDeliveryPrice, cityParam, deliveryPriceBody, envelope } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { notFound } from '../../lib/errors.ts';
import { listDeliveryPrices, setDeliveryPrice } from './service.ts';

const base = { tags: ['admin: delivery'], security: [{ bearer: [] }] };

export default async function deliveryRoutes(app: App) {
  app.get(
    '/delivery-prices',
    {
      preHandler: app.requireAdmin('delivery.view'),
      schema: {
        ...base,
        summary: 'Every city with its delivery price and free-delivery threshold (halalas)',
        response: { 200: envelope(z.array(adminDeliveryPrice)) },
      },
    },
    async (_req, reply) => reply.ok(await listDeliveryPrices(app.db)),
  );

  app.post(
    '/delivery-prices/:city_id',
    {
      preHandler: app.requireAdmin('delivery.edit'),
      schema: {
        ...base,
        summary: "Set a city's delivery price and optional free-delivery threshold",
        params: cityParam,
        body: deliveryPriceBody,
        response: { 200: envelope(adminDeliveryPrice) },
      },
    },
    async (req, reply) => {
      const row = await setDeliveryPrice(app.db, req.params.city_id, req.body.price, req.body.free_above ?? null);
      if (!row) throw notFound();
      return reply.ok(row, 'cms.saved');
    },
  );
}
