/**
 * Pool construction in the dashboard under /api/admin: the catalogue of design
 * types and colours on the generic resource routes (permission group
 * `construction`, multipart with an `image` file), the estimate's prices
 * (construction.view / construction.edit), and the construction orders of the
 * operations console (orders.view to read; orders.edit to price, assign an
 * engineer and complete; orders.cancel to cancel or refuse). The assignment is
 * the kernel's (the kind's `assigns: engineer` move: an active engineer who
 * serves the order's city).
 */
import { asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { tables } from '@pool/db';
import {
  adminColour,
  adminDesignType,
  assignableEngineer,
  assignServiceStaffBody,
  cancelBody,
  colourBody,
  constructionAdminDetail,
  constructionAdminItem,
  constructionAdminQuery,
  constructionPrices,
  constructionPricesBody,
  designTypeBody,
  envelope,
  idParam,
  offerBody,
  paginated,
  type Lang,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { registerResource } from '../admin-content/index.ts';
import { adminActor, assignStaff, saveOffer } from '../orders/index.ts';
import { pricesView, savePrices } from './catalogue.ts';
import * as queries from './queries.ts';
import { closeConstruction, KIND, moveConstruction } from './service.ts';

const dt = tables.constructionDesignTypes;
const cc = tables.constructionColours;
const cr = tables.constructionRequests;
const tag = 'admin: pool construction';
const base = { tags: [tag], security: [{ bearer: [] }] };
const detail = envelope(constructionAdminDetail);

const inUse = (msgKey: string) => new AppError('fail', msgKey, { status: 409 });

export default async function adminConstructionRoutes(app: App) {
  registerResource(app, {
    path: 'construction/design-types',
    group: 'construction',
    name: 'pool design types (multipart with an `image` file, required on create)',
    tag,
    table: dt,
    search: [dt.nameAr, dt.nameEn],
    order: [asc(dt.sort), asc(dt.id)],
    body: designTypeBody,
    item: adminDesignType,
    image: { column: 'image', folder: 'construction-designs', required: true },
    toValues: (b) => ({
      shape: b.shape,
      nameAr: b.name_ar,
      nameEn: b.name_en,
      priceFactor: b.price_factor,
      isActive: b.is_active,
      sort: b.sort,
      updatedAt: new Date(),
    }),
    toItem: (r) => ({
      id: r.id,
      shape: r.shape,
      name_ar: r.nameAr,
      name_en: r.nameEn,
      image: r.image,
      price_factor: r.priceFactor,
      is_active: r.isActive,
      sort: r.sort,
    }),
    beforeDelete: async (id) => {
      const [row] = await app.db.select({ n: count() }).from(cr).where(eq(cr.designTypeId, id));
      if (row?.n) throw inUse('construction.design_type_in_use');
    },
  });

  registerResource(app, {
    path: 'construction/colours',
    group: 'construction',
    name: 'pool finish colours (multipart with an optional `image` file)',
    tag,
    table: cc,
    search: [cc.nameAr, cc.nameEn],
    order: [asc(cc.sort), asc(cc.id)],
    body: colourBody,
    item: adminColour,
    image: { column: 'image', folder: 'construction-colours', required: false },
    toValues: (b) => ({
      nameAr: b.name_ar,
      nameEn: b.name_en,
      hex: b.hex,
      extraM2: b.extra_sar,
      isActive: b.is_active,
      sort: b.sort,
      updatedAt: new Date(),
    }),
    toItem: (r) => ({
      id: r.id,
      name_ar: r.nameAr,
      name_en: r.nameEn,
      hex: r.hex,
      image: r.image,
      extra_m2: r.extraM2,
      is_active: r.isActive,
      sort: r.sort,
    }),
    beforeDelete: async (id) => {
      const [row] = await app.db.select({ n: count() }).from(cr).where(eq(cr.colourId, id));
      if (row?.n) throw inUse('construction.colour_in_use');
    },
  });

  app.get(
    '/construction/prices',
    {
      preHandler: app.requireAdmin('construction.view'),
      schema: {
        ...base,
        summary: "The estimate's prices (halalas before VAT) and the VAT rate (percent)",
        response: { 200: envelope(constructionPrices) },
      },
    },
    async (_req, reply) => reply.ok(await pricesView(app.db)),
  );

  app.put(
    '/construction/prices',
    {
      preHandler: app.requireAdmin('construction.edit'),
      schema: {
        ...base,
        summary: "Set the estimate's prices: riyals per m² of lined surface and per m³, each extra, the range's spread",
        body: constructionPricesBody,
        response: { 200: envelope(constructionPrices) },
      },
    },
    async (req, reply) => {
      await savePrices(app.db, req.body);
      return reply.ok(await pricesView(app.db), 'construction.prices_saved');
    },
  );

  /* ---------------------------------------------------------------- orders */

  const show = async (id: number, lang: Lang) => {
    const d = await queries.adminDetail(app.db, id, lang);
    if (!d) throw notFound();
    return d;
  };

  app.get(
    '/construction/orders',
    {
      preHandler: app.requireAdmin('orders.view'),
      schema: {
        ...base,
        summary: 'Construction orders, newest first',
        description: '`status`, `city_id`, `staff_id` (the engineer) and `q` (the order number or the customer phone).',
        querystring: constructionAdminQuery,
        response: { 200: envelope(paginated(constructionAdminItem)) },
      },
    },
    async (req, reply) => reply.ok(await queries.listAdminConstruction(app.db, req.query, req.lang)),
  );

  app.get(
    '/construction/orders/:id',
    {
      preHandler: app.requireAdmin('orders.view'),
      schema: {
        ...base,
        summary: 'One construction order: customer, design, estimate, offer, timeline, engineer, stages, rating',
        params: idParam,
        response: { 200: detail },
      },
    },
    async (req, reply) => reply.ok(await show(req.params.id, req.lang)),
  );

  app.get(
    '/construction/orders/:id/assignable-engineers',
    {
      preHandler: app.requireAdmin('orders.view'),
      schema: {
        ...base,
        summary: "Active engineers serving the order's city: rating and their open construction orders",
        params: idParam,
        response: { 200: envelope(z.array(assignableEngineer)) },
      },
    },
    async (req, reply) => {
      const list = await queries.assignableEngineers(app.db, req.params.id);
      if (!list) throw notFound();
      return reply.ok(list);
    },
  );

  app.post(
    '/construction/orders/:id/assign',
    {
      preHandler: app.requireAdmin('orders.edit'),
      schema: {
        ...base,
        summary: 'Assign a new order to an active engineer who serves its city (the customer is told)',
        params: idParam,
        body: assignServiceStaffBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      await show(req.params.id, req.lang);
      await assignStaff(app, req.params.id, req.body.staff_id, adminActor(req.admin!));
      return reply.ok(await show(req.params.id, req.lang), 'construction.assigned');
    },
  );

  app.put(
    '/construction/orders/:id/offer',
    {
      preHandler: app.requireAdmin('orders.edit'),
      schema: {
        ...base,
        summary: 'Save the price offer (engineer assigned, or after a rejection); `send: true` also sends it',
        description:
          'Lines: `kind` service, spare_part, extra_service, installation, delivery or discount; `unit_price` in halalas before VAT. The server computes VAT per line and the totals; the lines replace the previous offer.',
        params: idParam,
        body: offerBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      const order = await saveOffer(app, KIND, req.params.id, req.body, adminActor(req.admin!));
      const msg = order.status === 'offer_sent' ? 'construction.offer_sent' : 'construction.offer_saved';
      return reply.ok(await show(req.params.id, req.lang), msg);
    },
  );

  const moves = [
    { path: 'send-offer', to: 'offer_sent', summary: 'Send the saved price offer to the customer' },
    {
      path: 'complete',
      to: 'completed',
      summary: 'Complete the work (at least one stage posted); the customer is asked to rate the engineer',
    },
  ] as const;
  for (const m of moves) {
    app.post(
      `/construction/orders/:id/${m.path}`,
      {
        preHandler: app.requireAdmin('orders.edit'),
        schema: { ...base, summary: m.summary, params: idParam, response: { 200: detail } },
      },
      async (req, reply) => {
        await moveConstruction(app, req.params.id, m.to, adminActor(req.admin!));
        return reply.ok(await show(req.params.id, req.lang), `construction.${m.to}`);
      },
    );
  }

  for (const to of ['cancelled', 'refused'] as const) {
    app.post(
      `/construction/orders/:id/${to === 'cancelled' ? 'cancel' : 'refuse'}`,
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
        await closeConstruction(app, req.params.id, adminActor(req.admin!), to, req.body);
        return reply.ok(await show(req.params.id, req.lang), `construction.${to}`);
      },
    );
  }
}
