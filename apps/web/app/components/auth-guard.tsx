import { lazy, Suspense, useEffect, useState } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { isAuthPath } from '../route-table.ts';
import { stripLang } from '../lib/lang.ts';
import { useLang } from '../lib/use-lang.ts';
import { useLoginPath } from '../lib/return-to.ts';
import { useRoot } from '../lib/use-root.ts';

const NotRegisteredModal = lazy(() => import('./not-registered-modal.tsx'));

/** Whether the current page is an (auth) route that the visitor (signed out, or a guest) may not open. */
export function useGuardedHere() {
  const { viewer } = useRoot();
  const location = useLocation();
  return viewer?.kind !== 'user' && isAuthPath(stripLang(location.pathname));
}

/**
 * The "redirect to login" middleware of spec section 2: a signed-out visitor
 * (or a guest) who opens an (auth) route sees 'Sorry, you are not registered
 * on the site.' with login and cancel, and the navigation does not happen.
 * `here`: the current page itself is such a route (useGuardedHere).
 * The blocker lives here, not in the layout: React Router registers it with a state
 * update right after hydration, which so re-renders this dialog alone, not the page.
 */
export function AuthGuardDialog({ here }: { here: boolean }) {
  const { viewer } = useRoot();
  const registered = viewer?.kind === 'user';
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !registered && currentLocation.pathname !== nextLocation.pathname && isAuthPath(stripLang(nextLocation.pathname)),
  );
  const navigate = useNavigate();
  const { to } = useLang();
  const loginPath = useLoginPath();
  const opened = blocker.state === 'blocked' || here;
  const cancel = () => {
    if (blocker.state === 'blocked') blocker.reset();
    else navigate(to('/'), { replace: true });
  };
  // Signed in, the customer comes back to the page that asked for it.
  const login = () => {
    const blocked = blocker.state === 'blocked' ? blocker.location : undefined;
    if (blocker.state === 'blocked') blocker.reset();
    navigate(loginPath(blocked));
  };
  return <NotRegisteredDialog opened={opened} onCancel={cancel} onLogin={login} />;
}

/**
 * 'Sorry, you are not registered on the site.' with login and cancel: the
 * guard's dialog, also shown by actions only a customer may take (favourites).
 * `onLogin` defaults to opening the login page, which comes back here.
 * The dialog's code (Mantine's modal, focus trap, scroll lock) loads the first time it opens.
 */
export function NotRegisteredDialog(props: { opened: boolean; onCancel: () => void; onLogin?: () => void }) {
  const [wanted, setWanted] = useState(false);
  // In an effect, so that a dialog open from the first render loads in the browser, after hydration; a closed
  // one (on every card's favourite button) sets no state.
  useEffect(() => {
    if (props.opened && !wanted) setWanted(true);
  }, [props.opened, wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotRegisteredModal {...props} />
    </Suspense>
  );
}
