/** First-start data with several processes starting together on a new database: loaded once; the admin's hash made only then. */
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createDatabase, type Database } from './client.ts';
import { DEMO_PRODUCT_COUNT } from './seed-catalogue.ts';
import { seed } from './seed.ts';
import * as t from './schema/index.ts';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';

describe('seed', () => {
  let main: TestDatabase;
  const others: Database[] = [];
  afterAll(async () => {
    for (const o of others) await o.close();
    await main?.close();
  });

  it('loads the first-start data once when three processes seed at the same moment', async () => {
    main = await createTestDatabase();
    // Three pools on one database, as three processes would have.
    for (let i = 0; i < 2; i++) others.push(createDatabase({ url: main.url, poolSize: 2 }));
    let hashes = 0;
    const adminPasswordHash = async () => `hash ${++hashes}`;
    const options = { adminEmail: 'owner@example.com', adminPasswordHash, demo: true };
    const results = await Promise.all([main, ...others].map((d) => seed(d.db, options)));
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    const rows = async (table: typeof t.admins | typeof t.products | typeof t.packages | typeof t.coupons) =>
      (await main.db.select({ n: count() }).from(table))[0]!.n;
    expect(await rows(t.admins)).toBe(1);
    const [owner] = await main.db.select({ hash: t.admins.passwordHash }).from(t.admins);
    expect(owner!.hash).toMatch(/^hash [123]$/);
    expect(await rows(t.coupons)).toBe(1);
    expect(await rows(t.products)).toBe(DEMO_PRODUCT_COUNT);
    const packages = await rows(t.packages);
    expect(packages).toBeGreaterThan(0);
    // A later start finds it all there, and makes no password hash (64 MB for its moment in production).
    const before = hashes;
    expect((await seed(others[0]!.db, options)).seeded).toBe(false);
    expect(hashes).toBe(before);
    expect(await rows(t.packages)).toBe(packages);
  });
});
