/** The orders module's public file: what other modules may use (the boundary is checked by .dependency-cruiser.cjs). */
export * from './kernel/actor.ts';
export * from './kernel/assign.ts';
export * from './kernel/notify.ts';
export * from './kernel/transition.ts';
export * from './kernel/money.ts';
export * from './kernel/offer.ts';
export * from './kernel/deadlines.ts';
export { customerOfferRoutes, type OfferRoutes } from './offer-routes.ts';
export { cancelReasonText, iso, linesOf, ofKinds, orderSearch, pick, refundOf, timelineOf } from './queries.ts';
