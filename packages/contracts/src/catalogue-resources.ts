/** The dashboard's brands, categories (with sub-categories) and features (with their options) (issue 4). */
import { z } from 'zod';
import { formInt, optionalId, requiredText, V, DB_INT_MAX } from './fields.ts';
import { cmsListQuery } from './cms.ts';
import { flag, named } from './catalogue-fields.ts';

export const brandBody = z.object({
  name_ar: requiredText(2, 100),
  name_en: requiredText(2, 100),
  active: flag(true),
});
export const adminBrand = z.object({ ...named, logo: z.string().nullable(), active: z.boolean() });

/* -------------------------------------------------------------- categories */

/** A category, or a sub-category when `parent_id` names a (top-level) category. */
export const categoryBody = z.object({
  name_ar: requiredText(2, 100),
  name_en: requiredText(2, 100),
  parent_id: optionalId,
  sort: formInt(-1_000_000, 1_000_000).default(0),
  active: flag(true),
});
export const adminCategory = z.object({
  ...named,
  parent_id: z.number().nullable(),
  image: z.string().nullable(),
  sort: z.number(),
  active: z.boolean(),
});
/** `parent_id=0`: the top-level categories; `parent_id=N`: the sub-categories of N. */
export const categoryListQuery = cmsListQuery.extend({
  parent_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).min(0).max(DB_INT_MAX).optional(),
  ),
});

/* ---------------------------------------------------------------- features */

export const featureOptionBody = z.object({
  /** An existing option of this feature (kept); none: a new option. */
  id: optionalId,
  name_ar: requiredText(1, 100),
  name_en: requiredText(1, 100),
});
/** A feature is saved with its options: options left out of `options` are removed (unless a product uses them). */
export const featureBody = z.object({
  name_ar: requiredText(2, 100),
  name_en: requiredText(2, 100),
  options: z
    .array(featureOptionBody, { error: V.required })
    .min(1, { error: 'catalogue.options_required' })
    .max(50, { error: V.invalid }),
});
export const featureOption = z.object({ ...named, sort: z.number() });
export const adminFeature = z.object({ ...named, options: z.array(featureOption) });
