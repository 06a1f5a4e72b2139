import { Notifications } from '@mantine/notifications';
import { useLang } from '../lib/use-lang.ts';
import { usePhone } from '../lib/use-phone.ts';

/**
 * Mantine's notifications container, loaded with the first toast (toasts.tsx). On a phone at the bottom, as the
 * live alerts: at the top a toast covered the card it spoke of (the code sent, over the code's fields). On a
 * wider screen at the top, on the side the text ends (left in Arabic).
 */
export default function ToastsContainer() {
  const { lang } = useLang();
  const phone = usePhone();
  const position = phone ? 'bottom-center' : lang === 'ar' ? 'top-left' : 'top-right';
  return <Notifications position={position} autoClose={3000} zIndex={1000} />;
}
