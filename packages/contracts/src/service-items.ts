/**
 * The catalogue of spare parts and extra services (table `service_items`): the
 * dashboard's list, form and item, and the active items the price-offer editor
 * and the technician pick lines from. Stored prices are integer halalas before
 * VAT; the form's price is typed in riyals (at most 2 decimals).
 */
import { z } from 'zod';
import { pageQuery, paginated } from './envelope.ts';
import { blankToUndefined, boolish, optionalText, requiredText, MAX_PRICE, V } from './fields.ts';
import { toHalalas } from './pricing.ts';

export const SERVICE_ITEM_KINDS = ['spare_part', 'extra_service'] as const;
export type ServiceItemKind = (typeof SERVICE_ITEM_KINDS)[number];
export const SERVICE_ITEM_STATUSES = ['active', 'inactive'] as const;
export type ServiceItemStatus = (typeof SERVICE_ITEM_STATUSES)[number];

const kind = z.enum(SERVICE_ITEM_KINDS, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? V.required : V.invalid),
});

/** Riyals as typed (`120`, `120.5`, `120.50`, or a number), to halalas; at most 2 decimals and 10 million riyals. */
export const sarPrice = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? V.required : V.invalid) })
    .transform((v, ctx) => {
      const halalas = toHalalas(v);
      if (Number.isNaN(halalas)) {
        ctx.addIssue({ code: 'custom', message: 'validation.money_sar' });
        return z.NEVER;
      }
      if (halalas > MAX_PRICE) {
        ctx.addIssue({ code: 'custom', message: 'validation.money_max' });
        return z.NEVER;
      }
      return halalas;
    }),
);

/** Create and edit: both names, the price in riyals before VAT (`price_sar`, stored in halalas), active or not. */
export const serviceItemBody = z.object({
  kind,
  name_ar: requiredText(2, 150),
  name_en: requiredText(2, 150),
  price_sar: sarPrice,
  is_active: boolish.default(true),
});
export type ServiceItemBody = z.output<typeof serviceItemBody>;

/** `?kind=&q=&status=&page=`: `q` searches both names. */
export const serviceItemListQuery = pageQuery.extend({
  q: optionalText(100),
  kind: z.preprocess(blankToUndefined, z.enum(SERVICE_ITEM_KINDS, { error: V.invalid }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(SERVICE_ITEM_STATUSES, { error: V.invalid }).optional()),
});
export type ServiceItemListQuery = z.output<typeof serviceItemListQuery>;

/** The dashboard's item: halalas before VAT, and with VAT at the current rate (for display). */
export const serviceItem = z.object({
  id: z.number(),
  kind: z.enum(SERVICE_ITEM_KINDS),
  name_ar: z.string(),
  name_en: z.string(),
  price: z.number().describe('halalas, before VAT'),
  price_with_vat: z.number().describe('halalas, with VAT at the current rate'),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ServiceItem = z.output<typeof serviceItem>;

/** The list, with the VAT rate (percent) the form shows the VAT-inclusive price with. */
export const serviceItemList = paginated(serviceItem).extend({ vat_rate: z.number().describe('percent') });

/** `?kind=`: the pickers' filter (both kinds when missing). */
export const serviceItemOptionsQuery = z.object({
  kind: z.preprocess(blankToUndefined, z.enum(SERVICE_ITEM_KINDS, { error: V.invalid }).optional()),
});

/** An active item offered to a picker: its name in the request's language and both names. */
export const serviceItemOption = z.object({
  id: z.number(),
  kind: z.enum(SERVICE_ITEM_KINDS),
  name: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
  price: z.number().describe('halalas, before VAT'),
  price_with_vat: z.number().describe('halalas, with VAT at the current rate'),
});
export type ServiceItemOption = z.output<typeof serviceItemOption>;
