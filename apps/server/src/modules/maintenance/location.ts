/**
 * Where a service happens (a maintenance request's, a subscription's visits'):
 * read from one of the three ways of giving it. Imports nothing of the orders
 * module (the kernel's kinds import this module's index).
 */
import { and, eq } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { V, type ServiceLocationInput } from '@pool/contracts';
import { fieldError } from '../../lib/errors.ts';
import { findAddress } from '../addresses/index.ts';

/** The stored location (maintenance_requests.location): how it was given, and its point or code. */
export type StoredLocation = {
  type: 'address' | 'pin' | 'short_code';
  address_id: number | null;
  lat: number | null;
  lng: number | null;
  short_code: string | null;
  text: string | null;
};

async function activeCity(db: Db, cityId: number) {
  const c = tables.cities;
  const [row] = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.id, cityId), eq(c.active, true)));
  return row;
}

/** Where a visit is and its city, from one of the three ways of giving it (a request's, or a subscription's). */
export async function locationOf(db: Db, userId: number, b: ServiceLocationInput) {
  if (b.address_id !== undefined) {
    const found = await findAddress(db, userId, b.address_id);
    if (!found) throw fieldError('address_id', V.invalid);
    const a = found.a;
    const location: StoredLocation = {
      type: 'address',
      address_id: a.id,
      lat: a.lat,
      lng: a.lng,
      short_code: null,
      text: [found.city.nameAr, a.district, a.street, a.buildingNumber, a.postalCode, a.details]
        .filter(Boolean)
        .join('، '),
    };
    return { cityId: a.cityId, location };
  }
  if (!(await activeCity(db, b.city_id!))) throw fieldError('city_id', V.invalid);
  const pin = b.lat !== undefined && b.lng !== undefined;
  const location: StoredLocation = {
    type: pin ? 'pin' : 'short_code',
    address_id: null,
    lat: pin ? b.lat! : null,
    lng: pin ? b.lng! : null,
    short_code: pin ? null : b.short_code!,
    text: null,
  };
  return { cityId: b.city_id!, location };
}
