/** `@pool/contracts/store`. The public store: its closed sets (product types, sorts, payment methods, order and coupon states), search and the store API's products, brands and categories. */
export * from '../store-domain.ts';
export * from '../catalogue-search.ts';
export * from '../catalogue-store.ts';
export * from '../sizes.ts';
