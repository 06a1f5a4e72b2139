/**
 * Store orders for the customer (tabs, details, cancel, pay again, invoice,
 * ratings) and for the dashboard (filters, moves, cancel or refuse).
 */
import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { blankToUndefined, dateFilter, optionalId, optionalText, requiredId, V } from './fields.ts';
import { addressItem, priceLines } from './cart.ts';
import { ORDER_ACTORS, ORDER_TABS } from './order-machines.ts';
import { orderRefund } from './order-refund.ts';
import { PAYMENT_METHODS, STORE_ORDER_STATUSES } from './store-domain.ts';

export const STORE_ORDERS_PER_PAGE = 10;
export const ADMIN_ORDERS_PER_PAGE = 15;

export const storeOrdersQuery = pageQuery.extend({
  tab: z.preprocess(blankToUndefined, z.enum(ORDER_TABS, { error: V.invalid }).optional()),
});

/** A cancellation needs a reason: one of the cancel reasons, or a note, or both. */
export const cancelBody = z.object({
  cancel_reason_id: optionalId,
  note: optionalText(500),
});

export const rateBody = z.object({
  product_id: requiredId,
  rating: z.coerce
    .number({ error: V.required })
    .int({ error: V.invalid })
    .min(1, { error: V.invalid })
    .max(5, { error: V.invalid }),
  comment: optionalText(1000),
});

const status = z.enum(STORE_ORDER_STATUSES);

export const storeOrderItem = z.object({
  id: z.number(),
  number: z.string(),
  status,
  tab: z.enum(ORDER_TABS),
  created_at: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  total: z.number(),
  items_count: z.number(),
  image: z.string().nullable(),
  /** The first products' names, for the list. */
  title: z.string(),
});
export type StoreOrderItem = z.infer<typeof storeOrderItem>;

export const orderLine = z.object({
  product_id: z.number().nullable(),
  variant_id: z.number().nullable(),
  name: z.string(),
  options: z.string(),
  image: z.string().nullable(),
  /** Before VAT; `_with_vat` as the order page and the invoice show them (ADR 0023). */
  unit_price: z.number(),
  unit_price_with_vat: z.number(),
  quantity: z.number(),
  /** For all units of the line. */
  installation_price: z.number(),
  installation_price_with_vat: z.number(),
  line_total: z.number(),
  line_total_with_vat: z.number(),
  /** The customer's rating of this product in this order, once given. */
  rating: z.number().nullable(),
});

export const orderEvent = z.object({
  status,
  from_status: status.nullable(),
  actor: z.enum(ORDER_ACTORS),
  note: z.string().nullable(),
  created_at: z.string(),
});

export const storeOrderDetail = storeOrderItem.extend({
  prices: priceLines,
  coupon_code: z.string().nullable(),
  address: addressItem.omit({ id: true }).partial().nullable(),
  lines: z.array(orderLine),
  events: z.array(orderEvent),
  pay_by: z.string().nullable(),
  paid_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  cancel_note: z.string().nullable(),
  refund: orderRefund.nullable(),
  can_cancel: z.boolean(),
  can_pay: z.boolean(),
  can_rate: z.boolean(),
  has_invoice: z.boolean(),
});
export type StoreOrderDetail = z.infer<typeof storeOrderDetail>;

export const payAgainResult = z.object({ redirect_url: z.string() });

/** The simplified tax invoice with its ZATCA QR (TLV in base64). */
export const storeInvoice = z.object({
  order_id: z.number(),
  number: z.string(),
  issued_at: z.string(),
  seller_name: z.string(),
  vat_number: z.string(),
  commercial_record: z.string(),
  seller_address: z.string(),
  customer_name: z.string(),
  customer_phone: z.string(),
  address: addressItem.omit({ id: true }).partial().nullable(),
  payment_method: z.enum(PAYMENT_METHODS),
  lines: z.array(orderLine.omit({ rating: true })),
  prices: priceLines,
  /** Base64 of the TLV (1 seller, 2 VAT number, 3 time stamp, 4 total with VAT, 5 VAT). */
  qr: z.string(),
});
export type StoreInvoice = z.infer<typeof storeInvoice>;

/* --------------------------------------------------------------- dashboard */

export const adminOrdersQuery = pageQuery.extend({
  q: optionalText(100),
  status: z.preprocess(blankToUndefined, status.optional()),
  payment_method: z.preprocess(blankToUndefined, z.enum(PAYMENT_METHODS, { error: V.invalid }).optional()),
  city_id: optionalId,
  /** A day (from its start / to its end, Riyadh time) or a date-time. */
  from: dateFilter,
  to: dateFilter,
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuery>;

export const adminOrderItem = storeOrderItem.extend({
  customer_id: z.number(),
  customer_name: z.string(),
  customer_phone: z.string(),
  city: z.string().nullable(),
});
export type AdminOrderItem = z.infer<typeof adminOrderItem>;

export const adminOrderDetail = storeOrderDetail.omit({ can_cancel: true, can_pay: true, can_rate: true }).extend({
  customer_id: z.number(),
  customer_name: z.string(),
  customer_phone: z.string(),
  /** Where an admin may move the order from here (DOMAIN.md). */
  next_statuses: z.array(status),
  payment_status: z.string().nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const adminMoveBody = z.object({ status: z.enum(STORE_ORDER_STATUSES, { error: V.invalid }) });
export const adminCancelBody = cancelBody.extend({
  status: z.enum(['cancelled', 'refused'], { error: V.invalid }),
});
