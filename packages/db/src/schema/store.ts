/**
 * Selling: coupons, delivery prices, addresses, carts, orders with their lines
 * and timeline, payments, the wallet ledger, idempotency keys and daily
 * visitors. Money is integer halalas everywhere.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { OrderActor, OrderKind, PaymentPurpose, PriceLineKind } from '@pool/contracts';
import { createdAt, tz, updatedAt } from './columns.ts';
import { admins } from './admins.ts';
import { cities } from './geo.ts';
import { users } from './users.ts';
import { products, productVariants } from './catalogue.ts';
import { cancelReasons } from './admin-content.ts';
import { staff } from './staff.ts';

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Stored upper-case; compared case-insensitively. */
    code: varchar('code', { length: 32 }).notNull(),
    discountType: varchar('discount_type', { length: 8 }).$type<'number' | 'ratio'>().notNull(),
    /** Percent (1-100) for `ratio`, halalas for `number`. */
    value: integer('value').notNull(),
    maxDiscount: integer('max_discount'),
    maxUses: integer('max_uses').notNull(),
    maxUsesPerUser: integer('max_uses_per_user').notNull().default(1),
    usedCount: integer('used_count').notNull().default(0),
    startsAt: tz('starts_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    isClosed: boolean('is_closed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(t.code),
    check('coupons_used_within_max', sql`${t.usedCount} >= 0 and ${t.usedCount} <= ${t.maxUses}`),
  ],
);

/** One row per order that used a coupon; deleted (once) when the order is cancelled. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_uses_order_unique').on(t.orderId),
    index('coupon_uses_user_idx').on(t.couponId, t.userId),
  ],
);

/** Delivery price per city; free when the products' total reaches `freeAbove`. */
export const deliveryPrices = pgTable('delivery_prices', {
  cityId: integer('city_id')
    .primaryKey()
    .references(() => cities.id, { onDelete: 'cascade' }),
  price: integer('price').notNull(),
  freeAbove: integer('free_above'),
  updatedAt: updatedAt(),
});

/** A customer's saved address: the Saudi national-address fields and an optional map pin. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    district: text('district').notNull(),
    street: text('street').notNull(),
    buildingNumber: varchar('building_number', { length: 8 }).notNull(),
    postalCode: varchar('postal_code', { length: 8 }).notNull(),
    additionalNumber: varchar('additional_number', { length: 8 }),
    details: text('details'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

/**
 * A cart belongs to a customer (`userId`) or to a visitor or guest, who hold its
 * random key (stored hashed); a key cart is merged into the account at sign-in.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    keyHash: varchar('key_hash', { length: 64 }),
    couponCode: varchar('coupon_code', { length: 32 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carts_user_unique').on(t.userId), uniqueIndex('carts_key_unique').on(t.keyHash)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    withInstallation: boolean('with_installation').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.variantId] }), check('cart_items_quantity', sql`${t.quantity} >= 1`)],
);

/**
 * Orders of every kind (`store`, `immediate_maintenance`, `package_subscription`,
 * `pool_construction`) share numbering, money lines, payment, history and the
 * customer's tabs (DOMAIN.md); each kind's states are declared in contracts'
 * ORDER_MACHINES.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 24 }).$type<OrderKind>().notNull(),
    number: varchar('number', { length: 20 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 24 }).notNull(),
    paymentMethod: varchar('payment_method', { length: 12 }).$type<'electronic' | 'wallet'>().notNull(),
    productsPrice: integer('products_price').notNull().default(0),
    servicePrice: integer('service_price').notNull().default(0),
    installationPrice: integer('installation_price').notNull().default(0),
    deliveryPrice: integer('delivery_price').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    /** Basis points: 1500 = 15 %. */
    taxRate: integer('tax_rate').notNull(),
    tax: integer('tax').notNull().default(0),
    total: integer('total').notNull(),
    /** A store order's delivery and discount with VAT as the customer saw them (ADR 0023); null before it. */
    deliveryWithVat: integer('delivery_with_vat'),
    discountWithVat: integer('discount_with_vat'),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: varchar('coupon_code', { length: 32 }),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    /** A package visit's subscription (ADR 0018); null for every other order. */
    parentId: integer('parent_id').references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
    /** The engineer or technician assigned (service kinds). */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    address: jsonb('address').$type<Record<string, unknown>>(),
    cancelReasonId: integer('cancel_reason_id').references(() => cancelReasons.id, { onDelete: 'set null' }),
    cancelNote: text('cancel_note'),
    /** An unpaid order is cancelled after this time (2 h after checkout). */
    payBy: tz('pay_by'),
    paidAt: tz('paid_at'),
    /** The card payment that paid the order (another paid payment of it is refunded). */
    paymentId: integer('payment_id'),
    /**
     * A refund of card payments after a cancellation, or of a payment that came
     * too late: `pending` (due), `processing` (claimed at `refund_claimed_at`),
     * then `card` or `wallet` (where it went); null when nothing is due.
     */
    refundStatus: varchar('refund_status', { length: 12 }).$type<'pending' | 'processing' | 'card' | 'wallet'>(),
    refundClaimedAt: tz('refund_claimed_at'),
    closedAt: tz('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    index('orders_user_idx').on(t.userId, t.kind, t.createdAt),
    index('orders_status_idx').on(t.kind, t.status, t.createdAt),
    // The dashboard's lists, newest first, and its month summary (placed or paid this month).
    index('orders_created_idx').on(t.createdAt, t.id),
    // The dashboard's search of a number by any part of it (orders/queries.ts, orderSearch).
    index('orders_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    index('orders_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    index('orders_staff_idx').on(t.staffId, t.status),
    index('orders_parent_idx').on(t.parentId),
    index('orders_pay_by_idx')
      .on(t.payBy)
      .where(sql`${t.status} = 'pending_payment'`),
    index('orders_refund_idx')
      .on(t.refundStatus)
      .where(sql`${t.refundStatus} in ('pending', 'processing')`),
    check('orders_total_nonnegative', sql`${t.total} >= 0`),
  ],
);

/**
 * A price line of an order, of one general shape (`kind`: a product with its
 * snapshot at checkout, a service, a spare part, an extra service, installation,
 * delivery, a discount or the tax); names in both languages, VAT per line.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<PriceLineKind>().notNull().default('product'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    optionsAr: text('options_ar').notNull().default(''),
    optionsEn: text('options_en').notNull().default(''),
    image: text('image'),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    installationPrice: integer('installation_price').notNull().default(0),
    /** The extra-service proposal the line belongs to (`order_extras`); null for the order's own lines. */
    extraId: integer('extra_id'),
    /** The spare part or extra service of the catalogue the line was taken from (null when typed). */
    serviceItemId: integer('service_item_id'),
    /** Basis points (1500 = 15 %) and the VAT of the whole line, in halalas. */
    vatRate: integer('vat_rate').notNull().default(0),
    vat: integer('vat').notNull().default(0),
    /** A store line's unit price and installation (all units) with VAT as shown (ADR 0023); null before it. */
    unitPriceWithVat: integer('unit_price_with_vat'),
    installationWithVat: integer('installation_with_vat'),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), check('order_items_quantity', sql`${t.quantity} >= 1`)],
);

/** The status timeline: one row per transition (written by the kernel's `transition()` only), with its actor. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 24 }),
    toStatus: varchar('to_status', { length: 24 }).notNull(),
    actor: varchar('actor', { length: 8 }).$type<OrderActor>().notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The staff member who made the move (actor `staff`). */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The cancel reason chosen (shown in the reader's language); `note` holds typed words. */
    reasonId: integer('reason_id').references(() => cancelReasons.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** A card payment at the gateway, for an order or a wallet charge. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    purpose: varchar('purpose', { length: 16 }).$type<PaymentPurpose>().notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The extra services paid (purpose `order_extra`). */
    extraId: integer('extra_id'),
    driver: varchar('driver', { length: 16 }).notNull(),
    /** Our id sent to the gateway (`given_id`): the same attempt never charges twice. */
    givenId: varchar('given_id', { length: 36 }).notNull(),
    gatewayId: varchar('gateway_id', { length: 64 }),
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('SAR'),
    status: varchar('status', { length: 12 })
      .$type<'initiated' | 'paid' | 'failed' | 'refunded'>()
      .notNull()
      .default('initiated'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_given_unique').on(t.givenId),
    uniqueIndex('payments_gateway_unique').on(t.gatewayId),
    index('payments_order_idx').on(t.orderId),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Webhook deliveries already processed: (payment id, event) is handled once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    gatewayId: varchar('gateway_id', { length: 64 }).notNull(),
    event: varchar('event', { length: 40 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.event] })],
);

/** The wallet's balance; every change goes with a `wallet_entries` row in the same transaction. */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('wallets_balance_nonnegative', sql`${t.balance} >= 0`)],
);

/** The append-only wallet ledger (rows are never updated or deleted). */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Signed halalas: + charge or refund, - payment. */
    amount: integer('amount').notNull(),
    kind: varchar('kind', { length: 12 }).$type<'charge' | 'payment' | 'refund'>().notNull(),
    balanceAfter: integer('balance_after').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_entries_user_idx').on(t.userId, t.createdAt),
    check('wallet_entries_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
    // A refund for an order lands once.
    uniqueIndex('wallet_entries_refund_once')
      .on(t.orderId)
      .where(sql`${t.kind} = 'refund'`),
  ],
);

/** Requests that move money, by `Idempotency-Key`: a repeat returns the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 128 }).notNull(),
    scope: varchar('scope', { length: 64 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    status: integer('status'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Cookie-less daily unique visitors: a keyed hash of (day, IP, user agent) per row. */
export const siteVisits = pgTable(
  'site_visits',
  {
    day: date('day').notNull(),
    visitor: varchar('visitor', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor] })],
);
