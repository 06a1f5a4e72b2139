/** The store specs' catalogue rows (see makeStoreCatalogue). */
import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { adminPost, adminToken } from './support.ts';

type Made = { id: number };

/** A plain picture uploaded through the dashboard's product image route; its URL. */
async function picture(request: APIRequestContext, token: string, colour: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 600, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const res = await request.post('/api/admin/products/images', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { image: { name: 'pump.jpg', mimeType: 'image/jpeg', buffer } },
  });
  const body = await res.json();
  expect(body.key, body.msg).toBe('success');
  return body.data.url as string;
}

/**
 * The store specs' own catalogue, made through the dashboard API: a category with a sub-category, a
 * multi-attribute pump (power and colour; three groups, one sold out; 10 % off until 2030; installation)
 * with three pictures, and a simple sand filter. Every name holds `tag`, so a search finds only these.
 */
export async function makeStoreCatalogue(request: APIRequestContext, TAG: string) {
  const token = await adminToken(request);
  const category = await adminPost<Made & { name_ar: string; name_en: string }>(request, '/categories', {
    name_ar: `مضخات ${TAG}`,
    name_en: `Pumps ${TAG}`,
  });
  const sub = await adminPost<Made>(request, '/categories', {
    name_ar: `مضخات المسابح ${TAG}`,
    name_en: `Pool pumps ${TAG}`,
    parent_id: category.id,
  });
  type Feature = Made & { options: Made[] };
  const power = await adminPost<Feature>(request, '/features', {
    name_ar: `القدرة ${TAG}`,
    name_en: `Power ${TAG}`,
    options: [
      { name_ar: '1 حصان', name_en: '1 HP' },
      { name_ar: '2 حصان', name_en: '2 HP' },
    ],
  });
  const colour = await adminPost<Feature>(request, '/features', {
    name_ar: `اللون ${TAG}`,
    name_en: `Colour ${TAG}`,
    options: [
      { name_ar: 'أزرق', name_en: 'Blue' },
      { name_ar: 'أبيض', name_en: 'White' },
    ],
  });
  const [front, side, blueTwo] = await Promise.all([
    picture(request, token, { r: 20, g: 120, b: 200 }),
    picture(request, token, { r: 230, g: 240, b: 250 }),
    picture(request, token, { r: 10, g: 60, b: 160 }),
  ]);
  const pictures = { front: front!, side: side!, blueTwo: blueTwo! };
  const [hp1, hp2] = power.options.map((o) => o.id);
  const [blue, white] = colour.options.map((o) => o.id);
  // Three groups: 1 HP blue (main), 2 HP blue, 2 HP white sold out; 1 HP white is not sold. 10 % off until 2030.
  const made = await adminPost<Made>(request, '/products', {
    type: 'multi',
    name_ar: `مضخة مسبح ذكية ${TAG}`,
    name_en: `Smart pool pump ${TAG}`,
    description_ar: 'مضخة موفرة للطاقة بسرعات متغيرة، هادئة ومناسبة للمسابح المنزلية.',
    description_en: 'An energy-saving variable-speed pump, quiet and right for home pools.',
    category_id: category.id,
    sub_category_id: sub.id,
    discount_type: 'ratio',
    discount_value: 10,
    discount_expires_at: '2030-06-30T21:00:00Z',
    installation_price: 15_000,
    images: [front, side],
    features: [
      { feature_id: power.id, option_ids: [hp1, hp2] },
      { feature_id: colour.id, option_ids: [blue, white] },
    ],
    variants: [
      { option_ids: [hp1, blue], price: 100_000, stock: 8 },
      { option_ids: [hp2, blue], price: 150_000, stock: 3, images: [blueTwo] },
      { option_ids: [hp2, white], price: 160_000, stock: 0 },
    ],
  });
  const pump = { id: made.id, details: `${made.id}-smart-pool-pump-${TAG}` };
  const filter = await adminPost<Made>(request, '/products', {
    name_ar: `فلتر رملي ${TAG}`,
    name_en: `Sand filter ${TAG}`,
    description_ar: 'فلتر رملي للمسابح الصغيرة.',
    description_en: 'A sand filter for small pools.',
    category_id: category.id,
    price: 45_000,
    stock: 10,
  });
  return { category, pump, filter, pictures };
}
