/**
 * The chat of a service order for its three audiences, the same routes under each:
 * `/api/user/orders/:id/chat` (the order's customer), `/api/staff/orders/:id/chat` (the staff
 * member assigned) and `/api/admin/service-orders/:id/chat` (orders.view to read, orders.edit to
 * write): GET the thread, POST a message, POST `/read` (read marks and the page's heartbeat),
 * POST `/images` (an image to attach, multipart `image`). Registered under `/api`.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  chatImageUploaded,
  chatMessageBody,
  chatRead,
  chatReadBody,
  chatSent,
  chatThread,
  chatThreadQuery,
  envelope,
  idParam,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { fieldError } from '../../lib/errors.ts';
import { displayUrls, storeImage } from '../uploads/index.ts';
import { assertWritable, CHAT_FOLDER, getThread, markRead, sendMessage, threadOrder, type Viewer } from './service.ts';

const forms = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];
/** Per client address, on top of the API's global limit. */
const SEND_LIMIT = { points: 30, seconds: 60 };
const UPLOAD_LIMIT = { points: 20, seconds: 60 };

type Guard = (req: FastifyRequest) => Promise<void>;
type Audience = {
  /** `/user/orders`, `/staff/orders`, `/admin/service-orders`. */
  base: string;
  tag: string;
  read: Guard;
  write: Guard;
  viewer: (req: FastifyRequest) => Viewer;
  who: string;
};

export default async function chatRoutes(app: App) {
  const sendLimit = app.limitPerIp('chat-send', SEND_LIMIT);
  const uploadLimit = app.limitPerIp('chat-upload', UPLOAD_LIMIT);
  const security = [{ bearer: [] }];

  function routes(a: Audience) {
    const path = `${a.base}/:id/chat`;
    const tags = [a.tag];
    app.get(
      path,
      {
        preHandler: a.read,
        schema: {
          tags,
          security,
          summary: `The chat of a service order (${a.who}): newest messages last, older with \`before\`, newer with \`after\``,
          description: 'Store orders and orders of others answer 404.',
          params: idParam,
          querystring: chatThreadQuery,
          response: { 200: envelope(chatThread) },
        },
      },
      async (req, reply) => reply.ok(await getThread(app.db, a.viewer(req), req.params.id, req.query, req.lang)),
    );

    app.post(
      path,
      {
        preHandler: [a.write, sendLimit],
        schema: {
          tags,
          security,
          summary: `Send a message (${a.who}): text up to 2,000 characters and up to 4 images uploaded first`,
          description:
            '`new_message` goes to the other participants not viewing the thread; 409 once the thread is read-only.',
          consumes: forms,
          params: idParam,
          body: chatMessageBody,
          response: { 200: envelope(chatSent) },
        },
      },
      async (req, reply) => {
        const message = await sendMessage(app, a.viewer(req), req.params.id, req.body, req.lang);
        return reply.ok({ message }, 'chat.sent');
      },
    );

    app.post(
      `${path}/read`,
      {
        preHandler: a.read,
        schema: {
          tags,
          security,
          summary: `Mark the thread read up to \`last_id\` (default: all) (${a.who}); an open page calls it as heartbeat`,
          consumes: forms,
          params: idParam,
          body: chatReadBody.nullish(),
          response: { 200: envelope(chatRead) },
        },
      },
      async (req, reply) =>
        reply.ok({ last_read_id: await markRead(app, a.viewer(req), req.params.id, req.body?.last_id) }),
    );

    app.post(
      `${path}/images`,
      {
        preHandler: [a.write, uploadLimit],
        schema: {
          tags,
          security,
          summary: `Upload an image to attach to a message (${a.who}); send its URL in \`images\``,
          consumes: forms,
          params: idParam,
          body: z.object({}).describe('multipart with an `image` file (jpg, jpeg, png, gif; at most 5 MB)'),
          response: { 200: envelope(chatImageUploaded) },
        },
      },
      async (req, reply) => {
        assertWritable(await threadOrder(app.db, a.viewer(req), req.params.id));
        const file = req.uploads.image;
        if (!file) throw fieldError('image', 'validation.required');
        const url = await storeImage(app, file, CHAT_FOLDER);
        return reply.ok({ url, thumbnail: displayUrls(url)[320] }, 'chat.image_uploaded');
      },
    );
  }

  const customer = app.requireUser();
  routes({
    base: '/user/orders',
    tag: 'chat',
    read: customer,
    write: customer,
    viewer: (req) => ({ role: 'customer', id: req.user!.id }),
    who: 'the customer',
  });
  const staff = app.requireStaff();
  routes({
    base: '/staff/orders',
    tag: 'staff',
    read: staff,
    write: staff,
    viewer: (req) => ({ role: 'staff', id: req.staff!.id }),
    who: 'the staff member assigned',
  });
  routes({
    base: '/admin/service-orders',
    tag: 'admin-chat',
    read: app.requireAdmin('orders.view'),
    write: app.requireAdmin('orders.edit'),
    viewer: (req) => ({ role: 'admin', id: req.admin!.id }),
    who: 'admins',
  });
}
