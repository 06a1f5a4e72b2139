/** What other features may use of the packages' pieces (the boundary is checked by .dependency-cruiser.cjs). */
export { SubscriptionStatusBadge } from './status.tsx';
