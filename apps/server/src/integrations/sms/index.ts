import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { outboxSms } from './outbox.ts';
import { taqnyatSms } from './taqnyat.ts';
import type { SmsDriver } from './types.ts';

export type { SmsDriver };

export function createSms(config: Config, log?: FastifyBaseLogger): SmsDriver {
  if (config.SMS_DRIVER === 'taqnyat') {
    return taqnyatSms(
      { baseUrl: config.TAQNYAT_API_URL, token: config.TAQNYAT_TOKEN!, sender: config.TAQNYAT_SENDER! },
      log,
    );
  }
  return outboxSms(join(config.dataDir, 'sms-outbox.jsonl'), log);
}
