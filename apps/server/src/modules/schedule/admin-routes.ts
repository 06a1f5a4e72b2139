/**
 * The dashboard's visits calendar under /api/admin (`orders.view`): one Saudi week of the
 * technicians' visits. Moving a visit to another technician is the order's assignment
 * (POST /api/admin/service-orders/:id/assign or /api/admin/orders/:id/assign, `orders.edit`).
 */
import { envelope, visitsCalendar, visitsCalendarQuery } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import * as calendar from './calendar.ts';

export default async function adminScheduleRoutes(app: App) {
  app.get(
    '/visits-calendar',
    {
      preHandler: app.requireAdmin('orders.view'),
      schema: {
        tags: ['admin: service orders'],
        security: [{ bearer: [] }],
        summary: "A week of the technicians' visits (Saturday to Friday, Riyadh days)",
        description:
          '`week`: any day of the week (Riyadh, YYYY-MM-DD; this week when absent); `city_id`: that city’s visits and the technicians serving it. Visits: immediate maintenance paid or under way and package visits with a time, not finished; `staff_id` null for the unassigned lane; `can_assign` when the order may go to another technician. Technicians: the active ones (`available`), then anyone else a visit of the week is assigned to.',
        querystring: visitsCalendarQuery,
        response: { 200: envelope(visitsCalendar) },
      },
    },
    async (req, reply) => reply.ok(await calendar.visitsCalendar(app.db, req.query, req.lang)),
  );
}
