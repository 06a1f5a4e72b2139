/** The contact inbox's routes: the messages sent through contact us, one message (read on opening), its status. */
import { desc, eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import {
  adminContactMessage,
  contactMessagesQuery,
  contactStatusBody,
  envelope,
  idParam,
  paginated,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { notFound } from '../../lib/errors.ts';
import { base } from './route-schema.ts';
import { listRows, openContactMessage, updateRow } from './service.ts';

const m = tables.contactMessages;
const message = (r: typeof m.$inferSelect) => ({
  id: r.id,
  user_id: r.userId,
  name: r.name,
  phone: r.phone,
  message: r.message,
  status: r.status,
  created_at: r.createdAt.toISOString(),
});

export function contactMessagesRoutes(app: App) {
  app.get(
    '/contact-messages',
    {
      preHandler: app.requireAdmin('contact_messages.view'),
      schema: {
        ...base,
        summary: 'Messages sent through contact us, newest first (search `q`, filter `status`)',
        querystring: contactMessagesQuery,
        response: { 200: envelope(paginated(adminContactMessage)) },
      },
    },
    async (req, reply) => {
      const { rows, pagination } = await listRows(app.db, m, {
        q: req.query.q,
        page: req.query.page,
        search: [m.name, m.phone, m.message],
        order: [desc(m.createdAt), desc(m.id)],
        where: req.query.status ? eq(m.status, req.query.status) : undefined,
      });
      return reply.ok({ data: rows.map(message), pagination });
    },
  );

  app.get(
    '/contact-messages/:id',
    {
      preHandler: app.requireAdmin('contact_messages.view'),
      schema: {
        ...base,
        summary: 'One message; a new message becomes read',
        params: idParam,
        response: { 200: envelope(adminContactMessage) },
      },
    },
    async (req, reply) => {
      const row = await openContactMessage(app.db, req.params.id);
      if (!row) throw notFound();
      return reply.ok(message(row));
    },
  );

  app.post(
    '/contact-messages/:id/status',
    {
      preHandler: app.requireAdmin('contact_messages.edit'),
      schema: {
        ...base,
        summary: 'Mark a message read or handled',
        params: idParam,
        body: contactStatusBody,
        response: { 200: envelope(adminContactMessage) },
      },
    },
    async (req, reply) => {
      const row = await updateRow(app.db, m, req.params.id, { status: req.body.status });
      if (!row) throw notFound();
      return reply.ok(message(row), 'cms.saved');
    },
  );
}
