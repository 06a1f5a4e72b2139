import { lazy, Suspense, useState } from 'react';
import { useMounted } from '@mantine/hooks';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { isAuthPath } from '../route-table.ts';
import { stripLang } from '../lib/lang.ts';
import { useLang } from '../lib/use-lang.ts';
import { useLoginPath } from '../lib/return-to.ts';
import { useRoot } from '../lib/use-root.ts';

const NotRegisteredModal = lazy(() => import('./not-registered-modal.tsx'));

/**
 * The "redirect to login" middleware of spec section 2: a signed-out visitor
 * (or a guest) who opens an (auth) route sees 'Sorry, you are not registered
 * on the site.' with login and cancel, and the navigation does not happen.
 * Returns true when the current page itself is such a route.
 */
export function useAuthGuard() {
  const { viewer } = useRoot();
  const registered = viewer?.kind === 'user';
  const location = useLocation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !registered && currentLocation.pathname !== nextLocation.pathname && isAuthPath(stripLang(nextLocation.pathname)),
  );
  const here = !registered && isAuthPath(stripLang(location.pathname));
  return { blocker, here };
}

export function AuthGuardDialog({ guard }: { guard: ReturnType<typeof useAuthGuard> }) {
  const navigate = useNavigate();
  const { to } = useLang();
  const loginPath = useLoginPath();
  const opened = guard.blocker.state === 'blocked' || guard.here;
  const cancel = () => {
    if (guard.blocker.state === 'blocked') guard.blocker.reset();
    else navigate(to('/'), { replace: true });
  };
  // Signed in, the customer comes back to the page that asked for it.
  const login = () => {
    const blocked = guard.blocker.state === 'blocked' ? guard.blocker.location : undefined;
    if (guard.blocker.state === 'blocked') guard.blocker.reset();
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
  const mounted = useMounted();
  const [wanted, setWanted] = useState(false);
  if (props.opened && mounted && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotRegisteredModal {...props} />
    </Suspense>
  );
}
