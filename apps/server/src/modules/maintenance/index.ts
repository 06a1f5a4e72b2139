/**
 * The maintenance module's public file: what other modules may use (the
 * boundary is checked by .dependency-cruiser.cjs). Only the kind's hooks,
 * which the order kernel registers (orders/kernel/kinds.ts).
 */
export { maintenanceHooks, openExtrasCount, OPEN_EXTRAS } from './hooks.ts';
