/**
 * The construction module's public file: what other modules may use (the
 * boundary is checked by .dependency-cruiser.cjs): the kind's hooks, which
 * the order kernel registers (orders/kernel/kinds.ts).
 */
export { constructionHooks } from './hooks.ts';
