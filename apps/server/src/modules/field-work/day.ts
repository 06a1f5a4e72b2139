/**
 * A staff member's visits, one row reader for the day and the visit's page: their
 * open work scheduled on a Riyadh calendar day, in time order, or one visit of
 * theirs whatever its day or state: the orders of every field-visit kind
 * (immediate maintenance, a package's visits), by their request's
 * `scheduled_at` and place.
 */
import { and, eq, gte, lt, notInArray, or } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  dayEnd,
  dayStart,
  directionsToAddress,
  directionsUrl,
  FIELD_VISIT_KINDS,
  finalStates,
  nextStates,
  riyadhDayAndTime,
  type Lang,
  type StaffDay,
  type StaffDayVisit,
} from '@pool/contracts';
import { notFound } from '../../lib/errors.ts';

const o = tables.orders;
const u = tables.users;
const c = tables.cities;
const mr = tables.maintenanceRequests;

/** Which visits of `staffId`: the open ones starting in [from, to), or one order whatever its state. */
type Scope = { staffId: number; lang: Lang } & ({ from: Date; to: Date } | { orderId: number });
type VisitSource = (db: Db, w: Scope) => Promise<StaffDayVisit[]>;

/** `+966 5…` and its `tel:` link (a national number's leading 0 dropped after the country code). */
export function phoneOf(countryCode: string, phone: string) {
  return { customer_phone: `+${countryCode} ${phone}`, phone_link: `tel:+${countryCode}${phone.replace(/^0+/, '')}` };
}

const addressText = (address: Record<string, unknown> | null) => {
  if (!address) return null;
  const parts = ['district', 'street', 'building_number'].map((k) => address[k]).filter((v) => typeof v === 'string');
  return parts.length ? parts.join('، ') : null;
};

/**
 * The address in words without its city, which the visit shows once beside it in the reader's
 * language (a saved address's stored text starts with the city's Arabic name); null when the
 * city was all there was.
 */
export function withoutCity(address: string | null, city: { nameAr: string; nameEn: string } | null) {
  if (!address || !city) return address;
  const names = [city.nameAr, city.nameEn].map((n) => n.trim().toLowerCase());
  const parts = address.split(/\s*[،,]\s*/).filter((p) => p && !names.includes(p.toLowerCase()));
  return parts.length ? parts.join('، ') : null;
}

/** Not finished, whatever the field-visit kind. */
const openVisit = or(...FIELD_VISIT_KINDS.map((k) => and(eq(o.kind, k), notInArray(o.status, finalStates(k)))));

/** Field visits assigned: open and scheduled in the window, or the one asked for (of a field-visit kind). */
const fieldVisits: VisitSource = async (db, w) => {
  const rows = await db
    .select({ order: o, request: mr, user: u, city: c })
    .from(o)
    .innerJoin(mr, eq(mr.orderId, o.id))
    .innerJoin(u, eq(u.id, o.userId))
    .leftJoin(c, eq(c.id, o.cityId))
    .where(
      and(
        eq(o.staffId, w.staffId),
        ...('orderId' in w
          ? [eq(o.id, w.orderId)]
          : [openVisit, gte(mr.scheduledAt, w.from), lt(mr.scheduledAt, w.to)]),
      ),
    );
  return rows.map(({ order, request, user, city }) => {
    const { lat, lng } = request.location;
    const pin = typeof lat === 'number' && typeof lng === 'number';
    const address = withoutCity(
      request.location.text ?? addressText(order.address) ?? request.location.short_code ?? null,
      city,
    );
    const cityName = city ? (w.lang === 'en' ? city.nameEn : city.nameAr) : null;
    const { day, time } = riyadhDayAndTime(request.scheduledAt);
    return {
      id: order.id,
      kind: order.kind,
      number: order.number,
      status: order.status,
      scheduled_at: request.scheduledAt.toISOString(),
      day,
      time,
      arrival_at: request.arrivalAt?.toISOString() ?? null,
      address,
      city: cityName,
      lat: pin ? lat : null,
      lng: pin ? lng : null,
      // Without a pin, the address in words (with its city) still opens the maps app's search.
      map_url: pin
        ? directionsUrl(lat, lng)
        : address
          ? directionsToAddress([address, cityName].filter(Boolean).join(', '))
          : null,
      customer_name: user.name,
      ...phoneOf(user.countryCode, user.phone),
      problem: request.problem,
      place: request.place,
      next_statuses: nextStates(order.kind, order.status, 'staff'),
    };
  });
};

const SOURCES: readonly VisitSource[] = [fieldVisits];

/** My open visits of Riyadh day `date` (today when absent), earliest first. */
export async function staffDay(db: Db, staffId: number, date: string | undefined, lang: Lang): Promise<StaffDay> {
  const day = date ?? riyadhDayAndTime(new Date()).day;
  const w = { staffId, from: dayStart(day), to: dayEnd(day), lang };
  const visits = (await Promise.all(SOURCES.map((source) => source(db, w)))).flat();
  visits.sort((a, b) => a.scheduled_at.localeCompare(b.scheduled_at) || a.id - b.id);
  return { date: day, visits };
}

/** One visit of mine, whatever its day or state (404 for an order not assigned to me). */
export async function staffVisit(db: Db, staffId: number, orderId: number, lang: Lang): Promise<StaffDayVisit> {
  const [visit] = (await Promise.all(SOURCES.map((source) => source(db, { staffId, lang, orderId })))).flat();
  if (!visit) throw notFound();
  return visit;
}
