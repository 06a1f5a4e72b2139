/** Dashboard products: flags, soft delete, the list with its filters and low-stock threshold, and the audit log. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeProduct, tables } from '@pool/db';
import {
  adminCall,
  adminToken,
  expectFields,
  expectOk,
  expectStatus,
  productTestSetup,
  type ProductTest,
} from './testing.ts';

let { app, token, c } = {} as ProductTest;

beforeAll(async () => {
  ({ app, token, c } = await productTestSetup());
});
afterAll(() => app.close());

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
