/**
 * Live notifications over server-sent events, for customers, admins and staff;
 * the admins' and staff's own notification lists; the dashboard's sending of
 * notifications.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  envelope,
  LANGUAGES,
  notificationsCount,
  notificationsPage,
  notifySendBody,
  notifySent,
  pageQuery,
  SITE_HEADER,
  STREAM_RETRY_MS,
  type Lang,
  type Permission,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { AppError } from '../../lib/errors.ts';
import { countUnreadOf, toItem } from '../notifications/index.ts';
import { createBus, type NotificationRow, type Recipient } from './bus.ts';
import { createHeartbeat, type HeldStream } from './heartbeat.ts';
import * as service from './service.ts';

/** An admin reads the notifications addressed to him (list, count, the stream's) with this permission. */
const ADMIN_NOTICES: Permission = 'notifications.view';

/** EventSource cannot choose the language header; the site passes `?lang=`. */
const streamQuery = z.object({ lang: z.enum(LANGUAGES).optional() });

/**
 * EventSource cannot send headers, so the site's and the dashboard's streams
 * cannot carry `SITE_HEADER`, which normally gates the `auth` and `admin_auth` cookies. For these read-only
 * GET streams the cookie is also accepted when the browser itself says the
 * request comes from our own origin (`Sec-Fetch-Site: same-origin`; a page
 * cannot forge this header). A cross-site EventSource gets `cross-site` and
 * is refused; a bearer token keeps working for apps and scripts.
 */
async function sameOriginCookie(req: FastifyRequest) {
  if (!req.headers.authorization && req.headers['sec-fetch-site'] === 'same-origin') req.headers[SITE_HEADER] = '1';
}

/** The id of the last notification a reconnecting client received (a positive integer), or null. */
function lastEventId(header: string | string[] | undefined) {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** The reconnection delay a closing process gives its streams (then up to twice it, at random). */
const CLOSING_RETRY_MS = 500;

/** A stream's audience as the metrics name it (`sse_streams_open`, plugins/metrics.ts). */
const AUDIENCE = { u: 'customer', a: 'admin', s: 'staff' } as const;

const frame = (event: string, data: unknown, id?: number) =>
  `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export default async function realtimeRoutes(app: App) {
  const bus = createBus(app);
  const open = new Set<(retryMs?: number) => void>();
  // Open streams would keep the server from closing. A closing process tells each client to come back
  // soon (to another process behind the balancer), spread over a second so they do not all at once.
  app.addHook('preClose', async () => {
    for (const end of open) end(CLOSING_RETRY_MS + Math.floor(Math.random() * CLOSING_RETRY_MS));
  });
  app.addHook('onClose', async () => bus.close());
  const heartbeat = createHeartbeat({
    everyMs: app.config.STREAM_HEARTBEAT_MS,
    liveSessions: (kind, ids) => service.liveSessions(app.db, kind, ids),
    onError: (err) => app.log.warn({ err }, 'realtime: the heartbeat could not check the sessions'),
  });
  const gauges = {
    u: app.metrics.sseStreams.labels(AUDIENCE.u),
    a: app.metrics.sseStreams.labels(AUDIENCE.a),
    s: app.metrics.sseStreams.labels(AUDIENCE.s),
  };

  /**
   * Streams `event: ready` once listening, `event: count` at once and after each change,
   * `event: notification` with the localized item, the signals (the chat's `chat`), and a
   * comment line as heartbeat. The reply is hijacked: Fastify (and compression) no longer touch it.
   */
  async function stream(req: FastifyRequest, reply: FastifyReply, kind: Recipient, lang: Lang) {
    if (!String(req.headers.accept ?? '').includes('text/event-stream')) {
      throw new AppError('fail', 'realtime.stream_not_accepted', { status: 406 });
    }
    const id = kind === 'u' ? req.user!.id : kind === 'a' ? req.admin!.id : req.staff!.id;
    const unread = () => countUnreadOf(app.db, kind, id);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-request-id': req.id,
    });
    res.write(`retry: ${STREAM_RETRY_MS}\n\n`);

    let ended = false;
    let unsubscribe = () => {};
    const held: HeldStream = { kind, tokenId: req.tokenId!, ping: () => send(': ping\n\n'), end: () => end() };
    function end(retryMs?: number) {
      if (ended) return;
      ended = true;
      heartbeat.remove(held);
      unsubscribe();
      open.delete(end);
      gauges[kind].dec();
      if (retryMs !== undefined && res.writable) res.write(`retry: ${retryMs}\n\n`);
      res.end();
    }
    open.add(end);
    heartbeat.add(held);
    gauges[kind].inc();
    res.on('close', () => end());
    const send = (text: string) => {
      if (!ended) res.write(text);
    };
    const sendCount = async () => send(frame('count', { count: await unread() }));
    const fail = (err: unknown) => app.log.error({ err }, 'realtime: stream write failed');
    // What an admin's stream carries needs a permission (checked at the sign-in of this stream): the
    // notifications and their count need ADMIN_NOTICES; a signal names its own (the chat's: orders.view).
    const holds = (permission?: Permission) =>
      !permission || kind !== 'a' || req.admin!.isSuper || req.admin!.permissions.has(permission);
    const notices = holds(ADMIN_NOTICES);
    // A client that reconnects with `Last-Event-ID` (EventSource sends it) first gets what it missed;
    // live rows that arrive meanwhile wait, and none is sent twice.
    const resumeAfter = notices ? lastEventId(req.headers['last-event-id']) : null;
    let waiting: NotificationRow[] | null = resumeAfter === null ? null : [];
    const sent = new Set<number>();
    // The event id is the resume cursor, the highest id this stream sent: rows may come out of id order
    // (two transactions commit in the other order; two announcements are read side by side), and a lower
    // one sent with its id would make a reconnect ask again for the higher ones. It goes without an id
    // (its data carries it).
    let cursor = resumeAfter ?? 0;
    const sendRow = (row: NotificationRow) => {
      if (sent.has(row.id)) return;
      if (resumeAfter !== null) sent.add(row.id);
      send(frame('notification', toItem(row, lang), row.id > cursor ? row.id : undefined));
      cursor = Math.max(cursor, row.id);
    };
    const stop = await bus.subscribe(
      kind,
      id,
      (row: NotificationRow) => {
        if (!notices) return;
        if (waiting) {
          waiting.push(row);
          return;
        }
        sendRow(row);
        sendCount().catch(fail);
      },
      (signal) => {
        if (holds(signal.permission)) send(frame(signal.event, signal.data));
      },
    );
    // The client may have left while the subscription was starting.
    if (ended) stop();
    else unsubscribe = stop;
    if (resumeAfter !== null) {
      try {
        for (const row of await service.notificationsAfter(app.db, kind, id, resumeAfter)) sendRow(row);
      } catch (err) {
        app.log.warn({ err }, 'realtime: the catch-up of a resumed stream failed');
      }
      const arrived = waiting ?? [];
      waiting = null;
      for (const row of arrived.sort((a, b) => a.id - b.id)) sendRow(row);
    }
    // Listening now: the page may stop polling what the stream tells.
    send(frame('ready', {}));
    if (notices) await sendCount().catch(fail);
  }

  const sse = {
    // The stream must never be buffered by compression.
    compress: false as const,
    schema: {
      tags: ['notifications'],
      security: [{ bearer: [] }],
      querystring: streamQuery,
      produces: ['text/event-stream'],
    },
  };

  app.get(
    '/user/notifications/stream',
    {
      ...sse,
      onRequest: sameOriginCookie,
      preHandler: app.requireUser(),
      schema: {
        ...sse.schema,
        summary:
          'Live notifications (server-sent events: `count` {count}, `notification` NotificationItem); send Accept: text/event-stream',
      },
    },
    (req, reply) => stream(req, reply, 'u', req.query.lang ?? req.lang),
  );

  app.get(
    '/admin/notifications/stream',
    {
      ...sse,
      // The dashboard's EventSource carries the `admin_auth` cookie, like the site's carries `auth`.
      onRequest: sameOriginCookie,
      // Any admin: the chat's live signal follows orders.view; notifications need ADMIN_NOTICES.
      preHandler: app.requireAdmin(),
      schema: {
        ...sse.schema,
        summary:
          'Live events for me (server-sent events, like the customers’ stream): `ready`; my notifications and their `count` with notifications.view; the chat’s `chat` signal with orders.view',
      },
    },
    (req, reply) => stream(req, reply, 'a', req.query.lang ?? req.lang),
  );

  const signedInStaff = app.requireStaff();

  app.get(
    '/staff/notifications/stream',
    {
      ...sse,
      // The staff view's EventSource carries the `staff_auth` cookie.
      onRequest: sameOriginCookie,
      preHandler: signedInStaff,
      schema: {
        ...sse.schema,
        tags: ['staff'],
        summary: 'Live notifications of the staff member (like the customers’ stream)',
      },
    },
    (req, reply) => stream(req, reply, 's', req.query.lang ?? req.lang),
  );

  /** A recipient's own list (the returned ones marked read) and unread count, for admins and staff. */
  function ownNotifications(
    kind: 'a' | 's',
    preHandler: ReturnType<typeof app.requireStaff>,
    tags: string[],
    idOf: (req: FastifyRequest) => number,
  ) {
    const prefix = kind === 'a' ? '/admin' : '/staff';
    const security = [{ bearer: [] }];
    app.get(
      `${prefix}/notifications`,
      {
        preHandler,
        schema: {
          tags,
          security,
          summary: 'Notifications addressed to me, newest first, 10 per page; the returned ones are marked read',
          querystring: pageQuery,
          response: { 200: envelope(notificationsPage) },
        },
      },
      async (req, reply) =>
        reply.ok({
          notifications: await service.listNotificationsOf(app.db, kind, idOf(req), req.query.page, req.lang),
        }),
    );
    app.get(
      `${prefix}/notifications/count`,
      {
        preHandler,
        schema: {
          tags,
          security,
          summary: 'Number of my unread notifications',
          response: { 200: envelope(notificationsCount) },
        },
      },
      async (req, reply) => reply.ok({ count: await countUnreadOf(app.db, kind, idOf(req)) }),
    );
  }
  ownNotifications('s', signedInStaff, ['staff'], (req) => req.staff!.id);
  ownNotifications('a', app.requireAdmin(ADMIN_NOTICES), ['admin-notifications'], (req) => req.admin!.id);

  const admin = { tags: ['admin-notifications'], security: [{ bearer: [] }] };

  app.post(
    '/admin/notifications/send',
    {
      preHandler: app.requireAdmin('notifications.send'),
      schema: {
        ...admin,
        summary:
          'Send a notification (type admin_notify) to one customer, every customer, the customers of a city, or the other admins who can read notifications',
        body: notifySendBody,
        response: { 200: envelope(notifySent) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const text = { title_ar: b.title_ar, title_en: b.title_en, body_ar: b.body_ar, body_en: b.body_en };
      if (b.target === 'admins') {
        const ids = await service.adminsWhoCan(app.db, ADMIN_NOTICES, req.admin!.id);
        const rows = await service.notifyAdmins(app, ids, {
          type: 'admin_notify',
          ...text,
          link: '/admin/notifications',
        });
        return reply.ok({ sent: rows.length }, 'realtime.sent_admins_count', { count: rows.length });
      }
      if (b.target === 'user' && !(await service.reachableUser(app.db, b.user_id!))) {
        throw new AppError('notFound', 'realtime.no_recipients');
      }
      const target =
        b.target === 'user' ? [b.user_id!] : b.target === 'city' ? { cityId: b.city_id! } : { all: true as const };
      const rows = await service.notifyUsers(app, target, { type: 'admin_notify', ...text });
      return reply.ok({ sent: rows.length }, 'realtime.sent_count', { count: rows.length });
    },
  );
}
