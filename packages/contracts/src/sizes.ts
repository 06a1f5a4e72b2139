/**
 * A product's sizes are typed once (`9 م`, `4×8 m`, `1.5 HP`): the numbers are the same in both
 * languages, the units and the size words are not. `sizeText` writes one in the page's language.
 */
import type { Lang } from './languages.ts';

/** [Arabic, English] units and size words; the first Arabic spelling is the one written. */
const WORDS: [string[], string[]][] = [
  [
    ['م²', 'م2', 'متر مربع'],
    ['m²', 'm2', 'sqm'],
  ],
  [
    ['م³', 'م3', 'متر مكعب'],
    ['m³', 'm3'],
  ],
  [['سم'], ['cm']],
  [['مم'], ['mm']],
  [['م', 'متر'], ['m']],
  [['لتر'], ['L', 'l', 'litre', 'liter']],
  [['مل'], ['ml', 'mL']],
  [['كغ', 'كجم', 'كيلو'], ['kg']],
  [['جم', 'غ'], ['g']],
  [['حصان'], ['HP', 'hp']],
  [
    ['بوصة', 'إنش', 'انش'],
    ['in', 'inch'],
  ],
  [['واط'], ['W']],
  [['كيلوواط'], ['kW']],
  [['فولت'], ['V']],
  [['صغير'], ['Small', 'small']],
  [
    ['متوسط', 'وسط'],
    ['Medium', 'medium'],
  ],
  [['كبير'], ['Large', 'large']],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ARABIC_DIGITS = /[\u0660-\u0669]/g;

/** A size in the page's language: units and size words translated, Arabic-Indic digits as 0-9. */
export function sizeText(lang: Lang, size: string): string {
  let out = size.replace(ARABIC_DIGITS, (d) => String(d.charCodeAt(0) - 0x0660));
  for (const [ar, en] of WORDS) {
    const from = lang === 'en' ? ar : en;
    const to = lang === 'en' ? en[0]! : ar[0]!;
    // A whole word: no letter right before or after (a number may touch it: `9م`).
    const re = new RegExp(`(?<!\\p{L})(?:${from.map(escape).join('|')})(?!\\p{L})`, 'gu');
    out = out.replace(re, to);
  }
  return out;
}
