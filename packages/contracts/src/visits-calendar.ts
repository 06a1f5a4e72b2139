/**
 * The dashboard's visits calendar (issue 11): one Saudi week (Saturday to Friday) of the
 * technicians' visits in Asia/Riyadh: immediate maintenance paid or under way and a package's
 * visits with a time, one lane per technician and one for the visits no one has yet. A visit is
 * moved to another technician with the order's assignment (the kernel refuses a technician who
 * does not serve the city or has another visit within VISIT_MINUTES).
 */
import { z } from 'zod';
import { blankToUndefined, optionalId, V } from './fields.ts';
import { isCalendarDay, SERVICE_ORDER_STATUSES } from './maintenance.ts';
import { FIELD_VISITS, type FieldVisitKind } from './order-machines.ts';

/** The days of a week. */
export const WEEK_LENGTH = 7;

/** The day `n` days after `day` (both `YYYY-MM-DD`; `n` may be negative). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The Saudi week of `day`: it starts on the Saturday on or before it and ends on the Friday after. */
export function saudiWeek(day: string): { from: string; to: string; days: string[] } {
  // A calendar day's weekday is the same everywhere at noon UTC: 0 Sunday … 6 Saturday.
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const from = addDays(day, -((weekday + 1) % WEEK_LENGTH));
  const days = Array.from({ length: WEEK_LENGTH }, (_, i) => addDays(from, i));
  return { from, to: days[WEEK_LENGTH - 1]!, days };
}

/**
 * The states a visit of each kind is on the calendar in: it has its time on a technician's
 * agenda (or waits for one) and is not over.
 */
export const CALENDAR_STATES: Record<FieldVisitKind, readonly string[]> = {
  immediate_maintenance: ['paid', 'technician_assigned', 'on_the_way', 'arrived'],
  package_visit: ['scheduled', 'technician_assigned', 'on_the_way', 'arrived'],
};

/** At most this many visits in one week's answer (`truncated` says when more were left out). */
export const CALENDAR_VISITS_MAX = 1000;

export const visitsCalendarQuery = z.object({
  /** Any day of the week to show (Riyadh's `YYYY-MM-DD`); this week when absent. */
  week: z.preprocess(
    blankToUndefined,
    z.string({ error: V.invalid }).refine(isCalendarDay, { error: V.invalid }).optional(),
  ),
  /** Only this city's visits and the technicians serving it. */
  city_id: optionalId,
});
export type VisitsCalendarQuery = z.output<typeof visitsCalendarQuery>;

const FIELD_VISIT_KIND_LIST = Object.keys(FIELD_VISITS) as [FieldVisitKind, ...FieldVisitKind[]];

export const calendarTechnician = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  /** The cities they serve. */
  city_ids: z.array(z.number()),
  /**
   * An active technician (serving the city filtered on): a lane visits may be moved to. False for
   * one shown only because a visit of the week is theirs (blocked since, or not serving the city).
   */
  available: z.boolean(),
});
export type CalendarTechnician = z.infer<typeof calendarTechnician>;

export const calendarVisit = z.object({
  id: z.number(),
  kind: z.enum(FIELD_VISIT_KIND_LIST),
  number: z.string(),
  status: z.enum(SERVICE_ORDER_STATUSES),
  scheduled_at: z.string(),
  /** Riyadh's day (`YYYY-MM-DD`) and time (`HH:MM`) of `scheduled_at`. */
  date: z.string(),
  time: z.string(),
  /** How long the technician is taken (VISIT_MINUTES). */
  minutes: z.number(),
  /** The technician assigned, or null (the unassigned lane). */
  staff_id: z.number().nullable(),
  city_id: z.number().nullable(),
  city: z.string().nullable(),
  /** The customer's area (a saved address's district, or the national address code); null for a map pin alone. */
  area: z.string().nullable(),
  customer_name: z.string(),
  /** A package's visit: the package's name as subscribed. */
  package_name: z.string().nullable(),
  /** The order's assignment move is open from its state: it may go to another technician. */
  can_assign: z.boolean(),
});
export type CalendarVisit = z.infer<typeof calendarVisit>;

export const visitsCalendar = z.object({
  week: z.object({
    /** Saturday and Friday (`YYYY-MM-DD`), and the seven days in order. */
    from: z.string(),
    to: z.string(),
    days: z.array(z.string()),
    /** Riyadh's today, to mark it. */
    today: z.string(),
  }),
  city_id: z.number().nullable(),
  technicians: z.array(calendarTechnician),
  visits: z.array(calendarVisit),
  truncated: z.boolean(),
});
export type VisitsCalendar = z.infer<typeof visitsCalendar>;
