/** The store's closed sets, shared by the server, the site, the dashboard and the mobile apps. */
import { STORE_MACHINE } from './order-machines.ts';

export const PRODUCT_TYPES = ['simple', 'multi'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** `ratio` is a percent (at most 100, spec section 5); `number` is halalas. */
export const DISCOUNT_TYPES = ['none', 'ratio', 'number'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const COUPON_TYPES = ['number', 'ratio'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
/** `scheduled`: open but its start is still to come (spec section 4 lists the other four). */
export const COUPON_STATUSES = ['scheduled', 'available', 'expired', 'usage_ended', 'closed'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_CODE_MIN = 5;
export const PAYMENT_METHODS = ['electronic', 'wallet'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The store list's orders; `relevance` (how well the search words match) is the default with a search, `newest` without. */
export const STORE_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating', 'best_selling'] as const;
export type StoreSort = (typeof STORE_SORTS)[number];
/** The sort the store list takes when none is chosen. */
export const defaultStoreSort = (q: string | undefined): StoreSort => (q?.trim() ? 'relevance' : 'newest');
export const STORE_PAGE_SIZE = 12;

/** The store's order states, tabs and moves: its declaration in the order kernel (order-machines.ts). */
export const STORE_ORDER_STATUSES = STORE_MACHINE.states;
export const STORE_TAB_OF = STORE_MACHINE.tab;
