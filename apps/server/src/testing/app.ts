/** Builds the API against a fresh database for in-process tests (`app.inject`). */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPgliteTestDatabase,
  createTestDatabase,
  type TcpProxy,
  type TestDatabase,
  type TestDatabaseOptions,
} from '@pool/db/testing';
import type { Database } from '@pool/db';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';

export type TestApp = App & {
  outbox: () => { to: string; text: string; at: string }[];
  close: () => Promise<void>;
  /** With `proxy: true`: the TCP proxy between the app and PostgreSQL, and the database's direct address. */
  proxy?: TcpProxy;
  directUrl?: string;
};

/** The settings production requires, with test values (no driver reaches anything). */
export const PRODUCTION_CONFIG: Record<string, string> = {
  NODE_ENV: 'production',
  SMS_DRIVER: 'taqnyat',
  TAQNYAT_TOKEN: 't',
  TAQNYAT_SENDER: 's',
  OTP_SECRET: 'o'.repeat(40),
  ADMIN_PASSWORD: 'admin-password',
  PAYMENT_DRIVER: 'moyasar',
  MOYASAR_SECRET_KEY: 'sk_test_x',
  PAYMENT_WEBHOOK_SECRET: 'w'.repeat(32),
  PUBLIC_URL: 'https://pools.example',
};

/**
 * `engine: 'postgres'` (default) clones the run's real PostgreSQL template;
 * `'pglite'` uses in-memory PGlite, the default `npm start` engine.
 */
export async function buildTestApp(
  options: {
    engine?: 'postgres' | 'pglite';
    config?: Record<string, string>;
    /** Logs (at `info`) go here; none without it. */
    logStream?: NodeJS.WritableStream;
    /** A read replica's database (`app.readDb`), made from the test database's direct address; closed with the app. */
    readDatabase?: (directUrl: string) => Promise<Database>;
  } & TestDatabaseOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pool-test-data-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Tests write the database directly and read at once: the caches (told of changes a moment later) are
    // tested on their own (plugins/public-cache.test.ts).
    PUBLIC_CACHE: 'false',
    ...options.config,
  });
  const database =
    options.engine === 'pglite'
      ? await createPgliteTestDatabase()
      : await createTestDatabase({ poolSize: options.poolSize, proxy: options.proxy, timeouts: options.timeouts });
  const readDatabase =
    options.readDatabase && 'url' in database ? await options.readDatabase((database as TestDatabase).url) : undefined;
  const app = options.logStream
    ? await buildApp({
        config: { ...config, LOG_LEVEL: 'info' },
        database,
        readDatabase,
        logStream: options.logStream,
      })
    : await buildApp({ config, database, readDatabase, logger: false });
  await app.ready();
  const outboxFile = join(dataDir, 'sms-outbox.jsonl');
  const close = app.close.bind(app);
  const direct = 'url' in database ? (database as TestDatabase) : undefined;
  return Object.assign(app, {
    proxy: direct?.proxy,
    directUrl: direct?.url,
    outbox: () =>
      existsSync(outboxFile)
        ? readFileSync(outboxFile, 'utf8')
            .trim()
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l))
        : [],
    close: async () => {
      await close();
      await readDatabase?.close();
      await database.close();
    },
  }) as TestApp;
}

/**
 * An app over a database the caller owns (and closes), as one of several processes on one database
 * would be: test settings, its own data folder, the public cache on.
 */
export async function buildAppOver(database: Database): Promise<App> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'pool-test-data-')),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

/** The 4-digit code in the newest SMS sent to `to` (full number). */
export function lastCode(app: TestApp, to: string): string {
  const msg = app
    .outbox()
    .filter((m) => m.to === to)
    .at(-1);
  const code = msg?.text.match(/\d{4}/)?.[0];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}
