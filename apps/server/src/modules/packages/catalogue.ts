/**
 * The packages the dashboard sells (DOMAIN.md, "Scheduled maintenance"): its
 * list, save, activate and deactivate, soft delete (subscriptions keep the
 * package as subscribed); and the active ones the site offers, with VAT.
 */
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  vatOf,
  type AdminPackage,
  type Lang,
  type PackageBody,
  type PackageListQuery,
  type PublicPackage,
} from '@pool/contracts';
import { findRow, insertRow, listRows, updateRow } from '../admin-content/index.ts';
import { vatRateBp } from '../cart/index.ts';

const p = tables.packages;
export type PackageRow = typeof p.$inferSelect;

/** Deleted packages exist for nobody. */
const live = isNull(p.deletedAt);

async function activeSubscriptions(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const s = tables.packageSubscriptions;
  const o = tables.orders;
  const rows = await db
    .select({ id: s.packageId, n: count() })
    .from(s)
    .innerJoin(o, eq(o.id, s.orderId))
    .where(and(inArray(s.packageId, ids), eq(o.status, 'active')))
    .groupBy(s.packageId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

const toAdmin = (row: PackageRow, rateBp: number, active: number): AdminPackage => ({
  id: row.id,
  name_ar: row.nameAr,
  name_en: row.nameEn,
  description_ar: row.descriptionAr,
  description_en: row.descriptionEn,
  features_ar: row.featuresAr,
  features_en: row.featuresEn,
  price: row.price,
  price_with_vat: row.price + vatOf(row.price, rateBp),
  visits: row.visits,
  validity_days: row.validityDays,
  is_active: row.isActive,
  sort: row.sort,
  active_subscriptions: active,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function listPackages(db: Db, q: PackageListQuery) {
  const [{ rows, pagination }, rateBp] = await Promise.all([
    listRows(db, p, {
      q: q.q,
      page: q.page,
      search: [p.nameAr, p.nameEn],
      order: [asc(p.sort), asc(p.id)],
      where: and(live, q.status ? eq(p.isActive, q.status === 'active') : undefined),
    }),
    vatRateBp(db),
  ]);
  const active = await activeSubscriptions(
    db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toAdmin(r, rateBp, active.get(r.id) ?? 0)), pagination, vat_rate: rateBp / 100 };
}

async function adminView(db: Db, row: PackageRow | undefined) {
  if (!row) return undefined;
  const [rateBp, active] = await Promise.all([vatRateBp(db), activeSubscriptions(db, [row.id])]);
  return toAdmin(row, rateBp, active.get(row.id) ?? 0);
}

export const getPackage = async (db: Db, id: number) => adminView(db, await findRow(db, p, id, live));

const valuesOf = (b: PackageBody) => ({
  nameAr: b.name_ar,
  nameEn: b.name_en,
  descriptionAr: b.description_ar,
  descriptionEn: b.description_en,
  featuresAr: b.features_ar,
  featuresEn: b.features_en,
  price: b.price_sar,
  visits: b.visits,
  validityDays: b.validity_days,
  isActive: b.is_active,
  sort: b.sort,
});

/** Creates (no id) or edits a live package; undefined when it does not exist. Subscriptions keep what they bought. */
export async function savePackage(db: Db, body: PackageBody, id?: number) {
  const row = id
    ? await updateRow(db, p, id, { ...valuesOf(body), updatedAt: new Date() }, live)
    : await insertRow(db, p, valuesOf(body));
  return adminView(db, row);
}

export const setPackageActive = async (db: Db, id: number, active: boolean) =>
  adminView(db, await updateRow(db, p, id, { isActive: active, updatedAt: new Date() }, live));

/** Soft delete: subscriptions point at the row. */
export const deletePackage = (db: Db, id: number) => updateRow(db, p, id, { deletedAt: new Date() }, live);

const toPublic = (row: PackageRow, lang: Lang, rateBp: number): PublicPackage => {
  const vat = vatOf(row.price, rateBp);
  return {
    id: row.id,
    name: lang === 'en' ? row.nameEn : row.nameAr,
    description: lang === 'en' ? row.descriptionEn : row.descriptionAr,
    features: lang === 'en' ? row.featuresEn : row.featuresAr,
    price: row.price,
    vat,
    price_with_vat: row.price + vat,
    visits: row.visits,
    validity_days: row.validityDays,
  };
};

/** A package the site may sell now (active and not deleted), or undefined. */
export async function sellablePackage(db: Db, id: number) {
  return findRow(db, p, id, and(live, eq(p.isActive, true)));
}

/** The active packages, in the dashboard's order. */
export async function publicPackages(db: Db, lang: Lang) {
  const [rows, rateBp] = await Promise.all([
    db
      .select()
      .from(p)
      .where(and(live, eq(p.isActive, true)))
      .orderBy(asc(p.sort), asc(p.id)),
    vatRateBp(db),
  ]);
  return rows.map((r) => toPublic(r, lang, rateBp));
}

export async function publicPackage(db: Db, id: number, lang: Lang) {
  const row = await sellablePackage(db, id);
  return row && toPublic(row, lang, await vatRateBp(db));
}
