/** The staff's days in Riyadh: today and tomorrow as the API's `date` (YYYY-MM-DD). */
import { riyadhDayAndTime } from '@pool/contracts/field-work';

export const STAFF_DAYS = ['today', 'tomorrow'] as const;
export type StaffDayChoice = (typeof STAFF_DAYS)[number];

/** `YYYY-MM-DD` plus `days` calendar days (a calendar sum: no time zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Riyadh calendar day of a choice, at `now`. */
export function riyadhDayOf(choice: StaffDayChoice, now = new Date()): string {
  const today = riyadhDayAndTime(now).day;
  return choice === 'tomorrow' ? addDays(today, 1) : today;
}

export const dayChoice = (v: string | null): StaffDayChoice => (v === 'tomorrow' ? 'tomorrow' : 'today');

/** The day page's views: one of the days, or the visits already finished (their reports). */
export const STAFF_VIEWS = [...STAFF_DAYS, 'finished'] as const;
export type StaffView = (typeof STAFF_VIEWS)[number];

/** The view the day page's search asks for: `?show=finished`, `?day=tomorrow`, else today. */
export const viewOf = (search: URLSearchParams): StaffView =>
  search.get('show') === 'finished' ? 'finished' : dayChoice(search.get('day'));

/** `search` showing `view` (and the finished list's `page` after the first); other parameters kept. */
export function viewSearch(search: URLSearchParams, view: StaffView, page = 1): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const k of ['day', 'show', 'page']) next.delete(k);
  if (view === 'tomorrow') next.set('day', view);
  if (view === 'finished') next.set('show', view);
  if (view === 'finished' && page > 1) next.set('page', String(page));
  return next;
}

/** The staff view's page of an order assigned to me: a construction project's, else the visit's. */
export const staffPageOf = (order: { id: number; kind: string }) =>
  order.kind === 'pool_construction' ? `/staff/construction/${order.id}` : `/staff/orders/${order.id}`;
