/**
 * The engineer's side of pool construction under /api/staff (signed-in
 * staff; an order not assigned to me is 404): the order with its design,
 * the price offer they write and send (the machine lets the engineer
 * assigned send it), the stages of the work with photos while it is in
 * progress. Moves (e.g. completing) go through POST /api/staff/orders/:id/status.
 */
import {
  CONSTRUCTION_STAGE_FOLDER,
  constructionStageBody,
  envelope,
  idParam,
  offerBody,
  staffConstructionDetail,
  type Lang,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { notFound } from '../../lib/errors.ts';
import { saveOffer, staffActor } from '../orders/index.ts';
import * as queries from './queries.ts';
import { pictureUpload } from './uploads.ts';
import { addStage, KIND } from './service.ts';

const base = { tags: ['staff: pool construction'], security: [{ bearer: [] }] };
const detail = envelope(staffConstructionDetail);

export default async function constructionStaffRoutes(app: App) {
  const signedIn = app.requireStaff();

  const show = async (staffId: number, id: number, lang: Lang) => {
    const d = await queries.staffDetail(app.db, staffId, id, lang);
    if (!d) throw notFound();
    return d;
  };

  app.get(
    '/construction/:id',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'A construction order assigned to me: customer, place, design, estimate, offer, stages, my moves',
        params: idParam,
        response: { 200: detail },
      },
    },
    async (req, reply) => reply.ok(await show(req.staff!.id, req.params.id, req.lang)),
  );

  app.post(
    '/construction/:id/offer',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary:
          'Save the price offer of my order (engineer assigned, or after a rejection); `send: true` also sends it',
        description:
          "Lines as the dashboard's offer: `kind` service, spare_part, extra_service, installation, delivery or discount; `unit_price` in halalas before VAT. The server computes VAT and the totals.",
        params: idParam,
        body: offerBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      const order = await saveOffer(app, KIND, req.params.id, req.body, staffActor(req.staff!.id));
      const msg = order.status === 'offer_sent' ? 'construction.offer_sent' : 'construction.offer_saved';
      return reply.ok(await show(req.staff!.id, req.params.id, req.lang), msg);
    },
  );

  app.post(
    '/construction/:id/stages',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'Post a stage of the work (title, note, up to 6 photos) while it is in progress',
        description:
          '`photos`: URLs from POST /construction-photos. No notification is sent: the customer sees the stages on the order page.',
        params: idParam,
        body: constructionStageBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      await addStage(app, req.staff!.id, req.params.id, req.body);
      return reply.ok(await show(req.staff!.id, req.params.id, req.lang), 'construction.stage_added');
    },
  );

  pictureUpload(app, '/construction-photos', {
    preHandler: signedIn,
    tags: base.tags,
    summary: "Upload one photo of a stage (multipart `file` or `image`); answers its URL for the stage's `photos`",
    folder: CONSTRUCTION_STAGE_FOLDER,
  });
}
