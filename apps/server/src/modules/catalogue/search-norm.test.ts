/**
 * The SQL normal form `search_norm` (migration 0017, the index's and the
 * query's) and the TypeScript `searchKey` give the same text for the same
 * strings, on PostgreSQL and on the embedded PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { makeProduct, queryRows, tables } from '@pool/db';
import { searchKey } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';

const FIXED = [
  '',
  '   ',
  'السلم',
  'السُّلَّم الألمنيوم',
  'سلم ستانلس ستيل',
  'الفلتر والفلتر بالفلتر كالفلتر فالفلتر للفلتر وللفلتر وفلتر فلتر',
  'شاطئ شاطي مؤقت ماء سماء بريء هيئة',
  'أحمد إبريق آلة ٱلماء ٲ ٳ مستشفى یوم',
  'مضخة مضخه مـــضخة مَضَخَّةٌ',
  'مضخة ١٫٥ حصان ۲ ٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹',
  '\ufefb \ufef7 ﻣﻀﺨﺔ',
  'Ｐｕｍｐ ＬＡＤＤＥＲＳ',
  '  Aqua   PUMP\t1.5 HP \n',
  'Pool ladders, brushes & batteries: boxes glasses tiles status basis gas',
  'Stainless steel ladder',
  'Dolphin E30 robotic cleaner DEMO-001-2',
  'pH Plus رافع درجة الحموضة pH بلس',
  'أقراص كلور 90٪ Chlorine tablets 90%',
  '\u200fمضخة\u200d \u2066١\u2069 \u061cفلتر\u00ad',
  'pump\u00a0\u2003filter\u3000heater\u2028cover',
  'Café ÉCOLE Ünïcödé straße',
  'اله الو ال و ف ب ك ل وال لل',
  'والد وسط بركة لمبة كلور فرشاة فلاتر للمسابح بالمسبح',
  'ladies dies ies sses shes ches xes zes us is',
];

/** Arabic and Latin letters, the folded forms, marks, tatweel, digits of three scripts, spaces and punctuation. */
const piece = fc.constantFrom(
  ...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'.split(''),
  ...'ءأإآٱئؤةىی'.split(''),
  ...['\u064b', '\u064e', '\u0650', '\u0651', '\u0652', '\u0670', '\u0640', '\u200f', '\u00a0'],
  ...'٠٣٩۰۵aBcdEfgHiSsxYz019 -.,&%'.split(''),
  'ال',
  'وال',
  'بال',
  'لل',
  'ies',
  'es',
  's',
);
const strings = fc.array(piece, { maxLength: 24 }).map((cs) => cs.join(''));

const cases = [...FIXED, ...fc.sample(strings, { numRuns: 400, seed: 12 })];

async function sqlKeys(app: TestApp, texts: string[]) {
  const rows = await queryRows<{ key: string }>(
    app.db,
    sql`select search_norm(t.text) as key from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality as t(text, n) order by t.n`,
  );
  return rows.map((r) => r.key);
}

describe.each(['postgres', 'pglite'] as const)('search_norm on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ engine });
  });
  afterAll(() => app.close());

  it('is the same as searchKey for every string', async () => {
    const keys = await sqlKeys(app, cases);
    expect(keys).toHaveLength(cases.length);
    const differ = cases.map((text, i) => ({ text, sql: keys[i], ts: searchKey(text) })).filter((c) => c.sql !== c.ts);
    expect(differ).toEqual([]);
  });

  it('fills the generated columns the search reads', async () => {
    const product = await makeProduct(app.db, {
      nameAr: 'السُّلَّم الألمنيوم',
      nameEn: 'Pool Ladders',
      descriptionAr: 'للمسابح المنزلية',
      descriptionEn: 'Fits most pools',
      searchNames: ['Accessories'],
    });
    const [row] = await app.db
      .select({
        text: tables.products.searchText,
        key: tables.products.searchKey,
        name: tables.products.searchName,
        desc: tables.products.searchDesc,
      })
      .from(tables.products)
      .where(eq(tables.products.id, product.id));
    expect(row!.key).toBe(searchKey(row!.text));
    expect(row!.key).toMatch(/^السلم سلم الالمنيوم المنيوم pool ladders ladder accessories accessory sku-/);
    expect(row).toMatchObject({
      name: 'السلم سلم الالمنيوم المنيوم pool ladders ladder',
      desc: 'للمسابح مسابح المنزليه منزليه fits fit most pools pool',
    });
  });

  it('finds a product by its name with the article, a plural or one letter wrong', async () => {
    const product = await makeProduct(app.db, { nameAr: 'سلم ستانلس', nameEn: 'Stainless steel ladder' });
    for (const q of ['السلم', 'ladders', 'ladeer']) {
      const res = await app.inject({ url: '/api/user/store/products', query: { q }, headers: { lang: 'en' } });
      const ids = (res.json() as { data: { data: { id: number }[] } }).data.data.map((d) => d.id);
      expect(ids, q).toContain(product.id);
    }
  });
});
