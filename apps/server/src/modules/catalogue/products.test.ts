/**
 * Dashboard products: the review step (preview writes nothing and shows what
 * the save stores), create and edit of simple and multi-attribute products,
 * the rules and their messages in both languages, the main display group's
 * approval, flags, soft delete, list filters, and the audit log.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { makeProduct, tables } from '@pool/db';
import type { AdminProduct, ProductPreview } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import {
  adminCall,
  adminToken,
  catalogue,
  expectFields,
  expectOk,
  expectStatus,
  multiBody,
  simpleBody,
  uploadImage,
  type Catalogue,
} from './testing.ts';

let app: TestApp;
let token: string;
let c: Catalogue;

beforeAll(async () => {
  app = await buildTestApp();
  token = await adminToken(app);
  c = await catalogue(app);
});
afterAll(() => app.close());

const rows = async () => (await app.db.select({ n: count() }).from(tables.products))[0]!.n;

describe('the review step (confirm create / confirm edit)', () => {
  it('shows a simple product with its computed discount, and writes nothing', async () => {
    const before = await rows();
    const image = await uploadImage(app, token);
    const res = await adminCall(app, 'POST', '/products/preview', {
      token,
      body: simpleBody(c, {
        images: [image],
        discount_type: 'ratio',
        discount_value: 10,
        sizes: ['1 HP', '1 HP', '0.75 HP'],
        installation_price: 15_000,
      }),
    });
    const preview = expectOk<ProductPreview>(res, 'catalogue.preview_ready');
    expect(preview).toMatchObject({
      id: null,
      type: 'simple',
      price: 150_000,
      discounted_price: 135_000,
      discount_active: true,
      stock: 8,
      sizes: ['1 HP', '0.75 HP'],
      installation_price: 15_000,
      images: [image],
      category: { id: c.pumps.id, name_en: 'Pumps' },
      sub_category: { id: c.poolPumps.id },
      brand: { id: c.brand.id, name_ar: 'أكوا' },
      main_variant_review: false,
      deactivated_variants: [],
    });
    expect(preview.variants).toEqual([
      expect.objectContaining({
        id: null,
        sku: 'AQUA-POOL-PUMP',
        price: 150_000,
        discounted_price: 135_000,
        is_main: true,
      }),
    ]);
    expect(await rows()).toBe(before);
  });

  it('builds every option combination of a multi-attribute product with generated SKUs', async () => {
    const res = await adminCall(app, 'POST', '/products/preview', { token, body: multiBody(c) });
    const preview = expectOk<ProductPreview>(res, 'catalogue.preview_ready');
    expect(preview.variants.map((v) => [v.sku, v.name_ar, v.price, v.stock, v.is_main])).toEqual([
      ['MULTI-POWER-PUMP-SMALL-1-HP', 'صغير / 1 حصان', 200_000, 3, true],
      ['MULTI-POWER-PUMP-SMALL-1-5-HP', 'صغير / 1.5 حصان', 200_000, 3, false],
      ['MULTI-POWER-PUMP-LARGE-1-HP', 'كبير / 1 حصان', 200_000, 3, false],
      ['MULTI-POWER-PUMP-LARGE-1-5-HP', 'كبير / 1.5 حصان', 200_000, 3, false],
    ]);
    expect(preview.stock).toBe(12);
    expect(preview.features.map((f) => [f.name_en, f.options.map((o) => o.name_en)])).toEqual([
      ['Size', ['Small', 'Large']],
      ['Power', ['1 HP', '1.5 HP']],
    ]);
  });

  it('takes explicit groups with their own price, stock, SKU and images, and a main display group', async () => {
    const [small, , large] = c.size.options;
    const [hp1, hp15] = c.power.options;
    const image = await uploadImage(app, token, 90);
    const body = multiBody(c, {
      price: undefined,
      variants: [
        { option_ids: [small!.id, hp1!.id], price: 180_000, stock: 2, sku: 'mp-s-1' },
        { option_ids: [hp15!.id, large!.id], price: 260_000, stock: 0, images: [image] },
      ],
      main_option_ids: [large!.id, hp15!.id],
      discount_type: 'number',
      discount_value: 20_000,
    });
    const preview = expectOk<ProductPreview>(
      await adminCall(app, 'POST', '/products/preview', { token, body }),
      'catalogue.preview_ready',
    );
    expect(preview.variants.map((v) => [v.sku, v.price, v.discounted_price, v.stock, v.is_main, v.images])).toEqual([
      ['MP-S-1', 180_000, 160_000, 2, false, []],
      ['MULTI-POWER-PUMP-LARGE-1-5-HP', 260_000, 240_000, 0, true, [image]],
    ]);
    // The product shows the main display group's price.
    expect([preview.price, preview.discounted_price, preview.stock]).toEqual([260_000, 240_000, 2]);
  });

  it('gives every rule its message in Arabic and English', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ discount_type: 'number', discount_value: 150_001 }, { discount_value: 'catalogue.discount_over_price' }],
      [{ discount_type: 'ratio', discount_value: 100 }, { discount_value: 'catalogue.discount_ratio_max' }],
      [{ discount_type: 'ratio', discount_value: 0 }, { discount_value: 'catalogue.discount_value_required' }],
      [
        { discount_type: 'ratio', discount_value: 5, discount_expires_at: '2020-01-01T00:00:00Z' },
        { discount_expires_at: 'catalogue.discount_expiry_future' },
      ],
      [{ sub_category_id: c.chlorine.id }, { sub_category_id: 'catalogue.sub_category_mismatch' }],
      [{ category_id: c.poolPumps.id, sub_category_id: undefined }, { category_id: 'catalogue.category_not_top' }],
      [{ category_id: 999_999 }, { category_id: 'catalogue.category_unknown' }],
      [{ brand_id: 999_999 }, { brand_id: 'catalogue.brand_unknown' }],
      [{ images: ['/uploads/users/0123456789abcdef0123456789abcdef.png'] }, { 'images.0': 'catalogue.image_unknown' }],
      [{ images: ['https://evil.example/x.png'] }, { 'images.0': 'catalogue.image_unknown' }],
      [
        { price: undefined, stock: undefined },
        { price: 'validation.required', stock: 'validation.required' },
      ],
      [{ price: -1 }, { price: 'validation.invalid' }],
      [{ sku: 'bad sku!' }, { sku: 'catalogue.sku_format' }],
      [{ name_ar: '' }, { name_ar: 'validation.required' }],
      [{ description_en: undefined }, { description_en: 'validation.required' }],
      [{ type: 'multi', features: [] }, { features: 'catalogue.features_required' }],
    ];
    for (const lang of ['ar', 'en'] as const) {
      for (const [change, fields] of cases) {
        const res = await adminCall(app, 'POST', '/products/preview', {
          token,
          lang,
          body: { ...simpleBody(c), ...change },
        });
        expectFields(res, fields, lang);
      }
    }
    // Several rules at once: every field error is reported together.
    const res = await adminCall(app, 'POST', '/products/preview', {
      token,
      lang: 'en',
      body: simpleBody(c, {
        brand_id: 999_999,
        discount_type: 'ratio',
        discount_value: 120,
        sub_category_id: c.chlorine.id,
      }),
    });
    expectFields(
      res,
      {
        brand_id: 'catalogue.brand_unknown',
        discount_value: 'catalogue.discount_ratio_max',
        sub_category_id: 'catalogue.sub_category_mismatch',
      },
      'en',
    );
    expect((res.json() as { data: Record<string, string> }).data.discount_value).toBe(
      'The discount percentage must be below 100%',
    );
  });

  it('checks groups, options and the main display choice of a multi-attribute product', async () => {
    const [small, medium] = c.size.options;
    const [hp1] = c.power.options;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { features: [{ feature_id: c.size.id, option_ids: [c.power.options[0]!.id] }] },
        { 'features.0.option_ids': 'catalogue.option_unknown' },
      ],
      [
        {
          features: [
            { feature_id: c.size.id, option_ids: [small!.id] },
            { feature_id: c.size.id, option_ids: [medium!.id] },
          ],
        },
        { 'features.1.feature_id': 'catalogue.feature_repeated' },
      ],
      [
        { variants: [{ option_ids: [medium!.id, hp1!.id], price: 1000, stock: 1 }] },
        { 'variants.0.option_ids': 'catalogue.variant_unknown' },
      ],
      [
        { variants: [{ option_ids: [small!.id], price: 1000, stock: 1 }] },
        { 'variants.0.option_ids': 'catalogue.variant_unknown' },
      ],
      [
        {
          variants: [
            { option_ids: [small!.id, hp1!.id], price: 1000, stock: 1 },
            { option_ids: [hp1!.id, small!.id], price: 1000, stock: 1 },
          ],
        },
        { 'variants.1.option_ids': 'catalogue.variant_repeated' },
      ],
      [
        {
          variants: [
            { option_ids: [small!.id, hp1!.id], price: 1000, stock: 1, sku: 'SAME' },
            { option_ids: [c.size.options[2]!.id, hp1!.id], price: 1000, stock: 1, sku: 'same' },
          ],
        },
        { 'variants.1.sku': 'catalogue.sku_repeated' },
      ],
      [{ main_option_ids: [medium!.id, hp1!.id] }, { main_option_ids: 'catalogue.main_unknown' }],
      [{ price: undefined }, { price: 'validation.required' }],
    ];
    for (const lang of ['ar', 'en'] as const) {
      for (const [change, fields] of cases) {
        const res = await adminCall(app, 'POST', '/products/preview', {
          token,
          lang,
          body: { ...multiBody(c), ...change },
        });
        expectFields(res, fields, lang);
      }
    }
  });
});

describe('saving', () => {
  it('creates a multi-attribute product as previewed, then edits it keeping the groups', async () => {
    const image = await uploadImage(app, token, 120);
    const body = multiBody(c, { images: [image], name_en: 'Saved pump' });
    const preview = expectOk<ProductPreview>(
      await adminCall(app, 'POST', '/products/preview', { token, body }),
      'catalogue.preview_ready',
    );
    const created = expectOk<AdminProduct>(
      await adminCall(app, 'POST', '/products', { token, body }),
      'catalogue.product_created',
    );
    expect(created.id).toBeGreaterThan(0);
    const comparable = (p: AdminProduct) => ({
      ...p,
      id: null,
      created_at: null,
      updated_at: null,
      main_variant_id: null,
      variants: p.variants.map((v) => ({ ...v, id: null })),
    });
    const { main_variant_review: _r, requested_main_sku: _s, deactivated_variants: _d, ...previewed } = preview;
    expect(comparable(created)).toEqual(comparable(previewed as AdminProduct));
    const [row] = await app.db.select().from(tables.products).where(eq(tables.products.id, created.id!));
    expect(row).toMatchObject({ price: 200_000, stock: 12, mainVariantId: created.variants[0]!.id });
    expect(row!.searchText).toContain('saved pump');
    expect(row!.searchText).toContain('مضخه');
    expect(row!.searchText).toContain('aqua');

    // Edit: drop "large", change a price; the kept groups keep their ids, the dropped ones are deactivated.
    const [small] = c.size.options;
    const [hp1, hp15] = c.power.options;
    const edit = multiBody(c, {
      images: [image],
      name_en: 'Saved pump',
      features: [
        { feature_id: c.size.id, option_ids: [small!.id] },
        { feature_id: c.power.id, option_ids: [hp1!.id, hp15!.id] },
      ],
      price: undefined,
      variants: [
        { option_ids: [small!.id, hp1!.id], price: 210_000, stock: 5 },
        { option_ids: [small!.id, hp15!.id], price: 230_000, stock: 1 },
      ],
    });
    const editPreview = expectOk<ProductPreview>(
      await adminCall(app, 'POST', `/products/${created.id}/preview`, { token, body: edit }),
      'catalogue.preview_ready',
    );
    expect(editPreview.deactivated_variants.map((v) => v.sku)).toEqual([
      'SAVED-PUMP-LARGE-1-HP',
      'SAVED-PUMP-LARGE-1-5-HP',
    ]);
    expect(editPreview.main_variant_review).toBe(false);
    const edited = expectOk<AdminProduct>(
      await adminCall(app, 'POST', `/products/${created.id}`, { token, body: edit }),
      'catalogue.product_saved',
    );
    expect(edited.variants.map((v) => [v.id, v.sku, v.price, v.stock])).toEqual([
      [created.variants[0]!.id, 'SAVED-PUMP-SMALL-1-HP', 210_000, 5],
      [created.variants[1]!.id, 'SAVED-PUMP-SMALL-1-5-HP', 230_000, 1],
    ]);
    expect([edited.price, edited.stock]).toEqual([210_000, 6]);
    const inactive = await app.db
      .select()
      .from(tables.productVariants)
      .where(and(eq(tables.productVariants.productId, created.id!), eq(tables.productVariants.isActive, false)));
    expect(inactive).toHaveLength(2);
  });

  it('refuses a SKU another product holds, and numbers a generated one that is taken', async () => {
    const other = await makeProduct(app.db, { variants: [{ price: 100, sku: 'TAKEN-1' }] });
    const res = await adminCall(app, 'POST', '/products', { token, body: simpleBody(c, { sku: 'taken-1' }) });
    expectFields(res, { sku: 'catalogue.sku_taken' });
    await makeProduct(app.db, { variants: [{ price: 100, sku: 'UNIQUE-NAME' }] });
    const saved = expectOk<AdminProduct>(
      await adminCall(app, 'POST', '/products', { token, body: simpleBody(c, { name_en: 'Unique name' }) }),
      'catalogue.product_created',
    );
    expect(saved.variants[0]!.sku).toBe('UNIQUE-NAME-2');
    expect(other.variants[0]!.sku).toBe('TAKEN-1');
  });

  it('keeps an unchanged past discount expiry on edit, and removes images dropped from the gallery', async () => {
    const a = await uploadImage(app, token, 10);
    const b = await uploadImage(app, token, 20);
    const created = expectOk<AdminProduct>(
      await adminCall(app, 'POST', '/products', {
        token,
        body: simpleBody(c, { name_en: 'Gallery pump', images: [a, b] }),
      }),
      'catalogue.product_created',
    );
    expect(created.images).toEqual([a, b]);
    const past = new Date(Date.now() - 86_400_000);
    await app.db
      .update(tables.products)
      .set({ discountType: 'ratio', discountValue: 10, discountExpiresAt: past })
      .where(eq(tables.products.id, created.id!));
    const body = simpleBody(c, {
      name_en: 'Gallery pump',
      images: [b],
      discount_type: 'ratio',
      discount_value: 10,
      discount_expires_at: past.toISOString(),
    });
    const edited = expectOk<AdminProduct>(
      await adminCall(app, 'POST', `/products/${created.id}`, { token, body }),
      'catalogue.product_saved',
    );
    expect(edited.images).toEqual([b]);
    expect(edited.discount_active).toBe(false);
    expect((await app.inject({ method: 'GET', url: a })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: b })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown product and 422 for a missing upload file', async () => {
    expectStatus(await adminCall(app, 'POST', '/products/999999', { token, body: simpleBody(c) }), 404, 'notFound');
    expectStatus(
      await adminCall(app, 'POST', '/products/999999/preview', { token, body: simpleBody(c) }),
      404,
      'notFound',
    );
    expectStatus(await adminCall(app, 'GET', '/products/999999', { token }), 404, 'notFound');
    expectFields(await adminCall(app, 'POST', '/products/images', { token, body: {} }), {
      image: 'validation.required',
    });
  });
});

describe('the main display group', () => {
  let productId = 0;
  let groups: AdminProduct['variants'] = [];
  const [small, , large] = [0, 1, 2];

  beforeEach(async () => {
    const created = expectOk<AdminProduct>(
      await adminCall(app, 'POST', '/products', { token, body: multiBody(c, { name_en: `Main pump ${Date.now()}` }) }),
      'catalogue.product_created',
    );
    productId = created.id!;
    groups = created.variants;
  });

  const changeTo = (optionIds: number[], who = token) =>
    adminCall(app, 'POST', `/products/${productId}`, {
      token: who,
      body: multiBody(c, { name_en: 'Main pump', main_option_ids: optionIds }),
    });

  it('is sent for review instead of applied, and an approver applies it', async () => {
    const target = [c.size.options[large]!.id, c.power.options[1]!.id];
    const preview = expectOk<ProductPreview>(
      await adminCall(app, 'POST', `/products/${productId}/preview`, {
        token,
        body: multiBody(c, { name_en: 'Main pump', main_option_ids: target }),
      }),
      'catalogue.preview_ready',
    );
    expect(preview.main_variant_review).toBe(true);
    expect(preview.variants.find((v) => v.is_main)!.id).toBe(groups[0]!.id);

    const saved = expectOk<AdminProduct>(await changeTo(target), 'catalogue.main_variant_sent');
    expect(saved.main_variant_id).toBe(groups[0]!.id);
    const wanted = saved.variants.find((v) => v.sku.endsWith('LARGE-1-5-HP'))!;
    expect(saved.pending_main_variant).toMatchObject({ variant_id: wanted.id, sku: wanted.sku });

    const approver = await adminToken(app, ['products.approve']);
    const list = expectOk<{
      data: { id: number; status: string; product: { id: number }; requested: { sku: string } }[];
    }>(await adminCall(app, 'GET', '/product-main-changes', { token: approver, query: { status: 'pending' } }));
    const request = list.data.find((r) => r.product.id === productId)!;
    expect(request.requested.sku).toBe(wanted.sku);

    // An editor without `products.approve` cannot decide.
    const editor = await adminToken(app, ['products.edit', 'products.view']);
    expectStatus(
      await adminCall(app, 'POST', `/product-main-changes/${request.id}/approve`, { token: editor }),
      403,
      'forbidden',
    );

    expectOk(
      await adminCall(app, 'POST', `/product-main-changes/${request.id}/approve`, { token: approver }),
      'catalogue.change_approved',
    );
    const after = expectOk<AdminProduct>(await adminCall(app, 'GET', `/products/${productId}`, { token }));
    expect(after.main_variant_id).toBe(wanted.id);
    expect(after.pending_main_variant).toBeNull();
    expect(after.variants.find((v) => v.is_main)!.sku).toBe(wanted.sku);
    const [row] = await app.db.select().from(tables.products).where(eq(tables.products.id, productId));
    expect(row!.price).toBe(wanted.price);

    // Decided once: a second decision is refused, in the admin's language.
    const again = await adminCall(app, 'POST', `/product-main-changes/${request.id}/reject`, {
      token: approver,
      lang: 'en',
    });
    expectStatus(again, 409, 'fail');
    expect(again.json().msg).toBe('This request was already decided');
  });

  it('can be rejected, and a newer request replaces an older one', async () => {
    expectOk(await changeTo([c.size.options[large]!.id, c.power.options[0]!.id]), 'catalogue.main_variant_sent');
    expectOk(await changeTo([c.size.options[small]!.id, c.power.options[1]!.id]), 'catalogue.main_variant_sent');
    const pending = await app.db
      .select()
      .from(tables.mainVariantChanges)
      .where(and(eq(tables.mainVariantChanges.productId, productId), eq(tables.mainVariantChanges.status, 'pending')));
    expect(pending).toHaveLength(1);
    expectOk(
      await adminCall(app, 'POST', `/product-main-changes/${pending[0]!.id}/reject`, { token }),
      'catalogue.change_rejected',
    );
    const after = expectOk<AdminProduct>(await adminCall(app, 'GET', `/products/${productId}`, { token }));
    expect(after.main_variant_id).toBe(groups[0]!.id);
    expect(after.pending_main_variant).toBeNull();
  });

  it('applies at once when the edit removes the current main group', async () => {
    const largeOnly = multiBody(c, {
      name_en: 'Main pump',
      features: [
        { feature_id: c.size.id, option_ids: [c.size.options[large]!.id] },
        { feature_id: c.power.id, option_ids: [c.power.options[0]!.id] },
      ],
    });
    const saved = expectOk<AdminProduct>(
      await adminCall(app, 'POST', `/products/${productId}`, { token, body: largeOnly }),
      'catalogue.product_saved',
    );
    expect(saved.variants).toHaveLength(1);
    expect(saved.main_variant_id).toBe(saved.variants[0]!.id);
    expect(saved.pending_main_variant).toBeNull();
  });

  it('refuses to approve a group that is no longer offered', async () => {
    expectOk(await changeTo([c.size.options[large]!.id, c.power.options[1]!.id]), 'catalogue.main_variant_sent');
    const [request] = await app.db
      .select()
      .from(tables.mainVariantChanges)
      .where(and(eq(tables.mainVariantChanges.productId, productId), eq(tables.mainVariantChanges.status, 'pending')));
    await app.db
      .update(tables.productVariants)
      .set({ isActive: false })
      .where(eq(tables.productVariants.id, request!.variantId));
    expectStatus(await adminCall(app, 'POST', `/product-main-changes/${request!.id}/approve`, { token }), 409, 'fail');
  });
});

describe('flags, delete, lists and the audit log', () => {
  it('activates, deactivates, sets availability and soft-deletes, with audit rows', async () => {
    const editor = await adminToken(app, ['products.edit', 'products.delete', 'products.view']);
    const product = await makeProduct(app.db, { nameEn: 'Flag pump', categoryId: c.pumps.id });
    expectOk(
      await adminCall(app, 'POST', `/products/${product.id}/deactivate`, { token: editor }),
      'catalogue.product_deactivated',
    );
    expectOk(
      await adminCall(app, 'POST', `/products/${product.id}/availability`, {
        token: editor,
        body: { available: 'false' },
      }),
      'catalogue.availability_saved',
    );
    let [row] = await app.db.select().from(tables.products).where(eq(tables.products.id, product.id));
    expect([row!.isActive, row!.isAvailable]).toEqual([false, false]);
    expectOk(
      await adminCall(app, 'POST', `/products/${product.id}/activate`, { token: editor }),
      'catalogue.product_activated',
    );
    expectFields(
      await adminCall(app, 'POST', `/products/${product.id}/availability`, {
        token: editor,
        body: { available: 'maybe' },
      }),
      { available: 'validation.invalid' },
    );
    expectOk(await adminCall(app, 'DELETE', `/products/${product.id}`, { token: editor }), 'catalogue.product_deleted');
    [row] = await app.db.select().from(tables.products).where(eq(tables.products.id, product.id));
    expect(row!.deletedAt).not.toBeNull();
    expectStatus(await adminCall(app, 'GET', `/products/${product.id}`, { token: editor }), 404, 'notFound');
    expectStatus(await adminCall(app, 'DELETE', `/products/${product.id}`, { token: editor }), 404, 'notFound');

    const audit = await app.db
      .select({ subject: tables.auditLogs.subject, method: tables.auditLogs.method })
      .from(tables.auditLogs)
      .where(eq(tables.auditLogs.url, `/api/admin/products/${product.id}/deactivate`));
    expect(audit).toEqual([{ subject: 'products.deactivate', method: 'POST' }]);
    const deleted = await app.db
      .select({ subject: tables.auditLogs.subject })
      .from(tables.auditLogs)
      .where(and(eq(tables.auditLogs.url, `/api/admin/products/${product.id}`), eq(tables.auditLogs.method, 'DELETE')));
    expect(deleted).toEqual([{ subject: 'products.delete' }]);
  });

  it('lists with search, filters, and the sold-out and low-stock views', async () => {
    const brandOnly = await makeProduct(app.db, {
      nameAr: 'فلتر رملي',
      nameEn: 'Sand filter',
      categoryId: c.chemicals.id,
      stock: 0,
      variants: [{ price: 5000, stock: 0 }],
    });
    const low = await makeProduct(app.db, {
      nameAr: 'كلور سائل',
      nameEn: 'Liquid chlorine',
      categoryId: c.chemicals.id,
      subCategoryId: c.chlorine.id,
      variants: [{ price: 3000, stock: 4 }],
    });
    const plenty = await makeProduct(app.db, {
      nameAr: 'كلور أقراص',
      nameEn: 'Chlorine tablets',
      categoryId: c.chemicals.id,
      subCategoryId: c.chlorine.id,
      variants: [{ price: 3000, stock: 40 }],
    });
    type List = {
      data: { id: number; low_stock: boolean; category: string | null }[];
      pagination: { total_items: number };
    };
    const ids = async (query: Record<string, string>) =>
      expectOk<List>(
        await adminCall(app, 'GET', '/products', { token, query: { category_id: String(c.chemicals.id), ...query } }),
      ).data.map((r) => r.id);

    expect(await ids({ stock: 'sold_out' })).toEqual([brandOnly.id]);
    expect(await ids({ stock: 'low_stock' })).toEqual([low.id]);
    expect((await ids({ stock: 'in_stock' })).sort()).toEqual([low.id, plenty.id].sort());
    expect((await ids({ sub_category_id: String(c.chlorine.id) })).sort()).toEqual([low.id, plenty.id].sort());
    expect(await ids({ q: 'اقراص' })).toEqual([plenty.id]);

    // The threshold is a setting.
    expectOk(
      await adminCall(app, 'POST', '/products/stock-settings', { token, body: { low_stock_threshold: 50 } }),
      'catalogue.settings_saved',
    );
    expect((await ids({ stock: 'low_stock' })).sort()).toEqual([low.id, plenty.id].sort());
    expect(
      expectOk<{ low_stock_threshold: number }>(await adminCall(app, 'GET', '/products/stock-settings', { token })),
    ).toEqual({ low_stock_threshold: 50 });
    expectFields(
      await adminCall(app, 'POST', '/products/stock-settings', { token, body: { low_stock_threshold: -1 } }),
      {
        low_stock_threshold: 'validation.invalid',
      },
    );
    expectOk(
      await adminCall(app, 'POST', '/products/stock-settings', { token, body: { low_stock_threshold: 5 } }),
      'catalogue.settings_saved',
    );

    const english = expectOk<List>(
      await adminCall(app, 'GET', '/products', { token, lang: 'en', query: { q: 'LIQUID' } }),
      'server.success',
      'en',
    );
    expect(english.data.map((r) => [r.id, r.low_stock, r.category])).toEqual([[low.id, true, 'Chemicals']]);
    expectFields(await adminCall(app, 'GET', '/products', { token, query: { stock: 'nope' } }), {
      stock: 'validation.invalid',
    });
  });
});
