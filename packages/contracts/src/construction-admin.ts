/**
 * Pool construction in the dashboard (issue 11): the catalogue of design types
 * and colours (permission group `construction`, on the generic resource routes:
 * multipart with an `image` file), the prices the estimate uses, and the
 * construction orders of the operations console under
 * /api/admin/construction/orders (orders.view / orders.edit / orders.cancel).
 * Prices are typed in riyals (`*_sar`) and answered in halalas, before VAT.
 */
import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { blankToUndefined, boolish, formInt, optionalId, optionalText, requiredText, V } from './fields.ts';
import { ratedStaffCard } from './field-work.ts';
import {
  CONSTRUCTION_OPTIONS,
  CONSTRUCTION_SHAPES,
  CONSTRUCTION_STATUSES,
  constructionOffer,
  constructionOrderDetail,
  constructionOrderItem,
} from './construction.ts';
import { sarPrice } from './service-items.ts';

/** The design's price factor, percent of the surface price (100: as is). */
export const DESIGN_FACTOR_LIMITS = { min: 10, max: 1000 } as const;
export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

const sort = formInt(0, 9999).default(0);
const active = boolish.default(true);

/* ------------------------------------------------------------ design types */

/** Create (multipart, the `image` file required) and edit (the image optional). */
export const designTypeBody = z.object({
  shape: z.enum(CONSTRUCTION_SHAPES, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? V.required : V.invalid),
  }),
  name_ar: requiredText(2, 100),
  name_en: requiredText(2, 100),
  price_factor: formInt(DESIGN_FACTOR_LIMITS.min, DESIGN_FACTOR_LIMITS.max).default(100),
  is_active: active,
  sort,
});
export type DesignTypeBody = z.output<typeof designTypeBody>;

export const adminDesignType = z.object({
  id: z.number(),
  shape: z.enum(CONSTRUCTION_SHAPES),
  name_ar: z.string(),
  name_en: z.string(),
  image: z.string(),
  price_factor: z.number(),
  is_active: z.boolean(),
  sort: z.number(),
});
export type AdminDesignType = z.infer<typeof adminDesignType>;

/* ----------------------------------------------------------------- colours */

/** Create and edit (multipart, an optional `image` file of the finish). */
export const colourBody = z.object({
  name_ar: requiredText(2, 100),
  name_en: requiredText(2, 100),
  hex: z
    .string({ error: V.required })
    .trim()
    .toLowerCase()
    .min(1, { error: V.required })
    .regex(HEX_COLOUR, { error: 'construction.hex_invalid' }),
  /** Riyals per m² of lined surface, before VAT. */
  extra_sar: sarPrice.default(0),
  is_active: active,
  sort,
});
export type ColourBody = z.output<typeof colourBody>;

export const adminColour = z.object({
  id: z.number(),
  name_ar: z.string(),
  name_en: z.string(),
  hex: z.string(),
  image: z.string().nullable(),
  /** Halalas per m² of lined surface, before VAT. */
  extra_m2: z.number(),
  is_active: z.boolean(),
  sort: z.number(),
});
export type AdminColour = z.infer<typeof adminColour>;

/* ------------------------------------------------------------------ prices */

/** `PUT /api/admin/construction/prices` (construction.edit). */
export const constructionPricesBody = z.object({
  /** Riyals per m² of lined surface (floor and walls). */
  surface_m2_sar: sarPrice,
  /** Riyals per m³ of water. */
  volume_m3_sar: sarPrice,
  /** Riyals for each extra. */
  options: z.object(
    Object.fromEntries(CONSTRUCTION_OPTIONS.map((k) => [k, sarPrice])) as Record<
      (typeof CONSTRUCTION_OPTIONS)[number],
      typeof sarPrice
    >,
    { error: V.required },
  ),
  /** The range shown: this many percent below and above the computed price. */
  low_percent: formInt(0, 90),
  high_percent: formInt(0, 200),
});
export type ConstructionPricesBody = z.output<typeof constructionPricesBody>;

/** `GET /api/admin/construction/prices` (construction.view): halalas before VAT, and the VAT rate (percent). */
export const constructionPrices = z.object({
  surface_m2: z.number(),
  volume_m3: z.number(),
  options: z.object(
    Object.fromEntries(CONSTRUCTION_OPTIONS.map((k) => [k, z.number()])) as Record<
      (typeof CONSTRUCTION_OPTIONS)[number],
      z.ZodNumber
    >,
  ),
  low_percent: z.number(),
  high_percent: z.number(),
  vat_rate: z.number(),
});
export type ConstructionPrices = z.infer<typeof constructionPrices>;

/* ------------------------------------------------------------------ orders */

export const constructionAdminQuery = pageQuery.extend({
  status: z.preprocess(blankToUndefined, z.enum(CONSTRUCTION_STATUSES, { error: V.invalid }).optional()),
  city_id: optionalId,
  staff_id: optionalId,
  /** The order's number or the customer's phone. */
  q: optionalText(100),
});
export type ConstructionAdminQuery = z.output<typeof constructionAdminQuery>;

export const constructionAdminItem = constructionOrderItem.extend({
  customer_id: z.number(),
  customer_name: z.string(),
  customer_phone: z.string(),
  city_id: z.number().nullable(),
  staff: ratedStaffCard.nullable(),
});
export type ConstructionAdminItem = z.infer<typeof constructionAdminItem>;

/** `GET /api/admin/construction/orders/:id`: the customer's view without their buttons, and the dashboard's. */
export const constructionAdminDetail = constructionOrderDetail
  .omit({ can_accept: true, can_reject: true, can_pay: true, can_rate: true, offer: true })
  .extend({
    customer_id: z.number(),
    customer_name: z.string(),
    customer_phone: z.string(),
    cancel_note: z.string().nullable(),
    /** The saved offer (sent or not yet). */
    offer: constructionOffer.nullable(),
    can_edit_offer: z.boolean(),
    /** Percent: the rate a save applies now while editable, else the offer's. */
    tax_rate: z.number(),
    /** An engineer may be assigned (the order is new; the kernel's assignment move). */
    can_assign: z.boolean(),
    /** Where an admin may move the order from here (kernel states). */
    next_statuses: z.array(z.enum(CONSTRUCTION_STATUSES)),
    payment_status: z.string().nullable(),
    refund_status: z.string().nullable(),
  });
export type ConstructionAdminDetail = z.infer<typeof constructionAdminDetail>;

/** An active engineer who serves the order's city. */
export const assignableEngineer = ratedStaffCard.extend({
  phone: z.string(),
  /** Their construction orders not finished yet. */
  open_orders: z.number(),
});
export type AssignableEngineer = z.infer<typeof assignableEngineer>;
