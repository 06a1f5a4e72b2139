/**
 * Days and times as the company keeps them: Asia/Riyadh wall-clock days
 * (`YYYY-MM-DD`) and times (`HH:MM`, 24 h), read from the zone's rules with
 * Intl (never a fixed offset), and their labels: the Gregorian date and the
 * Hijri one (Umm al-Qura), Arabic or English, Latin digits.
 */
import { riyadhDateTime } from '@pool/contracts/maintenance';
import type { Lang } from '../../lib/lang.ts';

/** Riyadh's day (`YYYY-MM-DD`) and time (`HH:MM`) at instant `at`. */
export function riyadhNow(at: Date = new Date()): { day: string; time: string } {
  const { date, time } = riyadhDateTime(at);
  return { day: date, time };
}

/** Today in Riyadh (`YYYY-MM-DD`). */
export const riyadhToday = (at: Date = new Date()) => riyadhNow(at).day;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar day written `YYYY-MM-DD`. */
export const isDay = (v: string | null | undefined): v is string =>
  !!v && DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** The day `n` days after `day` (both `YYYY-MM-DD`). */
export const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Whether Riyadh's `day` is before today there. */
export const isPastDay = (day: string, at: Date = new Date()) => day < riyadhToday(at);

/** Whether `time` on Riyadh's `day` has come already (the present minute counts as past). */
export function isPastTime(day: string, time: string, at: Date = new Date()): boolean {
  const now = riyadhNow(at);
  if (day !== now.day) return day < now.day;
  return time <= now.time;
}

/** The first and last bookable times and the step between the offered slots. */
export const WORK_START = '08:00';
export const WORK_END = '22:00';
export const SLOT_MINUTES = 30;

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The offered times of a day: every 30 minutes from 08:00 to 22:00. */
export const TIME_SLOTS: readonly string[] = Array.from(
  { length: (minutesOf(WORK_END) - minutesOf(WORK_START)) / SLOT_MINUTES + 1 },
  (_, i) => hhmm(minutesOf(WORK_START) + i * SLOT_MINUTES),
);

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * A typed time as `HH:MM`: Arabic-Indic digits become Latin, `9:30`, `0930` and `9.30` are read,
 * a lone hour gets `:00`. Null when it is no time of day.
 */
export function normaliseTime(text: string): string | null {
  const latin = text
    .trim()
    .replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) - (d.charCodeAt(0) >= 0x06f0 ? 0x06f0 : 0x0660)) % 10));
  const m = /^(\d{1,2})(?:[:.٫]?(\d{2}))?$/.exec(latin);
  if (!m) return null;
  const time = `${m[1]!.padStart(2, '0')}:${m[2] ?? '00'}`;
  return TIME.test(time) ? time : null;
}

/* ------------------------------------------------------------------ labels */

// A calendar day is the same everywhere at noon UTC: format that instant in UTC.
const noon = (day: string) => new Date(`${day}T12:00:00Z`);
const gregorian = (lang: Lang) => (lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB');
const hijri = (lang: Lang) => (lang === 'ar' ? 'ar-SA-u-ca-islamic-umalqura-nu-latn' : 'en-u-ca-islamic-umalqura');
/**
 * ICU versions differ in the spaces they put in (Node's puts thin spaces U+2009 around a range's dash,
 * Chromium plain ones; times get U+202F): every kind of space becomes a plain one, so the server's
 * HTML and the browser's render hold the same text (React's hydration compares them).
 */
export const plainSpaces = (text: string) => text.replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' ');

const fmt = (locale: string, options: Intl.DateTimeFormatOptions) => {
  const f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return {
    format: (at: Date) => plainSpaces(f.format(at)),
    formatRange: (from: Date, to: Date) => plainSpaces(f.formatRange(from, to)),
  };
};

/** `Wednesday, 25 November 2026` / `الأربعاء، 25 نوفمبر 2026`. */
export const gregorianLabel = (day: string, lang: Lang) =>
  fmt(gregorian(lang), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(noon(day));

/** `Jumada II 15, 1448 AH` / `15 جمادى الآخرة 1448 هـ` (Umm al-Qura). */
export const hijriLabel = (day: string, lang: Lang) =>
  fmt(hijri(lang), { day: 'numeric', month: 'long', year: 'numeric' }).format(noon(day));

/** The Hijri day of the month alone (the calendar's cells). */
export const hijriDayNumber = (day: string) =>
  fmt('en-u-ca-islamic-umalqura-nu-latn', { day: 'numeric' }).format(noon(day));

/** The month's heading: `November 2026` / `نوفمبر 2026`. */
export const monthLabel = (day: string, lang: Lang) =>
  fmt(gregorian(lang), { month: 'long', year: 'numeric' }).format(noon(day));

/** The Hijri months a Gregorian month spans: `Jumada I – Jumada II 1448 AH`. */
export function hijriMonthsLabel(day: string, lang: Lang): string {
  const first = `${day.slice(0, 7)}-01`;
  const next = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 1));
  const last = new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
  return fmt(hijri(lang), { month: 'long', year: 'numeric' }).formatRange(noon(first), noon(last));
}

/** A day's heading in a week: `Saturday 2 January` / `السبت 2 يناير`. */
export const weekdayAndDate = (day: string, lang: Lang) =>
  fmt(gregorian(lang), { weekday: 'long', day: 'numeric', month: 'long' }).format(noon(day));

/** Its Hijri day and month (Umm al-Qura): `Rajab 24` / `24 رجب`. */
export const hijriDayAndMonth = (day: string, lang: Lang) =>
  fmt(hijri(lang), { day: 'numeric', month: 'long' }).format(noon(day));

/** Days `from` to `to` as one range: `2–8 January 2027` / `2–8 يناير 2027`. */
export const daysRangeLabel = (from: string, to: string, lang: Lang) =>
  fmt(gregorian(lang), { day: 'numeric', month: 'long', year: 'numeric' }).formatRange(noon(from), noon(to));

/** The same days in the Hijri calendar: `Rajab 24 – 30, 1448 AH` / `24–30 رجب 1448 هـ`. */
export const hijriRangeLabel = (from: string, to: string, lang: Lang) =>
  fmt(hijri(lang), { day: 'numeric', month: 'long', year: 'numeric' }).formatRange(noon(from), noon(to));

/** A weekday's short name for the calendar's head row. */
export const weekdayLabel = (day: string, lang: Lang) =>
  fmt(gregorian(lang), { weekday: lang === 'ar' ? 'narrow' : 'short' }).format(noon(day));
