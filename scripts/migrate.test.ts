import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { MIGRATIONS_DIR } from '@pool/db';
// The run's PostgreSQL (inject('pgAdminUrl'), inject('pgTemplate')): provided by the global setup.
import type {} from '@pool/db/testing';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateOnce } from './migrate.ts';

const migrationCount = (
  JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** An empty database on the run's PostgreSQL, named after the run's template so the run drops it in the end. */
async function emptyDatabase() {
  const adminUrl = inject('pgAdminUrl');
  const name = `${inject('pgTemplate')}_migrate_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function count(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(query)).rows[0]!.n);
  } finally {
    await client.end();
  }
}

describe('scripts/migrate.ts: the one-shot migrate step of a deployment', () => {
  let url: string;
  beforeAll(async () => {
    url = await emptyDatabase();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
    await admin.end();
  });

  it('three runs at once: one migrates and seeds, the others wait for its lock and find nothing to do', async () => {
    const config = loadConfig({ DATABASE_URL: url, SEED_DEMO: 'false', ADMIN_EMAIL: 'owner@example.com' });
    const results = await Promise.all([migrateOnce(config), migrateOnce(config), migrateOnce(config)]);

    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect(await count(url, 'select count(*) as n from drizzle.__drizzle_migrations')).toBe(migrationCount);
    expect(await count(url, `select count(*) as n from admins where email = 'owner@example.com'`)).toBe(1);
    expect(await count(url, `select count(*) as n from settings where key = 'seeded_at'`)).toBe(1);

    // A later run (the next deployment) has nothing to do either.
    expect((await migrateOnce(config)).seeded).toBe(false);
    expect(await count(url, 'select count(*) as n from drizzle.__drizzle_migrations')).toBe(migrationCount);
  });
});
