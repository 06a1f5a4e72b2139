import { useEffect, useRef } from 'react';

const NEVER = Symbol('never run');

/**
 * `useEffect(run, deps)` for what reacts to an answer (a fetcher's `data`, its `state`): run after the
 * first commit and after each commit whose `deps` differ from those of the last run, compared here after
 * every commit rather than left to React. Under a slow CPU a commit that first showed a fetcher's answer
 * ran none of the effects that depended on it (React 19.3 with React Router 8, whose fetcher data lives
 * outside React's state; seen in the browser: the commit had the answer, the dependent effects did not
 * run, an effect without dependencies did): the page stayed as it was, with no toast and no next page.
 * Effects that need a cleanup keep `useEffect`. ADR 0032.
 */
export function useChangeEffect(run: () => unknown, deps: readonly unknown[]) {
  const last = useRef<readonly unknown[] | typeof NEVER>(NEVER);
  useEffect(() => {
    const before = last.current;
    if (before !== NEVER && before.length === deps.length && before.every((d, i) => Object.is(d, deps[i]))) return;
    last.current = deps;
    run();
  });
}
