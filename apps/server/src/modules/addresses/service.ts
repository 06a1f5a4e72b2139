/** A customer's saved addresses (Saudi national address, optional map pin). Another customer's address does not exist. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { insideSaudi, V, type AddressBody, type AddressItem, type Lang } from '@pool/contracts';
import { fieldError } from '../../lib/errors.ts';

const a = tables.addresses;
const city = tables.cities;
type Row = typeof a.$inferSelect;
type CityRow = typeof city.$inferSelect;

export const toAddressItem = (row: Row, c: Pick<CityRow, 'nameAr' | 'nameEn'>, lang: Lang): AddressItem => ({
  id: row.id,
  label: row.label,
  city_id: row.cityId,
  city: lang === 'en' ? c.nameEn : c.nameAr,
  district: row.district,
  street: row.street,
  building_number: row.buildingNumber,
  postal_code: row.postalCode,
  additional_number: row.additionalNumber,
  details: row.details,
  lat: row.lat,
  lng: row.lng,
});

const mine = (userId: number) => and(eq(a.userId, userId), isNull(a.deletedAt));

export async function listAddresses(db: Db, userId: number, lang: Lang) {
  const rows = await db
    .select({ a, city })
    .from(a)
    .innerJoin(city, eq(city.id, a.cityId))
    .where(mine(userId))
    .orderBy(desc(a.createdAt), desc(a.id));
  return rows.map((r) => toAddressItem(r.a, r.city, lang));
}

/** The customer's own live address with its city, or undefined. */
export async function findAddress(db: Db, userId: number, id: number) {
  const [row] = await db
    .select({ a, city })
    .from(a)
    .innerJoin(city, eq(city.id, a.cityId))
    .where(and(mine(userId), eq(a.id, id)))
    .limit(1);
  return row;
}

async function valuesOf(db: Db, b: AddressBody) {
  const [known] = await db
    .select({ id: city.id })
    .from(city)
    .where(and(eq(city.id, b.city_id), eq(city.active, true)))
    .limit(1);
  if (!known) throw fieldError('city_id', V.invalid);
  if ((b.lat === undefined) !== (b.lng === undefined))
    throw fieldError(b.lat === undefined ? 'lat' : 'lng', V.required);
  if (b.lat !== undefined && b.lng !== undefined && !insideSaudi(b.lat, b.lng))
    throw fieldError('lat', 'cart.pin_outside');
  return {
    label: b.label ?? '',
    cityId: b.city_id,
    district: b.district,
    street: b.street,
    buildingNumber: b.building_number,
    postalCode: b.postal_code,
    additionalNumber: b.additional_number ?? null,
    details: b.details ?? null,
    lat: b.lat ?? null,
    lng: b.lng ?? null,
  };
}

export async function createAddress(db: Db, userId: number, body: AddressBody) {
  const [row] = await db
    .insert(a)
    .values({ userId, ...(await valuesOf(db, body)) })
    .returning({ id: a.id });
  return row!.id;
}

/** False when the address is not the customer's. */
export async function updateAddress(db: Db, userId: number, id: number, body: AddressBody) {
  if (!(await findAddress(db, userId, id))) return false;
  const values = await valuesOf(db, body);
  const rows = await db
    .update(a)
    .set(values)
    .where(and(mine(userId), eq(a.id, id)))
    .returning({ id: a.id });
  return rows.length > 0;
}

/** Soft delete: orders keep their own copy of the address. */
export async function deleteAddress(db: Db, userId: number, id: number) {
  const rows = await db
    .update(a)
    .set({ deletedAt: new Date() })
    .where(and(mine(userId), eq(a.id, id)))
    .returning({ id: a.id });
  return rows.length > 0;
}
