/**
 * The plan of a product save (issue 4): checks a body against the catalogue
 * and works out exactly what a save would store, without writing. The review
 * step (preview) shows it; the save (product-save.ts) stores it.
 *
 * Groups are matched to stored ones by their options, so an edit keeps the ids
 * that carts and orders point at; a combination no longer offered is
 * deactivated, never deleted. Changing the main display group of a stored
 * product is not applied but sent for review (main-variant-approval.ts); when
 * the current main group itself is removed by the edit, the requested one
 * applies at once.
 */
import { eq, inArray } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { PRODUCT_MAX_VARIANTS, V, type ProductBody, type ProductPreview } from '@pool/contracts';
import { AppError, notFound, type FieldMessage } from '../../lib/errors.ts';
import { describe, namesFor, pendingChange, type Names } from './product-detail.ts';
import { keyOf, loadStored, type ProductContext, type ProductShape, type Stored } from './product-shape.ts';
import { assignSkus, type Planned } from './product-skus.ts';

const { featureOptions: fo, categories: cat, brands: br } = tables;

type Fields = Record<string, FieldMessage>;
/** The 422 with every field error found. */
export const invalid = (fields: Fields) => new AppError('fail', 'server.validation_failed', { fields });

type Plan = {
  shape: ProductShape;
  names: Names;
  /** Stored groups the save deactivates. */
  deactivated: { id: number; sku: string }[];
  /** Option key of the group asked for as main display (applied, or sent for review). */
  requestedKey: string;
  mainReview: boolean;
};

/**
 * Checks a product body against the catalogue and works out every group; throws
 * a 422 with every field error found. Reads only: the same plan serves the
 * review step (preview) and the save.
 */
export async function planProduct(db: Db, ctx: ProductContext, body: ProductBody, existing?: Stored): Promise<Plan> {
  const fields: Fields = {};
  const fail = (field: string, key: string, params?: FieldMessage['params']) => {
    fields[field] ??= { key, params };
  };

  // Category, sub-category, brand.
  const catIds = [body.category_id, body.sub_category_id].filter((v): v is number => v !== undefined);
  const [cats, brands] = await Promise.all([
    db.select().from(cat).where(inArray(cat.id, catIds)),
    body.brand_id ? db.select({ id: br.id }).from(br).where(eq(br.id, body.brand_id)) : [],
  ]);
  const category = cats.find((c) => c.id === body.category_id);
  if (!category) fail('category_id', 'catalogue.category_unknown');
  else if (category.parentId !== null) fail('category_id', 'catalogue.category_not_top');
  if (body.sub_category_id !== undefined) {
    const sub = cats.find((c) => c.id === body.sub_category_id);
    if (!sub || sub.parentId !== body.category_id) fail('sub_category_id', 'catalogue.sub_category_mismatch');
  }
  if (body.brand_id !== undefined && !brands.length) fail('brand_id', 'catalogue.brand_unknown');

  const imagesOf = (urls: string[], field: string) => {
    urls.forEach((url, i) => {
      if (!ctx.isImage(url)) fail(`${field}.${i}`, 'catalogue.image_unknown');
    });
    return [...new Set(urls)];
  };
  const images = imagesOf(body.images, 'images');

  // The groups.
  const stored = new Map((existing?.variants ?? []).map((v) => [keyOf(v.optionIds), v]));
  let planned: Planned[] = [];
  const optionNames = new Map<number, string>();
  /** The place of each chosen option's feature, so generated SKUs name options in the features' order. */
  const featureRank = new Map<number, number>();
  if (body.type === 'simple') {
    if (body.price === undefined) fail('price', V.required);
    if (body.stock === undefined) fail('stock', V.required);
    planned = [
      {
        id: null,
        sku: body.sku ?? '',
        explicitSku: body.sku !== undefined,
        price: body.price ?? 0,
        stock: body.stock ?? 0,
        optionIds: [],
        images: [],
        field: 'sku',
      },
    ];
  } else {
    if (!body.features.length) fail('features', 'catalogue.features_required');
    const featureIds = body.features.map((f) => f.feature_id);
    const options = featureIds.length ? await db.select().from(fo).where(inArray(fo.featureId, featureIds)) : [];
    const known = new Set(options.map((o) => o.featureId));
    for (const o of options) {
      optionNames.set(o.id, o.nameEn);
      featureRank.set(o.id, featureIds.indexOf(o.featureId));
    }
    const chosen: number[][] = [];
    body.features.forEach((f, i) => {
      if (!known.has(f.feature_id)) return fail(`features.${i}.feature_id`, V.invalid);
      if (featureIds.indexOf(f.feature_id) !== i) return fail(`features.${i}.feature_id`, 'catalogue.feature_repeated');
      const ids = [...new Set(f.option_ids)];
      if (ids.some((id) => options.find((o) => o.id === id)?.featureId !== f.feature_id))
        return fail(`features.${i}.option_ids`, 'catalogue.option_unknown');
      chosen.push(ids);
    });
    const combos = chosen.reduce<number[][]>((acc, ids) => acc.flatMap((c) => ids.map((id) => [...c, id])), [[]]);
    if (Object.keys(fields).some((f) => f.startsWith('features'))) throw invalid(fields);
    if (combos.length > PRODUCT_MAX_VARIANTS) fail('features', 'catalogue.too_many_variants');
    const valid = new Set(combos.map(keyOf));

    if (body.variants.length) {
      const seen = new Set<string>();
      body.variants.forEach((v, i) => {
        const key = keyOf(v.option_ids);
        if (!valid.has(key) || v.option_ids.length !== chosen.length)
          return fail(`variants.${i}.option_ids`, 'catalogue.variant_unknown');
        if (seen.has(key)) return fail(`variants.${i}.option_ids`, 'catalogue.variant_repeated');
        seen.add(key);
        planned.push({
          id: null,
          sku: v.sku ?? '',
          explicitSku: v.sku !== undefined,
          price: v.price,
          stock: v.stock,
          optionIds: v.option_ids,
          images: imagesOf(v.images, `variants.${i}.images`),
          field: `variants.${i}.sku`,
        });
      });
    } else {
      if (body.price === undefined) fail('price', V.required);
      planned = combos.map((optionIds, i) => ({
        id: null,
        sku: '',
        explicitSku: false,
        price: body.price ?? 0,
        stock: body.stock ?? 0,
        optionIds,
        images: [],
        field: `variants.${i}.sku`,
      }));
    }
  }

  // Stored groups keep their id (and SKU unless a new one is given).
  for (const v of planned) {
    const old = stored.get(keyOf(v.optionIds));
    if (old) {
      v.id = old.id;
      if (!v.explicitSku) v.sku = old.sku;
    }
  }
  await assignSkus(db, planned, body.name_en, { optionNames, featureRank }, fail);

  // The main display group.
  const keys = new Set(planned.map((v) => keyOf(v.optionIds)));
  const currentMain = existing?.variants.find((v) => v.id === existing.row.mainVariantId && v.isActive);
  const currentKey = currentMain ? keyOf(currentMain.optionIds) : undefined;
  let requestedKey = planned[0] ? keyOf(planned[0].optionIds) : '';
  if (body.type === 'multi' && body.main_option_ids.length) {
    requestedKey = keyOf(body.main_option_ids);
    if (!keys.has(requestedKey)) fail('main_option_ids', 'catalogue.main_unknown');
  } else if (currentKey !== undefined && keys.has(currentKey)) requestedKey = currentKey;
  const mainReview = currentKey !== undefined && keys.has(currentKey) && requestedKey !== currentKey;

  // The discount.
  const lowest = Math.min(...planned.map((v) => v.price));
  const value = body.discount_type === 'none' ? 0 : body.discount_value;
  if (body.discount_type !== 'none') {
    if (value <= 0) fail('discount_value', 'catalogue.discount_value_required');
    else if (body.discount_type === 'ratio' && value > 100) fail('discount_value', 'catalogue.discount_ratio_max');
    else if (body.discount_type === 'number' && planned.length && value > lowest)
      fail('discount_value', 'catalogue.discount_over_price');
  }
  const expires = body.discount_type !== 'none' && body.discount_expires_at ? new Date(body.discount_expires_at) : null;
  const unchanged = expires && existing?.row.discountExpiresAt?.getTime() === expires.getTime();
  if (expires && !unchanged && expires.getTime() <= Date.now())
    fail('discount_expires_at', 'catalogue.discount_expiry_future');

  if (Object.keys(fields).length) throw invalid(fields);

  const shape: ProductShape = {
    id: existing?.row.id ?? null,
    type: body.type,
    nameAr: body.name_ar,
    nameEn: body.name_en,
    descriptionAr: body.description_ar,
    descriptionEn: body.description_en,
    categoryId: body.category_id,
    subCategoryId: body.sub_category_id ?? null,
    brandId: body.brand_id ?? null,
    discountType: body.discount_type,
    discountValue: value,
    discountExpiresAt: expires,
    sizes: [...new Set(body.sizes)],
    installationPrice: body.installation_price ?? null,
    isAvailable: body.is_available,
    isActive: body.is_active,
    images,
    variants: planned.map(({ id, sku, price, stock, optionIds, images }) => ({
      id,
      sku,
      price,
      stock,
      optionIds,
      images,
    })),
    mainKey: mainReview ? currentKey! : requestedKey,
    row: existing?.row ?? null,
  };
  return {
    shape,
    names: await namesFor(db, shape),
    deactivated: (existing?.variants ?? [])
      .filter((v) => v.isActive && !keys.has(keyOf(v.optionIds)))
      .map((v) => ({ id: v.id, sku: v.sku })),
    requestedKey,
    mainReview,
  };
}

/**
 * The review step: the product as a save would store it, the groups it would
 * deactivate, and whether its main display change would wait for approval.
 */
export async function previewProduct(
  db: Db,
  ctx: ProductContext,
  body: ProductBody,
  id?: number,
): Promise<ProductPreview> {
  const existing = id ? await loadStored(db, id) : undefined;
  if (id && !existing) throw notFound();
  const plan = await planProduct(db, ctx, body, existing);
  const pending = id ? await pendingChange(db, id) : null;
  const product = describe(plan.shape, plan.names, pending);
  const requested = product.variants.find((v) => keyOf(v.options.map((o) => o.option_id)) === plan.requestedKey);
  return {
    ...product,
    main_variant_review: plan.mainReview,
    requested_main_sku: requested?.sku ?? '',
    deactivated_variants: plan.deactivated,
  };
}
