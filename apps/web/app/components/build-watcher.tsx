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
 * Polls the server's build id (first after about 1 s) and, once a new
 * deployment is seen, turns the next navigation into a full page load.
 */
export function BuildWatcher() {
  const location = useLocation();
  const stale = useRef(false);
  const first = useRef(true);

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
      timer = setTimeout(check, CHECK_EVERY_MS);
    };
    timer = setTimeout(check, FIRST_CHECK_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (stale.current) window.location.reload();
  }, [location.pathname]);

  return null;
}
