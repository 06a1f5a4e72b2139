/** Money typed on any keyboard, for the forms of the dashboard and the staff view. */
import { toLatinDigits } from '@pool/contracts/wallet';

/** Riyals as typed: Arabic-Indic digits, the Arabic decimal separator and a comma read as `0-9` and `.`. */
export const typedSar = (v: string) => toLatinDigits(v).replace(/[٫,]/g, '.').trim();
