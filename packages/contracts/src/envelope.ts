import { z } from 'zod';
import { RESPONSE_KEYS } from './keys.ts';

export const responseKey = z.enum(RESPONSE_KEYS);

/** `{ msg, key, data }`: the body of every `/api` response. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ msg: z.string(), key: responseKey, data });

export type Envelope<T> = { msg: string; key: z.infer<typeof responseKey>; data: T };

export const pagination = z.object({
  total_items: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
});
export type Pagination = z.infer<typeof pagination>;

export const paginated = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** Field errors of a 422 answer: field name -> translated message. */
export const fieldErrors = z.record(z.string(), z.string());
