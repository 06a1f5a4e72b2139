import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import { createDatabase, type Database } from '../client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/** A fresh, migrated database on the run's real PostgreSQL, cloned from the template. */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<Database & { url: string }> {
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
  const database = createDatabase({ url: url.toString(), poolSize: options.poolSize ?? 10 });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
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
