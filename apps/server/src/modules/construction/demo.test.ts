/** The demo seed gives a working designer: five design types with pictures, six colours, prices, an engineer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { DEMO_ENGINEER, makeCity, seedConstruction, tables } from '@pool/db';
import type { ConstructionCatalogue, ConstructionEstimate } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { api, customer, ok } from './testing.ts';

describe('the demo pool designer', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('seeds once: every shape with its picture, the colours, the prices and an engineer serving Riyadh', async () => {
    const riyadh = await makeCity(app.db, { nameAr: 'الرياض', nameEn: 'Riyadh' });
    expect(await seedConstruction(app.db)).toBe(true);
    expect(await seedConstruction(app.db)).toBe(false);
    const { token } = await customer(app);
    const cat = ok<ConstructionCatalogue>(await api(app, 'GET', '/construction/catalogue', { token, lang: 'en' }));
    expect(cat.design_types.map((d) => d.shape)).toEqual(['rectangle', 'rounded', 'l_shape', 'kidney', 'free_form']);
    for (const d of cat.design_types) {
      expect(existsSync(new URL(`../../../../web/public${d.image}`, import.meta.url)), d.image).toBe(true);
    }
    expect(cat.colours).toHaveLength(6);
    const e = ok<ConstructionEstimate>(
      await api(app, 'POST', '/construction/estimate', {
        token,
        body: {
          length: 8,
          width: 4,
          depth: 1.5,
          design_type_id: cat.design_types[3]!.id,
          colour_id: cat.colours[2]!.id,
        },
      }),
    );
    expect(e.low).toBeGreaterThan(0);
    expect(e.high).toBeGreaterThan(e.low);
    const [engineer] = await app.db.select().from(tables.staff).where(eq(tables.staff.phone, DEMO_ENGINEER.phone));
    expect(engineer!.job).toBe('engineer');
    const serves = await app.db.select().from(tables.staffCities).where(eq(tables.staffCities.staffId, engineer!.id));
    expect(serves.map((s) => s.cityId)).toEqual([riyadh.id]);
  });
});
