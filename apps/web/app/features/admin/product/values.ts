/**
 * The product form's values (riyals as typed, ids as select strings) and the
 * API body they make (halalas, numbers), both ways; the API's field names map
 * back to the form's.
 */
import type { UseFormReturnType } from '@mantine/form';
import type { AdminProduct } from '@pool/contracts/catalogue';
import { toHalalas } from '@pool/contracts/core';
import type { PathBody } from '../../../lib/api.ts';

export type Group = {
  /** The group's options, sorted: its identity. */
  key: string;
  option_ids: number[];
  price: string | number;
  stock: string | number;
  sku: string;
  images: string[];
};

export type Values = {
  type: 'simple' | 'multi';
  name_ar: string;
  name_en: string;
  description_ar: string;
  description_en: string;
  category_id: string | null;
  sub_category_id: string | null;
  brand_id: string | null;
  price: string | number;
  stock: string | number;
  sku: string;
  discount_type: 'none' | 'ratio' | 'number';
  discount_value: string | number;
  /** An ISO instant (picked as Riyadh's day and time), or ''. */
  discount_expires_at: string;
  sizes: string[];
  installation: boolean;
  installation_price: string | number;
  is_available: boolean;
  is_active: boolean;
  images: string[];
  features: { feature_id: string; option_ids: string[] }[];
  groups: Group[];
  main_key: string;
};

/** The product form, as its sections receive it. */
export type ProductForm = UseFormReturnType<Values>;
/** Digits and codes typed left to right in the right-to-left dashboard. */
export const ltrInput = { input: { direction: 'ltr' as const, textAlign: 'right' as const } };

export const groupKey = (optionIds: number[]) => [...optionIds].sort((a, b) => a - b).join(',');

const sar = (halalas: number | null | undefined) => (halalas == null ? '' : halalas / 100);
const money = (v: string | number) => (v === '' ? undefined : toHalalas(v));
const int = (v: string | number) => (v === '' ? undefined : Number(v));
const id = (v: string | null) => (v ? Number(v) : undefined);

export const emptyValues = (): Values => ({
  type: 'simple',
  name_ar: '',
  name_en: '',
  description_ar: '',
  description_en: '',
  category_id: null,
  sub_category_id: null,
  brand_id: null,
  price: '',
  stock: '',
  sku: '',
  discount_type: 'none',
  discount_value: '',
  discount_expires_at: '',
  sizes: [],
  installation: false,
  installation_price: '',
  is_available: true,
  is_active: true,
  images: [],
  features: [],
  groups: [],
  main_key: '',
});

export function valuesOf(p: AdminProduct): Values {
  const main = p.variants.find((v) => v.is_main) ?? p.variants[0];
  const simple = p.type === 'simple' ? main : undefined;
  return {
    type: p.type,
    name_ar: p.name_ar,
    name_en: p.name_en,
    description_ar: p.description_ar,
    description_en: p.description_en,
    category_id: p.category_id ? String(p.category_id) : null,
    sub_category_id: p.sub_category_id ? String(p.sub_category_id) : null,
    brand_id: p.brand_id ? String(p.brand_id) : null,
    price: simple ? sar(simple.price) : sar(main?.price),
    stock: simple ? simple.stock : '',
    sku: simple?.sku ?? '',
    discount_type: p.discount_type,
    discount_value:
      p.discount_type === 'number' ? sar(p.discount_value) : p.discount_type === 'ratio' ? p.discount_value : '',
    discount_expires_at: p.discount_expires_at ?? '',
    sizes: p.sizes,
    installation: p.installation_price !== null,
    installation_price: sar(p.installation_price),
    is_available: p.is_available,
    is_active: p.is_active,
    images: p.images,
    features: p.features.map((f) => ({ feature_id: String(f.id), option_ids: f.options.map((o) => String(o.id)) })),
    groups:
      p.type === 'multi'
        ? p.variants.map((v) => {
            const optionIds = v.options.map((o) => o.option_id);
            return {
              key: groupKey(optionIds),
              option_ids: optionIds,
              price: sar(v.price),
              stock: v.stock,
              sku: v.sku,
              images: v.images,
            };
          })
        : [],
    main_key: main ? groupKey(main.options.map((o) => o.option_id)) : '',
  };
}

/** The API body of the form's values. */
export function bodyOf(v: Values): PathBody<'post', '/api/admin/products'> {
  const discounted = v.discount_type !== 'none';
  const main = v.groups.find((g) => g.key === v.main_key);
  return {
    type: v.type,
    name_ar: v.name_ar,
    name_en: v.name_en,
    description_ar: v.description_ar,
    description_en: v.description_en,
    category_id: id(v.category_id) as number,
    sub_category_id: id(v.sub_category_id),
    brand_id: id(v.brand_id),
    price: v.type === 'simple' ? money(v.price) : undefined,
    stock: v.type === 'simple' ? int(v.stock) : undefined,
    sku: v.type === 'simple' && v.sku.trim() ? v.sku.trim() : undefined,
    discount_type: v.discount_type,
    discount_value: !discounted
      ? 0
      : v.discount_type === 'number'
        ? (money(v.discount_value) ?? 0)
        : (int(v.discount_value) ?? 0),
    discount_expires_at: discounted && v.discount_expires_at ? v.discount_expires_at : undefined,
    sizes: v.sizes,
    installation_price: v.installation ? money(v.installation_price) : undefined,
    is_available: v.is_available,
    is_active: v.is_active,
    images: v.images,
    features:
      v.type === 'multi'
        ? v.features
            .filter((f) => f.feature_id)
            .map((f) => ({ feature_id: Number(f.feature_id), option_ids: f.option_ids.map(Number) }))
        : [],
    variants:
      v.type === 'multi'
        ? v.groups.map((g) => ({
            option_ids: g.option_ids,
            price: money(g.price) as number,
            stock: int(g.stock) as number,
            sku: g.sku.trim() || undefined,
            images: g.images,
          }))
        : [],
    main_option_ids: v.type === 'multi' && main ? main.option_ids : [],
  };
}

/** The form field of an API field error: `variants.2.price` → `groups.2.price`, an image's index dropped. */
export function formField(name: string): string {
  if (name === 'main_option_ids') return 'main_key';
  if (/^images\.\d+$/.test(name)) return 'images';
  const group = /^variants\.(\d+)\.(\w+)/.exec(name);
  if (group) return `groups.${group[1]}.${group[2] === 'option_ids' ? 'sku' : group[2]}`;
  if (name === 'variants') return 'groups';
  return name;
}

export const formErrors = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [formField(k), v]));

/**
 * The groups of the chosen options: every combination (features in order), a
 * group already in the form keeps its price, stock, SKU and images; new ones
 * start from `price`/`stock`.
 */
export function combine(v: Values): Group[] {
  const chosen = v.features.filter((f) => f.feature_id && f.option_ids.length).map((f) => f.option_ids.map(Number));
  if (!chosen.length) return [];
  const combos = chosen.reduce<number[][]>((acc, ids) => acc.flatMap((c) => ids.map((i) => [...c, i])), [[]]);
  const old = new Map(v.groups.map((g) => [g.key, g]));
  return combos.map((optionIds) => {
    const key = groupKey(optionIds);
    return old.get(key) ?? { key, option_ids: optionIds, price: v.price, stock: v.stock, sku: '', images: [] };
  });
}
