/**
 * The customer site's areas of texts in Arabic that any page may show (header, footer,
 * store, cart, forms): the browser loads them, in the page's language only, before it renders.
 * The areas of the account and service pages are in site-more-ar.ts; site.ts joins both.
 */
import arAuth from './ar/auth.ts';
import arCart from './ar/cart.ts';
import arCommon from './ar/common.ts';
import arFooter from './ar/footer.ts';
import arNav from './ar/nav.ts';
import arNotifications from './ar/notifications.ts';
import arPages from './ar/pages.ts';
import arRealtime from './ar/realtime.ts';
import arStore from './ar/store.ts';
import arValidation from './ar/validation.ts';

export const siteArBase = {
  auth: arAuth,
  cart: arCart,
  common: arCommon,
  footer: arFooter,
  nav: arNav,
  notifications: arNotifications,
  pages: arPages,
  realtime: arRealtime,
  store: arStore,
  validation: arValidation,
};
