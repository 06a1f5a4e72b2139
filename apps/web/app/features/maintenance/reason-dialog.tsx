import { lazyDialog } from '../../components/once-opened.tsx';

/** The reason dialog (rejecting an offer or an extra service) comes with its first opening, not with the order page. */
export const ReasonDialog = lazyDialog(() => import('./reason-dialog-modal.tsx'));
