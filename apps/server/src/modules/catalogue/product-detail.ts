/**
 * A product as the dashboard shows and edits it (issue 4): the names of what it
 * refers to (categories, brand, features and options), its groups described
 * with their options and prices, and the main display change waiting for
 * approval. Serves both the stored product and the review step's plan.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { discountActive, discountedPrice, type AdminProduct } from '@pool/contracts';
import { keyOf, loadStored, shapeOf, type ProductShape } from './product-shape.ts';

const {
  productVariants: pv,
  featureOptions: fo,
  features: ft,
  categories: cat,
  brands: br,
  mainVariantChanges: mvc,
} = tables;

type OptionInfo = { id: number; featureId: number; nameAr: string; nameEn: string; sort: number };
export type Names = {
  refs: Map<number, { id: number; name_ar: string; name_en: string }>;
  brands: Map<number, { id: number; name_ar: string; name_en: string }>;
  options: Map<number, OptionInfo>;
  features: Map<number, { id: number; name_ar: string; name_en: string }>;
};

/** Names of the categories, brands, options and features a product refers to. */
export async function namesFor(
  db: Db,
  shape: Pick<ProductShape, 'categoryId' | 'subCategoryId' | 'brandId' | 'variants'>,
) {
  const catIds = [shape.categoryId, shape.subCategoryId].filter((v): v is number => v !== null);
  const optionIds = [...new Set(shape.variants.flatMap((v) => v.optionIds))];
  const [cats, brands, options] = await Promise.all([
    catIds.length ? db.select().from(cat).where(inArray(cat.id, catIds)) : [],
    shape.brandId ? db.select().from(br).where(eq(br.id, shape.brandId)) : [],
    optionIds.length
      ? db
          .select({ option: fo, feature: ft })
          .from(fo)
          .innerJoin(ft, eq(ft.id, fo.featureId))
          .where(inArray(fo.id, optionIds))
      : [],
  ]);
  const named = (r: { id: number; nameAr: string; nameEn: string }) => ({
    id: r.id,
    name_ar: r.nameAr,
    name_en: r.nameEn,
  });
  return {
    refs: new Map(cats.map((c) => [c.id, named(c)])),
    brands: new Map(brands.map((b) => [b.id, named(b)])),
    options: new Map(options.map((o) => [o.option.id, { ...o.option }])),
    features: new Map(options.map((o) => [o.feature.id, named(o.feature)])),
  } satisfies Names;
}

/** The options of a group ordered by feature, then by the option's own order. */
const orderedOptions = (names: Names, optionIds: number[]) =>
  optionIds
    .map((id) => names.options.get(id))
    .filter((o): o is OptionInfo => !!o)
    .sort((a, b) => a.featureId - b.featureId || a.sort - b.sort || a.id - b.id);

export function describe(
  shape: ProductShape,
  names: Names,
  pending: AdminProduct['pending_main_variant'],
): AdminProduct {
  const discount = {
    discount_type: shape.discountType,
    discount_value: shape.discountValue,
    discount_expires_at: shape.discountExpiresAt,
  };
  const variants = shape.variants.map((v) => {
    const options = orderedOptions(names, v.optionIds);
    return {
      id: v.id,
      sku: v.sku,
      price: v.price,
      discounted_price: discountedPrice(v.price, discount),
      stock: v.stock,
      is_active: true,
      is_main: keyOf(v.optionIds) === shape.mainKey,
      name_ar: options.map((o) => o.nameAr).join(' / '),
      name_en: options.map((o) => o.nameEn).join(' / '),
      options: options.map((o) => ({ feature_id: o.featureId, option_id: o.id, name_ar: o.nameAr, name_en: o.nameEn })),
      images: v.images,
    };
  });
  const main = variants.find((v) => v.is_main) ?? variants[0];
  const featureIds = [...new Set(variants.flatMap((v) => v.options.map((o) => o.feature_id)))].sort((a, b) => a - b);
  const r = shape.row;
  return {
    id: shape.id,
    type: shape.type,
    name_ar: shape.nameAr,
    name_en: shape.nameEn,
    description_ar: shape.descriptionAr,
    description_en: shape.descriptionEn,
    category_id: shape.categoryId,
    sub_category_id: shape.subCategoryId,
    brand_id: shape.brandId,
    category: shape.categoryId ? (names.refs.get(shape.categoryId) ?? null) : null,
    sub_category: shape.subCategoryId ? (names.refs.get(shape.subCategoryId) ?? null) : null,
    brand: shape.brandId ? (names.brands.get(shape.brandId) ?? null) : null,
    price: main?.price ?? 0,
    discounted_price: main?.discounted_price ?? 0,
    stock: variants.reduce((sum, v) => sum + v.stock, 0),
    discount_type: shape.discountType,
    discount_value: shape.discountValue,
    discount_expires_at: shape.discountExpiresAt?.toISOString() ?? null,
    discount_active: discountActive(discount),
    sizes: shape.sizes,
    installation_price: shape.installationPrice,
    is_available: shape.isAvailable,
    is_active: shape.isActive,
    images: shape.images,
    features: featureIds.map((fid) => ({
      ...names.features.get(fid)!,
      options: [
        ...new Map(
          variants.flatMap((v) => v.options.filter((o) => o.feature_id === fid).map((o) => [o.option_id, o] as const)),
        ).values(),
      ]
        .sort((a, b) => {
          const x = names.options.get(a.option_id)!;
          const y = names.options.get(b.option_id)!;
          return x.sort - y.sort || x.id - y.id;
        })
        .map((o) => ({ id: o.option_id, name_ar: o.name_ar, name_en: o.name_en })),
    })),
    variants,
    main_variant_id: main?.id ?? null,
    pending_main_variant: pending,
    rating_avg: r ? r.ratingAvg / 100 : 0,
    rating_count: r?.ratingCount ?? 0,
    sold_count: r?.soldCount ?? 0,
    created_at: r?.createdAt.toISOString() ?? null,
    updated_at: r?.updatedAt.toISOString() ?? null,
  };
}

export async function pendingChange(db: Db, productId: number) {
  const [row] = await db
    .select({ id: mvc.id, variant_id: mvc.variantId, sku: pv.sku })
    .from(mvc)
    .innerJoin(pv, eq(pv.id, mvc.variantId))
    .where(and(eq(mvc.productId, productId), eq(mvc.status, 'pending')))
    .orderBy(desc(mvc.id))
    .limit(1);
  return row ?? null;
}

/** The product as the dashboard shows and edits it; undefined when missing or deleted. */
export async function adminProduct(db: Db, id: number): Promise<AdminProduct | undefined> {
  const stored = await loadStored(db, id);
  if (!stored) return undefined;
  const shape = shapeOf(stored);
  const [names, pending] = await Promise.all([namesFor(db, shape), pendingChange(db, id)]);
  return describe(shape, names, pending);
}
