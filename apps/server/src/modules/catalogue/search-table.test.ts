/**
 * The store's search on the demo catalogue (issue 12): a table of Arabic and
 * English queries, as shoppers type them, with the product that must come
 * first; then the ranking rules on products made for them, the sorts that
 * still apply to a search, and the dashboard's list searching the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeProduct, seedCatalogue, tables } from '@pool/db';
import type { StoreProductCard } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminCall, adminToken, expectOk } from './testing.ts';

/** [query, the English name of the first result] */
const TABLE: [string, string][] = [
  // The cases: the article, a prefix letter, the hamza, English plural and rank
  ['السلم', 'Stainless steel ladder'],
  ['سلم', 'Stainless steel ladder'],
  ['السلالم', 'Stainless steel ladder'],
  ['الفلتر', 'Replacement filter cartridge'],
  ['فلتر', 'Replacement filter cartridge'],
  ['للفلتر', 'Replacement filter cartridge'],
  ['ladder', 'Stainless steel ladder'],
  ['ladders', 'Stainless steel ladder'],
  ['LADDER', 'Stainless steel ladder'],
  // Spellings: taa marbuta / haa, alef forms, alef maqsura, diacritics, tatweel, digits
  ['مضخه', 'MaxFlo pool pump'],
  ['مضخة', 'MaxFlo pool pump'],
  ['مَضَخَّة', 'MaxFlo pool pump'],
  ['مـــضخة', 'MaxFlo pool pump'],
  ['فرشاه', 'Pool wall brush'],
  ['الفرشاة', 'Pool wall brush'],
  ['اضاءه نافوره', 'Colour fountain light'],
  ['إضاءة نافورة', 'Colour fountain light'],
  ['شلال مائى', 'Waterfall pump'],
  ['سخان كهربائي ١٢', 'Electric heater 12 kW'],
  ['٩٠', 'Chlorine tablets 90%'],
  ['ميزان حراره', 'Floating thermometer'],
  ['تلسكوبيه', 'Telescopic pole 5 m'],
  // The article and attached prefixes
  ['بالكلور', 'Chlorine tablets 90%'],
  ['الكلور السائل', 'Liquid chlorine 20 L'],
  ['المضخات', 'MaxFlo pool pump'],
  ['الطحالب', 'Concentrated algaecide'],
  ['والدرابزين', 'Pool entry handrail'],
  // A word that is the end of another: «لتر» (litre) is not «فلتر»
  ['لتر', 'Liquid chlorine 20 L'],
  ['رمل', 'Silica filter sand 25 kg'],
  // Several words, brand, category, SKU
  ['فلتر رملي', 'Compact sand filter'],
  ['مضخة حرارية', 'Inverter heat pump 21 kW'],
  ['مضخة نافورة', 'Small fountain pump'],
  ['غطاء شتوي', 'Dust-proof winter cover'],
  ['روبوت دولفين', 'Dolphin E30 robotic cleaner'],
  ['دولفين', 'Dolphin E30 robotic cleaner'],
  ['هايوارد', 'MaxFlo pool pump'],
  ['كلين اند كلير', 'Clean & Clear cartridge filter'],
  ['DEMO-001', 'MaxFlo pool pump'],
  ['دش', 'Outdoor pool shower'],
  ['كشاف', 'Pool LED spotlight'],
  ['مكنسة', 'Handheld pool vacuum'],
  ['شبكه', 'Leaf skimmer net'],
  ['أقراص', 'Chlorine tablets 90%'],
  ['الحموضة', 'pH Minus'],
  // English: plural, prefix, several words, brand
  ['pump', 'MaxFlo pool pump'],
  ['heat pump', 'Inverter heat pump 21 kW'],
  ['filters', 'Silica filter sand 25 kg'],
  ['sand filter', 'Silica filter sand 25 kg'],
  ['brushes', 'Pool wall brush'],
  ['chlorine tablets', 'Chlorine tablets 90%'],
  ['robot', 'Dolphin E30 robotic cleaner'],
  ['chlorin', 'Chlorine tablets 90%'],
  ['spotlight', 'Pool LED spotlight'],
  ['skimmer', 'Leaf skimmer net'],
  ['test strips', 'Water test strips'],
  ['winter cover', 'Dust-proof winter cover'],
  ['solar', 'Solar floating light'],
  ['hayward', 'MaxFlo pool pump'],
  // One letter wrong
  ['ladeer', 'Stainless steel ladder'],
  ['thermomater', 'Floating thermometer'],
  ['مضخخ', 'MaxFlo pool pump'],
  ['كلوز', 'Chlorine tablets 90%'],
  ['دولفبن', 'Dolphin E30 robotic cleaner'],
  // The description only
  ['waterproof', 'Pool LED spotlight'],
];

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
  await seedCatalogue(app.db);
}, 120_000);
afterAll(() => app.close());

type Page = { data: StoreProductCard[]; pagination: { total_items: number } };

async function search(query: Record<string, string>, lang = 'en') {
  const res = await app.inject({ url: '/api/user/store/products', query, headers: { 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Page }).data;
}
const names = (page: Page) => page.data.map((d) => d.name);

describe('the search table on the demo catalogue', () => {
  it(`finds the expected first product for each of ${TABLE.length} queries`, async () => {
    const misses: { query: string; expected: string; got: string[] }[] = [];
    for (const [q, expected] of TABLE) {
      const page = await search({ q });
      if (page.data[0]?.name !== expected) misses.push({ query: q, expected, got: names(page).slice(0, 3) });
    }
    const arabic = TABLE.filter(([q]) => /[\u0600-\u06ff]/.test(q)).length;
    console.info(
      `search table: ${TABLE.length - misses.length}/${TABLE.length} first results as expected (${arabic} Arabic, ${TABLE.length - arabic} English queries)`,
    );
    expect(misses).toEqual([]);
  });

  it('finds at least as many products with the article or a prefix as without', async () => {
    const total = async (q: string) => (await search({ q })).pagination.total_items;
    expect(await total('سلم')).toBeGreaterThan(0);
    expect(await total('السلم')).toBeGreaterThanOrEqual(await total('سلم'));
    expect(await total('فلتر')).toBeGreaterThanOrEqual(7);
    expect(await total('الفلتر')).toBeGreaterThanOrEqual(await total('فلتر'));
    expect(await total('بالفلتر')).toBeGreaterThanOrEqual(await total('فلتر'));
    expect(await total('ladders')).toBe(await total('ladder'));
  });

  it('ranks the ladder before the other products of its category, and the name before the description', async () => {
    const page = await search({ q: 'ladder' });
    expect(names(page)).toEqual(['Stainless steel ladder', 'Outdoor pool shower', 'Pool entry handrail']);
  });
});

describe('the ranking rules', () => {
  /** Products of made-up words that the demo catalogue does not have. */
  let made: Record<string, number>;
  beforeAll(async () => {
    const product = (nameEn: string, o: Parameters<typeof makeProduct>[1] = {}) =>
      makeProduct(app.db, { nameAr: nameEn, nameEn, descriptionAr: '', descriptionEn: '', ...o }).then((p) => p.id);
    made = {
      exact: await product('zorblax kit'),
      prefix: await product('zorblaxer pro'),
      typo: await product('zorbtax tool'),
      described: await product('plain box', { descriptionEn: 'Works with any zorblax' }),
      soldOut: await product('quxtrel sold out', { soldCount: 500, stock: 0, variants: [{ price: 100, stock: 0 }] }),
      inStock: await product('quxtrel in stock', { soldCount: 1 }),
      hidden: await product('quxtrel unavailable', { soldCount: 900, isAvailable: false }),
    };
  });

  it('puts a whole word first, then the start of a word, then the description', async () => {
    const page = await search({ q: 'zorblax' });
    expect(page.data.map((d) => d.id)).toEqual([made.exact, made.prefix, made.described]);
  });

  it('looks for a word the catalogue does not have among the names one letter off, the closer first', async () => {
    const ids = (await search({ q: 'zorblaz' })).data.map((d) => d.id);
    // «zorblax» and «zorblaxer» are one letter off (as similar), «zorbtax» two
    expect(ids).toHaveLength(3);
    expect(ids.slice(0, 2).sort()).toEqual([made.exact!, made.prefix!].sort());
    expect(ids[2]).toBe(made.typo);
  });

  it('takes a word the catalogue has as typed, and corrects only the word it lacks', async () => {
    const ids = async (q: string) => (await search({ q })).data.map((d) => d.id);
    // «zorbtax» is a name's word: only its product, not the names one letter off.
    expect(await ids('zorbtax')).toEqual([made.typo]);
    // «kit» as typed, «zorblaz» by the names' words close to it.
    expect(await ids('zorblaz kit')).toEqual([made.exact]);
    // Two known words that no product has together: nothing, not what is close to them.
    expect(await ids('zorblax tool')).toEqual([]);
  });

  it("looks for a typo among a renamed product's new words", async () => {
    const id = await makeProduct(app.db, { nameAr: 'plain crate', nameEn: 'plain crate' }).then((p) => p.id);
    await app.db
      .update(tables.products)
      .set({ nameAr: 'vexlomir crate', nameEn: 'vexlomir crate' })
      .where(eq(tables.products.id, id));
    const page = await search({ q: 'vexlomor' });
    expect(page.data.map((d) => d.id)).toEqual([id]);
    expect(page.pagination.total_items).toBe(1);
  });

  it('puts the products that can be bought before those that cannot, then the best sellers', async () => {
    const page = await search({ q: 'quxtrel' });
    expect(page.data.map((d) => d.id)).toEqual([made.inStock, made.hidden, made.soldOut]);
  });

  it('keeps a chosen sort, and relevance without a search is the newest first', async () => {
    const page = await search({ q: 'quxtrel', sort: 'best_selling' });
    expect(page.data.map((d) => d.id)).toEqual([made.hidden, made.soldOut, made.inStock]);
    expect(names(await search({ sort: 'relevance' }))).toEqual(names(await search({})));
    expect(names(await search({ sort: 'newest', q: 'zorblax' }))[0]).toBe('plain box');
  });

  it('matches % and _ as themselves and answers an empty page to a query of nothing found', async () => {
    expect(names(await search({ q: '%' }))).toEqual(['Chlorine tablets 90%']);
    expect((await search({ q: 'zo_' })).data).toEqual([]);
    expect((await search({ q: 'شاطئ' })).pagination.total_items).toBe(0);
  });

  it('refuses an unknown sort', async () => {
    const res = await app.inject({
      url: '/api/user/store/products',
      query: { sort: 'cheapest' },
      headers: { lang: 'en' },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe("the dashboard's product search", () => {
  it('normalises and ranks as the store does', async () => {
    const token = await adminToken(app);
    const rows = (q: string) =>
      adminCall(app, 'GET', '/products', { token, lang: 'en', query: { q } }).then(
        (res) => expectOk<{ data: { name_en: string }[] }>(res, 'server.success', 'en').data,
      );
    expect((await rows('السلم'))[0]?.name_en).toBe('Stainless steel ladder');
    expect((await rows('ladders'))[0]?.name_en).toBe('Stainless steel ladder');
    expect((await rows('الفلتر')).length).toBeGreaterThanOrEqual(7);
  });
});
