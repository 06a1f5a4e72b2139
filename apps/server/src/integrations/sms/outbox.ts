import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsDriver } from './types.ts';

/**
 * Development driver: appends `{to, text, at}` as one JSON line to a file and
 * logs only that a message was sent (never its text, which may hold a code).
 */
export function outboxSms(file: string, log?: FastifyBaseLogger): SmsDriver {
  return {
    name: 'outbox',
    async send(to, text) {
      await mkdir(dirname(file), { recursive: true });
      await appendFile(file, `${JSON.stringify({ to, text, at: new Date().toISOString() })}\n`);
      log?.info({ sms: { driver: 'outbox', to: `***${to.slice(-3)}` } }, 'sms sent');
    },
  };
}
