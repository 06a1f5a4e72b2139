/** Web Push: the VAPID public key, and the browser subscriptions and app tokens of customers and staff. */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { envelope, deviceQuery, vapidPublicKey, webPushSubscription, webPushUnsubscribe } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { fieldError } from '../../lib/errors.ts';
import * as service from './service.ts';

/** Browsers' push services; in production the server only ever POSTs to these. */
const PUSH_SERVICES = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];
const isPushService = (endpoint: string) => {
  const url = new URL(endpoint);
  return url.protocol === 'https:' && PUSH_SERVICES.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));
};

export default async function pushRoutes(app: App) {
  const tags = ['push'];

  app.get(
    '/push/vapid-public-key',
    {
      schema: {
        tags,
        summary: 'The VAPID application server key for PushManager.subscribe, or null when Web Push is off',
        response: { 200: envelope(vapidPublicKey) },
      },
    },
    async (_req, reply) => {
      const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = app.config;
      return reply.ok({ public_key: VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY && VAPID_SUBJECT ? VAPID_PUBLIC_KEY : null });
    },
  );

  // The same two routes for a customer's browser and for the staff view's.
  const audiences = [
    {
      prefix: '/user',
      who: 'my',
      preHandler: app.requireUser(),
      owner: (req: FastifyRequest) => ({ userId: req.user!.id }),
    },
    {
      prefix: '/staff',
      who: 'my (staff) assigned work',
      preHandler: app.requireStaff(),
      owner: (req: FastifyRequest) => ({ staffId: req.staff!.id }),
    },
  ] as const;

  for (const { prefix, who, preHandler, owner } of audiences) {
    const base = { tags, security: [{ bearer: [] }] };
    app.post(
      `${prefix}/push/subscribe`,
      {
        preHandler,
        schema: {
          ...base,
          summary: `Register this browser's Web Push subscription (PushSubscription.toJSON()) for ${who} notifications`,
          body: webPushSubscription,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req, reply) => {
        // The server later POSTs to this address: only the browsers' push services in production.
        if (app.config.isProduction && !isPushService(req.body.endpoint))
          throw fieldError('endpoint', 'push.endpoint_insecure');
        await service.subscribeWebPush(app.db, owner(req), req.body, req.lang);
        return reply.ok(null, 'push.subscribed');
      },
    );

    app.delete(
      `${prefix}/push/subscribe`,
      {
        preHandler,
        schema: {
          ...base,
          summary: "Remove this browser's subscription",
          body: webPushUnsubscribe,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req, reply) => {
        await service.unsubscribeWebPush(app.db, owner(req), req.body.endpoint);
        return reply.ok(null, 'push.unsubscribed');
      },
    );
  }

  app.post(
    '/staff/device',
    {
      preHandler: app.requireStaff(),
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Register the staff app's push token (FCM) for my notifications, in the request's language",
        body: deviceQuery,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      const { device_id: deviceId, device_type: deviceType } = req.body;
      await service.registerDevice(app.db, { staffId: req.staff!.id }, { deviceId, deviceType, lang: req.lang });
      return reply.ok(null, 'server.device_saved');
    },
  );
}
