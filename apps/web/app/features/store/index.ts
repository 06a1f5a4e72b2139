/** What other features may use of the store (the boundary is checked by .dependency-cruiser.cjs). */
export { CART_CHANGED_EVENT } from './actions.ts';
export { productHref } from './paths.ts';
