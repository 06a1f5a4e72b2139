/**
 * The customer site's areas of texts in English that any page may show (header, footer,
 * store, cart, forms): the browser loads them, in the page's language only, before it renders.
 * The areas of the account and service pages are in site-more-en.ts; site.ts joins both.
 */
import enAuth from './en/auth.ts';
import enCart from './en/cart.ts';
import enCommon from './en/common.ts';
import enFooter from './en/footer.ts';
import enNav from './en/nav.ts';
import enNotifications from './en/notifications.ts';
import enPages from './en/pages.ts';
import enRealtime from './en/realtime.ts';
import enStore from './en/store.ts';
import enValidation from './en/validation.ts';

export const siteEnBase = {
  auth: enAuth,
  cart: enCart,
  common: enCommon,
  footer: enFooter,
  nav: enNav,
  notifications: enNotifications,
  pages: enPages,
  realtime: enRealtime,
  store: enStore,
  validation: enValidation,
};
