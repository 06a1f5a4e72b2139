/** The events module's public file: what other modules may use (the boundary is checked by .dependency-cruiser.cjs). */
export * from './outbox.ts';
export * from './types.ts';
export * from './dispatcher.ts';
