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
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** A database or a transaction: services take this so a caller can pass a transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pool of a real server (raw queries); undefined on PGlite. */
  pool?: pg.Pool;
  /**
   * A direct connection's URL (never through a transaction pooler), for what needs a session of its
   * own: LISTEN, the migrations' lock. The pool's URL when no other was given; undefined on PGlite.
   */
  directUrl?: string;
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
  /**
   * PostgreSQL itself when `url` is a pooler in transaction mode (PgBouncer): LISTEN and the migrations
   * use it, and the pool keeps no session state (its timeouts are set in each transaction instead).
   */
  directUrl?: string;
  /** Whether `url` is such a pooler (default: when `directUrl` is another address); a read replica's pool says it. */
  pooled?: boolean;
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

/**
 * node-postgres settings of one connection with the timeouts (the pool's and the LISTEN client's).
 * `pooled`: through a pooler in transaction mode, which refuses (or would lose) settings of the
 * session: the server's timeouts are then set by each transaction (`pooledClient`) and the pooler.
 */
export function connectionConfig(
  url: string,
  timeouts: Partial<DatabaseTimeouts> = {},
  { pooled = false }: { pooled?: boolean } = {},
): pg.ClientConfig {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  return {
    connectionString: url,
    connectionTimeoutMillis: t.connectMs,
    ...(pooled ? {} : { statement_timeout: t.statementMs, idle_in_transaction_session_timeout: t.idleInTransactionMs }),
    query_timeout: readTimeout(t),
    keepAlive: true,
  };
}

/**
 * A client whose socket is closed when a query times out on our side: the server may still be
 * running that query, so the connection must not go back to the pool as if it were free.
 */
class GuardedClient extends pg.Client {
  /** Through a pooler in transaction mode: what each transaction's BEGIN sets (SET LOCAL). */
  protected beginText?: string;
  override query(...args: unknown[]): never {
    if (this.beginText) args = withLocalSettings(args, this.beginText);
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (err instanceof Error && err.message === 'Query read timeout') this.connection.stream.destroy();
      });
    }
    return result as never;
  }
}

/**
 * A transaction's `begin` (drizzle sends it alone, without parameters, so in the simple protocol that
 * takes several statements) followed by `settings`: the timeouts hold for the transaction on whichever
 * server connection the pooler lends.
 */
function withLocalSettings(args: unknown[], settings: string): unknown[] {
  const [first, ...rest] = args;
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  const values = typeof first === 'string' ? rest[0] : (first as { values?: unknown[] } | null)?.values;
  // Only a `begin` alone: a script that opens and commits its own transaction (pg-boss's) is left as it is.
  if (typeof text !== 'string' || !/^begin\b[^;]*;?$/i.test(text.trim()) || (Array.isArray(values) && values.length)) {
    return args;
  }
  const joined = `${text}; ${settings}`;
  return typeof first === 'string' ? [joined, ...rest] : [{ ...(first as object), text: joined }, ...rest];
}

/** The client class of a pool behind a transaction pooler: each transaction sets the timeouts. */
function pooledClient(timeouts: Partial<DatabaseTimeouts> = {}) {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  const settings =
    `set local statement_timeout = ${Math.trunc(t.statementMs)}; ` +
    `set local idle_in_transaction_session_timeout = ${Math.trunc(t.idleInTransactionMs)}`;
  return class PooledClient extends GuardedClient {
    protected override beginText = settings;
  };
}

/** The key of the migrations' advisory lock: two processes starting together migrate one after the other. */
const MIGRATION_LOCK = 73_114_001;

/** Runs the migrations on a direct connection of its own, holding a session advisory lock. */
async function migrateDirect(directUrl: string, timeouts: Partial<DatabaseTimeouts> = {}) {
  const client = new pg.Client({ ...connectionConfig(directUrl, timeouts), statement_timeout: 0, query_timeout: 0 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzlePg(client, { schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    await migrateJobQueue({ kind: 'postgres', pool: client as unknown as pg.Pool });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  } finally {
    await client.end();
  }
}

export function createDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    const onError = options.onConnectionError ?? (() => undefined);
    const directUrl = options.directUrl ?? options.url;
    const pooled = options.pooled ?? directUrl !== options.url;
    const pool = new pg.Pool({
      ...connectionConfig(options.url, options.timeouts, { pooled }),
      max: options.poolSize ?? 10,
      Client: pooled ? pooledClient(options.timeouts) : GuardedClient,
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
      directUrl,
      migrate: () => migrateDirect(directUrl, options.timeouts),
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  // pg_trgm: the store's search index (migration 0002 creates the extension).
  const client = new PGlite(dir, { extensions: { pg_trgm } });
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
