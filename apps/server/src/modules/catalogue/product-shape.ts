/**
 * A product as the dashboard's rules see it (issue 4): its shape (the product
 * and its active groups, or variants, in display order) and the stored product
 * read with every group. A simple product has one group without options; a
 * multi-attribute product's groups are its option combinations, each known by
 * its option ids (`keyOf`).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { DiscountType, ProductType } from '@pool/contracts';

const { products: p, productVariants: pv, variantOptions: vo, productImages: pi } = tables;

/** What the rules need from outside the database: which image URLs are our stored product images. */
export type ProductContext = { isImage: (url: string) => boolean };

export type VariantShape = {
  id: number | null;
  sku: string;
  price: number;
  stock: number;
  optionIds: number[];
  images: string[];
};

/** A product as stored or as a save would store it; `variants` are the active groups in display order. */
export type ProductShape = {
  id: number | null;
  type: ProductType;
  nameAr: string;
  nameEn: string;
  descriptionAr: string;
  descriptionEn: string;
  categoryId: number | null;
  subCategoryId: number | null;
  brandId: number | null;
  discountType: DiscountType;
  discountValue: number;
  discountExpiresAt: Date | null;
  sizes: string[];
  installationPrice: number | null;
  isAvailable: boolean;
  isActive: boolean;
  images: string[];
  variants: VariantShape[];
  /** Option key of the main display group. */
  mainKey: string;
  row: typeof p.$inferSelect | null;
};

/** A group's identity: its option ids, sorted. */
export const keyOf = (optionIds: number[]) => [...optionIds].sort((a, b) => a - b).join(',');

type StoredVariant = typeof pv.$inferSelect & { optionIds: number[]; images: string[] };
export type Stored = { row: typeof p.$inferSelect; variants: StoredVariant[]; images: string[] };

/** The stored product with every group (inactive too); undefined when missing or deleted. */
export async function loadStored(db: Db, id: number, lock = false): Promise<Stored | undefined> {
  const query = db
    .select()
    .from(p)
    .where(and(eq(p.id, id), isNull(p.deletedAt)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const [variants, options, images] = await Promise.all([
    db.select().from(pv).where(eq(pv.productId, id)).orderBy(asc(pv.id)),
    db
      .select({ variantId: vo.variantId, optionId: vo.optionId })
      .from(vo)
      .innerJoin(pv, eq(pv.id, vo.variantId))
      .where(eq(pv.productId, id)),
    db.select().from(pi).where(eq(pi.productId, id)).orderBy(asc(pi.sort), asc(pi.id)),
  ]);
  return {
    row,
    images: images.filter((i) => i.variantId === null).map((i) => i.path),
    variants: variants.map((v) => ({
      ...v,
      optionIds: options.filter((o) => o.variantId === v.id).map((o) => o.optionId),
      images: images.filter((i) => i.variantId === v.id).map((i) => i.path),
    })),
  };
}

export function shapeOf(s: Stored): ProductShape {
  const r = s.row;
  const active = s.variants.filter((v) => v.isActive);
  const main = s.variants.find((v) => v.id === r.mainVariantId) ?? active[0];
  return {
    id: r.id,
    type: r.type,
    nameAr: r.nameAr,
    nameEn: r.nameEn,
    descriptionAr: r.descriptionAr,
    descriptionEn: r.descriptionEn,
    categoryId: r.categoryId,
    subCategoryId: r.subCategoryId,
    brandId: r.brandId,
    discountType: r.discountType,
    discountValue: r.discountValue,
    discountExpiresAt: r.discountExpiresAt,
    sizes: r.sizes,
    installationPrice: r.installationPrice,
    isAvailable: r.isAvailable,
    isActive: r.isActive,
    images: s.images,
    variants: active.map((v) => ({
      id: v.id,
      sku: v.sku,
      price: v.price,
      stock: v.stock,
      optionIds: v.optionIds,
      images: v.images,
    })),
    mainKey: main ? keyOf(main.optionIds) : '',
    row: r,
  };
}
