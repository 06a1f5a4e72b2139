import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

const ToastsContainer = lazy(() => import('./toasts-container.tsx'));

/**
 * The page's toasts (Mantine's notifications, shown through `notifications.show`, lib/envelope.ts):
 * their container's code (positions, transitions, swipe) loads with the first toast, not with the page.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastsContainer />
    </Suspense>
  );
}
