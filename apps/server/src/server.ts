/**
 * Starts the server (main.ts chooses how): database (PGlite under DATA_DIR, or
 * DATABASE_URL), migrations, first-start demo data, the API and the site.
 */
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createDatabase, queryRows, seed, DEMO_CUSTOMER, DEMO_TECHNICIAN } from '@pool/db';
import { buildApp, type App } from './app.ts';
import type { Config } from './config.ts';
import { hashPassword } from './lib/passwords.ts';
import { gracefulShutdown } from './lib/shutdown.ts';
import { apiDocsServed } from './plugins/docs.ts';
import { mountBuiltSite, mountDevSite } from './plugins/site.ts';
import { demoImageMaker } from './modules/catalogue/demo-images.ts';

/** `dev`: the site through Vite with hot reload; `apiOnly`: the API alone (the mobile apps' backend, fault tests). */
export async function startServer(config: Config, { dev, apiOnly }: { dev: boolean; apiOnly: boolean }) {
  // Until the app (and its logger) exists, a broken connection is told on the console.
  let connectionBroke = (err: Error) => console.warn(`database: a connection broke (${err.message})`);
  const database = createDatabase({
    url: config.DATABASE_URL,
    directUrl: config.DATABASE_DIRECT_URL,
    pgliteDir: join(config.dataDir, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
    timeouts: config.databaseTimeouts,
    onConnectionError: (err) => connectionBroke(err),
  });
  await database.migrate();
  // The read replica (DATABASE_READ_URL): the same settings, through the pooler when the main pool is.
  const readDatabase = config.DATABASE_READ_URL
    ? createDatabase({
        url: config.DATABASE_READ_URL,
        pooled: !!config.DATABASE_DIRECT_URL && config.DATABASE_DIRECT_URL !== config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
        timeouts: config.databaseTimeouts,
        onConnectionError: (err) => connectionBroke(err),
      })
    : undefined;
  const seeded = await seed(database.db, {
    adminEmail: config.ADMIN_EMAIL,
    adminPasswordHash: () => hashPassword(config.adminPassword),
    demo: config.SEED_DEMO,
    demoImage: demoImageMaker({ config }),
  });

  const site = apiOnly ? undefined : dev ? mountDevSite : mountBuiltSite;
  const app = await buildApp({ config, database, readDatabase, site });
  connectionBroke = (err) => app.log.warn({ err }, 'database: a connection broke; the pool replaces it');
  if (database.directUrl && database.directUrl !== config.DATABASE_URL) await warnOfPoolerTimeouts(app);
  await app.jobs.start();
  await app.listen({ host: config.HOST, port: config.PORT });

  const base = config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
  const lines = [
    '',
    `  Site (Arabic):   ${base}/`,
    `  Site (English):  ${base}/en`,
    `  Admin:           ${base}/admin`,
    ...(apiDocsServed(config) ? [`  API docs:        ${base}/api/docs`] : []),
    `  Database:        ${database.kind === 'pglite' ? `PGlite in ${join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}${seeded.seeded ? ' (demo data loaded)' : ''}`,
  ];
  if (!config.isProduction) {
    lines.push(
      `  Admin sign-in:   ${config.ADMIN_EMAIL} / ${config.adminPassword}`,
      `  Customer:        +${DEMO_CUSTOMER.countryCode} ${DEMO_CUSTOMER.phone}; codes are written to ${join(config.dataDir, 'sms-outbox.jsonl')}`,
      `  Technician:      +${DEMO_TECHNICIAN.countryCode} ${DEMO_TECHNICIAN.phone} at ${base}/staff (codes in the same file)`,
    );
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // A backstop past the whole budget: whatever hangs, the process ends.
    setTimeout(() => process.exit(1), config.shutdownDrainMs + config.SHUTDOWN_TIMEOUT_MS + 2000).unref();
    const code = await gracefulShutdown(app, {
      signal,
      drainMs: config.shutdownDrainMs,
      timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      closeDatabase: async () => {
        await Promise.all([database.close(), readDatabase?.close()]);
      },
    }).catch((err: unknown) => {
      app.log.error({ err }, 'shutdown failed');
      return 1;
    });
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * Behind a pooler in transaction mode the server's timeouts are set in each transaction; a statement
 * outside one has only the database's own (ALTER ROLE … SET statement_timeout) or PgBouncer's
 * `query_timeout`: without either, told once at start.
 */
async function warnOfPoolerTimeouts(app: App) {
  const [row] = await queryRows<{ statement_timeout: string }>(app.db, sql`show statement_timeout`);
  if (row?.statement_timeout === '0') {
    app.log.warn(
      "database: behind a pooler, statements outside a transaction have no statement timeout of the database; set one for the role (ALTER ROLE … SET statement_timeout) unless PgBouncer's query_timeout is set",
    );
  }
}
