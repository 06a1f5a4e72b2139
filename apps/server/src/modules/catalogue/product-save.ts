/**
 * The dashboard's product writes (issue 4): the save of a planned product (the
 * product row, its groups, images, totals, search text and any main display
 * change sent for review), its on/off and availability flags, and the soft
 * delete. The product row keeps the main display group's price and the summed
 * stock.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { isUniqueViolation, tables, type Db } from '@pool/db';
import type { ProductBody } from '@pool/contracts';
import { notFound } from '../../lib/errors.ts';
import { invalid, planProduct } from './product-plan.ts';
import { keyOf, loadStored, type ProductContext } from './product-shape.ts';
import { searchTextOf } from './search.ts';

const { products: p, productVariants: pv, variantOptions: vo, productImages: pi, mainVariantChanges: mvc } = tables;

export type Saved = { id: number; mainReview: boolean; removedImages: string[] };

/** Creates (no id) or edits a product in one transaction; returns what the caller reports. */
export async function saveProduct(
  db: Db,
  ctx: ProductContext,
  body: ProductBody,
  adminId: number,
  id?: number,
): Promise<Saved> {
  try {
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const existing = id ? await loadStored(tx, id, true) : undefined;
      if (id && !existing) throw notFound();
      const plan = await planProduct(tx, ctx, body, existing);
      const s = plan.shape;
      const values = {
        type: s.type,
        nameAr: s.nameAr,
        nameEn: s.nameEn,
        descriptionAr: s.descriptionAr,
        descriptionEn: s.descriptionEn,
        categoryId: s.categoryId,
        subCategoryId: s.subCategoryId,
        brandId: s.brandId,
        discountType: s.discountType,
        discountValue: s.discountValue,
        discountExpiresAt: s.discountExpiresAt,
        sizes: s.sizes,
        installationPrice: s.installationPrice,
        isAvailable: s.isAvailable,
        isActive: s.isActive,
        price: 0,
        stock: 0,
        updatedAt: new Date(),
      };
      // An edit writes the product's own fields too (names, descriptions, category, flags…); price and
      // stock follow from the groups below.
      if (existing) await tx.update(p).set(values).where(eq(p.id, existing.row.id));
      const productId = existing
        ? existing.row.id
        : (
            await tx
              .insert(p)
              .values({ ...values, createdBy: adminId })
              .returning({ id: p.id })
          )[0]!.id;

      // Groups: SKUs that move between groups are parked first, so the unique index never sees two at once.
      const storedSku = new Map((existing?.variants ?? []).map((v) => [v.id, v.sku]));
      const moving = s.variants.filter((v) => v.id !== null && storedSku.get(v.id) !== v.sku);
      for (const v of moving)
        await tx
          .update(pv)
          .set({ sku: `#${v.id}` })
          .where(eq(pv.id, v.id!));
      if (plan.deactivated.length)
        await tx
          .update(pv)
          .set({ isActive: false, updatedAt: new Date() })
          .where(
            inArray(
              pv.id,
              plan.deactivated.map((d) => d.id),
            ),
          );
      for (const v of s.variants) {
        if (v.id !== null) {
          await tx
            .update(pv)
            .set({ sku: v.sku, price: v.price, stock: v.stock, isActive: true, updatedAt: new Date() })
            .where(eq(pv.id, v.id));
        } else {
          v.id = (
            await tx
              .insert(pv)
              .values({ productId, sku: v.sku, price: v.price, stock: v.stock })
              .returning({ id: pv.id })
          )[0]!.id;
          if (v.optionIds.length)
            await tx.insert(vo).values(v.optionIds.map((optionId) => ({ variantId: v.id!, optionId })));
        }
      }

      // Images: the gallery in order, then each group's own.
      const before = new Set([...(existing?.images ?? []), ...(existing?.variants ?? []).flatMap((v) => v.images)]);
      await tx.delete(pi).where(eq(pi.productId, productId));
      const rows = [
        ...s.images.map((path, sort) => ({ productId, variantId: null, path, sort })),
        ...s.variants.flatMap((v) => v.images.map((path, sort) => ({ productId, variantId: v.id, path, sort }))),
      ];
      if (rows.length) await tx.insert(pi).values(rows);
      const after = new Set(rows.map((r) => r.path));

      // The main display group, the totals and the search text.
      const main = s.variants.find((v) => keyOf(v.optionIds) === s.mainKey) ?? s.variants[0]!;
      const names = plan.names;
      const catName = (id: number | null) => (id ? names.refs.get(id) : undefined);
      await tx
        .update(p)
        .set({
          mainVariantId: main.id,
          price: main.price,
          stock: s.variants.reduce((sum, v) => sum + v.stock, 0),
          searchText: searchTextOf({
            nameAr: s.nameAr,
            nameEn: s.nameEn,
            names: [
              catName(s.categoryId)?.name_ar,
              catName(s.categoryId)?.name_en,
              catName(s.subCategoryId)?.name_ar,
              catName(s.subCategoryId)?.name_en,
              s.brandId ? names.brands.get(s.brandId)?.name_ar : null,
              s.brandId ? names.brands.get(s.brandId)?.name_en : null,
            ],
            skus: s.variants.map((v) => v.sku),
          }),
        })
        .where(eq(p.id, productId));

      if (plan.mainReview) {
        const requested = s.variants.find((v) => keyOf(v.optionIds) === plan.requestedKey)!;
        // One open request per product: a new one replaces the one waiting.
        await tx.delete(mvc).where(and(eq(mvc.productId, productId), eq(mvc.status, 'pending')));
        await tx.insert(mvc).values({ productId, variantId: requested.id!, requestedBy: adminId });
      }
      return { id: productId, mainReview: plan.mainReview, removedImages: [...before].filter((u) => !after.has(u)) };
    });
  } catch (error) {
    // Two saves racing for one SKU: the loser is told like any taken SKU.
    if (isUniqueViolation(error))
      throw invalid({ [body.type === 'simple' ? 'sku' : 'variants']: { key: 'catalogue.sku_taken' } });
    throw error;
  }
}

/** Sets flags of a product that is not deleted; false when there is none. */
export async function setProductFlags(db: Db, id: number, set: { isActive?: boolean; isAvailable?: boolean }) {
  const rows = await db
    .update(p)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(p.id, id), isNull(p.deletedAt)))
    .returning({ id: p.id });
  return rows.length > 0;
}

/** Soft delete: the row stays for orders and reports; the store and the dashboard no longer show it. */
export async function deleteProduct(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(p)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(p.id, id), isNull(p.deletedAt)))
      .returning({ id: p.id });
    if (rows.length) await tx.delete(mvc).where(and(eq(mvc.productId, id), eq(mvc.status, 'pending')));
    return rows.length > 0;
  });
}
