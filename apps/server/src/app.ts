/**
 * Builds the Fastify application: plugins, error handler, API modules and,
 * when asked, the server-rendered site. `main.ts` listens; tests inject.
 */
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type FastifyRequest,
  type FastifyReply,
} from 'fastify';
import formbody from '@fastify/formbody';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@pool/db';
import type { Config } from './config.ts';
import { createSms, type SmsDriver } from './integrations/sms/index.ts';
import { createPaymentGateway, type PaymentGateway } from './integrations/payments/index.ts';
import authPlugin from './plugins/auth.ts';
import publicCachePlugin from './plugins/public-cache.ts';
import auditPlugin from './plugins/audit.ts';
import docsPlugin from './plugins/docs.ts';
import envelopePlugin from './plugins/envelope.ts';
import i18nPlugin, { requestLang } from './plugins/i18n.ts';
import { translate } from '@pool/i18n';
import multipartPlugin from './plugins/multipart.ts';
import securityPlugin from './plugins/security.ts';
import rateLimitsPlugin from './plugins/rate-limits.ts';
import textGuardPlugin from './plugins/text-guard.ts';
import { registerModules } from './modules/index.ts';
import { createEvents } from './modules/events/index.ts';
import { orderNotifications, orderPaid, payDeadlines } from './modules/orders/index.ts';
import { chatNotifications } from './modules/chat/index.ts';
import { packageEvents } from './modules/packages/events.ts';
import { renewalPaid } from './modules/packages/renewal.ts';
import { scheduleSignals } from './modules/schedule/live.ts';
import { walletCharged } from './modules/wallet/index.ts';
import { extraPaid } from './modules/field-work/index.ts';
import { createJobs } from './jobs/queue.ts';
import { pushNotifications } from './modules/push/index.ts';
import { logSafeError, logSafeRequest, REDACT } from './lib/log.ts';
import { logScopeMixin, requestId, runInLogScope } from './lib/log-context.ts';
import metricsPlugin from './plugins/metrics.ts';

import type { App } from './app-type.ts';

export type { App };

export type BuildOptions = {
  config: Config;
  database: Database;
  /** A read replica's database (DATABASE_READ_URL): `app.readDb`. */
  readDatabase?: Database;
  sms?: SmsDriver;
  payments?: PaymentGateway;
  /** Registers the site after the API (see plugins/ssr.ts). */
  site?: (app: App) => Promise<void>;
  logger?: boolean;
  /** Where logs go (tests); stdout otherwise. */
  logStream?: NodeJS.WritableStream;
};

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  // The app's logger adds the running request's or job's id to its lines (lib/log-context.ts).
  const logging: { root?: unknown } = {};
  const app = (Fastify as (o: FastifyServerOptions) => FastifyInstance)({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: REDACT, censor: '[redacted]' },
            serializers: { err: logSafeError, req: logSafeRequest },
            ...logScopeMixin(() => logging.root),
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // The client's or the proxy's `x-request-id` when valid, else a new one; echoed on every answer.
    genReqId: requestId,
    trustProxy: config.TRUST_PROXY_HOPS ? (_addr: string, hop: number) => hop < config.TRUST_PROXY_HOPS : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Malformed URLs and headers get the envelope too.
    frameworkErrors: (_error: unknown, req: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(400)
        .header('x-request-id', req.id)
        .send({ msg: translate(requestLang(req.headers), 'server.bad_request'), key: 'fail', data: null }),
  }).withTypeProvider<ZodTypeProvider>();

  logging.root = app.log;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('readDb', options.readDatabase?.db ?? options.database.db);
  app.decorate('sms', options.sms ?? createSms(config, app.log));
  app.decorate('payments', options.payments ?? createPaymentGateway(config, app.log));
  // The subscribers of the domain events, in the order they run.
  app.decorate(
    'events',
    createEvents(app, [orderNotifications, payDeadlines, chatNotifications, packageEvents, scheduleSignals]),
  );
  app.decorate('jobs', createJobs(app));
  app.decorate('lifecycle', { draining: false });
  // Told of every stored notification, in this order.
  app.decorate('notificationListeners', [pushNotifications]);
  // What a verified card payment does, by its purpose.
  app.decorate('paidHandlers', {
    order: (tx, payment) => orderPaid(app, tx, payment),
    order_extra: extraPaid,
    wallet_charge: walletCharged,
    package_renewal: (tx, payment) => renewalPaid(app, tx, payment),
  });
  app.addHook('onClose', () => app.jobs.stop());
  // Hooks on every request take a callback, not a promise: no promise or microtask for each.
  app.addHook('onSend', (req, reply, _payload, done) => {
    reply.header('x-request-id', req.id);
    // A process shutting down closes each connection after its answer: the client's next one goes elsewhere.
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done();
  });
  // From here (the body read) to the answer, what the request's code logs with `app.log` carries its id.
  app.addHook('preValidation', (req, _reply, done) => runInLogScope(req, done));

  await app.register(i18nPlugin);
  await app.register(envelopePlugin);
  await app.register(metricsPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimitsPlugin);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  await app.register(multipartPlugin);
  await app.register(textGuardPlugin);
  await app.register(authPlugin);
  await app.register(publicCachePlugin);
  await app.register(docsPlugin);
  await app.register(auditPlugin);
  await registerModules(app);
  if (options.site) await options.site(app);
  return app;
}
