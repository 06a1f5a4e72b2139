import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
  }
}

const FIRST_CHECK_MS = 1000;
const CHECK_EVERY_MS = 60_000;

/**
 * The fields the visitor has changed and not yet submitted: a new deployment
 * must not reload them away. A field counts while it is still on the page.
 */
function useUnsavedInput() {
  const edited = useRef(new Set<Element>());
  useEffect(() => {
    const onEdit = (e: Event) => {
      if (e.target instanceof Element && e.target.matches('input, textarea, select, [contenteditable]'))
        edited.current.add(e.target);
    };
    const onSubmit = (e: Event) => {
      for (const field of edited.current)
        if (e.target instanceof Node && e.target.contains(field)) edited.current.delete(field);
    };
    document.addEventListener('input', onEdit, true);
    document.addEventListener('change', onEdit, true);
    document.addEventListener('submit', onSubmit, true);
    return () => {
      document.removeEventListener('input', onEdit, true);
      document.removeEventListener('change', onEdit, true);
      document.removeEventListener('submit', onSubmit, true);
    };
  }, []);
  return () => [...edited.current].some((field) => field.isConnected);
}

/**
 * Polls the server's build id (first after about 1 s, spec section 7). Once a
 * new deployment is seen the page reloads at once, unless a form holds unsaved
 * input: then the next navigation is a full page load.
 */
export function BuildWatcher() {
  const location = useLocation();
  const stale = useRef(false);
  const first = useRef(true);
  const unsaved = useUnsavedInput();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const check = async () => {
      try {
        const res = await fetch('/api/version', { headers: { accept: 'application/json' } });
        const body = (await res.json()) as { data?: { build_id?: string } };
        const current = window.__reactRouterManifest?.version;
        if (body.data?.build_id && current && body.data.build_id !== 'dev' && body.data.build_id !== current) {
          stale.current = true;
        }
      } catch {
        // offline: try again later
      }
      if (stale.current && !unsaved()) return window.location.reload();
      timer = setTimeout(check, CHECK_EVERY_MS);
    };
    timer = setTimeout(check, FIRST_CHECK_MS);
    return () => clearTimeout(timer);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (stale.current) window.location.reload();
  }, [location.pathname]);

  return null;
}
