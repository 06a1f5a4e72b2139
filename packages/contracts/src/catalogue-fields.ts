/**
 * Field pieces the catalogue contracts share (catalogue-resources.ts,
 * catalogue-products.ts, catalogue-store.ts); not exported by the package.
 * Money is integer halalas everywhere.
 */
import { z } from 'zod';
import { boolish } from './fields.ts';

export const flag = (fallback: boolean) => boolish.default(fallback);
export const named = { id: z.number(), name_ar: z.string(), name_en: z.string() };
export const priced = {
  price: z.number().describe('halalas'),
  discounted_price: z.number().describe('halalas, after the product discount now'),
};
