/** What other features and the dashboard may use of the complaints' pieces (the boundary is checked by .dependency-cruiser.cjs). */
export { ReplyComposer, SendButton } from './reply-composer.tsx';
export { ComplaintStatusBadge, useOrderKindLabel } from './status.tsx';
export { ComplaintImages, ComplaintThread } from './thread.tsx';
