/** `@pool/contracts/core`. Shared by every page and the API: response keys and the envelope, languages, field schemas and form helpers, constants, money, slugs, Riyadh time, order numbers. */
export * from '../keys.ts';
export * from '../envelope.ts';
export * from '../languages.ts';
export * from '../fields.ts';
export * from '../constants.ts';
export * from '../pricing.ts';
export * from '../slug.ts';
export * from '../riyadh-time.ts';
export * from '../order-numbers.ts';
