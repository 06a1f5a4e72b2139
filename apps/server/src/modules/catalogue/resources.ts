/**
 * Brands, categories (with sub-categories) and features (with their options)
 * in the dashboard, on the generic resource routes of admin-content. Renaming
 * a brand or category refreshes the search text of its products; a row that
 * products still use cannot be deleted.
 */
import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  adminBrand,
  adminCategory,
  adminFeature,
  brandBody,
  categoryBody,
  categoryListQuery,
  featureBody,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { registerResource } from '../admin-content/index.ts';
import { brandInUse, categoryInUse, optionsInUse } from './products-in-use.ts';
import { productsOfBrand, productsOfCategory, refreshSearchText } from './search.ts';

const br = tables.brands;
const cat = tables.categories;
const ft = tables.features;
const fo = tables.featureOptions;
const tag = 'admin-catalogue';

const inUse = (msgKey: string) => new AppError('fail', msgKey, { status: 409 });

export function catalogueResources(app: App) {
  registerResource(app, {
    path: 'brands',
    group: 'brands',
    name: 'brands (multipart with an optional `image` file: the logo)',
    tag,
    table: br,
    search: [br.nameAr, br.nameEn],
    order: [asc(br.nameAr), asc(br.id)],
    body: brandBody,
    item: adminBrand,
    image: { column: 'logo', folder: 'brands', required: false },
    toValues: (b) => ({ nameAr: b.name_ar, nameEn: b.name_en, isActive: b.active, updatedAt: new Date() }),
    toItem: (r) => ({ id: r.id, name_ar: r.nameAr, name_en: r.nameEn, logo: r.logo, active: r.isActive }),
    afterSave: async (tx, row) => void (await refreshSearchText(tx, productsOfBrand(row.id))),
    beforeDelete: async (id) => {
      if (await brandInUse(app.db, id)) throw inUse('catalogue.brand_in_use');
    },
  });

  registerResource(app, {
    path: 'categories',
    group: 'categories',
    name: 'categories and sub-categories (filter `parent_id`: 0 for the main ones; multipart with an optional `image`)',
    tag,
    table: cat,
    search: [cat.nameAr, cat.nameEn],
    order: [asc(cat.sort), asc(cat.id)],
    body: categoryBody,
    item: adminCategory,
    image: { column: 'image', folder: 'categories', required: false },
    filter: {
      query: categoryListQuery,
      where: (q: { parent_id?: number }) =>
        q.parent_id === undefined
          ? undefined
          : q.parent_id === 0
            ? isNull(cat.parentId)
            : eq(cat.parentId, q.parent_id),
    },
    check: async (b, id) => {
      if (b.parent_id === undefined) return;
      if (b.parent_id === id) throw fieldError('parent_id', 'catalogue.parent_self');
      const [parent] = await app.db.select().from(cat).where(eq(cat.id, b.parent_id));
      if (!parent || parent.parentId !== null) throw fieldError('parent_id', 'catalogue.parent_not_top');
      if (id) {
        const [child] = await app.db.select({ id: cat.id }).from(cat).where(eq(cat.parentId, id)).limit(1);
        if (child) throw fieldError('parent_id', 'catalogue.has_children');
      }
    },
    toValues: (b) => ({
      nameAr: b.name_ar,
      nameEn: b.name_en,
      parentId: b.parent_id ?? null,
      sort: b.sort,
      isActive: b.active,
      updatedAt: new Date(),
    }),
    toItem: (r) => ({
      id: r.id,
      parent_id: r.parentId,
      name_ar: r.nameAr,
      name_en: r.nameEn,
      image: r.image,
      sort: r.sort,
      active: r.isActive,
    }),
    afterSave: async (tx, row) => void (await refreshSearchText(tx, productsOfCategory(row.id))),
    beforeDelete: async (id) => {
      if (await categoryInUse(app.db, id)) throw inUse('catalogue.category_in_use');
    },
  });

  /** The features' options, in their order. */
  const withOptions = async (db: Db, rows: (typeof ft.$inferSelect)[]) => {
    const options = rows.length
      ? await db
          .select()
          .from(fo)
          .where(
            inArray(
              fo.featureId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(fo.sort), asc(fo.id))
      : [];
    return rows.map((r) => ({
      id: r.id,
      name_ar: r.nameAr,
      name_en: r.nameEn,
      options: options
        .filter((o) => o.featureId === r.id)
        .map((o) => ({ id: o.id, name_ar: o.nameAr, name_en: o.nameEn, sort: o.sort })),
    }));
  };

  registerResource(app, {
    path: 'features',
    group: 'features',
    name: 'features (attributes) with their options; options left out of `options` are removed',
    tag,
    table: ft,
    search: [ft.nameAr, ft.nameEn],
    order: [asc(ft.nameAr), asc(ft.id)],
    body: featureBody,
    item: adminFeature,
    toItem: (r) => ({ id: r.id, name_ar: r.nameAr, name_en: r.nameEn, options: [] }),
    toItems: (rows) => withOptions(app.db, rows),
    check: async (b, id) => {
      const kept = b.options.flatMap((o) => (o.id ? [o.id] : []));
      const current = id ? await app.db.select().from(fo).where(eq(fo.featureId, id)) : [];
      b.options.forEach((o, i) => {
        if (o.id && !current.some((c) => c.id === o.id)) throw fieldError(`options.${i}.id`, 'validation.invalid');
      });
      const removed = current.filter((c) => !kept.includes(c.id));
      const used = await optionsInUse(
        app.db,
        removed.map((r) => r.id),
      );
      const blocked = removed.find((r) => used.includes(r.id));
      if (blocked)
        throw fieldError('options', 'catalogue.option_in_use', { name: `${blocked.nameAr} (${blocked.nameEn})` });
    },
    toValues: (b) => ({ nameAr: b.name_ar, nameEn: b.name_en, updatedAt: new Date() }),
    afterSave: async (tx, row, b) => {
      const kept = b.options.flatMap((o) => (o.id ? [o.id] : []));
      await tx.delete(fo).where(and(eq(fo.featureId, row.id), kept.length ? notInArray(fo.id, kept) : undefined));
      for (const [sort, o] of b.options.entries()) {
        const values = { nameAr: o.name_ar, nameEn: o.name_en, sort };
        if (o.id)
          await tx
            .update(fo)
            .set(values)
            .where(and(eq(fo.id, o.id), eq(fo.featureId, row.id)));
        else await tx.insert(fo).values({ ...values, featureId: row.id });
      }
    },
    beforeDelete: async (id) => {
      const options = await app.db.select({ id: fo.id }).from(fo).where(eq(fo.featureId, id));
      const used = await optionsInUse(
        app.db,
        options.map((o) => o.id),
      );
      if (used.length) throw inUse('catalogue.feature_in_use');
    },
  });
}
