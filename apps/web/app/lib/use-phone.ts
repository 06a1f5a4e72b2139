import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is a phone's (below Mantine's `sm`, 48em): what floats over the page (toasts, live alerts,
 * dialogs) is placed for it. Read at the first render in the browser, so a dialog opens in its phone form at
 * once; false on the server: only for what is not part of the server's HTML (a hydration would differ).
 */
export const usePhone = () => useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
