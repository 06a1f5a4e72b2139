/**
 * The company's engineers and technicians (DOMAIN.md, "Staff, assignment and
 * time"): managed in the dashboard, signing in by mobile-number code under
 * `/api/staff`, where they see and move only the work assigned to them.
 */
import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import {
  blankToUndefined,
  countryCode,
  optionalId,
  optionalText,
  otp,
  phone,
  requiredId,
  requiredText,
  V,
  deviceType,
} from './fields.ts';
import { ORDER_KINDS } from './order-machines.ts';

export const STAFF_JOBS = ['engineer', 'technician'] as const;
export type StaffJob = (typeof STAFF_JOBS)[number];
export const STAFF_PER_PAGE = 15;

/** Weekdays as JavaScript numbers them: 0 = Sunday … 6 = Saturday. */
export const WEEKDAYS = ['0', '1', '2', '3', '4', '5', '6'] as const;
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: V.invalid });
const shift = z
  .object({ from: clock, to: clock })
  .refine((s) => s.from < s.to, { error: 'validation.time_order', path: ['to'] });
/** Working hours per weekday in Asia/Riyadh; a day off is absent. */
export const workingHours = z.partialRecord(z.enum(WEEKDAYS), shift);
export type WorkingHours = z.infer<typeof workingHours>;

/** A list of ids sent as `city_ids[]=1&city_ids[]=2`, `city_ids=1,2` or a JSON array. */
const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((x) => x.trim() !== '') : v),
  z.array(requiredId, { error: V.invalid }).min(1, { error: V.required }).max(200, { error: V.invalid }),
);

/** JSON working hours from a form field, or the object itself from a JSON body. */
const hoursField = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return {};
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return null;
  }
}, workingHours);

export const staffBody = z.object({
  name: requiredText(3, 100),
  country_code: countryCode,
  phone,
  job: z.enum(STAFF_JOBS, { error: V.invalid }),
  city_ids: idList,
  working_hours: hoursField.default({}),
});
export type StaffInput = z.output<typeof staffBody>;

export const staffListQuery = pageQuery.extend({
  q: optionalText(100),
  job: z.preprocess(blankToUndefined, z.enum(STAFF_JOBS, { error: V.invalid }).optional()),
  city_id: optionalId,
  status: z.preprocess(blankToUndefined, z.enum(['active', 'blocked'], { error: V.invalid }).optional()),
});
export type StaffListQuery = z.output<typeof staffListQuery>;

export const staffItem = z.object({
  id: z.number(),
  name: z.string(),
  country_code: z.string(),
  phone: z.string(),
  image: z.string().nullable(),
  job: z.enum(STAFF_JOBS),
  cities: z.array(z.object({ id: z.number(), name: z.string() })),
  working_hours: workingHours,
  is_blocked: z.boolean(),
  /** Average stars (1-5, one decimal) and how many ratings; null before the first. */
  rating: z.number().nullable(),
  ratings_count: z.number(),
  /** Work assigned and not finished. */
  open_orders: z.number(),
  created_at: z.string(),
});
export type StaffItem = z.infer<typeof staffItem>;

// ---- the staff's own API ----
export const staffSendCodeBody = z.object({ phone, country_code: countryCode });
export const staffCheckCodeBody = z.object({
  phone,
  country_code: countryCode,
  code: otp,
  device_type: deviceType,
  device_id: optionalText(4096).describe("push token of the staff app's device (FCM)"),
});
export const staffProfile = staffItem.omit({ open_orders: true, is_blocked: true });
export const staffSession = z.object({ token: z.string(), staff: staffProfile });
export type StaffSession = z.infer<typeof staffSession>;

export const staffOrdersQuery = pageQuery.extend({
  /** `open` (default): assigned and not finished; `finished`: done or closed. */
  scope: z.preprocess(blankToUndefined, z.enum(['open', 'finished'], { error: V.invalid }).default('open')),
});

export const staffOrderItem = z.object({
  id: z.number(),
  kind: z.enum(ORDER_KINDS),
  number: z.string(),
  status: z.string(),
  customer_name: z.string(),
  customer_phone: z.string(),
  city: z.string().nullable(),
  address: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  /** Where this staff member may move it now. */
  next_statuses: z.array(z.string()),
});
export type StaffOrderItem = z.infer<typeof staffOrderItem>;

export const staffMoveBody = z.object({ status: requiredText(1, 24) });

/** The dashboard assigns an engineer or technician to an order (the kind's assignment move). */
export const assignStaffBody = z.object({ staff_id: requiredId });
