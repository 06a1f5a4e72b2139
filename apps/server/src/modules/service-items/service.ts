/**
 * The catalogue of spare parts and extra services: the dashboard's list with
 * filters, save, activate and deactivate, and soft delete (order lines keep
 * their own names and prices), on admin-content's generic row access; and the
 * active items the price-offer editor and the technician pick from. Prices are
 * halalas before VAT; items carry the VAT-inclusive price at the current rate.
 */
import { and, asc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { tables, type Db } from '@pool/db';
import {
  vatOf,
  type Lang,
  type ServiceItem,
  type ServiceItemBody,
  type ServiceItemKind,
  type ServiceItemListQuery,
  type ServiceItemOption,
} from '@pool/contracts';
import { fieldError } from '../../lib/errors.ts';
import { findRow, insertRow, listRows, updateRow } from '../admin-content/index.ts';
import { vatRateBp } from '../cart/index.ts';

const si = tables.serviceItems;
type Row = typeof si.$inferSelect;

/** Deleted items exist for nobody. */
const live = isNull(si.deletedAt);
/** The most items a picker is offered at once. */
const OPTIONS_MAX = 500;

const withVat = (price: number, rateBp: number) => price + vatOf(price, rateBp);

export const toServiceItem = (row: Row, rateBp: number): ServiceItem => ({
  id: row.id,
  kind: row.kind,
  name_ar: row.nameAr,
  name_en: row.nameEn,
  price: row.price,
  price_with_vat: withVat(row.price, rateBp),
  is_active: row.isActive,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function listServiceItems(db: Db, q: ServiceItemListQuery) {
  const where: SQL | undefined = and(
    live,
    q.kind ? eq(si.kind, q.kind) : undefined,
    q.status ? eq(si.isActive, q.status === 'active') : undefined,
  );
  const [{ rows, pagination }, rateBp] = await Promise.all([
    listRows(db, si, {
      q: q.q,
      page: q.page,
      search: [si.nameAr, si.nameEn],
      order: [asc(si.kind), asc(si.nameAr), asc(si.id)],
      where,
    }),
    vatRateBp(db),
  ]);
  return { data: rows.map((r) => toServiceItem(r, rateBp)), pagination, vat_rate: rateBp / 100 };
}

export async function getServiceItem(db: Db, id: number) {
  const row = await findRow(db, si, id, live);
  return row ? toServiceItem(row, await vatRateBp(db)) : undefined;
}

/** Another live item of the kind already has the name (either language, any case): a field error. */
async function checkNames(db: Db, body: ServiceItemBody, id?: number) {
  const same = (column: PgColumn, name: string) => sql`lower(${column}) = lower(${name})`;
  const taken = await db
    .select({ nameAr: si.nameAr, nameEn: si.nameEn })
    .from(si)
    .where(
      and(
        live,
        eq(si.kind, body.kind),
        id ? ne(si.id, id) : undefined,
        or(same(si.nameAr, body.name_ar), same(si.nameEn, body.name_en)),
      ),
    )
    .limit(1);
  const [row] = taken;
  if (!row) return;
  const field = row.nameAr.toLowerCase() === body.name_ar.toLowerCase() ? 'name_ar' : 'name_en';
  throw fieldError(field, 'catalogue.service_item_name_taken');
}

const valuesOf = (b: ServiceItemBody) => ({
  kind: b.kind,
  nameAr: b.name_ar,
  nameEn: b.name_en,
  price: b.price_sar,
  isActive: b.is_active,
});

/** Creates (no id) or edits a live item; undefined when the item does not exist (or was deleted). */
export async function saveServiceItem(db: Db, body: ServiceItemBody, id?: number) {
  if (id && !(await findRow(db, si, id, live))) return undefined;
  await checkNames(db, body, id);
  const row = id
    ? await updateRow(db, si, id, { ...valuesOf(body), updatedAt: new Date() }, live)
    : await insertRow(db, si, valuesOf(body));
  return row && toServiceItem(row, await vatRateBp(db));
}

export async function setServiceItemActive(db: Db, id: number, active: boolean) {
  const row = await updateRow(db, si, id, { isActive: active, updatedAt: new Date() }, live);
  return row && toServiceItem(row, await vatRateBp(db));
}

/** Soft delete: the row stays for the history of the lines made from it. */
export async function deleteServiceItem(db: Db, id: number) {
  return updateRow(db, si, id, { deletedAt: new Date() }, live);
}

/** The active items of a kind (both kinds without one), in the language's alphabetical order. */
export async function serviceItemOptions(db: Db, lang: Lang, kind?: ServiceItemKind): Promise<ServiceItemOption[]> {
  const name = lang === 'en' ? si.nameEn : si.nameAr;
  const [rows, rateBp] = await Promise.all([
    db
      .select()
      .from(si)
      .where(and(live, eq(si.isActive, true), kind ? eq(si.kind, kind) : undefined))
      .orderBy(asc(si.kind), asc(name), asc(si.id))
      .limit(OPTIONS_MAX),
    vatRateBp(db),
  ]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: lang === 'en' ? r.nameEn : r.nameAr,
    name_ar: r.nameAr,
    name_en: r.nameEn,
    price: r.price,
    price_with_vat: withVat(r.price, rateBp),
  }));
}
