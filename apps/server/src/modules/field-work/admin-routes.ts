/** The dashboard's reading of field work (under /api/admin, `orders.view`): an order's extra services and visit report. */
import { z } from 'zod';
import { envelope, idParam, orderExtraView, visitReportView } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { orderRow } from './access.ts';
import { listExtras } from './extras.ts';
import { readReport } from './report.ts';

const tags = ['admin: service orders'];
const security = [{ bearer: [] }];

export default async function fieldWorkAdminRoutes(app: App) {
  const viewer = app.requireAdmin('orders.view');

  app.get(
    '/service-orders/:id/extras',
    {
      preHandler: viewer,
      schema: {
        tags,
        security,
        summary: "A service order's extra services, oldest first",
        params: idParam,
        response: { 200: envelope(z.array(orderExtraView)) },
      },
    },
    async (req, reply) => {
      await orderRow(app.db, req.params.id);
      return reply.ok(await listExtras(app.db, req.params.id, req.lang));
    },
  );

  app.get(
    '/service-orders/:id/report',
    {
      preHandler: viewer,
      schema: {
        tags,
        security,
        summary: "A service order's visit report with its flagged water readings (null before it is written)",
        params: idParam,
        response: { 200: envelope(visitReportView.nullable()) },
      },
    },
    async (req, reply) => {
      await orderRow(app.db, req.params.id);
      return reply.ok(await readReport(app.db, req.params.id, req.lang));
    },
  );
}
