import { z } from 'zod';
import {
  boolish,
  deviceQuery,
  envelope,
  idParam,
  isNotify,
  notificationsCount,
  notificationsPage,
  pageQuery,
  type Lang,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { notFound } from '../../lib/errors.ts';
import { registerDevice } from '../push/index.ts';
import * as service from './service.ts';

/** Without `is_notify` the switch flips the current value (Fastify passes a missing body as null). */
const switchNotifyBody = z.object({ is_notify: boolish.optional() }).nullish();

export default async function notificationsRoutes(app: App) {
  const base = { tags: ['notifications'], security: [{ bearer: [] }] };
  const preHandler = app.requireUser();
  /** The signed-in customer's id (requireUser guarantees it). */
  const uid = (req: { user: { id: number } | null }) => req.user!.id;

  app.get(
    '/notifications',
    {
      preHandler,
      schema: {
        ...base,
        summary: 'My notifications, newest first, 10 per page; the returned ones are marked read',
        querystring: pageQuery,
        response: { 200: envelope(notificationsPage) },
      },
    },
    async (req, reply) =>
      reply.ok({ notifications: await service.listNotifications(app.db, uid(req), req.query.page, req.lang) }),
  );

  app.delete(
    '/delete-notification/:id',
    {
      preHandler,
      schema: {
        ...base,
        summary: 'Delete one of my notifications',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      if (!(await service.deleteNotification(app.db, uid(req), req.params.id))) throw notFound();
      return reply.ok(null, 'server.notification_deleted');
    },
  );

  app.delete(
    '/delete-notifications',
    { preHandler, schema: { ...base, summary: 'Delete all my notifications', response: { 200: envelope(z.null()) } } },
    async (req, reply) => {
      await service.deleteAllNotifications(app.db, uid(req));
      return reply.ok(null, 'server.notifications_deleted');
    },
  );

  app.get(
    '/count-notifications',
    {
      preHandler,
      schema: {
        ...base,
        summary: 'Number of my unread notifications',
        response: { 200: envelope(notificationsCount) },
      },
    },
    async (req, reply) => reply.ok({ count: await service.countUnread(app.db, uid(req)) }),
  );

  app.patch(
    '/switch-notify',
    {
      preHandler,
      schema: {
        ...base,
        summary: 'Turn my notifications on or off (toggles when is_notify is not sent)',
        body: switchNotifyBody,
        response: { 200: envelope(isNotify) },
      },
    },
    async (req, reply) => {
      const value = await service.setNotify(app.db, uid(req), req.body?.is_notify);
      return reply.ok({ is_notify: value }, value ? 'server.notify_on' : 'server.notify_off');
    },
  );

  /** Binds the push token to the customer (it moves over from whoever had it) and answers the notify flag. */
  const device = async (req: { user: { id: number } | null; lang: Lang }, input: z.output<typeof deviceQuery>) => {
    const owner = { userId: uid(req) };
    await registerDevice(app.db, owner, { deviceId: input.device_id, deviceType: input.device_type, lang: req.lang });
    return service.isNotifyOn(app.db, owner.userId);
  };

  app.get(
    '/device',
    {
      preHandler,
      schema: {
        ...base,
        summary: 'Register this device’s push token; answers the notify flag',
        querystring: deviceQuery,
        response: { 200: envelope(isNotify) },
      },
    },
    async (req, reply) => reply.ok({ is_notify: await device(req, req.query) }, 'server.device_saved'),
  );

  app.post(
    '/device',
    {
      preHandler,
      schema: {
        ...base,
        summary: 'Register this device’s push token (body form); answers the notify flag',
        body: deviceQuery,
        response: { 200: envelope(isNotify) },
      },
    },
    async (req, reply) => reply.ok({ is_notify: await device(req, req.body) }, 'server.device_saved'),
  );
}
