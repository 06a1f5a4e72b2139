/**
 * The catalogue's Arabic-aware search (issues 4 and 12): the one normal form of
 * a text that the server indexes and the site and server query with. The SQL
 * function `search_norm` (migration 0016) computes `searchKey` in the database
 * for the index; a test runs both on the same strings.
 */

/** Arabic marks: tashkeel (fatha, damma, kasra, tanween, shadda, sukun…), superscript alef, Quranic marks. */
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e8\u06ea-\u06ed]/g;
/** Tatweel and invisible format characters pasted text carries (zero-width joiners, direction marks and isolates). */
const INVISIBLE = /[\u0640\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
/** White space NFKC leaves as it is. */
const SPACES = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g;
const FOLD: Record<string, string> = {
  // alef with hamza above / below, with madda, wasla, wavy hamza: bare alef
  '\u0623': '\u0627',
  '\u0625': '\u0627',
  '\u0622': '\u0627',
  '\u0671': '\u0627',
  '\u0672': '\u0627',
  '\u0673': '\u0627',
  // taa marbuta: haa; alef maqsura, Persian yeh and yeh with hamza: yaa; waw with hamza: waw
  '\u0629': '\u0647',
  '\u0649': '\u064a',
  '\u06cc': '\u064a',
  '\u0626': '\u064a',
  '\u0624': '\u0648',
  // the hamza on its own (شاطئ = شاطي, ماء = ما)
  '\u0621': '',
};
const FOLDED = /[\u0623\u0625\u0622\u0671\u0672\u0673\u0629\u0649\u06cc\u0626\u0624\u0621]/g;
/** Arabic-Indic and Eastern Arabic-Indic digits. */
const DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * The form of a text that search compares: Unicode compatibility forms folded
 * (NFKC: Arabic presentation forms, full-width Latin), Arabic diacritics,
 * tatweel and invisible marks removed, أ إ آ ٱ → ا, ة → ه, ى ئ → ي, ؤ → و, ء
 * dropped, Arabic digits → 0-9, lower case, runs of white space made one space.
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKC')
    .replace(ARABIC_MARKS, '')
    .replace(INVISIBLE, '')
    .replace(FOLDED, (c) => FOLD[c]!)
    .replace(DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10))
    .replace(SPACES, ' ')
    .trim();
}

/** The article with an attached و ف ب ك or ل (وال، بال، لل…), before at least two letters. */
const ARTICLE = /^(?:وال|فال|بال|كال|ولل|لل|ال)(.{2,})$/u;
/** One attached letter (و ف ب ك ل) before at least four: «وفلتر» is «فلتر», «فلتر» stays itself. */
const PREFIX = /^[وفبكل](.{4,})$/u;

/**
 * The stem of a normalised word that matching also uses: Arabic without the
 * article and attached prefixes, English plurals folded (ladders → ladder,
 * brushes → brush, batteries → battery); the word itself when none applies.
 */
export function searchStem(word: string): string {
  const arabic = ARTICLE.exec(word) ?? PREFIX.exec(word);
  if (arabic) return arabic[1]!;
  if (!/^[a-z]{4,}$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (/[^sui]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * What the index holds for a text: its normal form with each word's stem after
 * the word when it differs («السلم سلم», "ladders ladder"), so that a word, its
 * stem and a stemmed query all find it. SQL: `search_norm(text)`.
 */
export function searchKey(text: string): string {
  return normalizeSearch(text)
    .split(' ')
    .filter(Boolean)
    .flatMap((w) => {
      const stem = searchStem(w);
      return stem === w ? [w] : [w, stem];
    })
    .join(' ');
}

/**
 * pg_trgm word similarity from which a product name's word counts as a query
 * word mistyped: one letter wrong in a word of four or more ("ladeer" 0.43,
 * «فلنر» 0.4). The search sets it in its transaction (`pg_trgm.word_similarity_threshold`,
 * which the `<%` operator reads).
 */
export const SEARCH_TYPO_SIMILARITY = 0.4;

/** The words of a search query (at most `max`), normalised. */
export const searchTerms = (q: string, max = 5) => normalizeSearch(q).split(' ').filter(Boolean).slice(0, max);
