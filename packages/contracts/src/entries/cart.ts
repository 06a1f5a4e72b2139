/** `@pool/contracts/cart`. The cart, addresses, the coupon code and checkout. */
export * from '../cart.ts';
