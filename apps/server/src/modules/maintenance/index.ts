/**
 * The maintenance module's public file: what other modules may use (the
 * boundary is checked by .dependency-cruiser.cjs): the kind's hooks, which the
 * order kernel registers (orders/kernel/kinds.ts), the visit rules a package's
 * visits share, and how a service's location is read.
 */
export { checkVisitMove, maintenanceHooks, openExtrasCount, OPEN_EXTRAS } from './hooks.ts';
export { locationOf, type StoredLocation } from './location.ts';
