/**
 * The customer site's areas of texts (ar and en): what every page of the site may show.
 * The web app loads these at start; the dashboard adds its own (dashboard.ts) when it
 * mounts, and the areas only the API speaks (api.ts) never reach the browser.
 */
import arAuth from './ar/auth.ts';
import arCart from './ar/cart.ts';
import arChat from './ar/chat.ts';
import arCommon from './ar/common.ts';
import arComplaints from './ar/complaints.ts';
import arConstruction from './ar/construction.ts';
import arConstructionSite from './ar/construction-site.ts';
import arContact from './ar/contact.ts';
import arFieldWork from './ar/field-work.ts';
import arFooter from './ar/footer.ts';
import arMaintenance from './ar/maintenance.ts';
import arMaintenanceSite from './ar/maintenance-site.ts';
import arNav from './ar/nav.ts';
import arNotifications from './ar/notifications.ts';
import arOrders from './ar/orders.ts';
import arPackages from './ar/packages.ts';
import arPages from './ar/pages.ts';
import arProfile from './ar/profile.ts';
import arPush from './ar/push.ts';
import arRealtime from './ar/realtime.ts';
import arSettings from './ar/settings.ts';
import arStore from './ar/store.ts';
import arValidation from './ar/validation.ts';
import arWallet from './ar/wallet.ts';
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

export const siteAr = {
  auth: arAuth,
  cart: arCart,
  chat: arChat,
  common: arCommon,
  complaints: arComplaints,
  construction: arConstruction,
  'construction-site': arConstructionSite,
  contact: arContact,
  'field-work': arFieldWork,
  footer: arFooter,
  maintenance: arMaintenance,
  'maintenance-site': arMaintenanceSite,
  nav: arNav,
  notifications: arNotifications,
  orders: arOrders,
  packages: arPackages,
  pages: arPages,
  profile: arProfile,
  push: arPush,
  realtime: arRealtime,
  settings: arSettings,
  store: arStore,
  validation: arValidation,
  wallet: arWallet,
};
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
