import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { envelope } from '@pool/contracts';
import type { App } from '../../app-type.ts';

const status = envelope(z.object({ status: z.enum(['ok', 'unavailable']) }));

/** Readiness answers within 2 s (SECURITY.md 31): a database that does not answer by then counts as gone. */
export const READY_TIMEOUT_MS = 1500;

export default async function healthRoutes(app: App) {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: status } } },
    async (_req, reply) => reply.ok({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: `The database answers (within ${READY_TIMEOUT_MS} ms)`,
        response: { 200: status, 503: status },
      },
    },
    async (req, reply) => {
      // A process shutting down tells the load balancer first (lib/shutdown.ts).
      if (app.lifecycle.draining) {
        return reply.envelope('unavailable', 503, { status: 'unavailable' as const }, 'server.unavailable');
      }
      const timeout = new AbortController();
      try {
        await Promise.race([
          app.db.execute(sql`select 1`),
          sleep(READY_TIMEOUT_MS, undefined, { signal: timeout.signal }).then(() => {
            throw new Error(`no answer within ${READY_TIMEOUT_MS} ms`);
          }),
        ]);
        return reply.ok({ status: 'ok' as const });
      } catch (err) {
        req.log.warn({ err }, 'readiness check failed');
        return reply.envelope('unavailable', 503, { status: 'unavailable' as const }, 'server.unavailable');
      } finally {
        timeout.abort();
      }
    },
  );
}
