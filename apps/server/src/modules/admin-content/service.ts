/**
 * Dashboard content: generic row access for the list/create/show/edit/delete
 * screens, plus the rules that are not plain CRUD (banner order, settings,
 * contact inbox). Every function takes a `db` so a transaction can be passed.
 */
import { and, asc, count, eq, ilike, inArray, max, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { tables, type Db } from '@pool/db';
import { CMS_PER_PAGE, type AdminSettings } from '@pool/contracts';
import { fieldError } from '../../lib/errors.ts';
import type { SETTING_KEYS } from '../content/index.ts';
import { storedSettings } from '../content/index.ts';
import { contains } from '../../lib/like.ts';
import { pages } from '../../lib/pagination.ts';

/** A table with a serial `id`. */
export type IdTable = PgTable & { id: PgColumn; $inferSelect: { id: number } };
type Row<T extends IdTable> = T['$inferSelect'];
type Values<T extends IdTable> = Partial<T['$inferInsert']>;

/** `%`, `_` and `\` typed in a search box match themselves. */

export async function listRows<T extends IdTable>(
  db: Db,
  table: T,
  o: { q?: string; page: number; search: PgColumn[]; order: (PgColumn | SQL)[]; where?: SQL },
) {
  const searched = o.q ? or(...o.search.map((c) => ilike(c, contains(o.q!)))) : undefined;
  const where = and(o.where, searched);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(table as PgTable)
    .where(where);
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...o.order)
    .limit(CMS_PER_PAGE)
    .offset((o.page - 1) * CMS_PER_PAGE)) as Row<T>[];
  return {
    rows,
    pagination: pages(total, CMS_PER_PAGE, o.page),
  };
}

export async function findRow<T extends IdTable>(db: Db, table: T, id: number, where?: SQL) {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), where))
    .limit(1);
  return row as Row<T> | undefined;
}

export async function insertRow<T extends IdTable>(db: Db, table: T, values: Values<T>) {
  const rows = (await db
    .insert(table)
    .values(values as T['$inferInsert'])
    .returning()) as Row<T>[];
  return rows[0]!;
}

export async function updateRow<T extends IdTable>(db: Db, table: T, id: number, values: Values<T>, where?: SQL) {
  const rows = (await db
    .update(table)
    .set(values as T['$inferInsert'])
    .where(and(eq(table.id, id), where))
    .returning()) as Row<T>[];
  return rows[0];
}

export async function deleteRow<T extends IdTable>(db: Db, table: T, id: number, where?: SQL) {
  const [row] = await db
    .delete(table)
    .where(and(eq(table.id, id), where))
    .returning();
  return row as Row<T> | undefined;
}

/** 422 on `field` when another row already holds `value` in `column`. */
export async function assertUnique<T extends IdTable>(
  db: Db,
  table: T,
  column: PgColumn,
  value: string,
  field: string,
  exceptId?: number,
) {
  const [taken] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(column, value), exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw fieldError(field, 'cms.taken');
}

/* ----------------------------------------------------------------- banners */

/** The sort value that puts a new banner last. */
export async function nextBannerSort(db: Db) {
  const [row] = await db.select({ top: max(tables.banners.sort) }).from(tables.banners);
  return (row?.top ?? -1) + 1;
}

/**
 * Puts the banners `ids` first, in that order; the others follow in their
 * current order. One transaction, so the home page never sees half an order.
 * False when an id is unknown or repeated.
 */
export async function reorderBanners(db: Db, ids: number[]) {
  if (new Set(ids).size !== ids.length) return false;
  const b = tables.banners;
  return db.transaction(async (tx) => {
    const known = await tx.select({ id: b.id }).from(b).where(inArray(b.id, ids));
    if (known.length !== ids.length) return false;
    const rest = await tx.select({ id: b.id }).from(b).where(notInArray(b.id, ids)).orderBy(asc(b.sort), asc(b.id));
    const order = [...ids, ...rest.map((r) => r.id)];
    for (const [sort, id] of order.entries()) await tx.update(b).set({ sort }).where(eq(b.id, id));
    return true;
  });
}

/* ---------------------------------------------------------- site settings */

export async function adminSettings(db: Db): Promise<AdminSettings> {
  const s = await storedSettings(db);
  return {
    site_name_ar: s.site.name_ar,
    site_name_en: s.site.name_en,
    description_ar: s.site.description_ar,
    description_en: s.site.description_en,
    location_ar: s.contact.location_ar,
    location_en: s.contact.location_en,
    phone: s.contact.phone,
    email: s.contact.email,
    map_url: s.contact.map_url,
    tax_number: s.legal.tax_number,
    commercial_record: s.legal.commercial_record,
    android_app_link: s.apps.android_app_link,
    iphone_app_link: s.apps.iphone_app_link,
    vat_rate: s.vat_rate,
    prices_include_vat: s.prices_include_vat,
    monthly_target: s.monthly_target,
    logo: s.site.logo,
    share_image: s.site.share_image,
  };
}

/** Writes every settings key the public `settings` endpoint reads, in one transaction. */
export async function saveSettings(db: Db, v: Omit<AdminSettings, 'map_url'> & { map_url?: string }) {
  const values: Record<(typeof SETTING_KEYS)[number], unknown> = {
    site: {
      name_ar: v.site_name_ar,
      name_en: v.site_name_en,
      description_ar: v.description_ar,
      description_en: v.description_en,
      logo: v.logo,
      share_image: v.share_image,
    },
    contact: {
      location_ar: v.location_ar,
      location_en: v.location_en,
      phone: v.phone,
      email: v.email,
      map_url: v.map_url ?? '',
    },
    legal: { tax_number: v.tax_number, commercial_record: v.commercial_record },
    apps: { android_app_link: v.android_app_link, iphone_app_link: v.iphone_app_link },
    vat_rate: v.vat_rate,
    prices_include_vat: v.prices_include_vat,
    monthly_target: v.monthly_target,
  };
  const s = tables.settings;
  await db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(values)) {
      await tx
        .insert(s)
        .values({ key, value })
        .onConflictDoUpdate({ target: s.key, set: { value, updatedAt: new Date() } });
    }
  });
}

/* -------------------------------------------------------- contact messages */

const m = tables.contactMessages;

/** The message; a new one becomes read once an admin opens it (only if still new: never undoes "handled"). */
export async function openContactMessage(db: Db, id: number) {
  const [read] = await db
    .update(m)
    .set({ status: 'read' })
    .where(and(eq(m.id, id), eq(m.status, 'new')))
    .returning();
  return read ?? findRow(db, m, id);
}
