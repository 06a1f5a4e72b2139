/** What other features may use of the orders' pieces (the boundary is checked by .dependency-cruiser.cjs). */
export { CancelDialog } from './cancel-dialog.tsx';
export { OrderCardFrame, OrderCardLines } from './order-card.tsx';
export { PayAlert, RateButton } from './order-alerts.tsx';
export { OrderHeading, Section } from './order-sections.tsx';
export { methodKey } from './method-key.ts';
export { reasonTitle } from './reason-title.ts';
export { useOrderActions, usePaymentReturn } from './order-actions.ts';
export { OrderStatusBadge, StateBadge } from './status-badge.tsx';
