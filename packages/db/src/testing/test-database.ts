import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import { createDatabase, type Database, type DatabaseTimeouts } from '../client.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

export type TestDatabaseOptions = {
  poolSize?: number;
  timeouts?: Partial<DatabaseTimeouts>;
  /** The app's pool goes through a TCP proxy that the test can cut (`proxy`). */
  proxy?: boolean;
};

export type TestDatabase = Database & {
  /** The database's own address (not through the proxy): for checks a cut must not touch. */
  url: string;
  proxy?: TcpProxy;
};

/** A fresh, migrated database on the run's real PostgreSQL, cloned from the template. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const proxy = options.proxy ? await startTcpProxy(url.toString()) : undefined;
  const database = createDatabase({
    url: proxy?.url ?? url.toString(),
    poolSize: options.poolSize ?? 10,
    timeouts: options.timeouts,
  });
  return {
    ...database,
    url: url.toString(),
    proxy,
    close: async () => {
      await database.close();
      await proxy?.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

/** An in-memory PGlite database with migrations applied (the default `npm start` engine). */
export async function createPgliteTestDatabase(): Promise<Database> {
  const database = createDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  return database;
}
