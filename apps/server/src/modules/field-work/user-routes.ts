/**
 * The customer's side of field work under /api/user: answering extra services
 * (accept and pay by wallet or card, or reject with a reason), reading the
 * visit report, and rating the staff member once the order is completed.
 * Another customer's order answers 404.
 */
import { z } from 'zod';
import {
  acceptExtraBody,
  acceptExtraResult,
  envelope,
  evaluationView,
  EXTRA_PAY_MINUTES,
  extraParams,
  idParam,
  orderExtraView,
  rateStaffBody,
  rejectExtraBody,
  visitReportView,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { customerOrderRow } from './access.ts';
import { acceptExtra, extraView, listExtras, rejectExtra } from './extras.ts';
import { myEvaluation, rateStaff } from './ratings.ts';
import { readReport } from './report.ts';

const security = [{ bearer: [] }];

/** The same routes for an immediate maintenance and for a package's visit, each under its own address. */
const VISIT_ORDERS = [
  { prefix: '/maintenance-orders', kind: 'immediate_maintenance', tags: ['immediate maintenance: field work'] },
  { prefix: '/package-visits', kind: 'package_visit', tags: ['packages: field work'] },
] as const;

export default async function fieldWorkUserRoutes(app: App) {
  const signedIn = app.requireUser();
  for (const { prefix, kind, tags } of VISIT_ORDERS) {
    app.get(
      `${prefix}/:id/extras`,
      {
        preHandler: signedIn,
        schema: {
          tags,
          security,
          summary: 'The extra services proposed on my order',
          params: idParam,
          response: { 200: envelope(z.array(orderExtraView)) },
        },
      },
      async (req, reply) => {
        await customerOrderRow(app.db, req.params.id, req.user!.id, kind);
        return reply.ok(await listExtras(app.db, req.params.id, req.lang));
      },
    );

    app.post(
      `${prefix}/:id/extras/:extraId/accept`,
      {
        ...idempotentRoute(app, `field-work.accept-extra${prefix}`),
        schema: {
          tags,
          security,
          summary: 'Accept an extra service and pay it: by wallet at once, or by card (`redirect_url`)',
          description: `Paid exactly once under repeated taps: send an \`Idempotency-Key\` header (a repeat gets the first answer). An extra already paid, rejected or expired answers 409; a card payment not completed may be started again until its \`pay_by\` (${EXTRA_PAY_MINUTES} minutes after it was first accepted for a card): unpaid then, it expires, and a payment completed after goes to the wallet.`,
          params: extraParams,
          body: acceptExtraBody,
          response: { 200: envelope(acceptExtraResult) },
        },
      },
      async (req, reply) => {
        const input = { userId: req.user!.id, orderId: req.params.id, extraId: req.params.extraId, lang: req.lang };
        const done = await acceptExtra(app, { ...input, kind, method: req.body.payment_method });
        const extra = await extraView(app.db, req.params.id, done.extraId, req.lang);
        return reply.ok(
          { extra, redirect_url: done.redirectUrl },
          extra.status === 'paid' ? 'field-work.extra_paid' : 'field-work.extra_accepted',
        );
      },
    );

    app.post(
      `${prefix}/:id/extras/:extraId/reject`,
      {
        preHandler: signedIn,
        schema: {
          tags,
          security,
          summary: 'Reject an extra service with a reason; the technician and the admins are told',
          params: extraParams,
          body: rejectExtraBody,
          response: { 200: envelope(orderExtraView) },
        },
      },
      async (req, reply) => {
        const { id, extraId } = req.params;
        await rejectExtra(app, {
          userId: req.user!.id,
          orderId: id,
          extraId,
          kind,
          lang: req.lang,
          reason: req.body.reason,
        });
        return reply.ok(await extraView(app.db, id, extraId, req.lang), 'field-work.extra_rejected');
      },
    );

    app.get(
      `${prefix}/:id/report`,
      {
        preHandler: signedIn,
        schema: {
          tags,
          security,
          summary: 'The visit report of my order (null before the technician writes it)',
          params: idParam,
          response: { 200: envelope(visitReportView.nullable()) },
        },
      },
      async (req, reply) => {
        await customerOrderRow(app.db, req.params.id, req.user!.id, kind);
        return reply.ok(await readReport(app.db, req.params.id, req.lang));
      },
    );

    app.post(
      `${prefix}/:id/rate`,
      {
        preHandler: signedIn,
        schema: {
          tags,
          security,
          summary: 'Rate the technician of my completed order: 1 to 5 stars and an optional comment, once',
          params: idParam,
          body: rateStaffBody,
          response: { 200: envelope(evaluationView) },
        },
      },
      async (req, reply) => {
        await rateStaff(app.db, { userId: req.user!.id, orderId: req.params.id, kind }, req.body);
        return reply.ok(await myEvaluation(app.db, req.user!.id, req.params.id), 'field-work.rated');
      },
    );
  }

  app.get(
    '/evaluations/:id',
    {
      preHandler: signedIn,
      schema: {
        tags: ['field work'],
        security,
        summary: 'The rating page of my order: the staff member, the order number, whether it is rated yet',
        params: idParam,
        response: { 200: envelope(evaluationView) },
      },
    },
    async (req, reply) => reply.ok(await myEvaluation(app.db, req.user!.id, req.params.id)),
  );
}
