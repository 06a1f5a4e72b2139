import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrateJobQueue } from './jobs.ts';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { SEARCH_TYPO_SIMILARITY } from '@pool/contracts/store';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** A database or a transaction: services take this so a caller can pass a transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pool of a real server (LISTEN/NOTIFY, raw queries); undefined on PGlite. */
  pool?: pg.Pool;
  pglite?: PGlite;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

/** How long to wait for PostgreSQL before a request fails fast (SECURITY.md 31). */
export type DatabaseTimeouts = {
  /** Opening a connection (default 3 s). */
  connectMs: number;
  /** One statement, cancelled by the server past it (default 10 s). */
  statementMs: number;
  /** A transaction left open without a statement, ended by the server (default 30 s). */
  idleInTransactionMs: number;
};

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 3000, statementMs: 10_000, idleInTransactionMs: 30_000 };

export type DatabaseOptions = {
  /** A PostgreSQL URL; without it PGlite is used. */
  url?: string;
  /** PGlite's folder; `memory://` keeps it in memory. */
  pgliteDir?: string;
  poolSize?: number;
  timeouts?: Partial<DatabaseTimeouts>;
  /** Told of each connection that broke (logged by the server); the process goes on. */
  onConnectionError?: (err: Error) => void;
};

/**
 * The client-side wait for an answer: a little past the server's statement timeout, so that a
 * server that went silent (a network cut without a reset) fails the query instead of hanging it.
 */
const readTimeout = (t: DatabaseTimeouts) => t.statementMs + 2000;

/** node-postgres settings of one connection with the timeouts (the pool's and the LISTEN client's). */
export function connectionConfig(url: string, timeouts: Partial<DatabaseTimeouts> = {}): pg.ClientConfig {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  return {
    connectionString: url,
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.statementMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
    query_timeout: readTimeout(t),
    keepAlive: true,
    // The store search's typo threshold (the `<%` operator of pg_trgm).
    options: `-c pg_trgm.word_similarity_threshold=${SEARCH_TYPO_SIMILARITY}`,
  };
}

/**
 * A client whose socket is closed when a query times out on our side: the server may still be
 * running that query, so the connection must not go back to the pool as if it were free.
 */
class GuardedClient extends pg.Client {
  override query(...args: unknown[]): never {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (err instanceof Error && err.message === 'Query read timeout') this.connection.stream.destroy();
      });
    }
    return result as never;
  }
}

export function createDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    const onError = options.onConnectionError ?? (() => undefined);
    const pool = new pg.Pool({
      ...connectionConfig(options.url, options.timeouts),
      max: options.poolSize ?? 10,
      Client: GuardedClient,
    });
    // A connection that breaks, idle in the pool or held by a request, must not end the process:
    // its request fails (503) and the pool throws the broken client away.
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      migrate: async () => {
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
        await migrateJobQueue({ kind: 'postgres', pool });
      },
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  // pg_trgm: the store's search index (migration 0002 creates the extension).
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  // As each PostgreSQL connection (`connectionConfig`): PGlite is one session and runs this first
  // (a SET of a placeholder cannot fail; search-norm.test.ts finds a typo on PGlite).
  void client.exec(`set pg_trgm.word_similarity_threshold = ${SEARCH_TYPO_SIMILARITY}`);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await migrateJobQueue({ kind: 'pglite', pglite: client });
    },
    close: () => client.close(),
  };
}

/** Rows of a raw SQL query, the same on node-postgres and PGlite. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
