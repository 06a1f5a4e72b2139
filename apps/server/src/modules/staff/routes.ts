/**
 * The staff's own API (under /api/staff), for the engineers' and technicians'
 * app: sign-in by mobile-number code, their profile, and only the work
 * assigned to them, moved through the order kernel as the `staff` actor.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { tables } from '@pool/db';
import {
  codeSent,
  envelope,
  idParam,
  paginated,
  staffCheckCodeBody,
  staffMoveBody,
  staffOrderItem,
  staffOrdersQuery,
  staffProfile,
  staffSendCodeBody,
  staffSession,
  visitFinishedState,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { originOf } from '../../lib/sessions.ts';
import { normalizePhone } from '../account/index.ts';

import { staffActor } from '../orders/index.ts';
import { lockOrder, transition } from '../orders/index.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { finish } from '../field-work/index.ts';
import { assignedOrder, listAssignedOrders } from './orders.ts';
import { getStaff } from './service.ts';
import { revokeStaffToken } from './sessions.ts';
import { checkStaffCode, sendStaffCode } from './sign-in.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];

export default async function staffRoutes(app: App) {
  const signedIn = app.requireStaff();

  app.post(
    '/send-code',
    {
      schema: {
        tags,
        summary: 'Send a sign-in code to an engineer or technician',
        description:
          'Same answer whether or not the number belongs to staff (a stranger costs no SMS); `blocked` for a blocked one.',
        body: staffSendCodeBody,
        response: { 200: envelope(codeSent) },
      },
    },
    async (req, reply) =>
      reply.ok(await sendStaffCode(app, normalizePhone(req.body), req.ip, req.lang), 'server.code_sent'),
  );

  app.post(
    '/check-code',
    {
      schema: {
        tags,
        summary: 'Check the code: a staff session (its token reaches /api/staff only)',
        body: staffCheckCodeBody,
        response: { 200: envelope(staffSession) },
      },
    },
    async (req, reply) => {
      const session = await checkStaffCode(app, {
        phone: normalizePhone(req.body),
        code: req.body.code,
        deviceType: req.body.device_type,
        deviceId: req.body.device_id,
        origin: originOf(req),
        lang: req.lang,
      });
      return reply.ok(session, 'staff.signed_in');
    },
  );

  app.delete(
    '/sign-out',
    { preHandler: signedIn, schema: { tags, security, summary: 'Sign out', response: { 200: envelope(z.null()) } } },
    async (req, reply) => {
      await revokeStaffToken(app.db, req.tokenId!);
      return reply.ok(null, 'server.signed_out');
    },
  );

  app.get(
    '/profile',
    {
      preHandler: signedIn,
      schema: { tags, security, summary: 'My profile', response: { 200: envelope(staffProfile) } },
    },
    async (req, reply) => {
      const { open_orders: _open, is_blocked: _blocked, ...me } = await getStaff(app.db, req.staff!.id, req.lang);
      return reply.ok(me);
    },
  );

  app.get(
    '/orders',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'The orders assigned to me: open (default) or finished',
        querystring: staffOrdersQuery,
        response: { 200: envelope(paginated(staffOrderItem)) },
      },
    },
    async (req, reply) => reply.ok(await listAssignedOrders(app.db, req.staff!.id, req.query, req.lang)),
  );

  app.get(
    '/orders/:id',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'One order assigned to me (404 for any other)',
        params: idParam,
        response: { 200: envelope(staffOrderItem) },
      },
    },
    async (req, reply) => reply.ok(await assignedOrder(app.db, req.staff!.id, req.params.id, req.lang)),
  );

  app.post(
    '/orders/:id/status',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Move an order assigned to me: on the way, arrived, finished (in order)',
        params: idParam,
        body: staffMoveBody,
        response: { 200: envelope(staffOrderItem) },
      },
    },
    async (req, reply) => {
      const actor = staffActor(req.staff!.id);
      const [order] = await app.db
        .select({ kind: tables.orders.kind })
        .from(tables.orders)
        .where(eq(tables.orders.id, req.params.id));
      if (order && req.body.status === visitFinishedState(order.kind)) {
        // Finishing a visit has conditions of its own (no open extra service, a complete report): the same as /finish.
        await finish(app, req.staff!.id, req.params.id);
      } else {
        // Another staff member's order answers 404 (the kernel checks the assignment first).
        await retryTransaction(app.db, async (tx) =>
          transition(tx, await lockOrder(tx, req.params.id), { to: req.body.status, actor }),
        );
        await app.events.deliver();
      }
      return reply.ok(await assignedOrder(app.db, req.staff!.id, req.params.id, req.lang), 'orders.moved');
    },
  );
}
