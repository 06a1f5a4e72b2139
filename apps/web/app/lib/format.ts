/** Numbers and dates for people: Gregorian calendar, Riyadh time, Latin digits in both languages. */
import { dateLocale as locale, formatDay } from '@pool/i18n/translator';
import type { Lang } from './lang.ts';

export const formatDateTime = (lang: Lang, iso: string | Date) =>
  new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' }).format(
    new Date(iso),
  );

export const formatDate = formatDay;

export const formatNumber = (lang: Lang, n: number) => new Intl.NumberFormat(locale(lang)).format(n);

/** A percentage (`25` is 25 percent) with the language's percent sign, in its place. */
export const formatPercent = (lang: Lang, percent: number) =>
  new Intl.NumberFormat(locale(lang), { style: 'percent', maximumFractionDigits: 3 }).format(percent / 100);

/** Halalas to a riyal amount with its currency. */
export const formatMoney = (lang: Lang, halalas: number) =>
  new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'SAR' }).format(halalas / 100);

/** Halalas to whole riyals with the currency (an estimate, never to the halala). */
export const formatRiyals = (lang: Lang, halalas: number) =>
  new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'SAR', maximumFractionDigits: 0 }).format(
    Math.round(halalas / 100),
  );

/** A phone shown left-to-right even inside Arabic text. */
export const displayPhone = (countryCode: string, phone: string) => `\u2066+${countryCode} ${phone}\u2069`;
