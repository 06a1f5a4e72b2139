/**
 * The staff's work on site and what the customer does with it (DOMAIN.md,
 * "Immediate maintenance", "Ratings"): the technician's day, "on the way" with
 * an arrival estimate, extra services proposed on site and the customer's
 * answer, the visit report with its water readings, and the customer's rating
 * of the staff member who did the work. Kind-agnostic where it can be: a
 * package visit or a construction order reuses the same shapes.
 */
import { z } from 'zod';
import {
  blankToUndefined,
  boolish,
  DB_INT_MAX,
  formInt,
  MAX_PRICE,
  optionalId,
  optionalText,
  requiredText,
  V,
} from './fields.ts';
import { ORDER_KINDS } from './order-machines.ts';
import { COMPANY_TIME_ZONE } from './riyadh-time.ts';

/* --------------------------------------------------------------- the staff's day */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (v: string) => DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

const riyadhClock = new Intl.DateTimeFormat('en-CA-u-nu-latn', {
  timeZone: COMPANY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as Riyadh's calendar day (`YYYY-MM-DD`) and wall-clock time (`HH:MM`), from the zone's rules. */
export function riyadhDayAndTime(at: Date): { day: string; time: string } {
  const p = Object.fromEntries(riyadhClock.formatToParts(at).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** `GET /api/staff/day?date=YYYY-MM-DD`: a Riyadh calendar day, today in Riyadh when absent. */
export const staffDayQuery = z.object({
  date: z.preprocess(
    blankToUndefined,
    z
      .string({ error: V.invalid })
      .trim()
      .max(10, { error: V.invalid })
      .refine(isCalendarDay, { error: V.invalid })
      .optional(),
  ),
});

/** Navigation to a point: Google Maps' directions URL (opens the maps app on a phone). */
export const directionsUrl = (lat: number, lng: number) =>
  `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;

/** Navigation to an address in words (a saved address without a pin, or a short code): the maps app finds it. */
export const directionsToAddress = (address: string) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;

/** One visit of the staff member's day, with what they need on the road. */
export const staffDayVisit = z.object({
  id: z.number(),
  kind: z.enum(ORDER_KINDS),
  number: z.string(),
  status: z.string(),
  /** The visit's start (ISO), its Riyadh calendar day (`YYYY-MM-DD`) and wall-clock time (`HH:MM`). */
  scheduled_at: z.string(),
  day: z.string(),
  time: z.string(),
  /** The estimate sent with "on the way" (ISO), once sent. */
  arrival_at: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Directions in Google Maps; null without a map point. */
  map_url: z.string().nullable(),
  customer_name: z.string(),
  /** `+966 5…`, and its `tel:` link to call with one tap. */
  customer_phone: z.string(),
  phone_link: z.string(),
  problem: z.string(),
  place: z.string(),
  /** Where this staff member may move it now (kernel states). */
  next_statuses: z.array(z.string()),
});
export type StaffDayVisit = z.infer<typeof staffDayVisit>;
export const staffDay = z.object({ date: z.string(), visits: z.array(staffDayVisit) });
export type StaffDay = z.infer<typeof staffDay>;

/* ------------------------------------------------------------------ the moves */

/** What a move answers: the order's new state and where it may go next. */
export const fieldMoveResult = z.object({
  id: z.number(),
  number: z.string(),
  status: z.string(),
  arrival_at: z.string().nullable(),
  next_statuses: z.array(z.string()),
});
export type FieldMoveResult = z.infer<typeof fieldMoveResult>;

/**
 * "On the way" opens this many hours before the visit's time: earlier (the evening before), the
 * customer would be shown an arrival window that night. Arrived and finished keep their order.
 */
export const ON_THE_WAY_LEAD_HOURS = 3;

/** The instant from which a visit starting at `scheduledAt` may be set on the way. */
export const onTheWayFrom = (scheduledAt: Date | string): Date =>
  new Date(new Date(scheduledAt).getTime() - ON_THE_WAY_LEAD_HOURS * 3600_000);

export const ETA_MINUTES_MIN = 5;
export const ETA_MINUTES_MAX = 240;
/** "On the way": minutes until arrival, sent to the customer as a time. */
export const onTheWayBody = z.object({ eta_minutes: formInt(ETA_MINUTES_MIN, ETA_MINUTES_MAX) });

/* ----------------------------------------------------------------- extras */

export const EXTRA_STATUSES = ['proposed', 'accepted', 'paid', 'rejected', 'expired'] as const;
export type ExtraStatus = (typeof EXTRA_STATUSES)[number];
/** An extra in these states keeps the order from finishing. */
export const OPEN_EXTRA_STATUSES: readonly ExtraStatus[] = ['proposed', 'accepted'];
/**
 * An extra accepted for a card payment and not paid this many minutes later
 * expires (`expired`): the technician on site may finish the visit or propose
 * it again; a payment arriving after goes to the customer's wallet.
 */
export const EXTRA_PAY_MINUTES = 30;
export const EXTRA_LINES_MAX = 20;
export const EXTRA_QUANTITY_MAX = 1000;

/**
 * A line of an extra-service proposal: an item of the spare-parts and
 * extra-services catalogue (`item_id`, its stored price), or a typed service
 * (`name_ar`, `name_en`, `unit_price` in halalas before VAT).
 */
export const extraLineBody = z
  .object({
    item_id: optionalId,
    name_ar: optionalText(150),
    name_en: optionalText(150),
    unit_price: z.preprocess(blankToUndefined, formInt(0, MAX_PRICE).optional()),
    quantity: formInt(1, EXTRA_QUANTITY_MAX).default(1),
  })
  .superRefine((l, ctx) => {
    if (l.item_id !== undefined) return;
    for (const f of ['name_ar', 'name_en', 'unit_price'] as const) {
      if (l[f] === undefined) ctx.addIssue({ code: 'custom', path: [f], message: V.required });
    }
  });
export type ExtraLineBody = z.output<typeof extraLineBody>;

export const extrasBody = z.object({
  lines: z
    .array(extraLineBody, { error: V.required })
    .min(1, { error: V.required })
    .max(EXTRA_LINES_MAX, { error: V.invalid }),
});
export type ExtrasBody = z.output<typeof extrasBody>;

export const extraLineView = z.object({
  id: z.number(),
  kind: z.enum(['spare_part', 'extra_service']),
  /** The catalogue's spare part or extra service the line was taken from (null when typed). */
  item_id: z.number().nullable(),
  name: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  /** unit_price × quantity, before VAT. */
  net: z.number(),
  vat: z.number(),
});

/** An extra-service proposal, as the customer, the staff and the dashboard see it. */
export const orderExtraView = z.object({
  id: z.number(),
  order_id: z.number(),
  status: z.enum(EXTRA_STATUSES),
  payment_method: z.enum(['electronic', 'wallet']).nullable(),
  lines: z.array(extraLineView),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  reject_reason: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** Accepted for a card: it expires unpaid at this time (null otherwise). */
  pay_by: z.string().nullable(),
  created_at: z.string(),
});
export type OrderExtraView = z.infer<typeof orderExtraView>;

/** `/maintenance-orders/:id/extras/:extraId/...` */
export const extraParams = z.object({
  id: z.coerce.number({ error: V.invalid }).int().positive().max(DB_INT_MAX),
  extraId: z.coerce.number({ error: V.invalid }).int().positive().max(DB_INT_MAX),
});

export const acceptExtraBody = z.object({
  payment_method: z.enum(['electronic', 'wallet'], { error: V.invalid }),
});
/** The extra after the answer; `redirect_url`: the card page to pay at (electronic), else null. */
export const acceptExtraResult = z.object({ extra: orderExtraView, redirect_url: z.string().nullable() });
export const rejectExtraBody = z.object({ reason: requiredText(3, 1000) });

/* ------------------------------------------------------------ visit report */

/** The checklist of a visit: each item done or not. */
export const REPORT_CHECKLIST = ['pump', 'filter', 'skimmer', 'lights', 'water_balance', 'cleaning'] as const;
export type ChecklistKey = (typeof REPORT_CHECKLIST)[number];
export const REPORT_PHOTOS_MAX = 8;
export const REPORT_PARTS_MAX = 30;
export const REPORT_NOTES_MAX = 2000;
/** The upload folder of report photos (POST /api/staff/orders/:id/report/photos). */
export const REPORT_PHOTO_FOLDER = 'visit-reports';

export const READING_KEYS = [
  'ph',
  'free_chlorine',
  'total_alkalinity',
  'calcium_hardness',
  'cyanuric_acid',
  'temperature',
] as const;
export type ReadingKey = (typeof READING_KEYS)[number];

/**
 * Each water reading's healthy range (the one declaration; temperature is a
 * comfort range), its unit and what a measurement can be at all (`limits`).
 */
export const READING_RANGES: Record<
  ReadingKey,
  { min: number; max: number; unit: '' | 'ppm' | '°C'; limits: [number, number] }
> = {
  ph: { min: 7.2, max: 7.8, unit: '', limits: [0, 14] },
  free_chlorine: { min: 1, max: 3, unit: 'ppm', limits: [0, 50] },
  total_alkalinity: { min: 80, max: 120, unit: 'ppm', limits: [0, 1000] },
  calcium_hardness: { min: 200, max: 400, unit: 'ppm', limits: [0, 5000] },
  cyanuric_acid: { min: 30, max: 50, unit: 'ppm', limits: [0, 500] },
  temperature: { min: 24, max: 30, unit: '°C', limits: [0, 50] },
};

export type ReadingLevel = 'low' | 'ok' | 'high';
export const readingLevel = (key: ReadingKey, value: number): ReadingLevel => {
  const r = READING_RANGES[key];
  return value < r.min ? 'low' : value > r.max ? 'high' : 'ok';
};

export type ReadingFlag = {
  key: ReadingKey;
  value: number;
  min: number;
  max: number;
  unit: string;
  level: ReadingLevel;
};

/** The measured readings in the catalogue's order, each with its healthy range and whether it is out of it. */
export function flagReadings(readings: Partial<Record<string, number>>): ReadingFlag[] {
  return READING_KEYS.filter((k) => typeof readings[k] === 'number').map((key) => {
    const value = readings[key]!;
    const { min, max, unit } = READING_RANGES[key];
    return { key, value, min, max, unit, level: readingLevel(key, value) };
  });
}

const reading = (key: ReadingKey) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v === null ? undefined : v),
    z
      .number({ error: V.invalid })
      .min(READING_RANGES[key].limits[0], { error: V.invalid })
      .max(READING_RANGES[key].limits[1], { error: V.invalid })
      .optional(),
  );

const photoList = z
  .array(z.string({ error: V.invalid }).trim().min(1, { error: V.invalid }).max(500, { error: V.invalid }), {
    error: V.invalid,
  })
  .max(REPORT_PHOTOS_MAX, { error: 'validation.max_items' })
  .default([]);

/** The report, saved whole each time (a draft until the visit finishes). */
export const visitReportBody = z.object({
  /** Every item answered: `{ pump: true, filter: false, … }`; an item left out is not answered yet. */
  checklist: z.partialRecord(z.enum(REPORT_CHECKLIST, { error: V.invalid }), boolish).default({}),
  photos_before: photoList,
  photos_after: photoList,
  parts: z
    .array(
      z.object({
        item_id: optionalId,
        name_ar: requiredText(1, 150),
        name_en: requiredText(1, 150),
        quantity: formInt(1, EXTRA_QUANTITY_MAX),
      }),
      { error: V.invalid },
    )
    .max(REPORT_PARTS_MAX, { error: V.invalid })
    .default([]),
  notes: optionalText(REPORT_NOTES_MAX),
  readings: z
    .object(
      Object.fromEntries(READING_KEYS.map((k) => [k, reading(k)])) as Record<ReadingKey, ReturnType<typeof reading>>,
    )
    .default({}),
});
export type VisitReportBody = z.output<typeof visitReportBody>;

export const reportPhotoResult = z.object({ url: z.string() });

export const readingFlagView = z.object({
  key: z.enum(READING_KEYS),
  value: z.number(),
  min: z.number(),
  max: z.number(),
  unit: z.string(),
  level: z.enum(['low', 'ok', 'high']),
});

export const visitReportView = z.object({
  order_id: z.number(),
  staff_id: z.number().nullable(),
  checklist: z.record(z.string(), z.boolean()),
  photos_before: z.array(z.string()),
  photos_after: z.array(z.string()),
  parts: z.array(
    z.object({
      item_id: z.number().nullable(),
      name: z.string(),
      name_ar: z.string(),
      name_en: z.string(),
      quantity: z.number(),
    }),
  ),
  /** The measured values by key, and the same with their ranges and levels. */
  readings: z.record(z.string(), z.number()),
  flags: z.array(readingFlagView),
  notes: z.string(),
  /** Ready for the visit to finish: every checklist item answered and a photo after. */
  complete: z.boolean(),
  updated_at: z.string(),
});
export type VisitReportView = z.infer<typeof visitReportView>;

/**
 * `GET /api/staff/orders/{id}/visit`: one visit of mine whatever its day or state (finished
 * included), with what its page shows: the visit as the day lists it, its extra services, the
 * report, and the API path of its chat with the customer (null for an order without one).
 */
export const staffVisitDetail = z.object({
  visit: staffDayVisit,
  extras: z.array(orderExtraView),
  report: visitReportView.nullable(),
  chat_path: z.string().nullable(),
  chat_order_id: z
    .number()
    .nullable()
    .describe("the order whose chat `chat_path` is: the order's own, or a package visit's subscription"),
});
export type StaffVisitDetail = z.infer<typeof staffVisitDetail>;

/** What finishing a visit needs of its report (the rule `finish` checks and the staff page shows). */
export const reportComplete = (r: { checklist: Record<string, boolean>; photos_after: readonly string[] }) =>
  r.photos_after.length > 0 && REPORT_CHECKLIST.every((k) => typeof r.checklist[k] === 'boolean');

/* ----------------------------------------------------------------- ratings */

export const RATING_COMMENT_MAX = 1000;
export const rateStaffBody = z.object({ stars: formInt(1, 5), comment: optionalText(RATING_COMMENT_MAX) });
export type RateStaffBody = z.output<typeof rateStaffBody>;

/** A staff member as the customer sees them: photo, name, job, average stars (one decimal, 0 before any). */
export const ratedStaffCard = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  job: z.enum(['engineer', 'technician']),
  rating: z.number(),
  rating_count: z.number(),
});

/** The rating page (`/orders/evaluation/{id}`): who did the work and whether it is rated yet. */
export const evaluationView = z.object({
  order_id: z.number(),
  kind: z.enum(ORDER_KINDS),
  number: z.string(),
  status: z.string(),
  staff: ratedStaffCard.nullable(),
  /** The order is finished, has a staff member and no rating yet. */
  can_rate: z.boolean(),
  rating: z.object({ stars: z.number(), comment: z.string().nullable(), created_at: z.string() }).nullable(),
});
export type EvaluationView = z.infer<typeof evaluationView>;

/** Stars × 100 averages (staff.rating_avg) as shown: one decimal. */
export const starsOf = (avgX100: number) => Math.round(avgX100 / 10) / 10;
