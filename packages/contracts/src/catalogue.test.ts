import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeSearch, searchKey, searchStem, searchTerms } from './catalogue-search.ts';

const MARKS = ['\u064b', '\u064c', '\u064d', '\u064e', '\u064f', '\u0650', '\u0651', '\u0652', '\u0670', '\u0640'];
const ALEFS = ['\u0627', '\u0623', '\u0625', '\u0622', '\u0671'];
/** Arabic letters, Latin letters of both cases, digits and spaces. */
const letter = fc.constantFrom(...'ابتثجحخدذرزسشصضطظعغفقكلمنهويءئؤةىأإآٱ'.split(''), ...'aBcDeFgHxYZ019 '.split(''));
const text = fc.array(letter, { maxLength: 30 }).map((cs) => cs.join(''));

describe('normalizeSearch', () => {
  it('treats the spellings the issue names as equal', () => {
    expect(normalizeSearch('مضخة')).toBe(normalizeSearch('مضخه'));
    expect(normalizeSearch('أحمد')).toBe('احمد');
    expect(normalizeSearch('إبريق')).toBe('ابريق');
    expect(normalizeSearch('آلة')).toBe('اله');
    expect(normalizeSearch('ٱلماء')).toBe('الما');
    expect(normalizeSearch('مستشفى')).toBe('مستشفي');
    expect(normalizeSearch('مَضَخَّةٌ')).toBe('مضخه');
    expect(normalizeSearch('مـــضخة')).toBe('مضخه');
    expect(normalizeSearch('  Aqua   PUMP\t1.5 HP ')).toBe('aqua pump 1.5 hp');
    expect(normalizeSearch('مضخة ١٫٥ حصان ۲')).toBe('مضخه 1٫5 حصان 2');
    // presentation forms (old keyboards, copied PDFs) fold to the letters
    expect(normalizeSearch('\ufefb')).toBe('لا');
    expect(normalizeSearch('Ｐｕｍｐ')).toBe('pump');
  });

  it('folds the hamza carriers and drops the lone hamza (issue 12)', () => {
    expect(normalizeSearch('شاطئ')).toBe(normalizeSearch('شاطي'));
    expect(normalizeSearch('مؤقت')).toBe('موقت');
    expect(normalizeSearch('ماء')).toBe('ما');
    expect(normalizeSearch('\u200fمضخة\u200d\u2066١\u2069')).toBe('مضخه1');
    expect(normalizeSearch('pump\u00a0\u2003filter')).toBe('pump filter');
  });

  it('splits a query into normalised words', () => {
    expect(searchTerms('  مِضَخّة   AQUA ')).toEqual(['مضخه', 'aqua']);
    expect(searchTerms('a b c d e f g')).toHaveLength(5);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        const once = normalizeSearch(s);
        expect(normalizeSearch(once)).toBe(once);
      }),
    );
    fc.assert(
      fc.property(text, (s) => {
        expect(normalizeSearch(normalizeSearch(s))).toBe(normalizeSearch(s));
      }),
    );
  });

  it('ignores diacritics and tatweel wherever they are put', () => {
    fc.assert(
      fc.property(text, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...MARKS)), { maxLength: 8 }), (s, inserts) => {
        const chars = s.split('');
        for (const [at, mark] of inserts) chars.splice(at % (chars.length + 1), 0, mark);
        expect(normalizeSearch(chars.join(''))).toBe(normalizeSearch(s));
      }),
    );
  });

  it('makes every alef form, taa marbuta / haa and yaa / alef maqsura equal', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...ALEFS), fc.constantFrom(...ALEFS), (s, a, b) => {
        expect(normalizeSearch(`${a}${s}`)).toBe(normalizeSearch(`${b}${s}`));
        expect(normalizeSearch(`${s}ة`)).toBe(normalizeSearch(`${s}ه`));
        expect(normalizeSearch(`${s}ى`)).toBe(normalizeSearch(`${s}ي`));
      }),
    );
  });

  it('leaves no mark, no folded letter, no upper-case Latin and no doubled space', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), text, (a, b) => {
        const out = normalizeSearch(`${a} ${b}`);
        expect(out).not.toMatch(/[\u064b-\u065f\u0670\u0640\u0623\u0625\u0622\u0671\u0629\u0649A-Z]/);
        expect(out).not.toMatch(/\s{2}|^\s|\s$/);
      }),
    );
  });

  it('is case-insensitive for English', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z ]{0,30}$/), (s) => {
        expect(normalizeSearch(s.toUpperCase())).toBe(normalizeSearch(s.toLowerCase()));
      }),
    );
  });
});

describe('searchStem and searchKey (issue 12)', () => {
  it('takes the article and the attached prefixes off Arabic words', () => {
    expect(searchStem('السلم')).toBe('سلم');
    expect(searchStem('الفلتر')).toBe('فلتر');
    expect(searchStem('والفلتر')).toBe('فلتر');
    expect(searchStem('بالكلور')).toBe('كلور');
    expect(searchStem('فالماء')).toBe('ماء');
    expect(searchStem('كالجديد')).toBe('جديد');
    expect(searchStem('للمسبح')).toBe('مسبح');
    expect(searchStem('وللمسبح')).toBe('مسبح');
    expect(searchStem('لتصريف')).toBe('تصريف');
    expect(searchStem('ومضخه')).toBe('مضخه');
  });

  it('keeps the words whose first letter only looks like a prefix', () => {
    // «فلتر» is not ف + «لتر» (litre), «كلور» not ك + «لور», «بركه» not ب + «ركه»
    for (const w of ['فلتر', 'كلور', 'بركه', 'لمبه', 'سلم', 'وسط', 'اله', 'الو']) expect(searchStem(w)).toBe(w);
  });

  it('folds English plurals', () => {
    expect(searchStem('ladders')).toBe('ladder');
    expect(searchStem('brushes')).toBe('brush');
    expect(searchStem('batteries')).toBe('battery');
    expect(searchStem('boxes')).toBe('box');
    expect(searchStem('glasses')).toBe('glass');
    expect(searchStem('tiles')).toBe('tile');
    for (const w of ['glass', 'status', 'basis', 'gas', 'pump', 'ladder', 'hp']) expect(searchStem(w)).toBe(w);
  });

  it('indexes each word followed by its stem when it differs', () => {
    expect(searchKey('السُّلَّم  Pool LADDERS')).toBe('السلم سلم pool ladders ladder');
    expect(searchKey('')).toBe('');
    expect(searchKey('فلتر رملي')).toBe('فلتر رملي');
  });

  it('matches a stemmed query inside the key of every spelling', () => {
    fc.assert(
      fc.property(text, (s) => {
        const key = ` ${searchKey(s)} `;
        for (const w of searchTerms(s, 100)) expect(key).toContain(` ${searchStem(w)} `);
      }),
    );
  });
});
