/** The customer site's areas of texts in Arabic (site.ts): the browser loads one language, the page's. */
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
