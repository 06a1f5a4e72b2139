/**
 * Fills the benchmark database with 8 categories (2 sub-categories each), 6
 * brands and `count` products (100,000 by default) in a few set-based statements
 * (generate_series), each product with one group, with Arabic and English names and the
 * normalised search text the catalogue service would write (the names carry
 * no diacritics, so folding the alef forms, taa marbuta and alef maqsura and
 * lower-casing is the whole of `normalizeSearch` for them); the database fills
 * the search columns (`search_norm`, migration 0017).
 */
import pg from 'pg';
import { withoutIndexes } from './bulk.ts';

export async function fillCatalogue(url: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    await client.query('begin');
    // The production server loads no demo data: the categories and brands come first.
    await client.query(`
      insert into categories (name_ar, name_en, sort)
      select n_ar, n_en, ord from unnest(
        array['المضخات','الفلاتر','السخانات','الكيماويات','التنظيف','الإضاءة','الإكسسوارات','الأغطية'],
        array['Pumps','Filters','Heaters','Chemicals','Cleaning','Lighting','Accessories','Covers']
      ) with ordinality as c(n_ar, n_en, ord)
    `);
    await client.query(`
      insert into categories (parent_id, name_ar, name_en, sort)
      select c.id, c.name_ar || ' ' || k, c.name_en || ' ' || k, k
      from categories c cross join generate_series(1, 2) as k where c.parent_id is null
    `);
    await client.query(`
      insert into brands (name_ar, name_en)
      select * from unnest(array['هايوارد','بنتير','زودياك','أسترال بول','إيماكس','دولفين'],
        array['Hayward','Pentair','Zodiac','AstralPool','Emaux','Dolphin'])
    `);
    // One build of each index after the rows is far quicker than an index insert per row (1,000,000 in the
    // growth rows); the search columns' GIN indexes (migration 0017) among them.
    await withoutIndexes(client, ['products', 'product_variants'], async () => {
      await client.query(
        `
        with subs as (
          select s.id as sub_id, s.parent_id as cat_id, row_number() over (order by s.id) - 1 as n
          from categories s where s.parent_id is not null
        ),
        brands_n as (select id, row_number() over (order by id) - 1 as n from brands),
        g as (
          select i,
            (array['مضخة','فلتر','سخان','كلور','روبوت تنظيف','كشاف','سلم','غطاء'])[1 + i % 8] as noun_ar,
            (array['pump','filter','heater','chlorine','robot cleaner','spotlight','ladder','cover'])[1 + i % 8] as noun_en,
            (array['أكوا','برو','ماكس','إيكو','سوبر','ألترا'])[1 + (i / 8) % 6] as adj_ar,
            (array['Aqua','Pro','Max','Eco','Super','Ultra'])[1 + (i / 8) % 6] as adj_en,
            nextval(pg_get_serial_sequence('product_variants', 'id')) as variant_id
          from generate_series(1, $1::int) as i
        )
        insert into products (main_variant_id, type, name_ar, name_en, description_ar, description_en, category_id, sub_category_id,
          brand_id, price, stock, discount_type, discount_value, search_text, rating_avg_x100, rating_count, sold_count,
          created_at)
        select variant_id, 'simple',
          noun_ar || ' ' || adj_ar || ' ' || i,
          adj_en || ' ' || noun_en || ' ' || i,
          'وصف ' || noun_ar, 'About the ' || noun_en,
          subs.cat_id, subs.sub_id, b.id,
          1000 + ((i::bigint * 7919) % 500000)::int, (i * 31) % 60,
          case when i % 7 = 0 then 'ratio' else 'none' end, case when i % 7 = 0 then 10 else 0 end,
          translate(noun_ar || ' ' || adj_ar || ' ' || i, 'أإآٱةى', 'ااااهي') || ' ' || lower(adj_en || ' ' || noun_en || ' ' || i),
          (i * 13) % 501, (i * 3) % 40, (i * 17) % 900,
          now() - make_interval(mins => i)
        from g
        join subs on subs.n = g.i % (select count(*) from subs)
        join brands_n b on b.n = g.i % (select count(*) from brands_n)
        `,
        [count],
      );
      // Each new product names its variant's id (taken from the variants' sequence above): no second
      // write of every product row to set main_variant_id.
      await client.query(`
        insert into product_variants (id, product_id, sku, price, stock)
        select p.main_variant_id, p.id, 'BENCH-' || p.id, p.price, p.stock from products p
        where p.main_variant_id is not null
          and not exists (select 1 from product_variants v where v.product_id = p.id)
      `);
    });
    await client.query('commit');
    // As autovacuum would: the visibility map lets counts read the index alone.
    await client.query('vacuum analyze products, product_variants');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
  return (Date.now() - started) / 1000;
}
