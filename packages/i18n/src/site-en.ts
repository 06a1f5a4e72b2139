/** The customer site's areas of texts in English (site.ts): the browser loads one language, the page's. */
import enAuth from './en/auth.ts';
import enCart from './en/cart.ts';
import enChat from './en/chat.ts';
import enCommon from './en/common.ts';
import enComplaints from './en/complaints.ts';
import enConstruction from './en/construction.ts';
import enConstructionSite from './en/construction-site.ts';
import enContact from './en/contact.ts';
import enFieldWork from './en/field-work.ts';
import enFooter from './en/footer.ts';
import enMaintenance from './en/maintenance.ts';
import enMaintenanceSite from './en/maintenance-site.ts';
import enNav from './en/nav.ts';
import enNotifications from './en/notifications.ts';
import enOrders from './en/orders.ts';
import enPackages from './en/packages.ts';
import enPages from './en/pages.ts';
import enProfile from './en/profile.ts';
import enPush from './en/push.ts';
import enRealtime from './en/realtime.ts';
import enSettings from './en/settings.ts';
import enStore from './en/store.ts';
import enValidation from './en/validation.ts';
import enWallet from './en/wallet.ts';

export const siteEn = {
  auth: enAuth,
  cart: enCart,
  chat: enChat,
  common: enCommon,
  complaints: enComplaints,
  construction: enConstruction,
  'construction-site': enConstructionSite,
  contact: enContact,
  'field-work': enFieldWork,
  footer: enFooter,
  maintenance: enMaintenance,
  'maintenance-site': enMaintenanceSite,
  nav: enNav,
  notifications: enNotifications,
  orders: enOrders,
  packages: enPackages,
  pages: enPages,
  profile: enProfile,
  push: enPush,
  realtime: enRealtime,
  settings: enSettings,
  store: enStore,
  validation: enValidation,
  wallet: enWallet,
};
