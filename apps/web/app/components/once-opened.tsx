import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` from the first time `opened` is true on: a dialog whose code is `lazy()` comes with its
 * first opening, not with the page, and then stays mounted (its closing transition, its state).
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
