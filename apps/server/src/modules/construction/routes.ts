/**
 * Pool construction for the signed-in customer under /api/user (guests and
 * staff are refused): the designer's catalogue and estimate, pictures and the
 * design's snapshot, the request, my construction orders and their details,
 * accepting the offer and paying (wallet at once, or card), rejecting it with
 * a reason, cancelling while allowed and rating the engineer once completed.
 * Another customer's order is 404.
 */
import {
  cancelBody,
  CONSTRUCTION_IMAGE_FOLDER,
  constructionCatalogue,
  constructionCreated,
  constructionEstimate,
  constructionEstimateBody,
  constructionOrderDetail,
  constructionOrderItem,
  constructionOrdersQuery,
  constructionRequestBody,
  envelope,
  idParam,
  paginated,
  rateStaffBody,
  type Lang,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { notFound } from '../../lib/errors.ts';
import { rateStaff } from '../field-work/index.ts';
import { customerActor, customerOfferRoutes } from '../orders/index.ts';
import { constructionCatalogue as readCatalogue, estimateDesign } from './catalogue.ts';
import * as queries from './queries.ts';
import { pictureUpload } from './uploads.ts';
import { closeConstruction, KIND, requestConstruction } from './service.ts';

const base = { tags: ['pool construction'], security: [{ bearer: [] }] };
const detail = envelope(constructionOrderDetail);

export default async function constructionRoutes(app: App) {
  const signedIn = app.requireUser();

  const mine = async (userId: number, id: number, lang: Lang) => {
    const d = await queries.customerDetail(app.db, userId, id, lang);
    if (!d) throw notFound();
    return d;
  };

  app.get(
    '/construction/catalogue',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: "The designer's active design types and colours, the extras and the sizes allowed (metres)",
        response: { 200: envelope(constructionCatalogue) },
      },
    },
    async (req, reply) => reply.ok(await readCatalogue(app.db, req.lang)),
  );

  app.post(
    '/construction/estimate',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'The indicative price range of a design (halalas, VAT included) with its area and volume',
        description:
          'Sizes in metres with at most one decimal (length 3-25, width 2-15, depth 1-3); an active `design_type_id` and `colour_id` of the catalogue; `options` among steps, lighting, heating, cover.',
        body: constructionEstimateBody,
        response: { 200: envelope(constructionEstimate) },
      },
    },
    async (req, reply) => {
      const { estimate } = await estimateDesign(app.db, req.body);
      const { area_m2, volume_m3 } = estimate.measures;
      return reply.ok({ area_m2, volume_m3, low: estimate.low, high: estimate.high });
    },
  );

  pictureUpload(app, '/construction-images', {
    preHandler: signedIn,
    tags: base.tags,
    summary: "Upload one picture of the place, or the design's snapshot (multipart `file` or `image`); answers its URL",
    folder: CONSTRUCTION_IMAGE_FOLDER,
  });

  app.post(
    '/construction',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'Request a pool construction: the design, its snapshot, where, notes and pictures',
        description:
          'The design as for /construction/estimate; `snapshot` and `images` (up to 6): URLs from POST /construction-images. The location is exactly one of `address_id`, `lat` + `lng` (inside Saudi Arabia) or `short_code`; the pin and the short code need `city_id`. The estimate at request time is kept with the order.',
        body: constructionRequestBody,
        response: { 200: envelope(constructionCreated) },
      },
    },
    async (req, reply) => {
      const order = await requestConstruction(app, req.user!.id, req.body);
      return reply.ok({ id: order.id, number: order.number, status: order.status }, 'construction.requested');
    },
  );

  app.get(
    '/construction-orders',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'My construction orders, newest first; `tab`: new, current, waiting, pending_payment, finished',
        querystring: constructionOrdersQuery,
        response: { 200: envelope(paginated(constructionOrderItem)) },
      },
    },
    async (req, reply) => reply.ok(await queries.listMyConstruction(app.db, req.user!.id, req.query, req.lang)),
  );

  app.get(
    '/construction-orders/:id',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'One of my construction orders: design, estimate, offer, timeline, engineer, stages, rating',
        params: idParam,
        response: { 200: detail },
      },
    },
    async (req, reply) => reply.ok(await mine(req.user!.id, req.params.id, req.lang)),
  );

  customerOfferRoutes(app, {
    prefix: '/construction-orders',
    kind: KIND,
    tags: base.tags,
    area: 'construction',
    detail: constructionOrderDetail,
    show: mine,
  });

  app.post(
    '/construction-orders/:id/cancel',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'Cancel my order while allowed (until paid), with a reason or a note',
        params: idParam,
        body: cancelBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      await closeConstruction(app, req.params.id, customerActor(req.user!.id), 'cancelled', req.body);
      return reply.ok(await mine(req.user!.id, req.params.id, req.lang), 'construction.cancelled');
    },
  );

  app.post(
    '/construction-orders/:id/rate',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'Rate the engineer of my completed order: 1 to 5 stars and an optional comment, once',
        params: idParam,
        body: rateStaffBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      await rateStaff(app.db, { userId: req.user!.id, orderId: req.params.id, kind: KIND }, req.body);
      return reply.ok(await mine(req.user!.id, req.params.id, req.lang), 'construction.rated');
    },
  );
}
