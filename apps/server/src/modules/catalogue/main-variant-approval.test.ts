/**
 * Dashboard products, the main display group: a change is sent for review
 * instead of applied, then approved or rejected by an admin holding
 * `products.approve`; it applies at once when the edit removes the current one.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { AdminProduct, ProductPreview } from '@pool/contracts';
import {
  adminCall,
  adminToken,
  expectOk,
  expectStatus,
  multiBody,
  productTestSetup,
  type ProductTest,
} from './testing.ts';

let { app, token, c } = {} as ProductTest;

beforeAll(async () => {
  ({ app, token, c } = await productTestSetup());
});
afterAll(() => app.close());

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
