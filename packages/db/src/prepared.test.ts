/** A query built once per database: new values each run, a statement no server keeps (a pooler may lend another connection). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeCity } from './factories.ts';
import { prepared } from './prepared.ts';
import * as t from './schema/index.ts';
import { createDatabase, type Database } from './client.ts';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';

describe('prepared', () => {
  let main: TestDatabase;
  let other: Database;
  beforeAll(async () => {
    main = await createTestDatabase({ poolSize: 2 });
    other = createDatabase({ url: main.url, poolSize: 1 });
  });
  afterAll(async () => {
    await other?.close();
    await main?.close();
  });

  const cityById = prepared((db) =>
    db
      .select({ id: t.cities.id, nameEn: t.cities.nameEn })
      .from(t.cities)
      .where(eq(t.cities.id, sql.placeholder('id'))),
  );

  it('builds once per database and runs with each value', async () => {
    const [a, b] = [await makeCity(main.db, { nameEn: 'Abha' }), await makeCity(main.db, { nameEn: 'Buraydah' })];
    const query = cityById(main.db);
    expect(cityById(main.db)).toBe(query);
    expect(cityById(other.db)).not.toBe(query);
    expect(await query.execute({ id: a.id })).toEqual([{ id: a.id, nameEn: 'Abha' }]);
    expect(await query.execute({ id: b.id })).toEqual([{ id: b.id, nameEn: 'Buraydah' }]);
    expect(await cityById(other.db).execute({ id: b.id })).toEqual([{ id: b.id, nameEn: 'Buraydah' }]);
  });

  it('leaves no named statement on the server', async () => {
    const city = await makeCity(main.db);
    // `other` has one connection: the statements it prepared are listed on it.
    await cityById(other.db).execute({ id: city.id });
    const held = await other.pool!.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(held.rows[0]!.n).toBe(0);
  });
});
