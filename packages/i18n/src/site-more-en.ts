/**
 * The customer site's areas of texts in English for the account and service pages
 * (orders, maintenance, packages, construction, complaints, chat, wallet, profile): the home
 * page renders without them and fetches them after it runs (apps/web/app/lib/i18n.ts).
 */
import enChat from './en/chat.ts';
import enComplaints from './en/complaints.ts';
import enConstruction from './en/construction.ts';
import enConstructionSite from './en/construction-site.ts';
import enContact from './en/contact.ts';
import enFieldWork from './en/field-work.ts';
import enMaintenance from './en/maintenance.ts';
import enMaintenanceSite from './en/maintenance-site.ts';
import enOrders from './en/orders.ts';
import enPackages from './en/packages.ts';
import enProfile from './en/profile.ts';
import enPush from './en/push.ts';
import enSettings from './en/settings.ts';
import enWallet from './en/wallet.ts';

export const siteEnMore = {
  chat: enChat,
  complaints: enComplaints,
  construction: enConstruction,
  'construction-site': enConstructionSite,
  contact: enContact,
  'field-work': enFieldWork,
  maintenance: enMaintenance,
  'maintenance-site': enMaintenanceSite,
  orders: enOrders,
  packages: enPackages,
  profile: enProfile,
  push: enPush,
  settings: enSettings,
  wallet: enWallet,
};
