/**
 * The visits calendar's week (contracts' visits-calendar.ts): the visits of every field-visit
 * kind in a calendar state whose time falls in the Saudi week's Riyadh days (Saturday 00:00 to
 * the end of Friday), and the technicians whose lanes they go in.
 */
import { and, asc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  assignmentMove,
  CALENDAR_STATES,
  CALENDAR_VISITS_MAX,
  dayEnd,
  dayStart,
  FIELD_VISIT_KINDS,
  riyadhDayAndTime,
  saudiWeek,
  VISIT_MINUTES,
  type CalendarTechnician,
  type CalendarVisit,
  type Lang,
  type VisitsCalendar,
  type VisitsCalendarQuery,
} from '@pool/contracts';
import { withoutCity } from '../field-work/index.ts';
import { pick } from '../orders/index.ts';

const o = tables.orders;
const mr = tables.maintenanceRequests;
const u = tables.users;
const c = tables.cities;
const st = tables.staff;
const sc = tables.staffCities;
const ps = tables.packageSubscriptions;

type Place = { text?: string | null; short_code?: string | null };

/** The customer's area: the first part of a saved address after its city (its district), else the short code. */
export function areaOf(place: Place, city: { nameAr: string; nameEn: string } | null): string | null {
  const words = withoutCity(place.text ?? null, city);
  return words?.split('، ')[0] ?? place.short_code ?? null;
}

const inCalendar = or(...FIELD_VISIT_KINDS.map((k) => and(eq(o.kind, k), inArray(o.status, [...CALENDAR_STATES[k]]))));

async function weekVisits(db: Db, days: { from: string; to: string }, cityId: number | undefined, lang: Lang) {
  const rows = await db
    .select({ order: o, request: mr, customer: u.name, city: c, pkgAr: ps.nameAr, pkgEn: ps.nameEn })
    .from(o)
    .innerJoin(mr, eq(mr.orderId, o.id))
    .innerJoin(u, eq(u.id, o.userId))
    .leftJoin(c, eq(c.id, o.cityId))
    .leftJoin(ps, eq(ps.orderId, o.parentId))
    .where(
      and(
        inCalendar,
        gte(mr.scheduledAt, dayStart(days.from)),
        lt(mr.scheduledAt, dayEnd(days.to)),
        cityId ? eq(o.cityId, cityId) : undefined,
      ),
    )
    .orderBy(asc(mr.scheduledAt), asc(o.id))
    .limit(CALENDAR_VISITS_MAX + 1);
  const visits = rows.slice(0, CALENDAR_VISITS_MAX).map((r): CalendarVisit => {
    const { day, time } = riyadhDayAndTime(r.request.scheduledAt);
    return {
      id: r.order.id,
      kind: r.order.kind as CalendarVisit['kind'],
      number: r.order.number,
      status: r.order.status as CalendarVisit['status'],
      scheduled_at: r.request.scheduledAt.toISOString(),
      date: day,
      time,
      minutes: VISIT_MINUTES,
      staff_id: r.order.staffId,
      city_id: r.order.cityId,
      city: r.city ? pick(lang, r.city.nameAr, r.city.nameEn) : null,
      area: areaOf(r.request.location, r.city),
      customer_name: r.customer,
      package_name: r.pkgAr !== null && r.pkgEn !== null ? pick(lang, r.pkgAr, r.pkgEn) : null,
      can_assign: assignmentMove(r.order.kind, r.order.status) !== undefined,
    };
  });
  return { visits, truncated: rows.length > CALENDAR_VISITS_MAX };
}

/**
 * The lanes: every active technician (serving the city, when one is chosen), then anyone else a
 * visit of the week is assigned to (not `available`: no visit may be moved to them).
 */
async function lanes(db: Db, cityId: number | undefined, assigned: number[]): Promise<CalendarTechnician[]> {
  const active = await db
    .select({ id: st.id })
    .from(st)
    .where(
      and(
        eq(st.job, 'technician'),
        eq(st.isBlocked, false),
        isNull(st.deletedAt),
        cityId ? inArray(st.id, db.select({ id: sc.staffId }).from(sc).where(eq(sc.cityId, cityId))) : undefined,
      ),
    );
  const availableIds = new Set(active.map((r) => r.id));
  const ids = [...new Set([...availableIds, ...assigned])];
  if (!ids.length) return [];
  const [people, cities] = await Promise.all([
    db.select().from(st).where(inArray(st.id, ids)).orderBy(asc(st.name), asc(st.id)),
    db.select().from(sc).where(inArray(sc.staffId, ids)),
  ]);
  const lane = (s: (typeof people)[number]): CalendarTechnician => ({
    id: s.id,
    name: s.name,
    image: s.image,
    city_ids: cities.filter((x) => x.staffId === s.id).map((x) => x.cityId),
    available: availableIds.has(s.id),
  });
  // The technicians visits may go to first, then the others.
  return [...people.filter((s) => availableIds.has(s.id)), ...people.filter((s) => !availableIds.has(s.id))].map(lane);
}

export async function visitsCalendar(
  db: Db,
  q: VisitsCalendarQuery,
  lang: Lang,
  now = new Date(),
): Promise<VisitsCalendar> {
  const today = riyadhDayAndTime(now).day;
  const week = saudiWeek(q.week ?? today);
  const { visits, truncated } = await weekVisits(db, week, q.city_id, lang);
  const assigned = [...new Set(visits.flatMap((v) => (v.staff_id ? [v.staff_id] : [])))];
  return {
    week: { ...week, today },
    city_id: q.city_id ?? null,
    technicians: await lanes(db, q.city_id, assigned),
    visits,
    truncated,
  };
}
