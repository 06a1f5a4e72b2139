import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { envelope } from '@pool/contracts';
import type { App } from '../../app.ts';

const status = envelope(z.object({ status: z.enum(['ok', 'unavailable']) }));

export default async function healthRoutes(app: App) {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: status } } },
    async (_req, reply) => reply.ok({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    { schema: { tags: ['health'], summary: 'The database is reachable', response: { 200: status, 503: status } } },
    async (req, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return reply.ok({ status: 'ok' as const });
      } catch (err) {
        req.log.warn({ err }, 'readiness check failed');
        return reply.envelope('exception', 503, { status: 'unavailable' as const }, 'server.exception');
      }
    },
  );
}
