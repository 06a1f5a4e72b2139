import { lazy, Suspense, useState } from 'react';
import type { AddressDialogProps } from './address-form.tsx';

/**
 * The new-address dialog's code (the dialog, the city list, the form and its checks) comes with its first
 * opening, not with the cart's or the request's page; it stays once opened, for its closing transition.
 */
const AddressDialog = lazy(() => import('./address-form.tsx').then((m) => ({ default: m.AddressDialog })));

export function AddressModal(props: AddressDialogProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AddressDialog {...props} />
    </Suspense>
  );
}
