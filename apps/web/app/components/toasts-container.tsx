import { Notifications } from '@mantine/notifications';

/** Mantine's notifications container, loaded with the first toast (toasts.tsx). */
export default function ToastsContainer() {
  return <Notifications position="top-right" autoClose={3000} zIndex={1000} />;
}
