/**
 * The store's closed sets and its order state machine (DOMAIN.md, "Store order"),
 * shared by the server, the site, the dashboard and the mobile apps.
 */
import type { NotificationType } from './notifications.ts';

export const PRODUCT_TYPES = ['simple', 'multi'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** `ratio` is a percent (at most 100 for coupons, below 100 for products); `number` is halalas. */
export const DISCOUNT_TYPES = ['none', 'ratio', 'number'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const COUPON_TYPES = ['number', 'ratio'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export const COUPON_STATUSES = ['available', 'expired', 'usage_ended', 'closed'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_CODE_MIN = 5;
export const PAYMENT_METHODS = ['electronic', 'wallet'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const STORE_SORTS = ['newest', 'price_asc', 'price_desc', 'rating', 'best_selling'] as const;
export type StoreSort = (typeof STORE_SORTS)[number];
export const STORE_PAGE_SIZE = 12;

export const ORDER_KINDS = ['store', 'maintenance', 'package', 'construction'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
/** The customer's order tabs, in the spec's order of labels. */
export const ORDER_TABS = ['new', 'current', 'waiting', 'pending_payment', 'finished'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const STORE_ORDER_STATUSES = [
  'pending_payment',
  'new',
  'preparing',
  'delivering',
  'delivered',
  'cancelled',
  'refused',
] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

export const STORE_TAB_OF: Record<StoreOrderStatus, OrderTab> = {
  pending_payment: 'pending_payment',
  new: 'new',
  preparing: 'current',
  delivering: 'current',
  delivered: 'finished',
  cancelled: 'finished',
  refused: 'finished',
};

export type StoreTransition = {
  from: StoreOrderStatus[];
  to: StoreOrderStatus;
  by: 'customer' | 'admin' | 'system';
  /** Sent to the customer. */
  notify: NotificationType;
  /** Needs a cancel reason. */
  reason?: true;
};

/** Every allowed move of a store order; anything else is refused by the server. */
export const STORE_TRANSITIONS: readonly StoreTransition[] = [
  { from: ['pending_payment'], to: 'new', by: 'system', notify: 'order_payed' },
  { from: ['pending_payment'], to: 'cancelled', by: 'system', notify: 'order_cancelled' },
  { from: ['pending_payment', 'new'], to: 'cancelled', by: 'customer', notify: 'order_cancelled', reason: true },
  { from: ['new'], to: 'preparing', by: 'admin', notify: 'preparing' },
  { from: ['preparing'], to: 'delivering', by: 'admin', notify: 'delivering' },
  { from: ['delivering'], to: 'delivered', by: 'admin', notify: 'delivered' },
  { from: ['new', 'preparing'], to: 'cancelled', by: 'admin', notify: 'cancelled', reason: true },
  { from: ['new', 'preparing'], to: 'refused', by: 'admin', notify: 'refused', reason: true },
];

/** The transition an actor may make from `from` to `to`, or undefined. */
export const storeTransition = (from: StoreOrderStatus, to: StoreOrderStatus, by: StoreTransition['by']) =>
  STORE_TRANSITIONS.find((t) => t.by === by && t.to === to && t.from.includes(from));

/** Where an admin may move an order from its current state. */
export const adminNextStatuses = (from: StoreOrderStatus): StoreOrderStatus[] =>
  STORE_TRANSITIONS.filter((t) => t.by === 'admin' && t.from.includes(from)).map((t) => t.to);
