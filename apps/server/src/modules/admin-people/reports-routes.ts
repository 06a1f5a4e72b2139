/** The reports screen's routes: the audit log of admin writes and one entry. */
import { envelope, idParam, paginated, reportItem, reportListQuery } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { getReport, listReports } from './reports.ts';
import { security } from './route-schema.ts';

export function reportsRoutes(app: App) {
  const tags = ['admin-people: reports'];

  app.get(
    '/reports',
    {
      preHandler: app.requireAdmin('reports.view'),
      schema: {
        tags,
        summary: 'The audit log of admin writes',
        description:
          '`subject` is in the request language. `q` searches the subject (in that language) and the url; `from`/`to` take a day (whole day, UTC) or a date-time.',
        security,
        querystring: reportListQuery,
        response: { 200: envelope(paginated(reportItem)) },
      },
    },
    async (req, reply) => reply.ok(await listReports(app.readDb, req.query, req.lang)),
  );

  app.get(
    '/reports/:id',
    {
      preHandler: app.requireAdmin('reports.view'),
      schema: {
        tags,
        summary: 'One audit log entry',
        security,
        params: idParam,
        response: { 200: envelope(reportItem) },
      },
    },
    async (req, reply) => reply.ok(await getReport(app.readDb, req.params.id, req.lang)),
  );
}
