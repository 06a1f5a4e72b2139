/**
 * Dashboard products, saving: create and edit of simple and multi-attribute
 * products as previewed, SKUs, discount expiry and gallery images on edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeProduct, tables } from '@pool/db';
import type { AdminProduct, ProductPreview } from '@pool/contracts';
import {
  adminCall,
  expectFields,
  expectOk,
  expectStatus,
  multiBody,
  productTestSetup,
  simpleBody,
  uploadImage,
  type ProductTest,
} from './testing.ts';

let { app, token, c } = {} as ProductTest;

beforeAll(async () => {
  ({ app, token, c } = await productTestSetup());
});
afterAll(() => app.close());

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

  it('an edit saves the names, descriptions, category, brand, sizes and flags too, not only the groups', async () => {
    const created = expectOk<AdminProduct>(
      await adminCall(app, 'POST', '/products', {
        token,
        body: simpleBody(c, { name_en: 'Plain pump', sku: 'PLAIN-1' }),
      }),
      'catalogue.product_created',
    );
    const body = simpleBody(c, {
      sku: 'PLAIN-1',
      name_ar: 'مضخة معدلة',
      name_en: 'Renamed pump',
      description_ar: 'وصف جديد للمضخة',
      description_en: 'A new description',
      category_id: c.chemicals.id,
      sub_category_id: c.chlorine.id,
      brand_id: undefined,
      sizes: ['10 L'],
      installation_price: 5_000,
      is_available: false,
      price: 123_400,
    });
    const edited = expectOk<AdminProduct>(
      await adminCall(app, 'POST', `/products/${created.id}`, { token, body }),
      'catalogue.product_saved',
    );
    expect(edited).toMatchObject({
      name_ar: 'مضخة معدلة',
      name_en: 'Renamed pump',
      description_ar: 'وصف جديد للمضخة',
      description_en: 'A new description',
      category_id: c.chemicals.id,
      sub_category_id: c.chlorine.id,
      brand_id: null,
      sizes: ['10 L'],
      installation_price: 5_000,
      is_available: false,
      price: 123_400,
    });
    const [row] = await app.db.select().from(tables.products).where(eq(tables.products.id, created.id!));
    expect([row!.nameEn, row!.categoryId, row!.isAvailable, row!.price]).toEqual([
      'Renamed pump',
      c.chemicals.id,
      false,
      123_400,
    ]);
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
