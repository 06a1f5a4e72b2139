/**
 * Complaints and inquiries. The customer's under /api/user (`/complaints`: list, file, one with its
 * replies, reply to an answer, close after one; `/complaint-images`: an image to attach); the
 * dashboard's under /api/admin (`complaints.*`: the inbox with filters, one complaint, take, assign,
 * reply, promised fix date, close). Another customer's complaint is 404; a move the state does not
 * allow is 409.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminComplaintDetail,
  adminComplaintItem,
  adminComplaintsQuery,
  complaintAssignBody,
  complaintAssignee,
  complaintBody,
  complaintCounts,
  complaintDetail,
  complaintImageUploaded,
  complaintItem,
  complaintPromiseBody,
  complaintReplyBody,
  complaintsQuery,
  COMPLAINT_IMAGE_FOLDER,
  envelope,
  idParam,
  paginated,
  V,
  type ComplaintAssignBody,
  type ComplaintPromiseBody,
  type ComplaintReplyBody,
  type Lang,
  type Permission,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { fieldError } from '../../lib/errors.ts';
import { displayUrls, storeImage } from '../uploads/index.ts';
import * as service from './service.ts';

const security = [{ bearer: [] }];
const user = { tags: ['complaints'], security };
const admin = { tags: ['admin: complaints'], security };
const forms = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];
const imageBody = z.object({}).describe('multipart with an `image` file (jpg, jpeg, png, gif; at most 5 MB)');
/** Per customer (filing) and per client address (uploads), on top of the API's global limit. */
const FILE_LIMIT = { points: 10, seconds: 3600 };
const UPLOAD_LIMIT = { points: 20, seconds: 60 };

/** Stores the request's `image` in the complaints' folder; answers its URL and thumbnail. */
async function upload(app: App, req: FastifyRequest) {
  const file = req.uploads.image;
  if (!file) throw fieldError('image', V.required);
  const url = await storeImage(app, file, COMPLAINT_IMAGE_FOLDER);
  return { url, thumbnail: displayUrls(url)[320] };
}

/** The customer's routes, registered under /api/user. */
export async function userComplaintRoutes(app: App) {
  const signedIn = app.requireUser();
  const uploadLimit = app.limitPerIp('complaint-upload', UPLOAD_LIMIT);
  const filing = app.limiter('complaint-file', FILE_LIMIT);
  const fileLimit = (req: FastifyRequest, reply: FastifyReply) => app.takeLimit(filing, `u${req.user!.id}`, reply);
  const detail = envelope(complaintDetail);

  app.post(
    '/complaint-images',
    {
      preHandler: [signedIn, uploadLimit],
      schema: {
        ...user,
        summary: 'Upload an image to attach to a complaint or a reply; send its URL in `images`',
        consumes: forms,
        body: imageBody,
        response: { 200: envelope(complaintImageUploaded) },
      },
    },
    async (req, reply) => reply.ok(await upload(app, req), 'complaints.image_saved'),
  );

  app.get(
    '/complaints',
    {
      preHandler: signedIn,
      schema: {
        ...user,
        summary: 'My complaints and inquiries, newest first, each with its state',
        querystring: complaintsQuery,
        response: { 200: envelope(paginated(complaintItem)) },
      },
    },
    async (req, reply) => reply.ok(await service.listMine(app.db, req.user!.id, req.query.page)),
  );

  app.post(
    '/complaints',
    {
      preHandler: [signedIn, fileLimit],
      schema: {
        ...user,
        summary: 'File an inquiry or a complaint',
        description:
          '`kind` inquiry or complaint; `text` 10 to 2,000 characters; `order_id` one of my orders (optional); `images` up to 4 URLs from POST /complaint-images. Admins who see complaints are told.',
        consumes: forms,
        body: complaintBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      const row = await service.fileComplaint(app, req.user!.id, req.body);
      return reply.ok(await service.myComplaint(app.db, req.user!.id, row.id, req.lang), 'complaints.filed');
    },
  );

  app.get(
    '/complaints/:id',
    {
      preHandler: signedIn,
      schema: {
        ...user,
        summary: 'One of my complaints: text, images, the replies in order, what I may do now',
        description: "Another customer's complaint answers 404.",
        params: idParam,
        response: { 200: detail },
      },
    },
    async (req, reply) => reply.ok(await service.myComplaint(app.db, req.user!.id, req.params.id, req.lang)),
  );

  app.post(
    '/complaints/:id/reply',
    {
      preHandler: signedIn,
      schema: {
        ...user,
        summary: "Reply to the management's answer: the complaint returns to review",
        description: 'Only once answered (409 otherwise).',
        consumes: forms,
        params: idParam,
        body: complaintReplyBody,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      await service.customerReply(app, req.user!.id, req.params.id, req.body);
      return reply.ok(await service.myComplaint(app.db, req.user!.id, req.params.id, req.lang), 'complaints.replied');
    },
  );

  app.post(
    '/complaints/:id/close',
    {
      preHandler: signedIn,
      schema: {
        ...user,
        summary: 'Close my complaint after an answer',
        description: 'Only once answered (409 otherwise).',
        params: idParam,
        response: { 200: detail },
      },
    },
    async (req, reply) => {
      await service.close(app, { role: 'customer', id: req.user!.id }, req.params.id);
      return reply.ok(await service.myComplaint(app.db, req.user!.id, req.params.id, req.lang), 'complaints.closed');
    },
  );
}

/** The dashboard's routes, registered under /api/admin. */
export async function adminComplaintRoutes(app: App) {
  const detail = envelope(adminComplaintDetail);
  const answer = (req: { params: { id: number }; lang: Lang }) =>
    service.adminComplaint(app.db, req.params.id, req.lang);

  app.get(
    '/complaints',
    {
      preHandler: app.requireAdmin('complaints.view'),
      schema: {
        ...admin,
        summary: 'The inbox of complaints and inquiries, newest first, with the count of each state',
        description:
          '`kind`, `status`, `order_kind` (an order kind, or `none`: about no order), `age` (1d, 3d, 7d: filed longer ago), `mine` (1: assigned to me).',
        querystring: adminComplaintsQuery,
        response: {
          200: envelope(
            z.object({
              data: z.array(adminComplaintItem),
              pagination: paginated(adminComplaintItem).shape.pagination,
              counts: complaintCounts,
            }),
          ),
        },
      },
    },
    async (req, reply) => reply.ok(await service.listForAdmins(app.db, req.admin!.id, req.query)),
  );

  app.get(
    '/complaints/assignees',
    {
      preHandler: app.requireAdmin('complaints.assign'),
      schema: {
        ...admin,
        summary: 'The admins a complaint may be assigned to (those who may answer complaints)',
        response: { 200: envelope(z.array(complaintAssignee)) },
      },
    },
    async (_req, reply) => reply.ok(await service.assignees(app.db)),
  );

  app.get(
    '/complaints/:id',
    {
      preHandler: app.requireAdmin('complaints.view'),
      schema: {
        ...admin,
        summary: 'One complaint: the customer, the text, the replies, what the state allows now',
        params: idParam,
        response: { 200: detail },
      },
    },
    async (req, reply) => reply.ok(await answer(req)),
  );

  app.post(
    '/complaint-images',
    {
      preHandler: app.requireAdmin('complaints.reply'),
      schema: {
        ...admin,
        summary: 'Upload an image to attach to a reply; send its URL in `images`',
        consumes: forms,
        body: imageBody,
        response: { 200: envelope(complaintImageUploaded) },
      },
    },
    async (req, reply) => reply.ok(await upload(app, req), 'complaints.image_saved'),
  );

  /** The moves: each `POST /complaints/:id/<name>` answers the complaint as it is after the move. */
  type Move = {
    permission: Permission;
    summary: string;
    description?: string;
    body?: z.ZodType;
    msg: string;
    run: (adminId: number, id: number, body: never) => Promise<unknown>;
  };
  const moves: Record<string, Move> = {
    take: {
      permission: 'complaints.reply',
      summary: 'Take the complaint: assigned to me; an open one moves to review',
      msg: 'complaints.taken',
      run: (me, id) => service.assign(app, me, id, me),
    },
    assign: {
      permission: 'complaints.assign',
      summary: 'Assign the complaint to an admin who may answer complaints; an open one moves to review',
      body: complaintAssignBody,
      msg: 'complaints.assigned',
      run: (me, id, body: ComplaintAssignBody) => service.assign(app, me, id, body.admin_id),
    },
    reply: {
      permission: 'complaints.reply',
      summary: 'Answer the complaint (`complaint_reply` to the customer); it becomes answered',
      description: 'Taken first (409 while open); again while answered.',
      body: complaintReplyBody,
      msg: 'complaints.answered',
      run: (me, id, body: ComplaintReplyBody) => service.adminReply(app, me, id, body),
    },
    promise: {
      permission: 'complaints.reply',
      summary: 'Set (or clear, when empty) the promised fix date, YYYY-MM-DD in Riyadh, today or later',
      body: complaintPromiseBody,
      msg: 'complaints.promised',
      run: (me, id, body: ComplaintPromiseBody) => service.promise(app, me, id, body.promised_fix_date),
    },
    close: {
      permission: 'complaints.close',
      summary: 'Close the complaint (once taken)',
      msg: 'complaints.closed',
      run: (me, id) => service.close(app, { role: 'admin', id: me }, id),
    },
  };
  for (const [name, m] of Object.entries(moves)) {
    app.post(
      `/complaints/:id/${name}`,
      {
        preHandler: app.requireAdmin(m.permission),
        config: { audit: `complaints.${name}` },
        schema: {
          ...admin,
          summary: m.summary,
          ...(m.description ? { description: m.description } : {}),
          ...(m.body ? { consumes: forms, body: m.body } : {}),
          params: idParam,
          response: { 200: detail },
        },
      },
      async (req, reply) => {
        await m.run(req.admin!.id, req.params.id, req.body as never);
        return reply.ok(await answer(req), m.msg);
      },
    );
  }
}
