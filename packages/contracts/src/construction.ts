/**
 * Pool construction (DOMAIN.md, "Pool construction"; issue 11): the customer's
 * design (sizes, design type, finish colour, extras), the indicative price the
 * server computes for it, the request with its location and pictures, and the
 * order's details for the customer and for the engineer assigned (the staff
 * view). The state machine is POOL_CONSTRUCTION_MACHINE (order-machines.ts);
 * the price offer has maintenance's shapes (offerBody, offerLineView,
 * offerPrices). The dashboard's schemas are in construction-admin.ts.
 * Money is integer halalas; sizes are metres with at most one decimal.
 */
import { z } from 'zod';
import { orderRefund } from './order-refund.ts';
import { pageQuery } from './envelope.ts';
import { blankToUndefined, optionalText, requiredId, requiredText, V } from './fields.ts';
import { ratedStaffCard } from './field-work.ts';
import { checkLocation, locationFields, offerLineView, offerPrices, serviceLocation } from './maintenance.ts';
import { ORDER_ACTORS, ORDER_TABS, POOL_CONSTRUCTION_MACHINE } from './order-machines.ts';
import { PAYMENT_METHODS } from './store-domain.ts';

export const CONSTRUCTION_SHAPES = ['rectangle', 'rounded', 'l_shape', 'kidney', 'free_form'] as const;
export type ConstructionShape = (typeof CONSTRUCTION_SHAPES)[number];
export const CONSTRUCTION_OPTIONS = ['steps', 'lighting', 'heating', 'cover'] as const;
export type ConstructionOption = (typeof CONSTRUCTION_OPTIONS)[number];

/** The sizes a customer may design, in metres (inclusive), at most one decimal. */
export const CONSTRUCTION_LIMITS = {
  length: { min: 3, max: 25 },
  width: { min: 2, max: 15 },
  depth: { min: 1, max: 3 },
} as const;
export type ConstructionSize = keyof typeof CONSTRUCTION_LIMITS;

export const CONSTRUCTION_STATUSES = POOL_CONSTRUCTION_MACHINE.states;
export type ConstructionStatus = (typeof CONSTRUCTION_STATUSES)[number];

export const CONSTRUCTION_IMAGES_MAX = 6;
export const CONSTRUCTION_STAGE_PHOTOS_MAX = 6;
export const CONSTRUCTION_ORDERS_PER_PAGE = 10;
/** The upload folders: the customer's pictures and design snapshot, the engineer's stage photos. */
export const CONSTRUCTION_IMAGE_FOLDER = 'construction';
export const CONSTRUCTION_STAGE_FOLDER = 'construction-stages';

/* ---------------------------------------------------------------- geometry */

export type Point = { x: number; y: number };

/** Segments of a curved outline (rounded corners: a quarter of it each). */
const CURVE_SEGMENTS = 64;

/** Scales and moves points so their bounding box is exactly `length` × `width`, centred on 0. */
function fitBox(points: Point[], length: number, width: number): Point[] {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return points.map((p) => ({
    x: ((p.x - x0) / (x1 - x0) - 0.5) * length,
    y: ((p.y - y0) / (y1 - y0) - 0.5) * width,
  }));
}

const around = (n: number) => Array.from({ length: n }, (_, i) => (2 * Math.PI * i) / n);

/**
 * The pool's outline seen from above: a simple polygon (metres, counter-clockwise),
 * `length` along x and `width` along y, its bounding box centred on the origin.
 * The 3D view, the 2D drawing and the server's estimate all use it.
 */
export function poolOutline(shape: ConstructionShape, length: number, width: number): Point[] {
  const [hl, hw] = [length / 2, width / 2];
  switch (shape) {
    case 'rectangle':
      return [
        { x: -hl, y: -hw },
        { x: hl, y: -hw },
        { x: hl, y: hw },
        { x: -hl, y: hw },
      ];
    case 'rounded': {
      const r = Math.min(length, width) / 4;
      const corners: [number, number, number][] = [
        [hl - r, -hw + r, -Math.PI / 2],
        [hl - r, hw - r, 0],
        [-hl + r, hw - r, Math.PI / 2],
        [-hl + r, -hw + r, Math.PI],
      ];
      const steps = CURVE_SEGMENTS / 4;
      return corners.flatMap(([cx, cy, from]) =>
        Array.from({ length: steps + 1 }, (_, i) => {
          const a = from + (i / steps) * (Math.PI / 2);
          return { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
        }),
      );
    }
    case 'l_shape': {
      // The full length along one side; the other arm 45 % of the length, the notch half the width.
      const [nx, ny] = [-hl + length * 0.45, hw - width * 0.5];
      return [
        { x: -hl, y: -hw },
        { x: hl, y: -hw },
        { x: hl, y: ny },
        { x: nx, y: ny },
        { x: nx, y: hw },
        { x: -hl, y: hw },
      ];
    }
    case 'kidney': {
      // An ellipse whose upper side bends in around the middle: y ≥ 0 above, ≤ 0 below, so never self-crossing.
      const points = around(CURVE_SEGMENTS).map((t) => {
        const x = Math.cos(t);
        const dent = Math.sin(t) > 0 ? 0.7 * Math.exp(-((x / 0.45) ** 2)) : 0;
        return { x, y: Math.sin(t) * (1 - dent) };
      });
      return fitBox(points, length, width);
    }
    case 'free_form': {
      // A star-shaped blob around the origin (radius always positive), fitted to the box.
      const points = around(CURVE_SEGMENTS).map((t) => {
        const r = 1 + 0.12 * Math.cos(3 * t + 0.6) + 0.06 * Math.sin(2 * t);
        return { x: r * Math.cos(t), y: r * Math.sin(t) };
      });
      return fitBox(points, length, width);
    }
  }
}

/** The shoelace area and the perimeter of a closed polygon. */
export function polygonMeasures(points: readonly Point[]): { area: number; perimeter: number } {
  let twice = 0;
  let perimeter = 0;
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length]!;
    twice += p.x * q.y - q.x * p.y;
    perimeter += Math.hypot(q.x - p.x, q.y - p.y);
  });
  return { area: Math.abs(twice) / 2, perimeter };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * A design's measures (m², m, m³; two decimals): the water surface (the outline's area),
 * the lined surface (floor and walls: area + perimeter × depth) and the volume (area × depth).
 */
export function poolMeasures(d: { shape: ConstructionShape; length: number; width: number; depth: number }) {
  const { area, perimeter } = polygonMeasures(poolOutline(d.shape, d.length, d.width));
  return {
    area_m2: round2(area),
    perimeter_m: round2(perimeter),
    surface_m2: round2(area + perimeter * d.depth),
    volume_m3: round2(area * d.depth),
  };
}
export type PoolMeasures = ReturnType<typeof poolMeasures>;

/* ------------------------------------------------------------------ design */

/** Metres: a number (or form text) inside the size's limits, with at most one decimal. */
const metres = (size: ConstructionSize) => {
  const { min, max } = CONSTRUCTION_LIMITS[size];
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? V.required : V.invalid) })
      .min(min, { error: 'construction.metres_min' })
      .max(max, { error: 'construction.metres_max' })
      .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, { error: 'construction.metres_step' })
      .transform((v) => Math.round(v * 10) / 10),
  );
};

/** The design: sizes, a design type and a colour of the catalogue (active), extras (each at most once). */
export const designFields = {
  length: metres('length'),
  width: metres('width'),
  depth: metres('depth'),
  design_type_id: requiredId,
  colour_id: requiredId,
  options: z
    .array(z.enum(CONSTRUCTION_OPTIONS, { error: V.invalid }), { error: V.invalid })
    .max(CONSTRUCTION_OPTIONS.length, { error: V.invalid })
    .default([])
    .transform((v) => [...new Set(v)]),
};

/** `POST /api/user/construction/estimate`. */
export const constructionEstimateBody = z.object(designFields);
export type ConstructionEstimateBody = z.output<typeof constructionEstimateBody>;

/** The indicative price range (halalas, VAT included) with the measures it was computed from. */
export const constructionEstimate = z.object({
  area_m2: z.number(),
  volume_m3: z.number(),
  low: z.number(),
  high: z.number(),
});
export type ConstructionEstimate = z.infer<typeof constructionEstimate>;

/** `GET /api/user/construction/catalogue`: the active design types and colours (names in the request's language). */
export const constructionCatalogue = z.object({
  design_types: z.array(
    z.object({ id: z.number(), shape: z.enum(CONSTRUCTION_SHAPES), name: z.string(), image: z.string() }),
  ),
  colours: z.array(z.object({ id: z.number(), name: z.string(), hex: z.string(), image: z.string().nullable() })),
  options: z.array(z.object({ key: z.enum(CONSTRUCTION_OPTIONS), name: z.string() })),
  limits: z.object({
    length: z.object({ min: z.number(), max: z.number() }),
    width: z.object({ min: z.number(), max: z.number() }),
    depth: z.object({ min: z.number(), max: z.number() }),
  }),
});
export type ConstructionCatalogue = z.infer<typeof constructionCatalogue>;

const imageUrl = z.string({ error: V.invalid }).trim().min(1, { error: V.invalid }).max(500, { error: V.invalid });

/**
 * `POST /api/user/construction`: the design, notes, pictures (URLs of
 * POST /construction-images, up to 6), the design's snapshot (a PNG uploaded
 * the same way) and where (maintenance's location fields).
 */
export const constructionRequestBody = z
  .object({
    ...designFields,
    notes: optionalText(2000),
    images: z.array(imageUrl, { error: V.invalid }).max(CONSTRUCTION_IMAGES_MAX, { error: V.invalid }).default([]),
    snapshot: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(500, { error: V.invalid }),
    ...locationFields,
  })
  .superRefine((b, ctx) => checkLocation(b, ctx));
export type ConstructionRequestBody = z.output<typeof constructionRequestBody>;

export const constructionImageResult = z.object({ url: z.string() });
export const constructionCreated = z.object({ id: z.number(), number: z.string(), status: z.string() });

/* --------------------------------------------------------- the order's views */

export const constructionOrdersQuery = pageQuery.extend({
  tab: z.preprocess(blankToUndefined, z.enum(ORDER_TABS, { error: V.invalid }).optional()),
});

const status = z.enum(CONSTRUCTION_STATUSES);

/** The design as stored with the order (names in the request's language). */
export const constructionDesignView = z.object({
  length: z.number(),
  width: z.number(),
  depth: z.number(),
  area_m2: z.number(),
  volume_m3: z.number(),
  design_type: z.object({ id: z.number(), shape: z.enum(CONSTRUCTION_SHAPES), name: z.string(), image: z.string() }),
  colour: z.object({ id: z.number(), name: z.string(), hex: z.string() }),
  options: z.array(z.object({ key: z.enum(CONSTRUCTION_OPTIONS), name: z.string() })),
  /** The image of the design saved with the request. */
  snapshot: z.string(),
});
export type ConstructionDesignView = z.infer<typeof constructionDesignView>;

/** A stage of the work posted by the engineer: a title, a note and photos. */
export const constructionStageView = z.object({
  id: z.number(),
  title: z.string(),
  note: z.string().nullable(),
  photos: z.array(z.string()),
  created_at: z.string(),
});
export type ConstructionStageView = z.infer<typeof constructionStageView>;

export const constructionEvent = z.object({
  status,
  from_status: status.nullable(),
  actor: z.enum(ORDER_ACTORS),
  note: z.string().nullable(),
  created_at: z.string(),
});

export const constructionOffer = z.object({ lines: z.array(offerLineView), prices: offerPrices });

export const constructionOrderItem = z.object({
  id: z.number(),
  kind: z.literal('pool_construction'),
  number: z.string(),
  status,
  tab: z.enum(ORDER_TABS),
  created_at: z.string(),
  /** The design type's name and the sizes, for the list's line. */
  design_type: z.string(),
  length: z.number(),
  width: z.number(),
  depth: z.number(),
  snapshot: z.string(),
  city: z.string().nullable(),
  /** The accepted offer's total (halalas, VAT included); 0 before. */
  total: z.number(),
});
export type ConstructionOrderItem = z.infer<typeof constructionOrderItem>;

/** `GET /api/user/construction-orders/:id`. */
export const constructionOrderDetail = constructionOrderItem.extend({
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  design: constructionDesignView,
  /** The indicative range computed when the request was made (halalas, VAT included). */
  estimate: z.object({ low: z.number(), high: z.number() }),
  notes: z.string().nullable(),
  images: z.array(z.string()),
  location: serviceLocation,
  city_id: z.number().nullable(),
  /** The offer sent to the customer (null before). */
  offer: constructionOffer.nullable(),
  events: z.array(constructionEvent),
  /** The engineer assigned (null before). */
  staff: ratedStaffCard.nullable(),
  stages: z.array(constructionStageView),
  rating: z.object({ stars: z.number(), comment: z.string().nullable() }).nullable(),
  pay_by: z.string().nullable(),
  paid_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  refund: orderRefund.nullable(),
  can_accept: z.boolean(),
  can_reject: z.boolean(),
  can_pay: z.boolean(),
  can_cancel: z.boolean(),
  can_rate: z.boolean(),
  can_chat: z.boolean(),
});
export type ConstructionOrderDetail = z.infer<typeof constructionOrderDetail>;

/* ------------------------------------------------------ the engineer's view */

/** `POST /api/staff/construction/:id/stages`: only while the work is in progress. */
export const constructionStageBody = z.object({
  title: requiredText(2, 150),
  note: optionalText(2000),
  photos: z.array(imageUrl, { error: V.invalid }).max(CONSTRUCTION_STAGE_PHOTOS_MAX, { error: V.invalid }).default([]),
});
export type ConstructionStageBody = z.output<typeof constructionStageBody>;

/**
 * `GET /api/staff/construction/:id`: the order of the engineer assigned (404 for another),
 * with the customer's contact, the design, the offer they edit and the stages they post.
 * The offer is saved (and sent with `send`) by `POST /api/staff/construction/:id/offer`
 * with maintenance's `offerBody`.
 */
export const staffConstructionDetail = z.object({
  id: z.number(),
  number: z.string(),
  status,
  created_at: z.string(),
  customer_name: z.string(),
  /** `+966 5…`, and its `tel:` link. */
  customer_phone: z.string(),
  phone_link: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Directions in Google Maps; null without a place to go to. */
  map_url: z.string().nullable(),
  design: constructionDesignView,
  estimate: z.object({ low: z.number(), high: z.number() }),
  notes: z.string().nullable(),
  images: z.array(z.string()),
  /** The saved offer (sent or not yet). */
  offer: constructionOffer.nullable(),
  /** Percent: the rate a save applies now while editable, else the offer's. */
  tax_rate: z.number(),
  can_edit_offer: z.boolean(),
  can_add_stage: z.boolean(),
  stages: z.array(constructionStageView),
  /** The API path of the order's chat. */
  chat_path: z.string().nullable(),
  /** Where this engineer may move it now (e.g. `completed` while in progress). */
  next_statuses: z.array(z.string()),
});
export type StaffConstructionDetail = z.infer<typeof staffConstructionDetail>;
