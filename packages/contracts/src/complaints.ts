/**
 * Complaints and inquiries (DOMAIN.md "Complaints and inquiries"): what the
 * customer files (an inquiry or a complaint, optionally about one of their
 * orders, text and up to 4 images), its replies in order, and the machine of
 * its state, checked by the server for every move and actor:
 *
 *   open --take/assign (admin)--> in_review --reply (admin)--> answered --close--> closed
 *   answered --reply (customer)--> in_review;  in_review --close (admin)--> closed
 */
import { z } from 'zod';
import { blankToUndefined, DB_INT_MAX, V } from './fields.ts';
import { ORDER_KINDS } from './order-machines.ts';

export const COMPLAINT_KINDS = ['inquiry', 'complaint'] as const;
export type ComplaintKind = (typeof COMPLAINT_KINDS)[number];
export const COMPLAINT_STATUSES = ['open', 'in_review', 'answered', 'closed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
export const COMPLAINT_AUTHORS = ['customer', 'admin'] as const;
export type ComplaintAuthorRole = (typeof COMPLAINT_AUTHORS)[number];

export const COMPLAINT_TEXT_MIN = 10;
export const COMPLAINT_TEXT_MAX = 2000;
export const COMPLAINT_IMAGES_MAX = 4;
export const COMPLAINT_IMAGE_FOLDER = 'complaints';
export const COMPLAINTS_PER_PAGE = 15;

/** Every move of the machine: the states it starts from, where it leads (null: stays), who makes it. */
export const COMPLAINT_MOVES = {
  /** An admin takes it, or assigns it to another admin (a reassignment keeps the state). */
  assign: { from: ['open', 'in_review', 'answered'], to: 'in_review', actor: 'admin' },
  /** The management answers (again): `complaint_reply` to the customer. */
  admin_reply: { from: ['in_review', 'answered'], to: 'answered', actor: 'admin' },
  /** The customer answers the answer: back to review. */
  customer_reply: { from: ['answered'], to: 'in_review', actor: 'customer' },
  /** The promised fix date, while it is handled. */
  promise: { from: ['in_review', 'answered'], to: null, actor: 'admin' },
  /** The admin closes what they took; the customer closes after an answer. */
  admin_close: { from: ['in_review', 'answered'], to: 'closed', actor: 'admin' },
  customer_close: { from: ['answered'], to: 'closed', actor: 'customer' },
} as const satisfies Record<
  string,
  { from: readonly ComplaintStatus[]; to: ComplaintStatus | null; actor: ComplaintAuthorRole }
>;
export type ComplaintMove = keyof typeof COMPLAINT_MOVES;

/** Whether `move` may start from `status`. */
export const canMove = (move: ComplaintMove, status: ComplaintStatus) =>
  (COMPLAINT_MOVES[move].from as readonly ComplaintStatus[]).includes(status);

/** The state after `move` (a move that keeps the state, or `assign` after open, answers the same). */
export function nextStatus(move: ComplaintMove, status: ComplaintStatus): ComplaintStatus {
  if (move === 'assign') return status === 'open' ? 'in_review' : status;
  return COMPLAINT_MOVES[move].to ?? status;
}

/** Form bodies send one value as a string, several as a list; JSON sends a list. */
const listOf = (v: unknown) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);
const imageUrl = z.string({ error: V.invalid }).trim().min(1, { error: V.invalid }).max(500, { error: V.invalid });
const images = z.preprocess(
  listOf,
  z.array(imageUrl, { error: V.invalid }).max(COMPLAINT_IMAGES_MAX, { error: 'complaints.too_many_images' }),
);
const text = (min: number) =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .min(min, { error: V.minChars })
    .max(COMPLAINT_TEXT_MAX, { error: V.maxChars });

/** A new inquiry or complaint; `order_id`: one of my orders it is about. */
export const complaintBody = z.object({
  kind: z.enum(COMPLAINT_KINDS, { error: (i) => (i.input === undefined || i.input === '' ? V.required : V.invalid) }),
  text: text(COMPLAINT_TEXT_MIN),
  order_id: z
    .preprocess(
      blankToUndefined,
      z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid }).max(DB_INT_MAX, {
        error: V.invalid,
      }),
    )
    .optional(),
  images,
});
export type ComplaintBody = z.infer<typeof complaintBody>;

/** A reply: text (images optional). */
export const complaintReplyBody = z.object({ text: text(1), images });
export type ComplaintReplyBody = z.infer<typeof complaintReplyBody>;

/** The promised fix date (YYYY-MM-DD, Asia/Riyadh, today or later); empty clears it. */
export const complaintPromiseBody = z.object({
  promised_fix_date: z.preprocess(
    blankToUndefined,
    z
      .string({ error: V.invalid })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalid })
      .refine(
        (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
        {
          error: V.invalid,
        },
      )
      .optional(),
  ),
});
export type ComplaintPromiseBody = z.infer<typeof complaintPromiseBody>;

export const complaintAssignBody = z.object({
  admin_id: z.coerce
    .number({ error: V.required })
    .int({ error: V.invalid })
    .positive({ error: V.invalid })
    .max(DB_INT_MAX, { error: V.invalid }),
});
export type ComplaintAssignBody = z.infer<typeof complaintAssignBody>;

export const complaintsQuery = z.object({
  page: z.coerce.number({ error: V.invalid }).int().min(1).max(100_000).default(1),
});

/** How long a complaint has waited: more than a day, three days, a week. */
export const COMPLAINT_AGES = ['1d', '3d', '7d'] as const;
export const COMPLAINT_ORDER_FILTERS = [...ORDER_KINDS, 'none'] as const;

const filter = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: V.invalid }).optional());

/** The dashboard's inbox: kind, state, the order's kind (`none`: about no order), age; `mine`: assigned to me. */
export const adminComplaintsQuery = complaintsQuery.extend({
  kind: filter(COMPLAINT_KINDS),
  status: filter(COMPLAINT_STATUSES),
  order_kind: filter(COMPLAINT_ORDER_FILTERS),
  age: filter(COMPLAINT_AGES),
  mine: filter(['1'] as const),
});
export type AdminComplaintsQuery = z.infer<typeof adminComplaintsQuery>;

export const complaintImage = z.object({ url: z.string(), thumbnail: z.string() });
export const complaintOrder = z.object({ id: z.number(), number: z.string(), kind: z.enum(ORDER_KINDS) });

export const complaintItem = z.object({
  id: z.number(),
  kind: z.enum(COMPLAINT_KINDS),
  status: z.enum(COMPLAINT_STATUSES),
  /** The first 160 characters of the text. */
  excerpt: z.string(),
  order: complaintOrder.nullable(),
  replies_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ComplaintItem = z.infer<typeof complaintItem>;

export const complaintReplyItem = z.object({
  id: z.number(),
  author: z.enum(COMPLAINT_AUTHORS),
  /** The customer's name, or the admin's (to the customer: the management). */
  author_name: z.string(),
  text: z.string(),
  images: z.array(complaintImage),
  created_at: z.string(),
});
export type ComplaintReplyItem = z.infer<typeof complaintReplyItem>;

export const complaintDetail = complaintItem.omit({ excerpt: true }).extend({
  text: z.string(),
  images: z.array(complaintImage),
  promised_fix_date: z.string().nullable(),
  answered_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  closed_by: z.enum(COMPLAINT_AUTHORS).nullable(),
  replies: z.array(complaintReplyItem),
  can_reply: z.boolean(),
  can_close: z.boolean(),
});
export type ComplaintDetail = z.infer<typeof complaintDetail>;

export const adminComplaintItem = complaintItem.extend({
  customer: z.object({ id: z.number(), name: z.string(), country_code: z.string(), phone: z.string() }),
  assignee: z.object({ id: z.number(), name: z.string() }).nullable(),
  first_reply_at: z.string().nullable(),
});
export type AdminComplaintItem = z.infer<typeof adminComplaintItem>;

export const adminComplaintDetail = complaintDetail.omit({ can_reply: true, can_close: true }).extend({
  customer: adminComplaintItem.shape.customer,
  assignee: adminComplaintItem.shape.assignee,
  first_reply_at: z.string().nullable(),
  /** What the machine allows now (the admin's permissions aside). */
  can_take: z.boolean(),
  can_assign: z.boolean(),
  can_reply: z.boolean(),
  can_promise: z.boolean(),
  can_close: z.boolean(),
});
export type AdminComplaintDetail = z.infer<typeof adminComplaintDetail>;

export const complaintAssignee = z.object({ id: z.number(), name: z.string() });
export const complaintImageUploaded = complaintImage;

/** The inbox's counts by state (the filters' badges). */
export const complaintCounts = z.object(
  Object.fromEntries(COMPLAINT_STATUSES.map((s) => [s, z.number()])) as {
    [K in ComplaintStatus]: z.ZodNumber;
  },
);
