/**
 * Dashboard products, the review step (confirm create / confirm edit): the
 * preview writes nothing and shows what the save would store; the rules and
 * their messages in both languages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { ProductPreview } from '@pool/contracts';
import {
  adminCall,
  expectFields,
  expectOk,
  multiBody,
  productTestSetup,
  simpleBody,
  uploadImage,
  type ProductTest,
} from './testing.ts';

let { app, token, c } = {} as ProductTest;

beforeAll(async () => {
  ({ app, token, c } = await productTestSetup());
});
afterAll(() => app.close());

const rows = async () => (await app.db.select({ n: count() }).from(tables.products))[0]!.n;

describe('the review step (confirm create / confirm edit)', () => {
  it('shows a simple product with its computed discount, and writes nothing', async () => {
    const before = await rows();
    const image = await uploadImage(app, token);
    const res = await adminCall(app, 'POST', '/products/preview', {
      token,
      body: simpleBody(c, {
        images: [image],
        discount_type: 'ratio',
        discount_value: 10,
        sizes: ['1 HP', '1 HP', '0.75 HP'],
        installation_price: 15_000,
      }),
    });
    const preview = expectOk<ProductPreview>(res, 'catalogue.preview_ready');
    expect(preview).toMatchObject({
      id: null,
      type: 'simple',
      price: 150_000,
      discounted_price: 135_000,
      discount_active: true,
      stock: 8,
      sizes: ['1 HP', '0.75 HP'],
      installation_price: 15_000,
      images: [image],
      category: { id: c.pumps.id, name_en: 'Pumps' },
      sub_category: { id: c.poolPumps.id },
      brand: { id: c.brand.id, name_ar: 'أكوا' },
      main_variant_review: false,
      deactivated_variants: [],
    });
    expect(preview.variants).toEqual([
      expect.objectContaining({
        id: null,
        sku: 'AQUA-POOL-PUMP',
        price: 150_000,
        discounted_price: 135_000,
        is_main: true,
      }),
    ]);
    expect(await rows()).toBe(before);
  });

  it('builds every option combination of a multi-attribute product with generated SKUs', async () => {
    const res = await adminCall(app, 'POST', '/products/preview', { token, body: multiBody(c) });
    const preview = expectOk<ProductPreview>(res, 'catalogue.preview_ready');
    expect(preview.variants.map((v) => [v.sku, v.name_ar, v.price, v.stock, v.is_main])).toEqual([
      ['MULTI-POWER-PUMP-SMALL-1-HP', 'صغير / 1 حصان', 200_000, 3, true],
      ['MULTI-POWER-PUMP-SMALL-1-5-HP', 'صغير / 1.5 حصان', 200_000, 3, false],
      ['MULTI-POWER-PUMP-LARGE-1-HP', 'كبير / 1 حصان', 200_000, 3, false],
      ['MULTI-POWER-PUMP-LARGE-1-5-HP', 'كبير / 1.5 حصان', 200_000, 3, false],
    ]);
    expect(preview.stock).toBe(12);
    expect(preview.features.map((f) => [f.name_en, f.options.map((o) => o.name_en)])).toEqual([
      ['Size', ['Small', 'Large']],
      ['Power', ['1 HP', '1.5 HP']],
    ]);
  });

  it('takes explicit groups with their own price, stock, SKU and images, and a main display group', async () => {
    const [small, , large] = c.size.options;
    const [hp1, hp15] = c.power.options;
    const image = await uploadImage(app, token, 90);
    const body = multiBody(c, {
      price: undefined,
      variants: [
        { option_ids: [small!.id, hp1!.id], price: 180_000, stock: 2, sku: 'mp-s-1' },
        { option_ids: [hp15!.id, large!.id], price: 260_000, stock: 0, images: [image] },
      ],
      main_option_ids: [large!.id, hp15!.id],
      discount_type: 'number',
      discount_value: 20_000,
    });
    const preview = expectOk<ProductPreview>(
      await adminCall(app, 'POST', '/products/preview', { token, body }),
      'catalogue.preview_ready',
    );
    expect(preview.variants.map((v) => [v.sku, v.price, v.discounted_price, v.stock, v.is_main, v.images])).toEqual([
      ['MP-S-1', 180_000, 160_000, 2, false, []],
      ['MULTI-POWER-PUMP-LARGE-1-5-HP', 260_000, 240_000, 0, true, [image]],
    ]);
    // The product shows the main display group's price.
    expect([preview.price, preview.discounted_price, preview.stock]).toEqual([260_000, 240_000, 2]);
  });

  it('gives every rule its message in Arabic and English', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ discount_type: 'number', discount_value: 150_001 }, { discount_value: 'catalogue.discount_over_price' }],
      [{ discount_type: 'ratio', discount_value: 101 }, { discount_value: 'catalogue.discount_ratio_max' }],
      [{ discount_type: 'ratio', discount_value: 0 }, { discount_value: 'catalogue.discount_value_required' }],
      [
        { discount_type: 'ratio', discount_value: 5, discount_expires_at: '2020-01-01T00:00:00Z' },
        { discount_expires_at: 'catalogue.discount_expiry_future' },
      ],
      [{ sub_category_id: c.chlorine.id }, { sub_category_id: 'catalogue.sub_category_mismatch' }],
      [{ category_id: c.poolPumps.id, sub_category_id: undefined }, { category_id: 'catalogue.category_not_top' }],
      [{ category_id: 999_999 }, { category_id: 'catalogue.category_unknown' }],
      [{ brand_id: 999_999 }, { brand_id: 'catalogue.brand_unknown' }],
      [{ images: ['/uploads/users/0123456789abcdef0123456789abcdef.png'] }, { 'images.0': 'catalogue.image_unknown' }],
      [{ images: ['https://evil.example/x.png'] }, { 'images.0': 'catalogue.image_unknown' }],
      [
        { price: undefined, stock: undefined },
        { price: 'validation.required', stock: 'validation.required' },
      ],
      [{ price: -1 }, { price: 'validation.invalid' }],
      [{ sku: 'bad sku!' }, { sku: 'catalogue.sku_format' }],
      [{ name_ar: '' }, { name_ar: 'validation.required' }],
      [{ description_en: undefined }, { description_en: 'validation.required' }],
      [{ type: 'multi', features: [] }, { features: 'catalogue.features_required' }],
    ];
    for (const lang of ['ar', 'en'] as const) {
      for (const [change, fields] of cases) {
        const res = await adminCall(app, 'POST', '/products/preview', {
          token,
          lang,
          body: { ...simpleBody(c), ...change },
        });
        expectFields(res, fields, lang);
      }
    }
    // Several rules at once: every field error is reported together.
    const res = await adminCall(app, 'POST', '/products/preview', {
      token,
      lang: 'en',
      body: simpleBody(c, {
        brand_id: 999_999,
        discount_type: 'ratio',
        discount_value: 120,
        sub_category_id: c.chlorine.id,
      }),
    });
    expectFields(
      res,
      {
        brand_id: 'catalogue.brand_unknown',
        discount_value: 'catalogue.discount_ratio_max',
        sub_category_id: 'catalogue.sub_category_mismatch',
      },
      'en',
    );
    expect((res.json() as { data: Record<string, string> }).data.discount_value).toBe(
      'The discount percentage may not exceed 100%',
    );
    // At most 100 (spec section 5): exactly 100 is accepted, the product then free.
    const free = await adminCall(app, 'POST', '/products/preview', {
      token,
      body: { ...simpleBody(c), discount_type: 'ratio', discount_value: 100 },
    });
    expect(free.statusCode, free.body).toBe(200);
    expect((free.json() as { data: { discounted_price: number } }).data.discounted_price).toBe(0);
  });

  it('checks groups, options and the main display choice of a multi-attribute product', async () => {
    const [small, medium] = c.size.options;
    const [hp1] = c.power.options;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { features: [{ feature_id: c.size.id, option_ids: [c.power.options[0]!.id] }] },
        { 'features.0.option_ids': 'catalogue.option_unknown' },
      ],
      [
        {
          features: [
            { feature_id: c.size.id, option_ids: [small!.id] },
            { feature_id: c.size.id, option_ids: [medium!.id] },
          ],
        },
        { 'features.1.feature_id': 'catalogue.feature_repeated' },
      ],
      [
        { variants: [{ option_ids: [medium!.id, hp1!.id], price: 1000, stock: 1 }] },
        { 'variants.0.option_ids': 'catalogue.variant_unknown' },
      ],
      [
        { variants: [{ option_ids: [small!.id], price: 1000, stock: 1 }] },
        { 'variants.0.option_ids': 'catalogue.variant_unknown' },
      ],
      [
        {
          variants: [
            { option_ids: [small!.id, hp1!.id], price: 1000, stock: 1 },
            { option_ids: [hp1!.id, small!.id], price: 1000, stock: 1 },
          ],
        },
        { 'variants.1.option_ids': 'catalogue.variant_repeated' },
      ],
      [
        {
          variants: [
            { option_ids: [small!.id, hp1!.id], price: 1000, stock: 1, sku: 'SAME' },
            { option_ids: [c.size.options[2]!.id, hp1!.id], price: 1000, stock: 1, sku: 'same' },
          ],
        },
        { 'variants.1.sku': 'catalogue.sku_repeated' },
      ],
      [{ main_option_ids: [medium!.id, hp1!.id] }, { main_option_ids: 'catalogue.main_unknown' }],
      [{ price: undefined }, { price: 'validation.required' }],
    ];
    for (const lang of ['ar', 'en'] as const) {
      for (const [change, fields] of cases) {
        const res = await adminCall(app, 'POST', '/products/preview', {
          token,
          lang,
          body: { ...multiBody(c), ...change },
        });
        expectFields(res, fields, lang);
      }
    }
  });
});
