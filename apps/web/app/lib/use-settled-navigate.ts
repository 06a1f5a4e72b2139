import { useCallback, useState } from 'react';
import { useFetchers, useNavigate, useNavigation, type NavigateOptions } from 'react-router';
import { useChangeEffect } from './use-change-effect.ts';

/**
 * `navigate`, held until no navigation or fetcher load is in flight. For moving on after a
 * fetcher's answer: the router reloads the page's data after a fetcher action, and a navigation
 * started meanwhile (while it still fetches the new route's manifest) is completed by that reload
 * with the current page's routes, leaving the old page on screen at the new address.
 */
export function useSettledNavigate() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const [target, setTarget] = useState<{ to: string; options?: NavigateOptions } | null>(null);
  const settled = navigation.state === 'idle' && fetchers.every((f) => f.state === 'idle');
  useChangeEffect(() => {
    if (!target || !settled) return;
    setTarget(null);
    void navigate(target.to, target.options);
  }, [target, settled]);
  return useCallback((to: string, options?: NavigateOptions) => setTarget({ to, options }), []);
}
