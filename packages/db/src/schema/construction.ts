/**
 * Pool construction (DOMAIN.md, "Pool construction"; issue 11): the
 * dashboard's design types and finish colours, and beside a construction
 * order (kind `pool_construction`) the customer's design as requested (sizes,
 * shape, extras, measures, the indicative range computed then, the design's
 * snapshot) and the stages of the work the engineer posts. The prices the
 * estimate uses are the `construction_prices` setting (settings table).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import type { ServiceLocation } from './services.ts';
import { staff } from './staff.ts';
import { orders } from './store.ts';

export type ConstructionShape = 'rectangle' | 'rounded' | 'l_shape' | 'kidney' | 'free_form';
export type ConstructionOption = 'steps' | 'lighting' | 'heating' | 'cover';

/** A design type of the catalogue: its outline's shape, names, picture and price factor. */
export const constructionDesignTypes = pgTable(
  'construction_design_types',
  {
    id: serial('id').primaryKey(),
    shape: varchar('shape', { length: 16 }).$type<ConstructionShape>().notNull(),
    nameAr: varchar('name_ar', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
    image: varchar('image', { length: 500 }).notNull(),
    /** Percent of the surface price (100: as is). */
    priceFactor: smallint('price_factor').notNull().default(100),
    isActive: boolean('is_active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('construction_design_types_active_idx').on(t.isActive, t.sort),
    check(
      'construction_design_types_shape',
      sql`${t.shape} in ('rectangle', 'rounded', 'l_shape', 'kidney', 'free_form')`,
    ),
    check('construction_design_types_factor', sql`${t.priceFactor} between 10 and 1000`),
  ],
);

/** A finish colour: names, its hex (the water's tint in the 3D view), a picture and its extra price per m². */
export const constructionColours = pgTable(
  'construction_colours',
  {
    id: serial('id').primaryKey(),
    nameAr: varchar('name_ar', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
    /** `#rrggbb`, lower case. */
    hex: varchar('hex', { length: 7 }).notNull(),
    image: varchar('image', { length: 500 }),
    /** Halalas per m² of lined surface, before VAT. */
    extraM2: integer('extra_m2').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('construction_colours_active_idx').on(t.isActive, t.sort),
    check('construction_colours_hex', sql`${t.hex} ~ '^#[0-9a-f]{6}$'`),
    check('construction_colours_extra', sql`${t.extraM2} >= 0`),
  ],
);

/** Measures of a design (two decimals): m², m, m², m³. */
export type ConstructionMeasures = { area_m2: number; perimeter_m: number; surface_m2: number; volume_m3: number };

/** A construction order's request: the design as the customer made it, the estimate then, where, notes, pictures. */
export const constructionRequests = pgTable(
  'construction_requests',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    designTypeId: integer('design_type_id')
      .notNull()
      .references(() => constructionDesignTypes.id, { onDelete: 'restrict' }),
    colourId: integer('colour_id')
      .notNull()
      .references(() => constructionColours.id, { onDelete: 'restrict' }),
    /** The design type's shape when requested (a later edit of the type leaves the design alone). */
    shape: varchar('shape', { length: 16 }).$type<ConstructionShape>().notNull(),
    /** Sizes in decimetres (the form's metres have one decimal). */
    lengthDm: smallint('length_dm').notNull(),
    widthDm: smallint('width_dm').notNull(),
    depthDm: smallint('depth_dm').notNull(),
    options: jsonb('options').$type<ConstructionOption[]>().notNull().default([]),
    measures: jsonb('measures').$type<ConstructionMeasures>().notNull(),
    /** The indicative range when requested: halalas, VAT included. */
    estimateLow: integer('estimate_low').notNull(),
    estimateHigh: integer('estimate_high').notNull(),
    /** The design's image (PNG of the 3D view or the 2D drawing). */
    snapshot: varchar('snapshot', { length: 500 }).notNull(),
    notes: text('notes'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    location: jsonb('location').$type<ServiceLocation>().notNull(),
  },
  (t) => [
    index('construction_requests_design_type_idx').on(t.designTypeId),
    index('construction_requests_colour_idx').on(t.colourId),
    check('construction_requests_sizes', sql`${t.lengthDm} > 0 and ${t.widthDm} > 0 and ${t.depthDm} > 0`),
    check('construction_requests_estimate', sql`0 <= ${t.estimateLow} and ${t.estimateLow} <= ${t.estimateHigh}`),
  ],
);

/** A stage of the work the engineer posts while it is in progress: a title, a note and photos. */
export const constructionStages = pgTable(
  'construction_stages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 150 }).notNull(),
    note: text('note'),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('construction_stages_order_idx').on(t.orderId, t.id)],
);

/** The settings key of the prices the estimate uses. */
export const CONSTRUCTION_PRICES_KEY = 'construction_prices';
/** The `construction_prices` setting: halalas before VAT, and the range's spread in percent. */
export type ConstructionPricesSetting = {
  /** Per m² of lined surface (floor and walls). */
  surface_m2: number;
  /** Per m³ of water. */
  volume_m3: number;
  /** Each extra's price. */
  options: Record<ConstructionOption, number>;
  low_percent: number;
  high_percent: number;
};
