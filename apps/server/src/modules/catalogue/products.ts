/**
 * The dashboard's products (issue 4): the rules of a product and its groups
 * (variants), the review step (a plan of exactly what a save would store,
 * without writing), the save itself, and the main display group's approval.
 *
 * A simple product has one group without options. A multi-attribute product
 * chooses features and options; its groups are the option combinations, each
 * with its own price, stock, SKU and images. Groups are matched to stored ones
 * by their options, so an edit keeps the ids that carts and orders point at; a
 * combination no longer offered is deactivated, never deleted. The product row
 * keeps the main display group's price and the summed stock.
 *
 * Changing the main display group of a stored product is not applied: it
 * becomes a pending `main_variant_changes` request that an admin holding
 * `products.approve` approves or rejects (spec section 4). When the current
 * main group itself is removed by the edit, the requested one applies at once
 * (the product cannot keep displaying a group it no longer offers).
 */
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isUniqueViolation, tables, type Db } from '@pool/db';
import {
  CMS_PER_PAGE,
  LOW_STOCK_DEFAULT,
  LOW_STOCK_SETTING,
  PRODUCT_MAX_VARIANTS,
  V,
  discountActive,
  discountedPrice,
  type AdminProduct,
  type AdminProductRow,
  type AdminProductsQuery,
  type DiscountType,
  type Lang,
  type MainVariantChange,
  type ProductBody,
  type ProductPreview,
  type ProductType,
} from '@pool/contracts';
import { AppError, notFound, type FieldMessage } from '../../lib/errors.ts';
import { searchCondition, searchTextOf } from './search.ts';

const p = tables.products;
const pv = tables.productVariants;
const vo = tables.variantOptions;
const pi = tables.productImages;
const fo = tables.featureOptions;
const ft = tables.features;
const cat = tables.categories;
const br = tables.brands;
const mvc = tables.mainVariantChanges;

/** What the rules need from outside the database: which image URLs are our stored product images. */
export type ProductContext = { isImage: (url: string) => boolean };

type VariantShape = {
  id: number | null;
  sku: string;
  price: number;
  stock: number;
  optionIds: number[];
  images: string[];
};

/** A product as stored or as a save would store it; `variants` are the active groups in display order. */
type ProductShape = {
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
const keyOf = (optionIds: number[]) => [...optionIds].sort((a, b) => a - b).join(',');

/* ------------------------------------------------------------- reading */

type StoredVariant = typeof pv.$inferSelect & { optionIds: number[]; images: string[] };
type Stored = { row: typeof p.$inferSelect; variants: StoredVariant[]; images: string[] };

/** The stored product with every group (inactive too); undefined when missing or deleted. */
async function loadStored(db: Db, id: number, lock = false): Promise<Stored | undefined> {
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

function shapeOf(s: Stored): ProductShape {
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

type OptionInfo = { id: number; featureId: number; nameAr: string; nameEn: string; sort: number };
type Names = {
  refs: Map<number, { id: number; name_ar: string; name_en: string }>;
  brands: Map<number, { id: number; name_ar: string; name_en: string }>;
  options: Map<number, OptionInfo>;
  features: Map<number, { id: number; name_ar: string; name_en: string }>;
};

/** Names of the categories, brands, options and features a product refers to. */
async function namesFor(db: Db, shape: Pick<ProductShape, 'categoryId' | 'subCategoryId' | 'brandId' | 'variants'>) {
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

function describe(shape: ProductShape, names: Names, pending: AdminProduct['pending_main_variant']): AdminProduct {
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

async function pendingChange(db: Db, productId: number) {
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

/* --------------------------------------------------------------- rules */

type Fields = Record<string, FieldMessage>;
const invalid = (fields: Fields) => new AppError('fail', 'server.validation_failed', { fields });

/** Upper-case Latin words and digits joined by `-`, for generated SKUs. */
const slug = (text: string, max: number) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');

type Planned = VariantShape & { field: string; explicitSku: boolean };

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
    else if (body.discount_type === 'ratio' && value >= 100) fail('discount_value', 'catalogue.discount_ratio_max');
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
 * Gives every group a SKU: the one sent or stored, else one made from the English
 * name and options. A SKU sent twice, or held by another group, is a field error;
 * a generated one that is taken gets a number.
 */
async function assignSkus(
  db: Db,
  planned: Planned[],
  nameEn: string,
  options: { optionNames: Map<number, string>; featureRank: Map<number, number> },
  fail: (field: string, key: string) => void,
) {
  const base = slug(nameEn, 32) || 'P';
  const rank = (id: number) => options.featureRank.get(id) ?? 0;
  for (const v of planned) {
    if (v.sku) continue;
    const suffix = [...v.optionIds]
      .sort((a, b) => rank(a) - rank(b))
      .map((id) => slug(options.optionNames.get(id) ?? '', 12) || String(id))
      .join('-');
    v.sku = (suffix ? `${base}-${suffix}` : base).slice(0, 64);
  }
  const seen = new Set<string>();
  for (const v of planned) {
    if (!seen.has(v.sku)) {
      seen.add(v.sku);
      continue;
    }
    if (v.explicitSku) fail(v.field, 'catalogue.sku_repeated');
    else v.sku = freeSku(v.sku, seen);
    seen.add(v.sku);
  }
  // Held by a group other than the one it is planned for?
  for (let round = 0; round < 5; round++) {
    const rows = await db
      .select({ id: pv.id, sku: pv.sku })
      .from(pv)
      .where(inArray(pv.sku, [...seen]));
    const holder = new Map(rows.map((r) => [r.sku, r.id]));
    const clashes = planned.filter((v) => holder.has(v.sku) && holder.get(v.sku) !== v.id);
    if (!clashes.length) return;
    for (const v of clashes) {
      if (v.explicitSku) fail(v.field, 'catalogue.sku_taken');
      else {
        const taken = new Set([...seen, ...holder.keys()]);
        seen.delete(v.sku);
        v.sku = freeSku(v.sku, taken);
        seen.add(v.sku);
      }
    }
    if (clashes.every((v) => v.explicitSku)) return;
  }
}

/** `SKU-2`, `SKU-3`… the first not in `taken`. */
function freeSku(sku: string, taken: Set<string>) {
  for (let n = 2; ; n++) {
    const candidate = `${sku.slice(0, 64 - String(n).length - 1)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/* ----------------------------------------------------------- review */

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

/* -------------------------------------------------------------- save */

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

/* -------------------------------------------------------------- lists */

/** The `pagination` of a list answer. */
export const pageInfo = (total: number, current: number, perPage = CMS_PER_PAGE) => ({
  total_items: total,
  per_page: perPage,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
  current_page: current,
});

export async function lowStockThreshold(db: Db): Promise<number> {
  const [row] = await db.select().from(tables.settings).where(eq(tables.settings.key, LOW_STOCK_SETTING));
  return typeof row?.value === 'number' ? row.value : LOW_STOCK_DEFAULT;
}

export async function setLowStockThreshold(db: Db, value: number) {
  const s = tables.settings;
  await db
    .insert(s)
    .values({ key: LOW_STOCK_SETTING, value })
    .onConflictDoUpdate({ target: s.key, set: { value, updatedAt: new Date() } });
}

/** The first gallery image of a product. */
export const coverImage = sql<
  string | null
>`(select ${pi.path} from ${pi} where ${pi.productId} = ${p.id} and ${pi.variantId} is null order by ${pi.sort}, ${pi.id} limit 1)`;

export async function adminProducts(db: Db, q: AdminProductsQuery, lang: Lang) {
  const threshold = await lowStockThreshold(db);
  const conditions: (SQL | undefined)[] = [
    isNull(p.deletedAt),
    searchCondition(q.q),
    q.category_id ? eq(p.categoryId, q.category_id) : undefined,
    q.sub_category_id ? eq(p.subCategoryId, q.sub_category_id) : undefined,
    q.brand_id ? eq(p.brandId, q.brand_id) : undefined,
    q.status ? eq(p.isActive, q.status === 'active') : undefined,
    q.availability ? eq(p.isAvailable, q.availability === 'available') : undefined,
    q.stock === 'sold_out' ? eq(p.stock, 0) : undefined,
    q.stock === 'low_stock' ? and(sql`${p.stock} > 0`, sql`${p.stock} <= ${threshold}`) : undefined,
    q.stock === 'in_stock' ? sql`${p.stock} > 0` : undefined,
  ];
  const where = and(...conditions);
  const sub = alias(cat, 'sub');
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(p).where(where),
    db
      .select({
        row: p,
        image: coverImage,
        category: { ar: cat.nameAr, en: cat.nameEn },
        subCategory: { ar: sub.nameAr, en: sub.nameEn },
        brand: { ar: br.nameAr, en: br.nameEn },
        variants: sql<number>`(select count(*)::int from ${pv} where ${pv.productId} = ${p.id} and ${pv.isActive})`,
      })
      .from(p)
      .leftJoin(cat, eq(cat.id, p.categoryId))
      .leftJoin(sub, eq(sub.id, p.subCategoryId))
      .leftJoin(br, eq(br.id, p.brandId))
      .where(where)
      .orderBy(desc(p.createdAt), desc(p.id))
      .limit(CMS_PER_PAGE)
      .offset((q.page - 1) * CMS_PER_PAGE),
  ]);
  const data: AdminProductRow[] = rows.map(({ row: r, ...x }) => ({
    id: r.id,
    type: r.type,
    name_ar: r.nameAr,
    name_en: r.nameEn,
    image: x.image,
    category: x.category?.[lang] ?? null,
    sub_category: x.subCategory?.[lang] ?? null,
    brand: x.brand?.[lang] ?? null,
    price: r.price,
    discounted_price: discountedPrice(r.price, {
      discount_type: r.discountType,
      discount_value: r.discountValue,
      discount_expires_at: r.discountExpiresAt,
    }),
    stock: r.stock,
    low_stock: r.stock > 0 && r.stock <= threshold,
    variants_count: x.variants,
    is_active: r.isActive,
    is_available: r.isAvailable,
    created_at: r.createdAt.toISOString(),
  }));
  return {
    data,
    pagination: pageInfo(total, q.page),
  };
}

/* ------------------------------------------- main display group approval */

export async function mainVariantChanges(db: Db, q: { page: number; status?: 'pending' | 'approved' | 'rejected' }) {
  const requested = alias(pv, 'requested');
  const current = alias(pv, 'current');
  const asker = alias(tables.admins, 'asker');
  const decider = alias(tables.admins, 'decider');
  const where = and(isNull(p.deletedAt), q.status ? eq(mvc.status, q.status) : undefined);
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(mvc).innerJoin(p, eq(p.id, mvc.productId)).where(where),
    db
      .select({
        change: mvc,
        product: { id: p.id, nameAr: p.nameAr, nameEn: p.nameEn },
        image: coverImage,
        requested: { id: requested.id, sku: requested.sku, price: requested.price },
        current: { id: current.id, sku: current.sku, price: current.price },
        asker: asker.name,
        decider: decider.name,
      })
      .from(mvc)
      .innerJoin(p, eq(p.id, mvc.productId))
      .innerJoin(requested, eq(requested.id, mvc.variantId))
      .leftJoin(current, eq(current.id, p.mainVariantId))
      .leftJoin(asker, eq(asker.id, mvc.requestedBy))
      .leftJoin(decider, eq(decider.id, mvc.decidedBy))
      .where(where)
      .orderBy(sql`${mvc.status} = 'pending' desc`, desc(mvc.createdAt), desc(mvc.id))
      .limit(CMS_PER_PAGE)
      .offset((q.page - 1) * CMS_PER_PAGE),
  ]);
  const variantIds = rows.flatMap((r) => [r.requested.id, r.current?.id].filter((v): v is number => !!v));
  const options = variantIds.length
    ? await db
        .select({ variantId: vo.variantId, nameAr: fo.nameAr, featureId: fo.featureId, sort: fo.sort })
        .from(vo)
        .innerJoin(fo, eq(fo.id, vo.optionId))
        .where(inArray(vo.variantId, variantIds))
        .orderBy(asc(fo.featureId), asc(fo.sort), asc(fo.id))
    : [];
  const nameOf = (id: number) =>
    options
      .filter((o) => o.variantId === id)
      .map((o) => o.nameAr)
      .join(' / ');
  const data: MainVariantChange[] = rows.map((r) => ({
    id: r.change.id,
    status: r.change.status,
    product: { id: r.product.id, name_ar: r.product.nameAr, name_en: r.product.nameEn, image: r.image },
    current: r.current?.id ? { ...r.current, id: r.current.id, name_ar: nameOf(r.current.id) } : null,
    requested: { ...r.requested, name_ar: nameOf(r.requested.id) },
    requested_by: r.asker,
    decided_by: r.decider,
    created_at: r.change.createdAt.toISOString(),
    decided_at: r.change.decidedAt?.toISOString() ?? null,
  }));
  return {
    data,
    pagination: pageInfo(total, q.page),
  };
}

/**
 * Approves (applies) or rejects a pending request. 404 when unknown, 409 when
 * already decided, or (approving) when the group is no longer an active group
 * of the product.
 */
export async function decideMainVariant(db: Db, id: number, approve: boolean, adminId: number) {
  return db.transaction(async (tx) => {
    const [change] = await tx.select().from(mvc).where(eq(mvc.id, id)).for('update');
    if (!change) throw notFound();
    if (change.status !== 'pending') throw new AppError('fail', 'catalogue.change_decided', { status: 409 });
    if (approve) {
      const [variant] = await tx
        .select({ id: pv.id, price: pv.price })
        .from(pv)
        .innerJoin(p, eq(p.id, pv.productId))
        .where(
          and(
            eq(pv.id, change.variantId),
            eq(pv.productId, change.productId),
            eq(pv.isActive, true),
            isNull(p.deletedAt),
          ),
        );
      if (!variant) throw new AppError('fail', 'catalogue.change_stale', { status: 409 });
      await tx
        .update(p)
        .set({ mainVariantId: variant.id, price: variant.price, updatedAt: new Date() })
        .where(eq(p.id, change.productId));
    }
    await tx
      .update(mvc)
      .set({ status: approve ? 'approved' : 'rejected', decidedBy: adminId, decidedAt: new Date() })
      .where(eq(mvc.id, id));
  });
}

/* ------------------------------------------------ catalogue rows in use */

/** Whether a non-deleted product refers to the brand / the category (or one of its sub-categories). */
export async function brandInUse(db: Db, id: number) {
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.brandId, id), isNull(p.deletedAt)))
    .limit(1);
  return !!row;
}

export async function categoryInUse(db: Db, id: number) {
  const children = db.select({ id: cat.id }).from(cat).where(eq(cat.parentId, id));
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        isNull(p.deletedAt),
        or(
          eq(p.categoryId, id),
          eq(p.subCategoryId, id),
          inArray(p.subCategoryId, children),
          inArray(p.categoryId, children),
        ),
      ),
    )
    .limit(1);
  return !!row;
}

/** Options (of `optionIds`) that a product group uses, deleted products included (their orders keep them). */
export async function optionsInUse(db: Db, optionIds: number[]) {
  if (!optionIds.length) return [];
  const rows = await db.selectDistinct({ id: vo.optionId }).from(vo).where(inArray(vo.optionId, optionIds));
  return rows.map((r) => r.id);
}
