/**
 * SKUs of a product's planned groups (issue 4): the one sent or stored, else
 * one generated from the English name and the options; repeats and SKUs held
 * by other groups are field errors, or get a free number when generated.
 */
import { inArray } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { VariantShape } from './product-shape.ts';

const pv = tables.productVariants;

/** Upper-case Latin words and digits joined by `-`, for generated SKUs. */
const slug = (text: string, max: number) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');

/** A group as the plan works it out: where its errors go, and whether its SKU was sent. */
export type Planned = VariantShape & { field: string; explicitSku: boolean };

/**
 * Gives every group a SKU: the one sent or stored, else one made from the English
 * name and options. A SKU sent twice, or held by another group, is a field error;
 * a generated one that is taken gets a number.
 */
export async function assignSkus(
  db: Db,
  planned: Planned[],
  nameEn: string,
  options: { optionNames: Map<number, string>; featureRank: Map<number, number> },
  fail: (field: string, key: string) => void,
) {
  const base = slug(nameEn, 32) || 'P';
  const rank = (id: number) => options.featureRank.get(id) ?? 0;
  for (const v of planned) {
    if (v.sku) continue;
    const suffix = [...v.optionIds]
      .sort((a, b) => rank(a) - rank(b))
      .map((id) => slug(options.optionNames.get(id) ?? '', 12) || String(id))
      .join('-');
    v.sku = (suffix ? `${base}-${suffix}` : base).slice(0, 64);
  }
  const seen = new Set<string>();
  for (const v of planned) {
    if (!seen.has(v.sku)) {
      seen.add(v.sku);
      continue;
    }
    if (v.explicitSku) fail(v.field, 'catalogue.sku_repeated');
    else v.sku = freeSku(v.sku, seen);
    seen.add(v.sku);
  }
  // Held by a group other than the one it is planned for?
  for (let round = 0; round < 5; round++) {
    const rows = await db
      .select({ id: pv.id, sku: pv.sku })
      .from(pv)
      .where(inArray(pv.sku, [...seen]));
    const holder = new Map(rows.map((r) => [r.sku, r.id]));
    const clashes = planned.filter((v) => holder.has(v.sku) && holder.get(v.sku) !== v.id);
    if (!clashes.length) return;
    for (const v of clashes) {
      if (v.explicitSku) fail(v.field, 'catalogue.sku_taken');
      else {
        const taken = new Set([...seen, ...holder.keys()]);
        seen.delete(v.sku);
        v.sku = freeSku(v.sku, taken);
        seen.add(v.sku);
      }
    }
    if (clashes.every((v) => v.explicitSku)) return;
  }
}

/** `SKU-2`, `SKU-3`… the first not in `taken`. */
function freeSku(sku: string, taken: Set<string>) {
  for (let n = 2; ; n++) {
    const candidate = `${sku.slice(0, 64 - String(n).length - 1)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
