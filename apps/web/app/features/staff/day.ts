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
