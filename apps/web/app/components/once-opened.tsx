import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/**
 * Renders `children` from the first time `opened` is true on: a dialog whose code is `lazy()` comes with its
 * first opening, not with the page, and then stays mounted (its closing transition, its state).
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** A dialog component whose module (`load`, its default export) is fetched the first time it opens. */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Dialog = lazy(load) as unknown as ComponentType<P>;
  return function LazyDialog(props: P) {
    return (
      <OnceOpened opened={props.opened}>
        <Dialog {...props} />
      </OnceOpened>
    );
  };
}
