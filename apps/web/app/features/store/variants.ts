/**
 * Choosing the group (variant) of a multi-attribute product from its options:
 * one option per feature; an option that makes a combination the store does
 * not sell is disabled, one whose group is sold out is marked.
 */
import { toLatinDigits } from '@pool/contracts/core';
import type { StoreVariant } from './types.ts';

type Variant = Pick<StoreVariant, 'id' | 'stock' | 'options' | 'is_main'>;
/** Feature id -> option id. */
export type Selection = Record<number, number>;

export const selectionOf = (v: Variant | undefined): Selection =>
  Object.fromEntries((v?.options ?? []).map((o) => [o.feature_id, o.option_id]));

/** The group with exactly these options (every feature of the group chosen). */
export function findVariant<V extends Variant>(variants: V[], selection: Selection): V | undefined {
  return variants.find((v) => v.options.every((o) => selection[o.feature_id] === o.option_id));
}

/** What choosing `optionId` for `featureId` would give, the other choices kept. */
export function optionState(
  variants: Variant[],
  selection: Selection,
  featureId: number,
  optionId: number,
): 'available' | 'sold_out' | 'none' {
  const v = findVariant(variants, { ...selection, [featureId]: optionId });
  if (!v) return 'none';
  return v.stock > 0 ? 'available' : 'sold_out';
}

/**
 * The group after choosing `optionId` for `featureId`: the exact combination,
 * else (other choices cannot stay) the first group with that option, in stock first.
 */
export function choose<V extends Variant>(
  variants: V[],
  selection: Selection,
  featureId: number,
  optionId: number,
): V | undefined {
  const exact = findVariant(variants, { ...selection, [featureId]: optionId });
  if (exact) return exact;
  const withOption = variants.filter((v) =>
    v.options.some((o) => o.feature_id === featureId && o.option_id === optionId),
  );
  return withOption.find((v) => v.stock > 0) ?? withOption[0];
}

/** The group shown first: the one named in the address, else the main display group, else the first. */
export function initialVariant<V extends Variant>(variants: V[], requested: number | null, mainId: number | null) {
  return (
    variants.find((v) => v.id === requested) ??
    variants.find((v) => v.id === mainId) ??
    variants.find((v) => v.is_main) ??
    variants[0]
  );
}

/** A quantity kept between 1 and `max` (the stock; 1 when none is left), whole. */
export const clampQuantity = (n: number, max: number) => Math.min(Math.max(1, Math.floor(n) || 1), Math.max(1, max));

/** The quantity typed into the field (Arabic digits too; anything else is dropped), or null while it is empty. */
export function typedQuantity(text: string, max: number): number | null {
  const digits = toLatinDigits(text).replace(/\D/g, '');
  return digits ? clampQuantity(Number(digits), max) : null;
}
