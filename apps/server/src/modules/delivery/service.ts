/** Delivery price by city: free when the products' total reaches the city's threshold. */
import { asc, eq } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { AdminDeliveryPrice } from '@pool/contracts';

const d = tables.deliveryPrices;
const city = tables.cities;

/** Every city with its delivery price (null when none is set yet), by Arabic name. */
export async function listDeliveryPrices(db: Db): Promise<AdminDeliveryPrice[]> {
  const rows = await db
    .select({ city, price: d.price, freeAbove: d.freeAbove })
    .from(city)
    .leftJoin(d, eq(d.cityId, city.id))
    .orderBy(asc(city.nameAr), asc(city.id));
  return rows.map((r) => ({
    city_id: r.city.id,
    name_ar: r.city.nameAr,
    name_en: r.city.nameEn,
    active: r.city.active,
    price: r.price,
    free_above: r.freeAbove,
  }));
}

/** Sets a city's price; undefined when the city does not exist. */
export async function setDeliveryPrice(db: Db, cityId: number, price: number, freeAbove: number | null) {
  const [known] = await db.select({ id: city.id }).from(city).where(eq(city.id, cityId)).limit(1);
  if (!known) return undefined;
  await db
    .insert(d)
    .values({ cityId, price, freeAbove })
    .onConflictDoUpdate({ target: d.cityId, set: { price, freeAbove, updatedAt: new Date() } });
  return (await listDeliveryPrices(db)).find((r) => r.city_id === cityId)!;
}

export type DeliveryQuote = {
  cityId: number;
  cityAr: string;
  cityEn: string;
  /** False when the city is inactive or has no price: no delivery there. */
  available: boolean;
  freeAbove: number | null;
  /** The price for `productsTotal` (0 when free); null when not available. */
  price: number | null;
};

/** What delivery to a city costs for a given products' total; undefined for an unknown city. */
export async function deliveryQuote(db: Db, cityId: number, productsTotal: number): Promise<DeliveryQuote | undefined> {
  const [row] = await db
    .select({ city, price: d.price, freeAbove: d.freeAbove })
    .from(city)
    .leftJoin(d, eq(d.cityId, city.id))
    .where(eq(city.id, cityId))
    .limit(1);
  if (!row) return undefined;
  const available = row.city.active && row.price !== null;
  const free = row.freeAbove !== null && productsTotal >= row.freeAbove;
  return {
    cityId,
    cityAr: row.city.nameAr,
    cityEn: row.city.nameEn,
    available,
    freeAbove: row.freeAbove,
    price: available ? (free ? 0 : row.price) : null,
  };
}
