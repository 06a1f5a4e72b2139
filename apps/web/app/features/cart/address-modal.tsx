import { lazy } from 'react';
import { OnceOpened } from '../../components/once-opened.tsx';
import type { AddressDialogProps } from './address-form.tsx';

/** The new-address dialog's code (the dialog, the city list, the form and its checks) comes with its first opening. */
const AddressDialog = lazy(() => import('./address-form.tsx').then((m) => ({ default: m.AddressDialog })));

export function AddressModal(props: AddressDialogProps) {
  return (
    <OnceOpened opened={props.opened}>
      <AddressDialog {...props} />
    </OnceOpened>
  );
}
