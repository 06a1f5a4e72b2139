/**
 * The dashboard's subscriptions (DOMAIN.md, "Scheduled maintenance"; ADR 0018):
 * the list with filters (state, package, city, number or customer phone) and
 * one subscription with its visits, their state, time and technician.
 */
import { z } from 'zod';
import { pageQuery, paginated } from './envelope.ts';
import { orderRefund } from './order-refund.ts';
import { blankToUndefined, optionalId, optionalText, V } from './fields.ts';
import { PACKAGE_VISIT_STATUSES, SUBSCRIPTION_STATUSES } from './packages.ts';
import { PAYMENT_METHODS } from './store-domain.ts';

export const ADMIN_SUBSCRIPTIONS_PER_PAGE = 20;

export const adminSubscriptionsQuery = pageQuery.extend({
  q: optionalText(100),
  status: z.preprocess(blankToUndefined, z.enum(SUBSCRIPTION_STATUSES, { error: V.invalid }).optional()),
  package_id: optionalId,
  city_id: optionalId,
});
export type AdminSubscriptionsQuery = z.output<typeof adminSubscriptionsQuery>;

/** A subscription in the dashboard's list: who, which package (as subscribed), its period and what is left. */
export const adminSubscriptionItem = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  customer_id: z.number(),
  customer_name: z.string(),
  customer_phone: z.string(),
  package_id: z.number(),
  package_name: z.string().describe('as subscribed, in the request’s language'),
  city: z.string().nullable(),
  starts_at: z.string().nullable().describe('ISO instant; null until paid'),
  ends_at: z.string().nullable(),
  period: z.number(),
  visits_total: z.number(),
  visits_remaining: z.number().describe('visits not done and not cancelled'),
  auto_renew: z.boolean(),
  total: z.number().describe('halalas, with VAT'),
  payment_method: z.enum(PAYMENT_METHODS),
  created_at: z.string(),
});
export type AdminSubscriptionItem = z.output<typeof adminSubscriptionItem>;
export const adminSubscriptionList = paginated(adminSubscriptionItem);

/** A visit of the subscription as the dashboard sees it. */
export const adminSubscriptionVisit = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(PACKAGE_VISIT_STATUSES),
  scheduled_at: z.string().nullable().describe('ISO instant; null while unscheduled'),
  staff: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type AdminSubscriptionVisit = z.output<typeof adminSubscriptionVisit>;

export const adminSubscriptionDetail = adminSubscriptionItem.extend({
  visits_done: z.number(),
  location_text: z.string().nullable(),
  refund_if_cancelled: z.number().describe('halalas back to the wallet if cancelled now'),
  can_cancel: z.boolean(),
  cancel_reason: z.string().nullable(),
  refund: orderRefund.nullable(),
  visits: z.array(adminSubscriptionVisit),
});
export type AdminSubscriptionDetail = z.output<typeof adminSubscriptionDetail>;
