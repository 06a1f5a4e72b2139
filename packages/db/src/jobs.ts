/**
 * The job queue's home in the database: pg-boss, on the app's own connections
 * (the node-postgres pool, or the embedded PGlite through pg-boss's PGlite
 * backend), in the schema `pgboss`. Its tables are installed and upgraded with
 * the migrations (`migrate()`), so an app that only sends jobs starts at once.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type DrizzleTransactionLike } from 'pg-boss';

/** The engine and its connections (a `Database` of client.ts). */
export type JobQueueHome = { kind: 'pglite' | 'postgres'; pool?: pg.Pool; pglite?: PGlite };

export const JOBS_SCHEMA = 'pgboss';

/** A pg-boss instance on `database`; `work`: it also supervises (retries, expiry) and runs cron schedules. */
export function createJobQueue(database: JobQueueHome, options: { work: boolean }) {
  const common = { schema: JOBS_SCHEMA, supervise: options.work, schedule: options.work, migrate: true };
  if (database.kind === 'pglite') {
    return new PgBoss({ ...common, db: fromPglite(database.pglite!), backend: 'pglite' });
  }
  const pool = database.pool!;
  return new PgBoss({ ...common, db: { executeSql: (text, values) => pool.query(text, values) } });
}

/** Installs or upgrades pg-boss's tables (the last step of the migrations). */
export async function migrateJobQueue(database: JobQueueHome) {
  const boss = createJobQueue(database, { work: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

/** `db` (a transaction, or the database) as pg-boss's connection: a job sent through it commits with the transaction. */
export const jobsConnection = (db: { execute: (query: never) => PromiseLike<unknown> }) =>
  fromDrizzle(db as DrizzleTransactionLike, sql);
