/** The cart module's public file: what other modules may use (the boundary is checked by .dependency-cruiser.cjs). */
export * from './pricing.ts';
export * from './service.ts';
export * from './owner.ts';
