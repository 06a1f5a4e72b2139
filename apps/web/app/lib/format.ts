/** Numbers and dates for people: Gregorian calendar, Riyadh time, Latin digits in both languages (one formatter each per language). */
import { formatDay, perLang } from '@pool/i18n/translator';
import type { Lang } from './lang.ts';

const dateTime = perLang(
  (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' }),
);
const number = perLang((l) => new Intl.NumberFormat(l));
const percent = perLang((l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 3 }));
const money = perLang((l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'SAR' }));
const riyals = perLang(
  (l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'SAR', maximumFractionDigits: 0 }),
);

export const formatDateTime = (lang: Lang, iso: string | Date) => dateTime(lang).format(new Date(iso));

export const formatDate = formatDay;

export const formatNumber = (lang: Lang, n: number) => number(lang).format(n);

/** A percentage (`25` is 25 percent) with the language's percent sign, in its place. */
export const formatPercent = (lang: Lang, value: number) => percent(lang).format(value / 100);

/** Halalas to a riyal amount with its currency. */
export const formatMoney = (lang: Lang, halalas: number) => money(lang).format(halalas / 100);

/** Halalas to whole riyals with the currency (an estimate, never to the halala). */
export const formatRiyals = (lang: Lang, halalas: number) => riyals(lang).format(Math.round(halalas / 100));

/** A phone shown left-to-right even inside Arabic text. */
export const displayPhone = (countryCode: string, phone: string) => `\u2066+${countryCode} ${phone}\u2069`;
