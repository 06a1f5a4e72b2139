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
/** The store's prices (ADR 0023): before VAT (`price`, `discounted_price`) and with it, as consumers see them. */
export const pricedForConsumers = {
  price: z.number().describe('halalas before VAT'),
  discounted_price: z.number().describe('halalas before VAT, after the product discount now'),
  price_with_vat: z.number().describe('halalas with VAT (what the store shows)'),
  discounted_price_with_vat: z.number().describe('halalas with VAT, after the product discount now'),
};
