/**
 * `node scripts/migrate.ts`: the database's migrations and first-start data, once, before the app
 * processes start (the `migrate` one-shot service of compose.yaml; docs/deploy.md).
 *
 * Each app process also migrates and seeds at start (apps/server/src/server.ts), safely with several
 * starting together (the migrations and the first-start data each hold an advisory lock, packages/db),
 * but a long migration would meet the app's 10 s statement timeout, and replicas should not start on a
 * schema they do not know. Here the whole step holds a PostgreSQL advisory
 * lock (concurrent runs wait for each other; scripts/migrate.test.ts), its statements may run as long
 * as they need (MIGRATE_STATEMENT_TIMEOUT_MS, 15 minutes by default), and the app processes started
 * afterwards find nothing left to do.
 */
import pg from 'pg';
import { connectionConfig, createDatabase, seed } from '@pool/db';
import { loadConfigOrExit, type Config } from '../apps/server/src/config.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { demoImageMaker } from '../apps/server/src/modules/catalogue/demo-images.ts';

/** The advisory lock's key (any constant: this script's own). */
export const MIGRATE_LOCK_KEY = 7_304_118_265;

export type MigrateResult = { seeded: boolean; waitedMs: number };

/** Migrates and seeds the database of `config` (a PostgreSQL URL), holding the advisory lock throughout. */
export async function migrateOnce(config: Config, statementTimeoutMs = 15 * 60_000): Promise<MigrateResult> {
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required: the embedded database needs no migrate step');
  const timeouts = {
    ...config.databaseTimeouts,
    statementMs: statementTimeoutMs,
    idleInTransactionMs: statementTimeoutMs,
  };
  // Behind a transaction pooler (PgBouncer), the lock needs PostgreSQL itself: DATABASE_DIRECT_URL.
  const directUrl = config.DATABASE_DIRECT_URL;
  // The lock is held by a connection of its own, outside the pool the migrations use.
  const lock = new pg.Client({ ...connectionConfig(directUrl ?? config.DATABASE_URL, timeouts), statement_timeout: 0 });
  await lock.connect();
  const started = Date.now();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATE_LOCK_KEY]);
    const waitedMs = Date.now() - started;
    const database = createDatabase({ url: config.DATABASE_URL, directUrl, poolSize: 2, timeouts });
    try {
      await database.migrate();
      const result = await seed(database.db, {
        adminEmail: config.ADMIN_EMAIL,
        adminPasswordHash: () => hashPassword(config.adminPassword),
        demo: config.SEED_DEMO,
        demoImage: demoImageMaker({ config }),
      });
      return { seeded: result.seeded, waitedMs };
    } finally {
      await database.close();
    }
  } finally {
    // Ending the session releases the lock too, should the unlock itself fail.
    await lock.query('select pg_advisory_unlock($1)', [MIGRATE_LOCK_KEY]).catch(() => undefined);
    await lock.end();
  }
}

if (import.meta.main) {
  const config = loadConfigOrExit();
  const timeout = Number(process.env.MIGRATE_STATEMENT_TIMEOUT_MS ?? 15 * 60_000);
  const result = await migrateOnce(config, timeout);
  console.log(
    `migrate: the database is up to date${result.seeded ? ' (first-start data loaded)' : ''}` +
      (result.waitedMs > 1000 ? `; waited ${Math.round(result.waitedMs / 1000)} s for another run` : ''),
  );
}
