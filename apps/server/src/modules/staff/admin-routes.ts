/**
 * Engineers and technicians in the dashboard (under /api/admin, `staff.*`
 * permissions), and the assignment of one to an order (the kind's assignment
 * move, `orders.edit`).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  assignStaffBody,
  envelope,
  idParam,
  paginated,
  staffBody,
  staffItem,
  staffListQuery,
  type StaffInput,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { adminActor } from '../orders/index.ts';
import { assignStaff } from '../orders/index.ts';
import { deleteImage, storeImage } from '../uploads/index.ts';
import * as service from './service.ts';

const tags = ['admin: staff'];
const security = [{ bearer: [] }];
const forms = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];
const item = envelope(staffItem);

export default async function adminStaffRoutes(app: App) {
  app.get(
    '/staff',
    {
      preHandler: app.requireAdmin('staff.view'),
      schema: {
        tags,
        security,
        summary: 'Engineers and technicians, newest first',
        description: '`q` searches the name and the phone; filters: `job`, `city_id`, `status` (active or blocked).',
        querystring: staffListQuery,
        response: { 200: envelope(paginated(staffItem)) },
      },
    },
    async (req, reply) => reply.ok(await service.listStaff(app.db, req.query, req.lang)),
  );

  app.get(
    '/staff/:id',
    {
      preHandler: app.requireAdmin('staff.view'),
      schema: { tags, security, summary: 'One engineer or technician', params: idParam, response: { 200: item } },
    },
    async (req, reply) => reply.ok(await service.getStaff(app.db, req.params.id, req.lang)),
  );

  /** Saves with an optional new photo; a refused save removes the photo it stored. */
  const save = async (id: number | null, req: { body: StaffInput; uploads: FastifyRequest['uploads'] }) => {
    const image = req.uploads.image ? await storeImage(app, req.uploads.image, 'staff') : undefined;
    const before = id === null ? null : await service.findStaff(app.db, id);
    const row = await service.saveStaff(app.db, id, req.body, image).catch(async (e: unknown) => {
      await deleteImage(app, image);
      throw e;
    });
    if (image && before?.image) await deleteImage(app, before.image);
    return row;
  };

  app.post(
    '/staff',
    {
      preHandler: app.requireAdmin('staff.create'),
      schema: {
        tags,
        security,
        summary: 'Add an engineer or technician',
        description:
          'Multipart with an optional `image`, or a form / JSON without it. `city_ids`: the cities served; `working_hours`: `{ "0": { "from": "08:00", "to": "17:00" }, … }` (0 = Sunday, Riyadh time), as JSON.',
        consumes: forms,
        body: staffBody,
        response: { 200: item },
      },
    },
    async (req, reply) => {
      const row = await save(null, req);
      return reply.ok(await service.getStaff(app.db, row.id, req.lang), 'staff.saved');
    },
  );

  app.post(
    '/staff/:id',
    {
      preHandler: app.requireAdmin('staff.edit'),
      schema: {
        tags,
        security,
        summary: 'Edit an engineer or technician',
        description: 'Every field is sent again; a new number ends their sessions.',
        consumes: forms,
        params: idParam,
        body: staffBody,
        response: { 200: item },
      },
    },
    async (req, reply) => {
      await save(req.params.id, req);
      return reply.ok(await service.getStaff(app.db, req.params.id, req.lang), 'staff.saved');
    },
  );

  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/staff/:id/${action}`,
      {
        preHandler: app.requireAdmin('staff.block'),
        config: { audit: `staff.${action}` },
        schema: {
          tags,
          security,
          summary: blocked ? 'Block (their sessions end at once)' : 'Unblock',
          params: idParam,
          response: { 200: item },
        },
      },
      async (req, reply) => {
        await service.setStaffBlocked(app.db, req.params.id, blocked);
        return reply.ok(await service.getStaff(app.db, req.params.id, req.lang), 'staff.saved');
      },
    );
  }

  app.delete(
    '/staff/:id',
    {
      preHandler: app.requireAdmin('staff.delete'),
      schema: { tags, security, summary: 'Delete', params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (req, reply) => {
      await service.deleteStaff(app.db, req.params.id);
      return reply.ok(null, 'staff.deleted');
    },
  );

  app.post(
    '/orders/:id/assign',
    {
      preHandler: app.requireAdmin('orders.edit'),
      schema: {
        tags,
        security,
        summary: "Assign an engineer or technician to an order (the kind's assignment move)",
        description:
          'An active staff member of the job the order needs (technician: immediate maintenance; engineer: pool construction) who serves its city.',
        params: idParam,
        body: assignStaffBody,
        response: { 200: envelope(z.object({ id: z.number(), status: z.string(), staff_id: z.number().nullable() })) },
      },
    },
    async (req, reply) => {
      const order = await assignStaff(app, req.params.id, req.body.staff_id, adminActor(req.admin!));
      return reply.ok({ id: order.id, status: order.status, staff_id: order.staffId }, 'orders.moved');
    },
  );
}
