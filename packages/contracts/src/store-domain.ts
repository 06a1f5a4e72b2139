/** The store's closed sets, shared by the server, the site, the dashboard and the mobile apps. */
import { STORE_MACHINE } from './order-machines.ts';

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

/** The store's order states, tabs and moves: its declaration in the order kernel (order-machines.ts). */
export const STORE_ORDER_STATUSES = STORE_MACHINE.states;
export const STORE_TAB_OF = STORE_MACHINE.tab;
