/** The complaints module's public file: what other modules may use (the boundary is checked by .dependency-cruiser.cjs). */
export { complaintsMonth } from './service.ts';
