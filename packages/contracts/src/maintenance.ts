/**
 * Immediate maintenance (DOMAIN.md, "Immediate maintenance"; spec section 3):
 * the customer's request, the dashboard's price offer, and the order's
 * details for the customer and the dashboard. The state machine is
 * IMMEDIATE_MAINTENANCE_MACHINE (order-machines.ts); the server moves it.
 */
import { z } from 'zod';
import { orderRefund } from './order-refund.ts';
import { pageQuery } from './envelope.ts';
import {
  blankToUndefined,
  boolish,
  formInt,
  MAX_PRICE,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  V,
} from './fields.ts';
import { insideSaudi } from './cart.ts';
import {
  orderExtraView,
  ratedStaffCard,
  riyadhDayAndTime,
  visitReportView,
  type OrderExtraView,
  type VisitReportView,
} from './field-work.ts';
import {
  IMMEDIATE_MAINTENANCE_MACHINE,
  ORDER_ACTORS,
  ORDER_MACHINES,
  ORDER_TABS,
  type OrderStatusOf,
} from './order-machines.ts';
import { vatOf } from './pricing.ts';
import { dayStart } from './riyadh-time.ts';
import { PAYMENT_METHODS } from './store-domain.ts';

export const MAINTENANCE_ORDERS_PER_PAGE = 10;
export const SERVICE_ORDERS_PER_PAGE = 15;
export const MAINTENANCE_IMAGES_MAX = 6;
/** A visit takes this long: a technician is busy from its start for this many minutes (DOMAIN.md). */
export const VISIT_MINUTES = 90;
/** The arrival window shown to the customer: the visit's start, this many minutes either side. */
export const ARRIVAL_WINDOW_MINUTES = 30;
/** Once the technician is on the way, the window narrows to their estimate, this many minutes either side. */
export const ARRIVAL_ESTIMATE_MINUTES = 15;
/** The upload folder of the request's pictures (POST /api/user/maintenance-images). */
export const MAINTENANCE_IMAGE_FOLDER = 'maintenance';

export const MAINTENANCE_STATUSES = IMMEDIATE_MAINTENANCE_MACHINE.states;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

export const FUTURE_DATE = 'validation.future_date';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A national address short code: 4 letters and 4 digits (e.g. `RRRD2929`), upper-cased. */
export const SHORT_CODE = /^[A-Z]{4}\d{4}$/;

/** A real calendar day written `YYYY-MM-DD`. */
export const isCalendarDay = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** The instant of a Riyadh wall-clock day and time (`2026-11-26`, `09:30`). */
export function riyadhInstant(date: string, time: string): Date {
  const [h, m] = time.split(':').map(Number);
  // Riyadh's day start comes from the zone's rules; the hours are then counted from it.
  return new Date(dayStart(date).getTime() + (h! * 60 + m!) * 60_000);
}

/** An instant as Riyadh's `YYYY-MM-DD` and `HH:MM`. */
export function riyadhDateTime(at: Date): { date: string; time: string } {
  const { day, time } = riyadhDayAndTime(at);
  return { date: day, time };
}

const coordinate = (limit: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z.number({ error: V.invalid }).min(-limit, { error: V.invalid }).max(limit, { error: V.invalid }).optional(),
  );

/** When a service happens: a Riyadh calendar day and a time (00:00). */
export const slotFields = {
  date: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .refine(isCalendarDay, { error: V.invalid }),
  time: z.string({ error: V.required }).trim().min(1, { error: V.required }).regex(TIME, { error: V.invalid }),
};

/** Refuses a well-formed slot that is not in the future (on `time`, under `path`). */
export function checkFutureSlot(b: { date: string; time: string }, ctx: z.RefinementCtx, path: PropertyKey[] = []) {
  if (isCalendarDay(b.date) && TIME.test(b.time) && riyadhInstant(b.date, b.time).getTime() <= Date.now()) {
    ctx.addIssue({ code: 'custom', path: [...path, 'time'], message: FUTURE_DATE });
  }
}

/**
 * Where a service happens: exactly one of a saved address (`address_id`), a map
 * pin (`lat` and `lng`, inside the kingdom) or a national address short code
 * (`short_code`); the pin and the short code need `city_id` (checkLocation).
 */
export const locationFields = {
  address_id: optionalId,
  lat: coordinate(90),
  lng: coordinate(180),
  short_code: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toUpperCase()) : v),
    z.string({ error: V.invalid }).regex(SHORT_CODE, { error: V.invalid }).optional(),
  ),
  city_id: optionalId,
};
export type ServiceLocationInput = {
  address_id?: number;
  lat?: number;
  lng?: number;
  short_code?: string;
  city_id?: number;
};

export function checkLocation(b: ServiceLocationInput, ctx: z.RefinementCtx) {
  const pin = b.lat !== undefined || b.lng !== undefined;
  const ways = [b.address_id !== undefined, pin, b.short_code !== undefined].filter(Boolean).length;
  if (ways === 0) ctx.addIssue({ code: 'custom', path: ['address_id'], message: 'maintenance.location_required' });
  if (ways > 1) ctx.addIssue({ code: 'custom', path: ['address_id'], message: 'maintenance.location_single' });
  if (pin) {
    if (b.lat === undefined) ctx.addIssue({ code: 'custom', path: ['lat'], message: V.required });
    else if (b.lng === undefined) ctx.addIssue({ code: 'custom', path: ['lng'], message: V.required });
    else if (!insideSaudi(b.lat, b.lng)) {
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'maintenance.outside_saudi' });
    }
  }
  if ((pin || b.short_code !== undefined) && b.city_id === undefined) {
    ctx.addIssue({ code: 'custom', path: ['city_id'], message: V.required });
  }
}

/** The customer's request: what and where (locationFields), when (`date` and `time` in Asia/Riyadh, in the future). */
export const maintenanceRequestBody = z
  .object({
    problem: requiredText(3, 2000),
    place: requiredText(3, 500),
    images: z
      .array(z.string({ error: V.invalid }).max(500, { error: V.invalid }), { error: V.invalid })
      .max(MAINTENANCE_IMAGES_MAX, { error: V.invalid })
      .default([]),
    ...slotFields,
    ...locationFields,
  })
  .superRefine((b, ctx) => {
    checkFutureSlot(b, ctx);
    checkLocation(b, ctx);
  });
export type MaintenanceRequestBody = z.output<typeof maintenanceRequestBody>;

export const maintenanceImageResult = z.object({ url: z.string() });

export const maintenanceCreated = z.object({ id: z.number(), number: z.string(), status: z.string() });

/* ------------------------------------------------------------------- offer */

export const OFFER_LINE_KINDS = [
  'service',
  'spare_part',
  'extra_service',
  'installation',
  'delivery',
  'discount',
] as const;
export type OfferLineKind = (typeof OFFER_LINE_KINDS)[number];

export const offerLineBody = z.object({
  kind: z.enum(OFFER_LINE_KINDS, { error: V.invalid }),
  /** A spare part or extra service of the catalogue (service_items), when the line comes from it. */
  item_id: optionalId,
  name_ar: requiredText(1, 150),
  name_en: requiredText(1, 150),
  quantity: formInt(1, 1000).default(1),
  /** Halalas, before VAT. */
  unit_price: formInt(0, MAX_PRICE),
});
export type OfferLineBody = z.output<typeof offerLineBody>;

/** The price of each line's units and its VAT (halalas); a discount's amount and VAT count negative. */
export type OfferTotals = {
  service: number;
  spare_parts: number;
  extra_services: number;
  installation: number;
  delivery: number;
  discount: number;
  /** Before the discount. */
  subtotal: number;
  tax_rate: number;
  tax: number;
  total: number;
  lines: { net: number; vat: number }[];
};

/**
 * An offer's totals at a VAT rate (basis points): VAT per line, rounded per
 * line; the discount lowers the taxed amount, so its VAT is taken off.
 */
export function offerTotals(lines: readonly Pick<OfferLineBody, 'kind' | 'quantity' | 'unit_price'>[], rateBp: number) {
  const sum = (kind: OfferLineKind) =>
    lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.unit_price * l.quantity, 0);
  const out = lines.map((l) => {
    const net = l.unit_price * l.quantity;
    return l.kind === 'discount' ? { net: -net, vat: -vatOf(net, rateBp) } : { net, vat: vatOf(net, rateBp) };
  });
  const discount = sum('discount');
  const subtotal = out.reduce((s, l) => s + l.net, 0) + discount;
  const tax = out.reduce((s, l) => s + l.vat, 0);
  return {
    service: sum('service'),
    spare_parts: sum('spare_part'),
    extra_services: sum('extra_service'),
    installation: sum('installation'),
    delivery: sum('delivery'),
    discount,
    subtotal,
    tax_rate: rateBp / 100,
    tax,
    total: subtotal - discount + tax,
    lines: out,
  } satisfies OfferTotals;
}

/**
 * The dashboard's price offer: at least one service or spare part line, at most
 * one discount, positive and not above the other lines' sum. `send`: also send
 * it to the customer (from approved or offer_rejected); else it is only saved.
 */
export const offerBody = z
  .object({
    lines: z
      .array(offerLineBody, { error: V.required })
      .min(1, { error: 'maintenance.offer_needs_service' })
      .max(50, { error: V.invalid }),
    send: boolish.default(false),
  })
  .superRefine((b, ctx) => {
    if (!b.lines.some((l) => l.kind === 'service' || l.kind === 'spare_part')) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'maintenance.offer_needs_service' });
    }
    const discounts = b.lines.map((l, i) => ({ l, i })).filter(({ l }) => l.kind === 'discount');
    if (discounts.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['lines', discounts[1]!.i, 'kind'], message: V.invalid });
    }
    for (const { l, i } of discounts) {
      if (l.unit_price <= 0) ctx.addIssue({ code: 'custom', path: ['lines', i, 'unit_price'], message: V.invalid });
    }
    const { subtotal, discount } = offerTotals(b.lines, 0);
    // Only with a discount line (a negative price, refused above, must not fail here).
    if (discounts.length > 0 && discount > subtotal) {
      ctx.addIssue({
        code: 'custom',
        path: ['lines', discounts[0]!.i, 'unit_price'],
        message: 'maintenance.discount_too_large',
      });
    }
  });
export type OfferBody = z.output<typeof offerBody>;

/* ------------------------------------------------------- customer actions */

export const maintenanceOrdersQuery = pageQuery.extend({
  tab: z.preprocess(blankToUndefined, z.enum(ORDER_TABS, { error: V.invalid }).optional()),
});

export const acceptOfferBody = z.object({ payment_method: z.enum(PAYMENT_METHODS, { error: V.invalid }) });
/** Paying again an accepted order that waits for payment: by card (the default) or from the wallet. */
export const payAgainBody = z
  .object({ payment_method: z.enum(PAYMENT_METHODS, { error: V.invalid }).default('electronic') })
  .nullish();
export const rejectOfferBody = z.object({ reason: requiredText(3, 1000) });

/** After accepting: paid at once (wallet), or the card page to open (`redirect_url`). */
export const acceptOfferResult = z.object({
  status: z.string(),
  redirect_url: z.string().nullable(),
});

/* -------------------------------------------------------------- responses */

const status = z.enum(MAINTENANCE_STATUSES);

export const serviceLocation = z.object({
  /** How the customer gave it. */
  type: z.enum(['address', 'pin', 'short_code']),
  address_id: z.number().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  short_code: z.string().nullable(),
  /** The address in words (a saved address), else null. */
  text: z.string().nullable(),
});

export const maintenanceRequestView = z.object({
  problem: z.string(),
  place: z.string(),
  images: z.array(z.string()),
  scheduled_at: z.string(),
  /** Riyadh's `YYYY-MM-DD` and `HH:MM` of `scheduled_at`. */
  date: z.string(),
  time: z.string(),
  location: serviceLocation,
  city_id: z.number().nullable(),
  city: z.string().nullable(),
});

export const offerLineView = z.object({
  id: z.number(),
  kind: z.enum(OFFER_LINE_KINDS),
  /** The catalogue's spare part or extra service the line was picked from (null when typed). */
  item_id: z.number().nullable(),
  name: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  /** unit_price × quantity, before VAT (negative for a discount). */
  net: z.number(),
  vat: z.number(),
});

/** Spec section 3: every line of the price offer, VAT included in `tax`. */
export const offerPrices = z.object({
  service: z.number(),
  spare_parts: z.number(),
  extra_services: z.number(),
  installation: z.number(),
  delivery: z.number(),
  discount: z.number(),
  /** Percent, e.g. 15. */
  tax_rate: z.number(),
  tax: z.number(),
  total: z.number(),
});

export const maintenanceEvent = z.object({
  status,
  from_status: status.nullable(),
  actor: z.enum(ORDER_ACTORS),
  note: z.string().nullable(),
  created_at: z.string(),
});

/** The staff member's card (photo, name, job, stars): the field-work module's shape. */
export const staffCard = ratedStaffCard;
export type StaffCard = z.infer<typeof staffCard>;

/** When the technician should arrive: the visit's start ± 30 minutes, narrowed to their estimate ± 15 once on the way. */
export const arrivalWindow = z.object({ from: z.string(), to: z.string(), estimate: z.string().nullable() });

/** Extra services proposed on site and the visit report: the field-work module's shapes. */
export const extraView = orderExtraView;
export type ExtraView = OrderExtraView;
export const reportView = visitReportView;
export type ReportView = VisitReportView;

export const maintenanceOrderItem = z.object({
  id: z.number(),
  kind: z.literal('immediate_maintenance'),
  number: z.string(),
  status,
  tab: z.enum(ORDER_TABS),
  created_at: z.string(),
  scheduled_at: z.string(),
  date: z.string(),
  time: z.string(),
  problem: z.string(),
  city: z.string().nullable(),
  total: z.number(),
});
export type MaintenanceOrderItem = z.infer<typeof maintenanceOrderItem>;

export const maintenanceOrderDetail = maintenanceOrderItem.extend({
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  request: maintenanceRequestView,
  /** The offer's lines (null before an offer is sent to the customer). */
  offer: z.object({ lines: z.array(offerLineView), prices: offerPrices }).nullable(),
  events: z.array(maintenanceEvent),
  staff: staffCard.nullable(),
  arrival: arrivalWindow.nullable(),
  extras: z.array(extraView),
  report: reportView.nullable(),
  /** The customer's rating of the technician, once given. */
  rating: z.object({ stars: z.number(), comment: z.string().nullable() }).nullable(),
  pay_by: z.string().nullable(),
  paid_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  cancel_note: z.string().nullable(),
  refund: orderRefund.nullable(),
  can_accept: z.boolean(),
  can_reject: z.boolean(),
  can_pay: z.boolean(),
  can_cancel: z.boolean(),
  can_rate: z.boolean(),
  can_chat: z.boolean(),
});
export type MaintenanceOrderDetail = z.infer<typeof maintenanceOrderDetail>;

/** Any kind of my orders in one list (the site's orders page). */
export const customerOrderItem = z.object({
  id: z.number(),
  kind: z.enum(['store', 'immediate_maintenance', 'package_subscription', 'pool_construction']),
  number: z.string(),
  status: z.string(),
  tab: z.enum(ORDER_TABS),
  created_at: z.string(),
  total: z.number(),
  /** The products' names, or the problem of a maintenance request. */
  title: z.string(),
  image: z.string().nullable(),
  /** The page of the order on the site (without the language prefix). */
  path: z.string(),
});
export type CustomerOrderItem = z.infer<typeof customerOrderItem>;

/* --------------------------------------------------------------- dashboard */

const DATE_FILTER = z.preprocess(
  blankToUndefined,
  z.string({ error: V.invalid }).refine(isCalendarDay, { error: V.invalid }).optional(),
);

/** The kinds the operations console lists and opens (ADR 0018: a package's visits beside the service orders). */
export const SERVICE_ORDER_KINDS = ['immediate_maintenance', 'package_visit'] as const;
export type ServiceOrderKind = (typeof SERVICE_ORDER_KINDS)[number];
export type ServiceOrderStatus = OrderStatusOf<ServiceOrderKind>;
/** Every state of those kinds, once (the console's state filter and badges). */
export const SERVICE_ORDER_STATUSES = [
  ...new Set(SERVICE_ORDER_KINDS.flatMap((k) => ORDER_MACHINES[k].states as readonly ServiceOrderStatus[])),
] as [ServiceOrderStatus, ...ServiceOrderStatus[]];
const serviceKind = z.enum(SERVICE_ORDER_KINDS);
const serviceStatus = z.enum(SERVICE_ORDER_STATUSES);

export const serviceOrdersQuery = pageQuery.extend({
  /** One kind; all of them when absent. */
  kind: z.preprocess(blankToUndefined, z.enum(SERVICE_ORDER_KINDS, { error: V.invalid }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(SERVICE_ORDER_STATUSES, { error: V.invalid }).optional()),
  city_id: optionalId,
  staff_id: optionalId,
  /** The visit's Riyadh day. */
  date: DATE_FILTER,
  /** The order's number or the customer's phone. */
  q: optionalText(100),
});
export type ServiceOrdersQuery = z.output<typeof serviceOrdersQuery>;

export const serviceOrderItem = maintenanceOrderItem.extend({
  kind: serviceKind,
  status: serviceStatus,
  customer_id: z.number(),
  customer_name: z.string(),
  customer_phone: z.string(),
  city_id: z.number().nullable(),
  staff: staffCard.nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type ServiceOrderItem = z.infer<typeof serviceOrderItem>;

/** At most this many open orders on the console's map. */
export const MAP_PINS_MAX = 500;
/** The console's map: every open order the filters keep that has a map pin (not only the list's page). */
export const serviceOrderPin = z.object({
  id: z.number(),
  number: z.string(),
  status: serviceStatus,
  city: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
});
export type ServiceOrderPin = z.infer<typeof serviceOrderPin>;
/** The map's answer: the pins, and how many more open orders the filters keep have none (a short code, an address without a point). */
export const serviceOrderMap = z.object({ pins: z.array(serviceOrderPin), unpinned: z.number().int() });

export const serviceOrderDetail = maintenanceOrderDetail
  .omit({ can_accept: true, can_reject: true, can_pay: true, can_rate: true, offer: true })
  .extend({
    kind: serviceKind,
    status: serviceStatus,
    events: z.array(maintenanceEvent.extend({ status: serviceStatus, from_status: serviceStatus.nullable() })),
    customer_id: z.number(),
    customer_name: z.string(),
    customer_phone: z.string(),
    /** A package's visit: its subscription, the package's name and which of the period's visits it is. */
    subscription: z
      .object({
        id: z.number(),
        number: z.string(),
        package_name: z.string(),
        /** This visit is the `visit_n`th of the period's `visits_total`. */
        visit_n: z.number(),
        visits_total: z.number(),
      })
      .nullable(),
    /** The saved offer (sent or not yet). */
    offer: z.object({ lines: z.array(offerLineView), prices: offerPrices }).nullable(),
    /** The offer can be edited (before it is sent, or after the customer rejected it). */
    can_edit_offer: z.boolean(),
    /**
     * Percent, e.g. 15: the VAT rate of the offer, as `offer.prices.tax_rate`. While the offer can
     * be edited, the rate a save would apply now (the settings'); after, the rate it was priced at.
     */
    tax_rate: z.number(),
    can_assign: z.boolean(),
    /** Where an admin may move the order from here. */
    next_statuses: z.array(serviceStatus),
    payment_status: z.string().nullable(),
    refund_status: z.string().nullable(),
  });
export type ServiceOrderDetail = z.infer<typeof serviceOrderDetail>;

export const assignServiceStaffBody = z.object({ staff_id: requiredId });

export const assignableStaff = staffCard.extend({
  phone: z.string(),
  /** No other open visit overlaps this order's [start, start + 90 min). */
  free: z.boolean(),
  /** Their open visits that Riyadh day. */
  visits: z.array(
    z.object({
      order_id: z.number(),
      number: z.string(),
      kind: z.string(),
      scheduled_at: z.string(),
      status: z.string(),
    }),
  ),
});
export type AssignableStaff = z.infer<typeof assignableStaff>;
