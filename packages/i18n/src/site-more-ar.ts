/**
 * The customer site's areas of texts in Arabic for the account and service pages
 * (orders, maintenance, packages, construction, complaints, chat, wallet, profile): the home
 * page renders without them and fetches them after it runs (apps/web/app/lib/i18n.ts).
 */
import arChat from './ar/chat.ts';
import arComplaints from './ar/complaints.ts';
import arConstruction from './ar/construction.ts';
import arConstructionSite from './ar/construction-site.ts';
import arContact from './ar/contact.ts';
import arFieldWork from './ar/field-work.ts';
import arMaintenance from './ar/maintenance.ts';
import arMaintenanceSite from './ar/maintenance-site.ts';
import arOrders from './ar/orders.ts';
import arPackages from './ar/packages.ts';
import arProfile from './ar/profile.ts';
import arPush from './ar/push.ts';
import arSettings from './ar/settings.ts';
import arWallet from './ar/wallet.ts';

export const siteArMore = {
  chat: arChat,
  complaints: arComplaints,
  construction: arConstruction,
  'construction-site': arConstructionSite,
  contact: arContact,
  'field-work': arFieldWork,
  maintenance: arMaintenance,
  'maintenance-site': arMaintenanceSite,
  orders: arOrders,
  packages: arPackages,
  profile: arProfile,
  push: arPush,
  settings: arSettings,
  wallet: arWallet,
};
