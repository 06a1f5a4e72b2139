/**
 * Brands, categories with sub-categories and features with options in the
 * dashboard (the generic resource routes): both languages, the category tree's
 * rules, options edited with their feature, rows in use, search text kept up
 * to date, logos through the upload pipeline, audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeBrand, makeCategory, makeFeature, makeProduct, tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminCall, adminToken, expectFields, expectOk, expectStatus, imageForm } from './testing.ts';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await buildTestApp();
  token = await adminToken(app);
});
afterAll(() => app.close());

type Item = Record<string, unknown> & { id: number };
type List = { data: Item[]; pagination: { total_items: number } };

describe('brands', () => {
  it('are created with a logo, edited, searched and deleted, with audit rows', async () => {
    const form = await imageForm({ name_ar: 'هايوارد', name_en: 'Hayward' });
    const created = expectOk<Item>(await adminCall(app, 'POST', '/brands', { token, form }), 'cms.created');
    expect(created).toMatchObject({ name_ar: 'هايوارد', name_en: 'Hayward', active: true });
    expect(String(created.logo)).toMatch(/^\/uploads\/brands\/[0-9a-f]{32}\.png$/);
    expect((await app.inject({ method: 'GET', url: String(created.logo) })).statusCode).toBe(200);

    const edited = expectOk<Item>(
      await adminCall(app, 'POST', `/brands/${created.id}`, {
        token,
        body: { name_ar: 'هايوارد', name_en: 'Hayward Pro', active: false },
      }),
      'cms.saved',
    );
    expect(edited).toMatchObject({ name_en: 'Hayward Pro', active: false, logo: created.logo });
    const list = expectOk<List>(await adminCall(app, 'GET', '/brands', { token, query: { q: 'pro' } }));
    expect(list.data.map((b) => b.id)).toEqual([created.id]);

    expectOk(await adminCall(app, 'DELETE', `/brands/${created.id}`, { token }), 'cms.deleted');
    expect((await app.inject({ method: 'GET', url: String(created.logo) })).statusCode).toBe(404);
    const audit = await app.db
      .select({ subject: tables.auditLogs.subject })
      .from(tables.auditLogs)
      .where(eq(tables.auditLogs.url, `/api/admin/brands/${created.id}`));
    expect(audit.map((a) => a.subject).sort()).toEqual(['brands.delete', 'brands.edit']);
  });

  it('validate in Arabic and English', async () => {
    for (const lang of ['ar', 'en'] as const) {
      expectFields(
        await adminCall(app, 'POST', '/brands', { token, lang, body: { name_ar: 'ب' } }),
        {
          name_ar: ['validation.min_chars', { min: 2 }],
          name_en: 'validation.required',
        },
        lang,
      );
    }
  });

  it('refresh the search text of their products when renamed, and cannot be deleted while used', async () => {
    const brand = await makeBrand(app.db, { nameAr: 'زودياك', nameEn: 'Zodiac' });
    const product = await makeProduct(app.db, { nameEn: 'Robot cleaner', brandId: brand.id });
    expectOk(
      await adminCall(app, 'POST', `/brands/${brand.id}`, {
        token,
        body: { name_ar: 'زودياك', name_en: 'Zodiac Marine' },
      }),
      'cms.saved',
    );
    const [row] = await app.db.select().from(tables.products).where(eq(tables.products.id, product.id));
    expect(row!.searchText).toContain('zodiac marine');
    expect(row!.searchText).toContain('robot cleaner');

    const res = await adminCall(app, 'DELETE', `/brands/${brand.id}`, { token, lang: 'en' });
    expectStatus(res, 409, 'fail');
    expect(res.json().msg).toBe('The brand cannot be deleted because it has products');
  });
});

describe('categories', () => {
  it('nest one level, filter by parent, and refuse a deeper tree', async () => {
    const top = expectOk<Item>(
      await adminCall(app, 'POST', '/categories', {
        token,
        body: { name_ar: 'الإضاءة', name_en: 'Lighting', sort: '3' },
      }),
      'cms.created',
    );
    const sub = expectOk<Item>(
      await adminCall(app, 'POST', '/categories', {
        token,
        form: await imageForm({ name_ar: 'إضاءة LED', name_en: 'LED lights', parent_id: String(top.id) }),
      }),
      'cms.created',
    );
    expect(sub).toMatchObject({ parent_id: top.id, sort: 0, active: true });
    expect(String(sub.image)).toMatch(/^\/uploads\/categories\//);

    const children = expectOk<List>(
      await adminCall(app, 'GET', '/categories', { token, query: { parent_id: String(top.id) } }),
    );
    expect(children.data.map((c) => c.id)).toEqual([sub.id]);
    const roots = expectOk<List>(await adminCall(app, 'GET', '/categories', { token, query: { parent_id: '0' } }));
    expect(roots.data.map((c) => c.id)).toContain(top.id);
    expect(roots.data.map((c) => c.id)).not.toContain(sub.id);

    for (const lang of ['ar', 'en'] as const) {
      expectFields(
        await adminCall(app, 'POST', '/categories', {
          token,
          lang,
          body: { name_ar: 'أعمق', name_en: 'Deeper', parent_id: sub.id },
        }),
        { parent_id: 'catalogue.parent_not_top' },
        lang,
      );
      expectFields(
        await adminCall(app, 'POST', `/categories/${top.id}`, {
          token,
          lang,
          body: { name_ar: 'الإضاءة', name_en: 'Lighting', parent_id: top.id },
        }),
        { parent_id: 'catalogue.parent_self' },
        lang,
      );
    }
    const other = await makeCategory(app.db);
    expectFields(
      await adminCall(app, 'POST', `/categories/${top.id}`, {
        token,
        body: { name_ar: 'الإضاءة', name_en: 'Lighting', parent_id: other.id },
      }),
      { parent_id: 'catalogue.has_children' },
    );
    expectFields(await adminCall(app, 'GET', '/categories', { token, query: { parent_id: 'x' } }), {
      parent_id: 'validation.invalid',
    });
  });

  it('cannot be deleted while a product (or a sub-category’s product) uses them', async () => {
    const top = await makeCategory(app.db, { nameAr: 'السخانات', nameEn: 'Heaters' });
    const sub = await makeCategory(app.db, { nameAr: 'سخانات كهربائية', nameEn: 'Electric heaters', parentId: top.id });
    const product = await makeProduct(app.db, { categoryId: top.id, subCategoryId: sub.id });
    expectStatus(await adminCall(app, 'DELETE', `/categories/${top.id}`, { token }), 409, 'fail');
    expectStatus(await adminCall(app, 'DELETE', `/categories/${sub.id}`, { token }), 409, 'fail');

    // Renamed: the product's search text follows.
    expectOk(
      await adminCall(app, 'POST', `/categories/${sub.id}`, {
        token,
        body: { name_ar: 'سخانات شمسية', name_en: 'Solar heaters', parent_id: top.id },
      }),
      'cms.saved',
    );
    const [row] = await app.db.select().from(tables.products).where(eq(tables.products.id, product.id));
    expect(row!.searchText).toContain('سخانات شمسيه');

    await app.db.update(tables.products).set({ deletedAt: new Date() }).where(eq(tables.products.id, product.id));
    expectOk(await adminCall(app, 'DELETE', `/categories/${top.id}`, { token }), 'cms.deleted');
    expect(await app.db.select().from(tables.categories).where(eq(tables.categories.id, sub.id))).toEqual([]);
  });
});

describe('features', () => {
  it('are saved with their options, which are kept, renamed, added and removed with the feature', async () => {
    const created = expectOk<Item & { options: Item[] }>(
      await adminCall(app, 'POST', '/features', {
        token,
        body: {
          name_ar: 'اللون',
          name_en: 'Colour',
          options: [
            { name_ar: 'أزرق', name_en: 'Blue' },
            { name_ar: 'أبيض', name_en: 'White' },
          ],
        },
      }),
      'cms.created',
    );
    expect(created.options.map((o) => [o.name_en, o.sort])).toEqual([
      ['Blue', 0],
      ['White', 1],
    ]);
    const [blue, white] = created.options;
    const edited = expectOk<Item & { options: Item[] }>(
      await adminCall(app, 'POST', `/features/${created.id}`, {
        token,
        body: {
          name_ar: 'اللون',
          name_en: 'Colour',
          options: [
            { id: white!.id, name_ar: 'أبيض ناصع', name_en: 'Bright white' },
            { name_ar: 'رمادي', name_en: 'Grey' },
          ],
        },
      }),
      'cms.saved',
    );
    expect(edited.options.map((o) => [o.id === white!.id, o.name_en])).toEqual([
      [true, 'Bright white'],
      [false, 'Grey'],
    ]);
    expect(await app.db.select().from(tables.featureOptions).where(eq(tables.featureOptions.id, blue!.id))).toEqual([]);

    const one = expectOk<Item & { options: Item[] }>(await adminCall(app, 'GET', `/features/${created.id}`, { token }));
    expect(one.options).toHaveLength(2);
    const list = expectOk<{ data: (Item & { options: Item[] })[] }>(
      await adminCall(app, 'GET', '/features', { token, query: { q: 'colour' } }),
    );
    expect(list.data[0]!.options.map((o) => o.name_en)).toEqual(['Bright white', 'Grey']);
  });

  it('validate in both languages, and keep options that products use', async () => {
    for (const lang of ['ar', 'en'] as const) {
      expectFields(
        await adminCall(app, 'POST', '/features', {
          token,
          lang,
          body: { name_ar: 'الحجم', name_en: 'Size', options: [] },
        }),
        {
          options: 'catalogue.options_required',
        },
        lang,
      );
      expectFields(
        await adminCall(app, 'POST', '/features', {
          token,
          lang,
          body: { name_ar: 'الحجم', name_en: 'Size', options: [{ name_ar: 'كبير' }] },
        }),
        { 'options.0.name_en': 'validation.required' },
        lang,
      );
    }
    const feature = await makeFeature(app.db, {
      nameAr: 'القدرة',
      nameEn: 'Power',
      options: [
        ['1 حصان', '1 HP'],
        ['2 حصان', '2 HP'],
      ],
    });
    const [hp1, hp2] = feature.options;
    await makeProduct(app.db, { variants: [{ price: 1000, optionIds: [hp1!.id] }] });
    const res = await adminCall(app, 'POST', `/features/${feature.id}`, {
      token,
      lang: 'en',
      body: { name_ar: 'القدرة', name_en: 'Power', options: [{ id: hp2!.id, name_ar: '2 حصان', name_en: '2 HP' }] },
    });
    expectFields(res, { options: ['catalogue.option_in_use', { name: '1 حصان (1 HP)' }] }, 'en');
    expectStatus(await adminCall(app, 'DELETE', `/features/${feature.id}`, { token }), 409, 'fail');
    // An option id of another feature is refused.
    const other = await makeFeature(app.db);
    expectFields(
      await adminCall(app, 'POST', `/features/${other.id}`, {
        token,
        body: { name_ar: 'أخرى', name_en: 'Other', options: [{ id: hp2!.id, name_ar: 'س', name_en: 'x' }] },
      }),
      { 'options.0.id': 'validation.invalid' },
    );
  });

  it('need their permissions', async () => {
    const viewer = await adminToken(app, ['features.view']);
    expectOk(await adminCall(app, 'GET', '/features', { token: viewer }));
    expectStatus(
      await adminCall(app, 'POST', '/features', { token: viewer, body: { name_ar: 'س', name_en: 'x', options: [] } }),
      403,
      'forbidden',
    );
  });
});
