/**
 * Typed configuration from the environment, validated once at boot.
 * `loadConfig` throws a ConfigError listing every problem at once.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import type { DatabaseTimeouts } from '@pool/db';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const list = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url().optional(),
    /**
     * PostgreSQL itself when DATABASE_URL is a pooler in transaction mode (PgBouncer): LISTEN and the
     * migrations use it (default: DATABASE_URL).
     */
    DATABASE_DIRECT_URL: z.url().optional(),
    /**
     * A read replica for the public reads (catalogue, settings, countries, content) and the admins'
     * reports; default: the main pool. Through a pooler when DATABASE_DIRECT_URL is set too.
     */
    DATABASE_READ_URL: z.url().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Waits on PostgreSQL (SECURITY.md 31): opening a connection, one statement, a transaction left idle. */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    DATABASE_IDLE_TX_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /**
     * On SIGTERM: readiness answers 503 for this long before the server stops taking connections, so
     * that a load balancer notices (default 5000 in production, 0 otherwise).
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
    /** After the drain: the longest wait for requests in flight, the job worker and the database to end. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
    /** Serve the API documentation (/api/docs, /api/openapi.json) in production too. */
    API_DOCS: bool,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Secret for HMAC of one-time codes; required in production. */
    OTP_SECRET: z.string().min(32).optional(),
    SMS_DRIVER: z.enum(['outbox', 'taqnyat']).default('outbox'),
    TAQNYAT_API_URL: z.url().default('https://api.taqnyat.sa'),
    TAQNYAT_TOKEN: z.string().optional(),
    TAQNYAT_SENDER: z.string().optional(),
    /** Calling codes SMS may be sent to (SECURITY.md 7). */
    SMS_ALLOWED_COUNTRY_CODES: list.transform((v) => (v.length ? v : ['966'])),
    SMS_HOURLY_CAP_PER_PREFIX: z.coerce.number().int().min(1).default(200),
    SMS_HOURLY_CAP_GLOBAL: z.coerce.number().int().min(1).default(1000),
    CORS_ORIGINS: list,
    /** Number of proxies in front of the server whose X-Forwarded-For is trusted. */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /**
     * API requests per client address per minute (the site's own calls count with their page);
     * 0 counts nothing (a load test's setting: it measures the server, not the shared counter).
     */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(300),
    /** Pages (and client navigations) per client address per minute; 0 counts nothing. */
    SITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(300),
    /** Keep public answers and anonymous pages in memory, emptied on every change (ADR 0024). */
    PUBLIC_CACHE: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /**
     * Bearer token of `GET /metrics` (ADR 0025); without it /metrics answers loopback and private
     * addresses only.
     */
    METRICS_TOKEN: z.string().min(16).optional(),
    /** OTLP/HTTP endpoint of a trace collector (e.g. http://collector:4318): traces are sent only when set. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    /** Redis for state shared by processes (rate limits); without it the database holds it. */
    REDIS_URL: z.url().optional(),
    /** Sessions end (SECURITY.md 34): customers' after this many days unused, like the auth cookie. */
    USER_SESSION_IDLE_DAYS: z.coerce.number().int().min(1).default(365),
    /** Admins' after this many hours without a request, and this many days after sign-in at most. */
    ADMIN_SESSION_IDLE_HOURS: z.coerce.number().int().min(1).default(12),
    STAFF_SESSION_IDLE_DAYS: z.coerce.number().int().min(1).default(30),
    ADMIN_SESSION_MAX_DAYS: z.coerce.number().int().min(1).default(7),
    ADMIN_EMAIL: z.email().default('admin@masabeh.com'),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    SEED_DEMO: bool,
    BUILD_ID: z.string().optional(),
    /** Where uploaded files go: local disk under DATA_DIR/uploads, or S3-compatible object storage. */
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Public base URL of the bucket (CDN); without it files are served through /uploads. */
    S3_PUBLIC_URL: z.url().optional(),
    /** Web Push (browsers): VAPID key pair (base64url, from `web-push generate-vapid-keys`) and a mailto: contact. */
    VAPID_PUBLIC_KEY: z.string().optional(),
    VAPID_PRIVATE_KEY: z.string().optional(),
    VAPID_SUBJECT: z.string().startsWith('mailto:').optional(),
    /** FCM HTTP v1 (mobile apps): the service account's project, e-mail and PEM private key. */
    FCM_PROJECT_ID: z.string().optional(),
    FCM_CLIENT_EMAIL: z.string().optional(),
    FCM_PRIVATE_KEY: z.string().optional(),
    FCM_API_URL: z.url().default('https://fcm.googleapis.com'),
    FCM_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    PUSH_WORKER_INTERVAL_MS: z.coerce.number().int().min(500).default(2000),
    /** How often every open event stream gets a comment line (under proxies' idle limits) and its session is checked again. */
    STREAM_HEARTBEAT_MS: z.coerce.number().int().min(100).max(120_000).default(25_000),
    /** Card payments: `sandbox` (our own hosted test page; refused in production) or `moyasar`. */
    PAYMENT_DRIVER: z.enum(['sandbox', 'moyasar']).default('sandbox'),
    MOYASAR_API_URL: z.url().default('https://api.moyasar.com'),
    MOYASAR_SECRET_KEY: z.string().optional(),
    MOYASAR_PUBLISHABLE_KEY: z.string().optional(),
    /** Apple Pay's domain association file (as Moyasar's dashboard gives it), served at /.well-known/…; unset: 404. */
    APPLE_PAY_DOMAIN_ASSOCIATION: z.string().max(20_000).optional(),
    /** Shared secret of payment webhooks (Moyasar's "secret token"); required in production. */
    PAYMENT_WEBHOOK_SECRET: z.string().min(16).optional(),
    /** Browser key of the Google Maps JavaScript API (restricted by referrer at Google); the address map pin is off without it. */
    MAPS_API_KEY: z.string().min(1).optional(),
    /**
     * Map id of the Google Cloud project (Map Management): the draggable advanced marker needs one.
     * Google's `DEMO_MAP_ID` works with any key but has the default style only.
     */
    MAPS_MAP_ID: z.string().min(1).default('DEMO_MAP_ID'),
  })
  .superRefine((c, ctx) => {
    if ((c.DATABASE_READ_URL || c.DATABASE_DIRECT_URL) && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: [c.DATABASE_READ_URL ? 'DATABASE_READ_URL' : 'DATABASE_DIRECT_URL'],
        message: 'needs DATABASE_URL (PGlite has no replica and no pooler)',
      });
    }
    if (
      c.STORAGE_DRIVER === 's3' &&
      (!c.S3_ENDPOINT || !c.S3_BUCKET || !c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ENDPOINT'],
        message: 'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required',
      });
    }
    if (c.PAYMENT_DRIVER === 'moyasar' && !c.MOYASAR_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['MOYASAR_SECRET_KEY'], message: 'required with the moyasar driver' });
    }
    if (c.PAYMENT_DRIVER === 'moyasar' && !c.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'required with the moyasar driver (return URLs)' });
    }
    if (c.NODE_ENV !== 'production') return;
    if (c.PAYMENT_DRIVER === 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_DRIVER'],
        message: 'the sandbox driver is not allowed in production',
      });
    }
    if (!c.PAYMENT_WEBHOOK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_WEBHOOK_SECRET'],
        message: 'required in production (16+ characters)',
      });
    if (c.SMS_DRIVER === 'outbox') {
      ctx.addIssue({ code: 'custom', path: ['SMS_DRIVER'], message: 'the outbox driver is not allowed in production' });
    }
    if (!c.OTP_SECRET)
      ctx.addIssue({ code: 'custom', path: ['OTP_SECRET'], message: 'required in production (32+ characters)' });
    if (!c.ADMIN_PASSWORD)
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'required in production' });
    if (c.SMS_DRIVER === 'taqnyat' && (!c.TAQNYAT_TOKEN || !c.TAQNYAT_SENDER)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TAQNYAT_TOKEN'],
        message: 'TAQNYAT_TOKEN and TAQNYAT_SENDER are required',
      });
    }
  });

export type Config = z.output<typeof schema> & {
  dataDir: string;
  /** The database's timeouts, as `createDatabase` takes them. */
  databaseTimeouts: DatabaseTimeouts;
  isProduction: boolean;
  /** SHUTDOWN_DRAIN_MS or its default. */
  shutdownDrainMs: number;
  otpSecret: string;
  adminPassword: string;
  paymentWebhookSecret: string;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const DEV_OTP_SECRET = 'development-only-otp-secret-change-me-0123456789';
const DEV_ADMIN_PASSWORD = 'Admin@12345';
const DEV_PAYMENT_WEBHOOK_SECRET = 'development-only-payment-webhook-secret';

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: resolve(c.DATA_DIR),
    databaseTimeouts: {
      connectMs: c.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: c.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: c.DATABASE_IDLE_TX_TIMEOUT_MS,
    },
    isProduction: c.NODE_ENV === 'production',
    shutdownDrainMs: c.SHUTDOWN_DRAIN_MS ?? (c.NODE_ENV === 'production' ? 5000 : 0),
    otpSecret: c.OTP_SECRET ?? DEV_OTP_SECRET,
    adminPassword: c.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD,
    paymentWebhookSecret: c.PAYMENT_WEBHOOK_SECRET ?? DEV_PAYMENT_WEBHOOK_SECRET,
    SEED_DEMO: env.SEED_DEMO === undefined ? c.NODE_ENV !== 'production' : c.SEED_DEMO,
    ...overrides,
  };
}

/** The configuration of a command (the server, the migrate step); a bad setting is told on the console and the command exits 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
