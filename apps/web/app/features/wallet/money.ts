import { perLang } from '@pool/i18n/translator';
import type { Lang } from '../../lib/lang.ts';

/** The same locales as lib/format.ts: Gregorian calendar, Latin digits in both languages. */
const money = perLang((l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'SAR' }));
const whole = perLang(
  (l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'SAR', maximumFractionDigits: 0 }),
);

/**
 * A ledger amount with its sign: + money in, a true minus sign for money out.
 * In Arabic the signed number is isolated left-to-right ("+150.00", then the
 * currency), so the sign stays in front of the digits inside right-to-left text.
 */
export function signedMoney(lang: Lang, halalas: number) {
  const sign = halalas > 0 ? '+' : halalas < 0 ? '\u2212' : '';
  const parts = money(lang).formatToParts(Math.abs(halalas) / 100);
  const number = parts
    .filter((p) => ['integer', 'group', 'decimal', 'fraction'].includes(p.type))
    .map((p) => p.value)
    .join('');
  const currency = parts.find((p) => p.type === 'currency')?.value ?? 'SAR';
  return lang === 'ar' ? `\u2066${sign}${number}\u2069 ${currency}` : `${sign}${currency} ${number}`;
}

/** Whole riyals without decimals (the quick amounts). */
export const wholeRiyals = (lang: Lang, sar: number) => whole(lang).format(sar);
