/**
 * What other features may use of the construction pieces (the boundary is checked by .dependency-cruiser.cjs).
 * Only light pieces: the designer's (and the 3D view's) modules are imported by its own routes.
 */
export { DesignSummary } from './design-summary.tsx';
export { StagesView } from './stages.tsx';
export { ConstructionStatusBadge } from './status.tsx';
