/** The store API's shapes the contracts name only as schemas. */
import type { z } from 'zod';
import type { productRating, storeBrand, storeCategory, storeVariant } from '@pool/contracts/store';

export type StoreCategory = z.infer<typeof storeCategory>;
export type StoreBrand = z.infer<typeof storeBrand>;
export type StoreVariant = z.infer<typeof storeVariant>;
export type ProductRating = z.infer<typeof productRating>;
