/**
 * Scheduled maintenance (DOMAIN.md; ADR 0018): the packages the dashboard
 * sells, the customer's subscription to one (an order of kind
 * `package_subscription`) and its visits (orders of kind `package_visit`).
 * Stored prices are integer halalas before VAT; the dashboard types riyals.
 */
import { z } from 'zod';
import { orderRefund } from './order-refund.ts';
import { pageQuery, paginated } from './envelope.ts';
import { blankToUndefined, boolish, formInt, optionalText, requiredText, V } from './fields.ts';
import { checkFutureSlot, checkLocation, locationFields, slotFields } from './maintenance.ts';
import { PACKAGE_SUBSCRIPTION_MACHINE, PACKAGE_VISIT_MACHINE } from './order-machines.ts';
import { sarPrice } from './service-items.ts';
import { PAYMENT_METHODS } from './store-domain.ts';

export const PACKAGE_VISITS_MAX = 52;
export const PACKAGE_VALIDITY_MAX_DAYS = 730;
export const PACKAGE_FEATURES_MAX = 12;
/** A customer may take a visit back (to pick another time) until this many hours before it. */
export const VISIT_CANCEL_HOURS = 24;
/**
 * The renewal reminder goes this many days before the period ends; from then on the customer
 * may also renew by hand (the next period starts at the current end).
 */
export const RENEWAL_REMINDER_DAYS = 3;
/** An expired subscription may be renewed by hand (from that day) for this many days after its end. */
export const RENEW_EXPIRED_DAYS = 30;
/** A visit's customer is reminded of it this many hours before it (the day before). */
export const VISIT_REMINDER_HOURS = 24;

export const SUBSCRIPTION_STATUSES = PACKAGE_SUBSCRIPTION_MACHINE.states;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const PACKAGE_VISIT_STATUSES = PACKAGE_VISIT_MACHINE.states;
export type PackageVisitStatus = (typeof PACKAGE_VISIT_STATUSES)[number];

const features = z
  .array(requiredText(1, 200), { error: V.invalid })
  .max(PACKAGE_FEATURES_MAX, { error: V.invalid })
  .default([]);

/** The dashboard's form: both languages, the price in riyals before VAT, visits and validity. */
export const packageBody = z.object({
  name_ar: requiredText(2, 150),
  name_en: requiredText(2, 150),
  description_ar: optionalText(2000).transform((v) => v ?? ''),
  description_en: optionalText(2000).transform((v) => v ?? ''),
  features_ar: features,
  features_en: features,
  price_sar: sarPrice,
  visits: formInt(1, PACKAGE_VISITS_MAX),
  validity_days: formInt(1, PACKAGE_VALIDITY_MAX_DAYS),
  is_active: boolish.default(true),
  sort: formInt(0, 9999).default(0),
});
export type PackageBody = z.output<typeof packageBody>;

export const PACKAGE_STATUSES = ['active', 'inactive'] as const;
export const packageListQuery = pageQuery.extend({
  q: optionalText(100),
  status: z.preprocess(blankToUndefined, z.enum(PACKAGE_STATUSES, { error: V.invalid }).optional()),
});
export type PackageListQuery = z.output<typeof packageListQuery>;

/** The dashboard's package: halalas before VAT and with VAT, and how many subscriptions are active on it. */
export const adminPackage = z.object({
  id: z.number(),
  name_ar: z.string(),
  name_en: z.string(),
  description_ar: z.string(),
  description_en: z.string(),
  features_ar: z.array(z.string()),
  features_en: z.array(z.string()),
  price: z.number().describe('halalas, before VAT'),
  price_with_vat: z.number().describe('halalas, with VAT at the current rate'),
  visits: z.number(),
  validity_days: z.number(),
  is_active: z.boolean(),
  sort: z.number(),
  active_subscriptions: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPackage = z.output<typeof adminPackage>;
export const adminPackageList = paginated(adminPackage).extend({ vat_rate: z.number().describe('percent') });

/** A package on the site, in the request's language; prices in halalas. */
export const publicPackage = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  price: z.number().describe('halalas, before VAT'),
  vat: z.number().describe('halalas'),
  price_with_vat: z.number().describe('halalas: what the customer pays'),
  visits: z.number(),
  validity_days: z.number(),
});
export type PublicPackage = z.output<typeof publicPackage>;

/** One chosen visit time: a Riyadh day and time, in the future. */
export const visitSlot = z.object(slotFields).superRefine((b, ctx) => checkFutureSlot(b, ctx));

/**
 * Subscribing: exactly as many visit times as the package has visits (checked
 * against the package on the server: 'please choose {required} dates exactly'),
 * no two the same, where (as for immediate maintenance), and how to pay.
 */
export const subscribeBody = z
  .object({
    slots: z
      .array(visitSlot, { error: V.invalid })
      .min(1, { error: 'packages.slots_required' })
      .max(PACKAGE_VISITS_MAX),
    ...locationFields,
    payment_method: z.enum(PAYMENT_METHODS, {
      error: (issue) => (issue.input === undefined ? V.required : V.invalid),
    }),
  })
  .superRefine((b, ctx) => {
    checkLocation(b, ctx);
    const seen = new Set<string>();
    b.slots.forEach((s, i) => {
      const key = `${s.date} ${s.time}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['slots', i, 'time'], message: 'packages.slot_twice' });
      seen.add(key);
    });
  });
export type SubscribeBody = z.output<typeof subscribeBody>;

/** A visit as the customer and the dashboard see it. */
export const packageVisitView = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(PACKAGE_VISIT_STATUSES),
  scheduled_at: z.string().nullable().describe('ISO instant; null while unscheduled'),
  staff: z.object({ id: z.number(), name: z.string(), image: z.string().nullable() }).nullable(),
  can_cancel: z.boolean().describe('the customer may take it back to pick another time (24 h or more before)'),
  can_reschedule: z.boolean(),
  rating: z.number().nullable().describe("the stars the customer gave the visit's technician (1 to 5), null before"),
  can_rate: z.boolean().describe('done, with a technician, not rated yet: POST /package-visits/{id}/rate'),
});
export type PackageVisitView = z.output<typeof packageVisitView>;

/** A subscription on the customer's "my packages" and its page. */
export const subscriptionView = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  package_id: z.number(),
  name: z.string(),
  visits_total: z.number().describe("its visits done or to come (the package's per period; more once renewed)"),
  visits_done: z.number(),
  visits_remaining: z.number(),
  total: z.number().describe('halalas paid for the period, with VAT'),
  payment_method: z.enum(PAYMENT_METHODS),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  auto_renew: z.boolean(),
  period: z.number(),
  pay_by: z.string().nullable(),
  location_text: z.string().nullable(),
  refund_if_cancelled: z.number().describe('halalas the wallet gets back if cancelled now (unused visits, pro rata)'),
  /** What was refunded once cancelled (null when nothing was). */
  refund: orderRefund.nullable(),
  can_cancel: z.boolean(),
  can_renew: z.boolean(),
  renewal: z
    .object({
      total: z.number().describe('halalas with VAT: the price as subscribed, at the current VAT rate'),
      visits: z.number().describe("the new period's visits, to be scheduled"),
      starts_at: z.string().describe('the end of the current period while active, else now'),
      ends_at: z.string(),
    })
    .nullable()
    .describe('what renewing now pays for (null when it cannot be renewed now)'),
  can_chat: z.boolean().describe('paid once: its chat opens (read-only 14 days after it ends)'),
  visits: z.array(packageVisitView),
  created_at: z.string(),
});
export type SubscriptionView = z.output<typeof subscriptionView>;

export const subscriptionsQuery = pageQuery.extend({
  status: z.preprocess(blankToUndefined, z.enum(SUBSCRIPTION_STATUSES, { error: V.invalid }).optional()),
});

/** The answer to subscribing or renewing: the subscription, and the card page when paying by card. */
export const subscribed = z.object({ subscription: subscriptionView, redirect_url: z.string().nullable() });

export const autoRenewBody = z.object({ auto_renew: boolish });
/** Renewing by hand, or paying again a subscription that waits for payment: by card or from the wallet. */
export const subscriptionPayBody = z.object({
  payment_method: z.enum(PAYMENT_METHODS, {
    error: (issue) => (issue.input === undefined ? V.required : V.invalid),
  }),
});
export const rescheduleBody = visitSlot;
