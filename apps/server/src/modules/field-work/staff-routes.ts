/**
 * The staff's field work under /api/staff (their token only): the day, the
 * moves with their meaning, extra services proposed on site and the visit
 * report with its photos. Only the work assigned to them: anything else is 404.
 */
import { z } from 'zod';
import {
  envelope,
  extrasBody,
  fieldMoveResult,
  chatOrderId,
  idParam,
  nextStates,
  onTheWayBody,
  orderExtraView,
  REPORT_PHOTO_FOLDER,
  reportPhotoResult,
  staffDay as staffDaySchema,
  staffDayQuery,
  staffVisitDetail,
  V,
  visitReportBody,
  visitReportView,
  type Lang,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { fieldError } from '../../lib/errors.ts';
import { storeImage } from '../uploads/index.ts';
import { assignedOrderRow } from './access.ts';
import { staffDay, staffVisit } from './day.ts';
import { extraView, listExtras, proposeExtra } from './extras.ts';
import { arrived, finish, onTheWay } from './moves.ts';
import { assertReportOpen, readReport, saveReport } from './report.ts';
import { tables, type Db } from '@pool/db';
import { eq } from 'drizzle-orm';

const tags = ['staff: field work'];
const security = [{ bearer: [] }];

/** An order assigned to me as a move's answer. */
async function moved(db: Db, staffId: number, orderId: number): Promise<z.infer<typeof fieldMoveResult>> {
  const order = await assignedOrderRow(db, orderId, staffId);
  const mr = tables.maintenanceRequests;
  const [request] = await db.select({ arrivalAt: mr.arrivalAt }).from(mr).where(eq(mr.orderId, orderId));
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    arrival_at: request?.arrivalAt?.toISOString() ?? null,
    next_statuses: nextStates(order.kind, order.status, 'staff'),
  };
}

export default async function fieldWorkStaffRoutes(app: App) {
  const signedIn = app.requireStaff();
  const me = (req: { staff?: { id: number } | null }) => req.staff!.id;

  app.get(
    '/day',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'My open visits of a day (Riyadh; today by default), in time order',
        description:
          'Each with its address, map directions (`map_url`), the customer and a `tel:` link, the problem and place, and my next moves.',
        querystring: staffDayQuery,
        response: { 200: envelope(staffDaySchema) },
      },
    },
    async (req, reply) => reply.ok(await staffDay(app.db, me(req), req.query.date, req.lang)),
  );

  app.get(
    '/orders/:id/visit',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'One visit of mine, whatever its day or state (finished included): what its page shows',
        description:
          "The visit as the day lists it (time, address and `map_url`, the customer and `phone_link`, the problem, my next moves), its extra services, the visit report (null before it is saved) and `chat_path`, the API path of its chat with the customer (a package visit: its subscription's thread, `chat_order_id`). 404 for an order not assigned to me.",
        params: idParam,
        response: { 200: envelope(staffVisitDetail) },
      },
    },
    async (req, reply) => {
      const visit = await staffVisit(app.db, me(req), req.params.id, req.lang);
      // A package visit's chat is its subscription's thread.
      const chatOrder = chatOrderId(await assignedOrderRow(app.db, visit.id, me(req)));
      return reply.ok({
        visit,
        extras: await listExtras(app.db, visit.id, req.lang),
        report: await readReport(app.db, visit.id, req.lang),
        chat_path: chatOrder ? `/api/staff/orders/${chatOrder}/chat` : null,
        chat_order_id: chatOrder,
      });
    },
  );

  const move = (path: string, summary: string, run: (staffId: number, orderId: number) => Promise<void>, msg: string) =>
    app.post(
      `/orders/:id/${path}`,
      {
        preHandler: signedIn,
        schema: { tags, security, summary, params: idParam, response: { 200: envelope(fieldMoveResult) } },
      },
      async (req, reply) => {
        await run(me(req), req.params.id);
        return reply.ok(await moved(app.db, me(req), req.params.id), msg);
      },
    );

  app.post(
    '/orders/:id/on-the-way',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'On the way: the customer is told with the arrival time (in 5 to 240 minutes)',
        params: idParam,
        body: onTheWayBody,
        response: { 200: envelope(fieldMoveResult) },
      },
    },
    async (req, reply) => {
      await onTheWay(app, me(req), req.params.id, req.body.eta_minutes);
      return reply.ok(await moved(app.db, me(req), req.params.id), 'field-work.on_the_way');
    },
  );
  move('arrived', 'Arrived on site', (s, o) => arrived(app, s, o), 'field-work.arrived');
  move(
    'finish',
    'Finish the visit: refused while an extra service is open or before the report has its checklist and a photo after',
    (s, o) => finish(app, s, o),
    'field-work.finished',
  );

  app.get(
    '/orders/:id/extras',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'The extra services proposed on an order of mine',
        params: idParam,
        response: { 200: envelope(z.array(orderExtraView)) },
      },
    },
    async (req, reply) => {
      await assignedOrderRow(app.db, req.params.id, me(req));
      return reply.ok(await listExtras(app.db, req.params.id, req.lang));
    },
  );

  app.post(
    '/orders/:id/extras',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Propose extra services on site (while arrived); the customer is told',
        description:
          'JSON `lines`: `{ item_id, quantity }` from the spare-parts and extra-services catalogue (its price), or `{ name_ar, name_en, unit_price, quantity }` typed (halalas before VAT). VAT per line at the site rate.',
        params: idParam,
        body: extrasBody,
        response: { 200: envelope(orderExtraView) },
      },
    },
    async (req, reply) => {
      const id = await proposeExtra(app, me(req), req.params.id, req.body);
      return reply.ok(await extraView(app.db, req.params.id, id, req.lang), 'field-work.extra_proposed');
    },
  );

  app.get(
    '/orders/:id/report',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'The visit report of an order of mine (null before it is saved)',
        params: idParam,
        response: { 200: envelope(visitReportView.nullable()) },
      },
    },
    async (req, reply) => {
      await assignedOrderRow(app.db, req.params.id, me(req));
      return reply.ok(await readReport(app.db, req.params.id, req.lang as Lang));
    },
  );

  app.put(
    '/orders/:id/report',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Save the visit report (whole), from on the way until the visit finishes',
        description:
          'JSON: `checklist` `{ pump: true, … }`, `photos_before` / `photos_after` (URLs uploaded to `report/photos`, up to 8 each), `parts` `[{ item_id?, name_ar, name_en, quantity }]`, `notes` (≤ 2000), `readings` `{ ph, free_chlorine, total_alkalinity, calcium_hardness, cyanuric_acid, temperature }`; the answer flags readings out of their healthy range.',
        params: idParam,
        body: visitReportBody,
        response: { 200: envelope(visitReportView) },
      },
    },
    async (req, reply) => {
      await saveReport(app, me(req), req.params.id, req.body);
      return reply.ok(await readReport(app.db, req.params.id, req.lang), 'field-work.report_saved');
    },
  );

  app.post(
    '/orders/:id/report/photos',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Upload a photo for the visit report (multipart `image`: jpg, png or gif, 5 MB at most)',
        description: 'Answers its URL, to send in `photos_before` or `photos_after`.',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: envelope(reportPhotoResult) },
      },
    },
    async (req, reply) => {
      assertReportOpen(await assignedOrderRow(app.db, req.params.id, me(req)));
      const file = req.uploads.image;
      if (!file) throw fieldError('image', V.required);
      const url = await storeImage(app, file, REPORT_PHOTO_FOLDER);
      return reply.ok({ url }, 'field-work.photo_uploaded');
    },
  );
}
