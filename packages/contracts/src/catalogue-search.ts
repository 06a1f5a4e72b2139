/**
 * The catalogue's Arabic-aware search (issue 4): the one normal form of a text
 * that the server stores and the site and server query with.
 */

/** Arabic marks: tashkeel (fatha, damma, kasra, tanween, shadda, sukun…), superscript alef, Quranic marks. */
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e8\u06ea-\u06ed]/g;
const TATWEEL = /\u0640/g;
const FOLD: Record<string, string> = {
  // alef with hamza above / below, with madda, wasla, wavy hamza: bare alef
  '\u0623': '\u0627',
  '\u0625': '\u0627',
  '\u0622': '\u0627',
  '\u0671': '\u0627',
  '\u0672': '\u0627',
  '\u0673': '\u0627',
  // taa marbuta: haa; alef maqsura and Persian yeh: yaa
  '\u0629': '\u0647',
  '\u0649': '\u064a',
  '\u06cc': '\u064a',
};
const FOLDED = /[\u0623\u0625\u0622\u0671\u0672\u0673\u0629\u0649\u06cc]/g;
/** Arabic-Indic and Eastern Arabic-Indic digits. */
const DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * The form of a text that search compares: Unicode compatibility forms folded
 * (NFKC: Arabic presentation forms, full-width Latin), Arabic diacritics and
 * tatweel removed, أ إ آ ٱ → ا, ة → ه, ى → ي, Arabic digits → 0-9, lower case,
 * runs of white space made one space. Used for `products.search_text` and for
 * the query, by the server and the site alike.
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKC')
    .replace(ARABIC_MARKS, '')
    .replace(TATWEEL, '')
    .replace(FOLDED, (c) => FOLD[c]!)
    .replace(DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a search query (at most `max`), normalised. */
export const searchTerms = (q: string, max = 5) => normalizeSearch(q).split(' ').filter(Boolean).slice(0, max);
