/** `@pool/contracts/coupons`. Dashboard only: coupons and delivery prices. */
export * from '../coupons.ts';
