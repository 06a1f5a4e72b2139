/**
 * The application's type and what it carries (decorated when `buildApp` runs),
 * apart from app.ts so that modules can name it without importing the app's
 * construction (and every module with it).
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, Db, tables } from '@pool/db';
import type { PaymentPurpose } from '@pool/contracts';
import type { Config } from './config.ts';
import type { PaymentGateway } from './integrations/payments/types.ts';
import type { SmsDriver } from './integrations/sms/types.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The domain events' dispatcher (modules/events). */
export type Events = {
  /** Delivers every committed event not delivered yet; never throws (what fails waits for the next delivery). */
  deliver: () => Promise<number>;
};

/** Told of the notification rows just stored (web and app push hook in here); a failure is only logged. */
export type NotificationListener = (app: App, rows: (typeof tables.notifications.$inferSelect)[]) => Promise<void>;

/**
 * What a verified payment of one purpose does, inside the transaction that marks it paid (so once
 * per payment). If it throws, the payment stays unpaid and the next verification tries again.
 */
export type PaidHandler = (tx: Db, payment: typeof tables.payments.$inferSelect) => Promise<void>;

export type JobRequest = { data?: object; at?: Date; key?: string; db?: Db };

/** The job queue (jobs/queue.ts): idle until started, which the server process does. */
export type Jobs = {
  /** Registers every job's worker and cron on this process. */
  start: () => Promise<void>;
  /**
   * Asks for a run of job `name`, soon or `at` a time, with its `data`; one waiting run per
   * `key` (per job without it). Sent through `db` when given, so it commits with that
   * transaction. A no-op before `start()`: the job's cron makes up for it.
   */
  send: (name: string, options?: JobRequest) => Promise<void>;
  /** Lets running jobs end (within `timeoutMs`, 10 s by default; past it they are failed), then stops (the app's onClose). */
  stop: (timeoutMs?: number) => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /**
     * Where the public reads (catalogue, settings, countries, content) and the admins' reports go: the
     * read replica of DATABASE_READ_URL, or `db`. Never written to; a write right before is not seen at once.
     */
    readDb: Db;
    database: Database;
    sms: SmsDriver;
    /** The card payment gateway (PAYMENT_DRIVER). */
    payments: PaymentGateway;
    events: Events;
    jobs: Jobs;
    /** `draining`: a shutdown began (lib/shutdown.ts); readiness answers 503, answers close their connection. */
    lifecycle: { draining: boolean };
    notificationListeners: readonly NotificationListener[];
    /** One handler per payment purpose (the payments module runs it). */
    paidHandlers: Readonly<Record<PaymentPurpose, PaidHandler>>;
  }
}
