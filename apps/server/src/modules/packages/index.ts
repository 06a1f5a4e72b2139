/**
 * The packages module's public file: what other modules may use (the boundary
 * is checked by .dependency-cruiser.cjs). Only the visit kind's hooks, which
 * the order kernel registers (orders/kernel/kinds.ts); app.ts takes the
 * module's event subscriber and jobs from their own files.
 */
export { packageVisitHooks } from './hooks.ts';
