/** Money typed on any keyboard: the forms of the dashboard and the staff view, the store's price filter. */
import { toLatinDigits } from '@pool/contracts/core';

/** Riyals as typed: Arabic-Indic digits, the Arabic decimal separator and a comma read as `0-9` and `.`. */
export const typedSar = (v: string) => toLatinDigits(v).replace(/[٫,]/g, '.').trim();

/** What an amount field keeps of a keystroke: riyals as `typedSar` reads them, digits and one point, at most 2 decimals. */
export function typedAmount(v: string): string {
  const [whole = '', ...rest] = typedSar(v)
    .replace(/[^\d.]/g, '')
    .split('.');
  return rest.length ? `${whole || '0'}.${rest.join('').slice(0, 2)}` : whole;
}
