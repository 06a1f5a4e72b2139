import { lazy } from 'react';
import { OnceOpened } from '../../components/once-opened.tsx';
import type { CancelDialogProps } from './cancel-dialog-modal.tsx';

/** The cancel dialog's code (the dialog, the reasons' list) comes with its first opening, not with the order page. */
const CancelDialogModal = lazy(() => import('./cancel-dialog-modal.tsx'));

export function CancelDialog(props: CancelDialogProps) {
  return (
    <OnceOpened opened={props.opened}>
      <CancelDialogModal {...props} />
    </OnceOpened>
  );
}
