import { lazyDialog } from '../../components/once-opened.tsx';

/** The cancel dialog's code (the dialog, the reasons' list) comes with its first opening, not with the order page. */
export const CancelDialog = lazyDialog(() => import('./cancel-dialog-modal.tsx'));
